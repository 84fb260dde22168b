// A run's point sets as VTK PolyData (plume/vtkout/point_files.hpp, point_series.hpp), read back
// with VTK's own readers, as ParaView reads them: every position, id and array value of a known
// set, bit for bit, one vertex cell a point, the field data the image files carry; the series
// lists every step's file with its time and survives a restart; a write that fails (a full disk)
// leaves no half file and a series that names only the steps written.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <utility>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkLongLongArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkStringArray.h>
#include <vtkXMLDataElement.h>
#include <vtkXMLPolyDataReader.h>
#include <vtkXMLUtilities.h>
#include "plume/vtkout/point_files.hpp"
#include "plume/vtkout/point_series.hpp"
#include "small_filesystem.hpp"
#include "vtk_files.hpp"

using namespace plume;
using plume::test::SmallFileSystem;
using plume::test::TempDir;

namespace {

// `n` tracers with ids 10, 13, 16, ... whose positions and arrays no other point shares (all 53
// bits used), in 2-D (z = 0) or 3-D.
PointSet known_set(int n, bool three_d) {
  PointSet s;
  s.name = "tracers";
  s.dimensions = three_d ? 3 : 2;
  s.arrays = {{"speed", 1, {}}, {"u", 3, {}}};
  for (int i = 0; i < n; ++i) {
    const std::int64_t id = 10 + 3 * i;
    s.ids.push_back(id);
    s.xyz.insert(s.xyz.end(), {0.5 + i / 3.0, 40.0 - i / 7.0, three_d ? 2.0 + i / 11.0 : 0.0});
    s.arrays[0].values.push_back(1.0 / 3.0 + 1e-3 * i);
    for (int c = 0; c < 3; ++c) s.arrays[1].values.push_back((c + 1) * 0.1 + i / 13.0);
  }
  return s;
}

vtkSmartPointer<vtkPolyData> read_points(const std::string& path) {
  vtkNew<vtkXMLPolyDataReader> r;
  r->SetFileName(path.c_str());
  r->Update();
  return r->GetOutput();
}

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> n;
  for (const auto& e : std::filesystem::directory_iterator(dir)) n.push_back(e.path().filename());
  std::sort(n.begin(), n.end());
  return n;
}

// The (time, file) pairs a .pvd lists, in its order.
std::vector<std::pair<std::string, std::string>> pvd_entries(const std::string& path) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto root = vtkSmartPointer<vtkXMLDataElement>::Take(vtkXMLUtilities::ReadElementFromFile(path.c_str()));
  vtkXMLDataElement* list = root ? root->FindNestedElementWithName("Collection") : nullptr;
  for (int i = 0; list && i < list->GetNumberOfNestedElements(); ++i) {
    vtkXMLDataElement* e = list->GetNestedElement(i);
    out.emplace_back(e->GetAttribute("timestep"), e->GetAttribute("file"));
  }
  return out;
}

void expect_same_points(vtkPolyData* pd, const PointSet& s) {
  ASSERT_TRUE(pd);
  ASSERT_EQ(pd->GetNumberOfPoints(), vtkIdType(s.size()));
  for (std::size_t i = 0; i < s.size(); ++i) {
    double p[3];
    pd->GetPoint(vtkIdType(i), p);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(p[k], s.xyz[3 * i + std::size_t(k)]) << "point " << i << " axis " << k;
  }
  EXPECT_EQ(pd->GetNumberOfVerts(), vtkIdType(s.size())) << "one vertex cell a point";
  EXPECT_EQ(pd->GetVerts()->GetNumberOfConnectivityIds(), vtkIdType(s.size()));
  auto* ids = vtkLongLongArray::SafeDownCast(pd->GetPointData()->GetAbstractArray("id"));
  ASSERT_TRUE(ids) << "a 64-bit point array 'id'";
  ASSERT_EQ(ids->GetNumberOfTuples(), vtkIdType(s.size()));
  for (std::size_t i = 0; i < s.size(); ++i) EXPECT_EQ(ids->GetValue(vtkIdType(i)), s.ids[i]) << "point " << i;
  for (const PointArray& a : s.arrays) {
    vtkDataArray* v = pd->GetPointData()->GetArray(a.name.c_str());
    ASSERT_TRUE(v) << a.name;
    ASSERT_EQ(v->GetNumberOfComponents(), a.components) << a.name;
    ASSERT_EQ(v->GetNumberOfTuples(), vtkIdType(s.size())) << a.name;
    for (std::size_t i = 0; i < s.size(); ++i)
      for (int c = 0; c < a.components; ++c)
        EXPECT_EQ(v->GetComponent(vtkIdType(i), c), a.values[i * std::size_t(a.components) + std::size_t(c)])
            << a.name << " of point " << i << " component " << c;
  }
  EXPECT_EQ(pd->GetPointData()->GetNumberOfArrays(), int(1 + s.arrays.size()));
}

}  // namespace

TEST(VtkPointFiles, A2DSetReadsBackPointByPointWithItsIdsAndArrays) {
  TempDir tmp;
  const PointSet s = known_set(37, false);
  vtkout::write_points(tmp / "tracers_000000040.vtp", s, 40, 2.5, {"d2q9", "plume test", "model = \"d2q9\""});
  const auto pd = read_points(tmp / "tracers_000000040.vtp");
  expect_same_points(pd, s);
  vtkFieldData* fd = pd->GetFieldData();
  EXPECT_EQ(vtkLongLongArray::SafeDownCast(fd->GetAbstractArray("step"))->GetValue(0), 40);
  EXPECT_EQ(vtkDoubleArray::SafeDownCast(fd->GetAbstractArray("time"))->GetValue(0), 2.5);
  EXPECT_EQ(vtkDoubleArray::SafeDownCast(fd->GetAbstractArray("TimeValue"))->GetValue(0), 2.5);
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("model"))->GetValue(0), "d2q9");
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("plume"))->GetValue(0), "plume test");
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("configuration"))->GetValue(0), "model = \"d2q9\"");
  auto* units = vtkStringArray::SafeDownCast(fd->GetAbstractArray("units"));
  ASSERT_TRUE(units);
  std::vector<std::string> lines;
  for (vtkIdType i = 0; i < units->GetNumberOfValues(); ++i) lines.push_back(units->GetValue(i));
  EXPECT_NE(std::find(lines.begin(), lines.end(), "speed: lattice units"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "u: lattice units"), lines.end());
}

TEST(VtkPointFiles, A3DSetKeepsItsZAndAnEmptySetIsAValidFile) {
  TempDir tmp;
  const PointSet s = known_set(5, true);
  vtkout::write_points(tmp / "a.vtp", s, 1, 0.5, {"d3q19", "", ""});
  expect_same_points(read_points(tmp / "a.vtp"), s);
  const PointSet none = known_set(0, true);
  vtkout::write_points(tmp / "b.vtp", none, 2, 1.0, {"d3q19", "", ""});
  expect_same_points(read_points(tmp / "b.vtp"), none);
}

TEST(VtkPointFiles, ASetWhoseArraysDoNotMatchItsPointsIsRefusedBeforeAnyFile) {
  TempDir tmp;
  PointSet s = known_set(4, false);
  s.arrays[1].values.pop_back();
  EXPECT_THROW(vtkout::write_points(tmp / "c.vtp", s, 0, 0.0, {"d2q9", "", ""}), std::logic_error);
  EXPECT_TRUE(names_in(tmp.path).empty());
}

TEST(VtkPointSeries, TheCollectionListsEveryStepsFileWithItsTimeAndARestartContinuesIt) {
  TempDir tmp;
  const vtkout::Description d{"d2q9", "plume test", ""};
  {
    vtkout::PointSeries s(tmp / "vtk", d);
    s.begin(0);
    for (long long step : {0, 10, 20, 30}) {
      const auto paths = s.write({known_set(3 + int(step / 10), false)}, step, 0.5 * double(step));
      ASSERT_EQ(paths.size(), 1u);
      EXPECT_EQ(paths[0], tmp / "vtk/" + vtkout::PointSeries::file_name("tracers", step));
    }
  }
  EXPECT_EQ(pvd_entries(tmp / "vtk/tracers.pvd"),
            (std::vector<std::pair<std::string, std::string>>{{"0", "tracers_000000000.vtp"},
                                                              {"5", "tracers_000000010.vtp"},
                                                              {"10", "tracers_000000020.vtp"},
                                                              {"15", "tracers_000000030.vtp"}}));
  {
    // A restart from step 20 rewrites 30 and goes on; the old run's 30 is not listed twice.
    vtkout::PointSeries s(tmp / "vtk", d);
    s.begin(20);
    for (long long step : {30, 40}) s.write({known_set(9, false)}, step, 0.5 * double(step));
  }
  EXPECT_EQ(test::pvd_times(tmp / "vtk/tracers.pvd"), (std::vector<std::string>{"0", "5", "10", "15", "20"}));
  expect_same_points(read_points(tmp / "vtk/tracers_000000030.vtp"), known_set(9, false));
  expect_same_points(read_points(tmp / "vtk/tracers_000000010.vtp"), known_set(4, false));
  for (const std::string& n : names_in(tmp / "vtk")) EXPECT_EQ(n.find(".tmp."), std::string::npos) << n;
  EXPECT_EQ(vtkout::PointSeries::step_of("tracers", "tracers_000000030.vtp"), 30);
  EXPECT_EQ(vtkout::PointSeries::step_of("tracers", "beads_000000030.vtp"), -1);
  EXPECT_EQ(vtkout::PointSeries::step_of("tracers", "tracers_30.vtp"), -1);
}

TEST(VtkPointSeries, AFullDiskIsAnErrorThatLeavesNoHalfFile) {
  SmallFileSystem fs(256 * 1024);
  if (!fs.mounted()) GTEST_SKIP() << fs.reason();
  vtkout::PointSeries s(fs / "vtk", {"d2q9", "", ""});
  s.begin(0);
  s.write({known_set(10, false)}, 0, 0.0);
  const std::string pvd = test::read_file(fs / "vtk/tracers.pvd");
  fs.fill();
  std::string err;
  try {
    s.write({known_set(4000, false)}, 10, 10.0);  // 4000 points: 200 KiB
  } catch (const std::exception& e) {
    err = e.what();
  }
  EXPECT_NE(err.find("tracers_000000010.vtp"), std::string::npos) << err;
  EXPECT_EQ(test::read_file(fs / "vtk/tracers.pvd"), pvd) << "the series still names step 0 alone";
  EXPECT_EQ(names_in(fs / "vtk"), (std::vector<std::string>{"tracers.pvd", "tracers_000000000.vtp"}))
      << "no half file, under its name or a temporary one";
  expect_same_points(read_points(fs / "vtk/tracers_000000000.vtp"), known_set(10, false));
}

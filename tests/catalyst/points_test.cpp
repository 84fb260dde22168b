// The run's points as ParaView sees them, with real Catalyst: a known point set handed to the
// adaptor beside the fields reaches the channel named as the set ("tracers"), and the shipped
// points.py writes it out; read back with VTK's reader of ParaView's extract, the channel holds
// every point at its position, its id and the set's arrays, bit for bit, one vertex a point, and
// the step. A run that hands over no point set cannot load points.py, and says why. Catalyst
// starts once per process: one adaptor per test (ctest runs each in its own process).
#include <gtest/gtest.h>
#include <unistd.h>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkXMLPPolyDataReader.h>
#include "plume/catalyst/adaptor.hpp"
#include "plume/solver.hpp"

namespace fs = std::filesystem;

namespace {

plume::SolverConfig small_run() {
  plume::SolverConfig c;
  c.model = "d2q9";
  c.nx = 20;
  c.ny = 16;
  c.backend = plume::BackendKind::CPU;
  c.threads = 1;
  return c;
}

// 25 tracers whose positions, ids and arrays no other point shares.
plume::PointSet tracers() {
  plume::PointSet s;
  s.name = "tracers";
  s.arrays = {{"speed", 1, {}}, {"u", 3, {}}};
  for (int i = 0; i < 25; ++i) {
    s.ids.push_back(100 + 2 * i);
    s.xyz.insert(s.xyz.end(), {0.5 + 0.7 * i, 15.0 - 0.55 * i + 1.0 / 3.0, 0.0});
    s.arrays[0].values.push_back(0.01 * i + 1.0 / 7.0);
    s.arrays[1].values.insert(s.arrays[1].values.end(), {0.001 * i, -0.002 * i, 0.0});
  }
  return s;
}

fs::path fresh_dir(const std::string& what) {
  const fs::path dir = fs::temp_directory_path() / ("plume-catalyst-points-" + what + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

TEST(CatalystPoints, TheTracersChannelHoldsEveryPointItsIdAndItsArrays) {
  plume::Solver solver(small_run());
  solver.initialize();
  solver.advance(5);
  plume::Fields f;
  solver.snapshot().fields(f);
  const fs::path dir = fresh_dir("values");
  plume::catalyst::Options o;
  o.scripts.push_back({plume::catalyst::pipelines_dir() + "/points.py", 0});
  o.every = 5;
  o.output_dir = (dir / "insitu").string();
  o.point_sets = {"tracers"};
  o.log = [](const std::string& m) { ADD_FAILURE() << m; };
  const plume::PointSet set = tracers();
  {
    plume::catalyst::Adaptor a(o, solver.domain(), solver.model());
    a.execute(solver.step(), solver.time(), f, solver.domain(), {set});
    a.finalize();
  }
  const fs::path extract = dir / "insitu" / "tracers_0000005.pvtp";
  ASSERT_TRUE(fs::exists(extract)) << extract;
  vtkNew<vtkXMLPPolyDataReader> reader;
  reader->SetFileName(extract.c_str());
  reader->Update();
  vtkPolyData* pd = reader->GetOutput();
  ASSERT_EQ(pd->GetNumberOfPoints(), vtkIdType(set.size()));
  EXPECT_EQ(pd->GetNumberOfVerts(), vtkIdType(set.size())) << "one vertex a point";
  for (std::size_t i = 0; i < set.size(); ++i) {
    double p[3];
    pd->GetPoint(vtkIdType(i), p);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(p[k], set.xyz[3 * i + std::size_t(k)]) << "point " << i << " axis " << k;
  }
  vtkDataArray* ids = pd->GetPointData()->GetArray("id");
  ASSERT_NE(ids, nullptr);
  for (std::size_t i = 0; i < set.size(); ++i) EXPECT_EQ(ids->GetTuple1(vtkIdType(i)), double(set.ids[i])) << i;
  for (const plume::PointArray& a : set.arrays) {
    vtkDataArray* v = pd->GetPointData()->GetArray(a.name.c_str());
    ASSERT_NE(v, nullptr) << a.name;
    ASSERT_EQ(v->GetNumberOfComponents(), a.components) << a.name;
    for (std::size_t i = 0; i < set.size(); ++i)
      for (int c = 0; c < a.components; ++c)
        EXPECT_EQ(v->GetComponent(vtkIdType(i), c), a.values[i * std::size_t(a.components) + std::size_t(c)])
            << a.name << " of point " << i << " component " << c;
  }
  vtkDataArray* step = vtkDataArray::SafeDownCast(pd->GetFieldData()->GetAbstractArray("step"));
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(step->GetTuple1(0), 5.0);
  fs::remove_all(dir);
}

TEST(CatalystPoints, PointsPyOnARunWithoutPointSetsStopsItAtStartUpSayingWhy) {
  plume::Solver solver(small_run());
  const fs::path dir = fresh_dir("none");
  plume::catalyst::Options o;
  o.scripts.push_back({plume::catalyst::pipelines_dir() + "/points.py", 0});
  o.output_dir = (dir / "insitu").string();
  o.log = [](const std::string&) {};
  std::string what;
  try {
    plume::catalyst::Adaptor a(o, solver.domain(), solver.model());
  } catch (const plume::catalyst::Error& e) {
    what = e.what();
  }
  EXPECT_NE(what.find("this run hands over none"), std::string::npos) << what;
  EXPECT_NE(what.find("[tracers]"), std::string::npos) << what;
  fs::remove_all(dir);
}

TEST(CatalystPoints, ASetWithoutAChannelIsAnError) {
  plume::Solver solver(small_run());
  solver.initialize();
  plume::Fields f;
  solver.snapshot().fields(f);
  const fs::path dir = fresh_dir("unnamed");
  plume::catalyst::Options o;
  o.scripts.push_back({plume::catalyst::pipelines_dir() + "/fields.py", 0});
  o.every = 1;
  o.output_dir = (dir / "insitu").string();
  o.log = [](const std::string&) {};
  std::string what;
  {
    plume::catalyst::Adaptor a(o, solver.domain(), solver.model());
    try {
      a.execute(0, 0.0, f, solver.domain(), {tracers()});
    } catch (const plume::catalyst::Error& e) {
      what = e.what();
    }
    a.finalize();
  }
  EXPECT_NE(what.find("point set 'tracers', which has no channel"), std::string::npos) << what;
  fs::remove_all(dir);
}

}  // namespace

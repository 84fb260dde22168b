// The VTK files of plume/vtkout, read back with VTK's own readers: pieces of any block layout, 2-D
// and 3-D, make the whole lattice's values bit for bit; the series lists every step written and
// survives a restart; every file appears whole or not at all.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkLongLongArray.h>
#include <vtkNew.h>
#include <vtkStringArray.h>
#include <vtkPVDReader.h>
#include <vtkXMLImageDataReader.h>
#include <vtkXMLPImageDataReader.h>
#include "d2q9/registration.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/vtkout/image_series.hpp"
#include "small_filesystem.hpp"
#include "vtk_files.hpp"

using namespace plume;
using plume::test::SmallFileSystem;
using plume::test::TempDir;

namespace {

// A value of field k at global site (x, y, z) that no other site or field has, with all 53 bits.
double value(int k, int x, int y, int z) { return (k + 1) * 1000.0 + x + 10.0 * y + 100.0 * z + 1.0 / 3.0; }

// The block of a lattice NX x NY x NZ from (x0, y0, z0) of size nx x ny x nz, filled with value().
Fields block(int NX, int NY, int NZ, int x0, int y0, int z0, int nx, int ny, int nz) {
  Fields f(d2q9::model());
  f.resize(nx, ny, nz);
  f.NX = NX, f.NY = NY, f.NZ = NZ;
  f.x0 = x0, f.y0 = y0, f.z0 = z0;
  for (int k = 0; k < f.count(); ++k)
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) f[k][f.at(x, y, z)] = value(k, x0 + x, y0 + y, z0 + z);
  return f;
}

// Splits [0, n) into `parts` pieces: their starts and sizes.
std::vector<std::pair<int, int>> split(int n, int parts) {
  std::vector<std::pair<int, int>> out;
  for (int p = 0, at = 0; p < parts; ++p) {
    const int size = n / parts + (p < n % parts ? 1 : 0);
    out.emplace_back(at, size);
    at += size;
  }
  return out;
}

vtkSmartPointer<vtkImageData> read_summary(const std::string& path) {
  vtkNew<vtkXMLPImageDataReader> r;
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

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// The lattice NX x NY x NZ cut into tx x ty x tz blocks, each written as a piece, and the summary.
void write_tiled(const std::string& dir, int NX, int NY, int NZ, int tx, int ty, int tz,
                 const std::vector<const io::FieldChoice*>& arrays) {
  std::vector<std::pair<vtkout::Extent, std::string>> pieces;
  Fields any;
  for (const auto& [z0, nz] : split(NZ, tz))
    for (const auto& [y0, ny] : split(NY, ty))
      for (const auto& [x0, nx] : split(NX, tx)) {
        const Fields f = block(NX, NY, NZ, x0, y0, z0, nx, ny, nz);
        const std::string name = "s_r" + std::to_string(pieces.size()) + ".vti";
        vtkout::write_piece(dir + "/" + name, f, arrays, 7, 3.5, {"d2q9", "plume test", "model = \"d2q9\""});
        pieces.emplace_back(vtkout::piece_extent(f), name);
        any = f;
      }
  vtkout::write_summary(dir + "/s.pvti", any, arrays, pieces);
}

}  // namespace

TEST(VtkImageFiles, A3DLatticeIn2x2x2PiecesReadsBackAsTheWholeLattice) {
  TempDir tmp;
  const int NX = 7, NY = 6, NZ = 5;
  const Model& m = d2q9::model();
  const auto arrays = io::pointwise_fields(m, {"rho", "ux", "speed"});
  write_tiled(tmp.path, NX, NY, NZ, 2, 2, 2, arrays);

  const auto im = read_summary(tmp / "s.pvti");
  int ext[6];
  im->GetExtent(ext);
  EXPECT_EQ(std::vector<int>(ext, ext + 6), (std::vector<int>{0, NX, 0, NY, 0, NZ})) << "points around the cells";
  double origin[3], spacing[3];
  im->GetOrigin(origin);
  im->GetSpacing(spacing);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(origin[i], -0.5) << "site (0, 0, 0) is the centre of the first cell";
    EXPECT_EQ(spacing[i], 1.0);
  }
  ASSERT_EQ(im->GetNumberOfCells(), NX * NY * NZ);
  auto* rho = vtkDoubleArray::SafeDownCast(im->GetCellData()->GetArray("rho"));
  auto* ux = vtkDoubleArray::SafeDownCast(im->GetCellData()->GetArray("ux"));
  auto* speed = vtkDoubleArray::SafeDownCast(im->GetCellData()->GetArray("speed"));
  ASSERT_TRUE(rho && ux && speed);
  EXPECT_EQ(im->GetCellData()->GetNumberOfArrays(), 3);
  const int irho = 0, iux = 1, iuy = 2;  // D2Q9's stored fields: rho, ux, uy, ...
  ASSERT_EQ(std::string(m.fields()[1].name), "ux");
  for (int z = 0; z < NZ; ++z)
    for (int y = 0; y < NY; ++y)
      for (int x = 0; x < NX; ++x) {
        int ijk[3] = {x, y, z};
        const vtkIdType c = im->ComputeCellId(ijk);
        ASSERT_EQ(rho->GetValue(c), value(irho, x, y, z)) << x << " " << y << " " << z;
        ASSERT_EQ(ux->GetValue(c), value(iux, x, y, z));
        ASSERT_EQ(speed->GetValue(c), std::hypot(value(iux, x, y, z), value(iuy, x, y, z)));
        double centre[3];
        im->GetPoint(im->ComputePointId(ijk), centre);
        ASSERT_EQ(centre[0] + 0.5, x) << "cell (x, y, z) starts at x - 1/2";
      }
}

TEST(VtkImageFiles, A2DLatticeIsA2DImageWhateverItsTiling) {
  for (const auto& [tx, ty] : {std::pair{1, 1}, {2, 1}, {1, 2}, {3, 2}}) {
    SCOPED_TRACE(std::to_string(tx) + "x" + std::to_string(ty));
    TempDir tmp;
    write_tiled(tmp.path, 9, 5, 1, tx, ty, 1, io::pointwise_fields(d2q9::model(), {}));
    const auto im = read_summary(tmp / "s.pvti");
    int ext[6];
    im->GetExtent(ext);
    EXPECT_EQ(std::vector<int>(ext, ext + 6), (std::vector<int>{0, 9, 0, 5, 0, 0}));
    EXPECT_EQ(im->GetDataDimension(), 2);
    EXPECT_EQ(im->GetCellData()->GetNumberOfArrays(), int(d2q9::model().fields().size())) << "every stored field";
    for (int k = 0; k < int(d2q9::model().fields().size()); ++k) {
      auto* a = vtkDoubleArray::SafeDownCast(im->GetCellData()->GetArray(d2q9::model().fields()[k].name));
      ASSERT_TRUE(a);
      for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 9; ++x) ASSERT_EQ(a->GetValue(x + 9 * y), value(k, x, y, 0));
    }
  }
}

TEST(VtkImageFiles, EveryPieceDescribesItself) {
  TempDir tmp;
  write_tiled(tmp.path, 8, 4, 1, 2, 1, 1, io::pointwise_fields(d2q9::model(), {"rho", "speed"}));
  vtkNew<vtkXMLImageDataReader> r;
  r->SetFileName((tmp / "s_r1.vti").c_str());
  r->Update();
  vtkFieldData* fd = r->GetOutput()->GetFieldData();
  EXPECT_EQ(vtkLongLongArray::SafeDownCast(fd->GetAbstractArray("step"))->GetValue(0), 7);
  EXPECT_EQ(vtkDoubleArray::SafeDownCast(fd->GetAbstractArray("time"))->GetValue(0), 3.5);
  EXPECT_EQ(vtkDoubleArray::SafeDownCast(fd->GetAbstractArray("TimeValue"))->GetValue(0), 3.5);
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("model"))->GetValue(0), "d2q9");
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("plume"))->GetValue(0), "plume test");
  EXPECT_EQ(vtkStringArray::SafeDownCast(fd->GetAbstractArray("configuration"))->GetValue(0), "model = \"d2q9\"");
  auto* units = vtkStringArray::SafeDownCast(fd->GetAbstractArray("units"));
  ASSERT_TRUE(units);
  ASSERT_EQ(units->GetNumberOfValues(), 2);
  EXPECT_EQ(units->GetValue(0), std::string("rho: ") + d2q9::model().fields()[0].unit);
  EXPECT_EQ(units->GetValue(1), "speed: lattice units");
  int ext[6];
  r->GetOutput()->GetExtent(ext);
  EXPECT_EQ(std::vector<int>(ext, ext + 6), (std::vector<int>{4, 8, 0, 4, 0, 0})) << "its own cells only";
}

TEST(VtkImageFiles, FieldsThatNeedNeighboursAreRefused) {
  EXPECT_THROW(io::pointwise_fields(d2q9::model(), {"vorticity"}), std::invalid_argument);
  EXPECT_THROW(io::pointwise_fields(d2q9::model(), {"nope"}), std::invalid_argument);
  EXPECT_THROW(io::pointwise_fields(d2q9::model(), {"rho", "rho"}), std::invalid_argument);
}

TEST(VtkImageSeries, TheCollectionListsEveryStepAndARestartContinuesIt) {
  TempDir tmp;
  auto self = parallel::self_communicator();
  const Fields f = block(6, 4, 1, 0, 0, 0, 6, 4, 1);
  const vtkout::Description d{"d2q9", "plume test", ""};
  {
    vtkout::ImageSeries s(tmp / "vtk", "plume", d2q9::model(), {}, d, *self);
    s.begin(0);
    for (long long step : {0, 10, 20, 30}) s.write(f, step, 0.5 * double(step));
  }
  {
    // A restart from step 20 rewrites 30 and goes on; the old run's step 30 is not listed twice.
    vtkout::ImageSeries s(tmp / "vtk", "plume", d2q9::model(), {}, d, *self);
    s.begin(20);
    for (long long step : {30, 40}) s.write(f, step, 0.5 * double(step));
  }
  EXPECT_EQ(test::pvd_times(tmp / "vtk/plume.pvd"), (std::vector<std::string>{"0", "5", "10", "15", "20"}));
  vtkNew<vtkPVDReader> r;
  r->SetFileName((tmp / "vtk/plume.pvd").c_str());
  r->SetRestriction("timestep", "15");
  r->Update();
  auto* im = vtkImageData::SafeDownCast(r->GetOutputDataObject(0));
  ASSERT_TRUE(im) << "the collection's step 30 reads as an image";
  EXPECT_EQ(vtkLongLongArray::SafeDownCast(im->GetFieldData()->GetAbstractArray("step"))->GetValue(0), 30);
  for (const std::string& n : names_in(tmp / "vtk")) EXPECT_EQ(n.find(".tmp."), std::string::npos) << n;
}

TEST(VtkImageSeries, AFullDiskIsAnErrorThatKeepsWhatWasWritten) {
  SmallFileSystem fs(256 * 1024);
  if (!fs.mounted()) GTEST_SKIP() << fs.reason();
  auto self = parallel::self_communicator();
  const Fields f = block(64, 32, 1, 0, 0, 0, 64, 32, 1);  // 6 fields: 96 KiB a piece
  vtkout::ImageSeries s(fs / "vtk", "plume", d2q9::model(), {}, {"d2q9", "", ""}, *self);
  s.begin(0);
  s.write(f, 0, 0.0);
  const std::string pvd = test::read_file(fs / "vtk/plume.pvd");
  fs.fill();
  const std::string err = error_of([&] { s.write(f, 10, 10.0); });
  EXPECT_NE(err.find("cannot write the VTK files of step 10"), std::string::npos) << err;
  EXPECT_NE(err.find("plume_000000010_r0.vti"), std::string::npos) << err;
  EXPECT_EQ(test::read_file(fs / "vtk/plume.pvd"), pvd) << "the series still names step 0 alone";
  EXPECT_EQ(names_in(fs / "vtk"), (std::vector<std::string>{"plume.pvd", "plume_000000000.pvti", "plume_000000000_r0.vti"}))
      << "no half file, under its name or a temporary one";
  EXPECT_EQ(read_summary(fs / "vtk/plume_000000000.pvti")->GetNumberOfCells(), 64 * 32);
}

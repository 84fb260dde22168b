// Solid sites from files read through VTK (plume/vtkgeometry): a .vti voxel image (point or cell
// data) gives exactly its sites, a closed STL surface written here (a cube, a sphere) is
// voxelised to the expected sites and volume where [geometry.stl] places it, and bad files are
// errors naming the file (and, through the configuration, the key).
#include <gtest/gtest.h>
#include <cmath>
#include <vtkCellData.h>
#include <vtkCubeSource.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkSTLWriter.h>
#include <vtkSphereSource.h>
#include <vtkTriangleFilter.h>
#include <vtkUnsignedCharArray.h>
#include <vtkXMLImageDataWriter.h>
#include "plume/config/run_config.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/solids3d.hpp"
#include "plume/vtkgeometry/geometry_files.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

// The solid sites (x, y, z) of a test pattern: no symmetry, so that a transposed read shows.
bool pattern(int x, int y, int z) { return (x * 7 + y * 3 + z * z) % 5 == 0 || (x == 1 && y == 2); }

// A .vti of nx x ny x nz points (cells = false) or cells, an unsigned char array "solid" of the
// pattern (and, with `extra`, a second array).
void write_vti(const std::string& path, int nx, int ny, int nz, bool cells, bool extra = false) {
  vtkNew<vtkImageData> image;
  image->SetDimensions(cells ? nx + 1 : nx, cells ? ny + 1 : ny, cells ? (nz > 1 ? nz + 1 : 1) : nz);
  image->SetSpacing(0.5, 0.5, 0.5);  // not used: the index is the site
  vtkNew<vtkUnsignedCharArray> a;
  a->SetName("solid");
  a->SetNumberOfTuples(vtkIdType(nx) * ny * nz);
  vtkIdType i = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) a->SetValue(i++, pattern(x, y, z) ? 3 : 0);
  vtkFieldData* data = cells ? static_cast<vtkFieldData*>(image->GetCellData())
                             : static_cast<vtkFieldData*>(image->GetPointData());
  data->AddArray(a);
  if (extra) {
    vtkNew<vtkUnsignedCharArray> b;
    b->SetName("other");
    b->SetNumberOfTuples(vtkIdType(nx) * ny * nz);
    b->Fill(0);
    data->AddArray(b);
  }
  vtkNew<vtkXMLImageDataWriter> w;
  w->SetInputData(image);
  w->SetFileName(path.c_str());
  ASSERT_EQ(w->Write(), 1);
}

void write_stl(const std::string& path, vtkAlgorithm* source) {
  vtkNew<vtkTriangleFilter> triangles;
  triangles->SetInputConnection(source->GetOutputPort());
  vtkNew<vtkSTLWriter> w;
  w->SetInputConnection(triangles->GetOutputPort());
  w->SetFileName(path.c_str());
  w->SetFileTypeToBinary();
  ASSERT_EQ(w->Write(), 1);
}

template <class F>
std::string geometry_error(F f) {
  try {
    f();
  } catch (const geometry::GeometryError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::uint8_t> marks(const Geometry& g, int nx, int ny, int nz) {
  std::vector<std::uint8_t> m(std::size_t(nx) * ny * nz, 0);
  g.mark(Box{0, nx, 0, ny, 0, nz}, m.data());
  return m;
}

}  // namespace

TEST(VoxelFile, ItsPointsOrCellsAreTheSites) {
  TempDir tmp;
  const int nx = 9, ny = 6, nz = 5;
  for (bool cells : {false, true}) {
    write_vti(tmp / "v.vti", nx, ny, nz, cells);
    const auto v = vtkgeometry::read_voxel_file(tmp / "v.vti", "", nx, ny, nz);
    long long expected = 0;
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
          ASSERT_EQ(v->test(x, y, z), pattern(x, y, z)) << x << ", " << y << ", " << z << (cells ? " (cells)" : "");
          expected += pattern(x, y, z);
        }
    EXPECT_EQ(v->count(), expected);
    // Any box marks the same sites.
    std::vector<std::uint8_t> m(2 * 3 * 4, 0);
    v->mark(Box{3, 5, 2, 5, 1, 5}, m.data());
    for (int z = 1; z < 5; ++z)
      for (int y = 2; y < 5; ++y)
        for (int x = 3; x < 5; ++x) EXPECT_EQ(m[((z - 1) * 3 + (y - 2)) * 2 + (x - 3)], pattern(x, y, z));
  }
  // A 2-D lattice: one layer.
  write_vti(tmp / "plane.vti", nx, ny, 1, true);
  EXPECT_EQ(vtkgeometry::read_voxel_file(tmp / "plane.vti", "solid", nx, ny, 1)->test(1, 2, 0), true);
}

TEST(VoxelFile, BadFilesAreErrorsNamingTheFile) {
  TempDir tmp;
  write_vti(tmp / "v.vti", 8, 6, 4, false, true);
  const std::string p = tmp / "v.vti";
  EXPECT_HAS(geometry_error([&] { vtkgeometry::read_voxel_file(p, "solid", 8, 6, 5); }),
             "voxel file '" + p + "' holds 8 x 6 x 4 points (7 x 5 x 3 cells), and the lattice is 8 x 6 x 5 sites");
  EXPECT_HAS(geometry_error([&] { vtkgeometry::read_voxel_file(p, "", 8, 6, 4); }),
             "has 2 point arrays ('solid', 'other'): name the one that marks the solids");
  EXPECT_HAS(geometry_error([&] { vtkgeometry::read_voxel_file(p, "mask", 8, 6, 4); }),
             "has no point array 'mask' (its point arrays: 'solid', 'other')");
  EXPECT_EQ(vtkgeometry::read_voxel_file(p, "other", 8, 6, 4)->count(), 0);
  EXPECT_HAS(geometry_error([&] { vtkgeometry::read_voxel_file(tmp / "none.vti", "", 8, 6, 4); }),
             "cannot read voxel file '" + (tmp / "none.vti") + "': No such file or directory");
  plume::test::write_file(tmp / "junk.vti", "not a VTK file\n");
  EXPECT_HAS(geometry_error([&] { vtkgeometry::read_voxel_file(tmp / "junk.vti", "", 8, 6, 4); }),
             "is not a VTK XML image data (.vti) file");
}

// A unit cube about the origin, scaled by 10 and placed at (12.25, 8.25, 6.25): it spans
// [7.25, 17.25] x [3.25, 13.25] x [1.25, 11.25], whose sites are 8..17, 4..13, 2..11 exactly.
TEST(StlFile, ACubeIsVoxelisedToItsSites) {
  TempDir tmp;
  vtkNew<vtkCubeSource> cube;
  write_stl(tmp / "cube.stl", cube);
  const auto v = vtkgeometry::voxelise_stl(tmp / "cube.stl", {10.0, 12.25, 8.25, 6.25}, 24, 20, 16);
  EXPECT_EQ(v->count(), 1000);
  EXPECT_EQ(marks(*v, 24, 20, 16), marks(geometry::Cuboid(8, 4, 2, 18, 14, 12), 24, 20, 16));
  EXPECT_HAS(v->describe(), "1000 solid sites inside STL surface");
  // Cut by the lattice: the part inside.
  EXPECT_EQ(vtkgeometry::voxelise_stl(tmp / "cube.stl", {10.0, 2.25, 8.25, 6.25}, 24, 20, 16)->count(), 800);
}

// A sphere of radius 1 (a polyhedron of 64 x 64 facets) at scale 8: the ball's volume in sites,
// and nearly the sites of the exact sphere of radius 8.
TEST(StlFile, ASphereIsVoxelisedToItsVolume) {
  TempDir tmp;
  vtkNew<vtkSphereSource> sphere;
  sphere->SetRadius(1.0);
  sphere->SetThetaResolution(64);
  sphere->SetPhiResolution(64);
  write_stl(tmp / "sphere.stl", sphere);
  const int n = 24;
  const double c = 11.3;
  const auto v = vtkgeometry::voxelise_stl(tmp / "sphere.stl", {8.0, c, c + 0.1, c - 0.2}, n, n, n);
  const double volume = 4.0 / 3.0 * M_PI * 512;
  EXPECT_NEAR(v->count() / volume, 1.0, 0.03) << v->count() << " sites";
  const std::vector<std::uint8_t> a = marks(*v, n, n, n), b = marks(geometry::Sphere(c, c + 0.1, c - 0.2, 8.0), n, n, n);
  long long differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differ += a[i] != b[i];
  EXPECT_LT(differ, 0.02 * volume) << "only sites within the facets' depth of the surface";
}

TEST(StlFile, BadFilesAreErrorsNamingTheFile) {
  TempDir tmp;
  EXPECT_HAS(geometry_error([&] { vtkgeometry::voxelise_stl(tmp / "none.stl", {}, 8, 8, 8); }),
             "cannot read STL file '" + (tmp / "none.stl") + "': No such file or directory");
  vtkNew<vtkPlaneSource> plane;
  write_stl(tmp / "plane.stl", plane);
  EXPECT_HAS(geometry_error([&] { vtkgeometry::voxelise_stl(tmp / "plane.stl", {}, 8, 8, 8); }),
             "STL file '" + (tmp / "plane.stl") + "' is not a closed surface");
  plume::test::write_file(tmp / "junk.stl", "hello\n");
  EXPECT_HAS(geometry_error([&] { vtkgeometry::voxelise_stl(tmp / "junk.stl", {}, 8, 8, 8); }),
             "STL file '" + (tmp / "junk.stl") + "' holds no triangles");
}

// Through the configuration: the keys, the 3-D lattice an STL surface needs, the key in errors.
TEST(GeometryFileKeys, TheyBuildTheSolidsAndNameTheKeyInErrors) {
  TempDir tmp;
  vtkNew<vtkCubeSource> cube;
  write_stl(tmp / "cube.stl", cube);
  write_vti(tmp / "v.vti", 24, 20, 16, false);
  config::RunConfig c = config::parse_config(R"(model = "d3q19"
[lattice]
nx = 24
ny = 20
nz = 16
)", "case.toml");
  c.output.dir = tmp / "out";
  config::apply_override(c, "geometry.stl.file", "\"" + (tmp / "cube.stl") + "\"");
  config::apply_override(c, "geometry.stl.scale", "10");
  config::apply_override(c, "geometry.stl.x", "12.25");
  config::apply_override(c, "geometry.stl.y", "8.25");
  config::apply_override(c, "geometry.stl.z", "6.25");
  EXPECT_HAS(config::to_toml(c), "[geometry.stl]");
  config::validate(c);
  config::build_solids(c);
  ASSERT_TRUE(c.solver.solids);
  EXPECT_EQ(marks(*c.solver.solids, 24, 20, 16), marks(geometry::Cuboid(8, 4, 2, 18, 14, 12), 24, 20, 16));
  // A voxel file of another size names the key.
  c.geometry.stl = {};
  c.geometry.voxels = tmp / "v.vti";
  c.solver.nz = 12;
  EXPECT_HAS(plume::test::config_error_of([&] { config::build_solids(c); }),
             "geometry.voxels: voxel file '" + (tmp / "v.vti") + "' holds 24 x 20 x 16 points");
  // A missing file is found before any work.
  c.geometry.voxels = tmp / "missing.vti";
  EXPECT_HAS(plume::test::validate_error(c), "geometry.voxels = \"" + (tmp / "missing.vti") + "\": file not found");
  // An STL surface on a 2-D lattice.
  config::RunConfig d = config::parse_config("model = \"d2q9\"\n[lattice]\nnx = 24\nny = 20\n", "case.toml");
  d.geometry.stl.file = tmp / "cube.stl";
  EXPECT_HAS(plume::test::validate_error(d), "geometry.stl.file: a 3-D shape needs a 3-D lattice");
}

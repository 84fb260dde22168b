// STL files checked before VTK reads them (plume/geometry/stl_check.hpp): a binary file whose
// triangle count does not match its size (random bytes, a truncated file) aborted the process
// inside vtkSTLReader; a surface placed far from the lattice hung the voxeliser. Both are refused,
// naming the file and what is wrong, and so is an ASCII file that does not parse.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include "plume/config/run_config.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/stl_check.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;
using plume::test::write_file;

namespace {

// A binary STL of the triangles given (three vertices each), with `count` in place of their number
// when given.
std::string binary_stl(const std::vector<std::array<float, 9>>& triangles, long long count = -1,
                       const std::string& header = "binary STL of plume's tests") {
  std::string s = header;
  s.resize(80, ' ');
  const std::uint32_t n = std::uint32_t(count >= 0 ? count : (long long)triangles.size());
  s.append(reinterpret_cast<const char*>(&n), 4);
  for (const auto& t : triangles) {
    const float normal[3] = {0, 0, 0};
    s.append(reinterpret_cast<const char*>(normal), 12);
    s.append(reinterpret_cast<const char*>(t.data()), 36);
    s.append(2, '\0');
  }
  return s;
}

// A tetrahedron with corners (2,2,2), (6,2,2), (2,6,2), (2,2,6).
const std::vector<std::array<float, 9>> kTetrahedron{{2, 2, 2, 2, 6, 2, 6, 2, 2},
                                                     {2, 2, 2, 6, 2, 2, 2, 2, 6},
                                                     {2, 2, 2, 2, 2, 6, 2, 6, 2},
                                                     {6, 2, 2, 2, 6, 2, 2, 2, 6}};

std::string number(float v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string ascii_stl(const std::vector<std::array<float, 9>>& triangles) {
  std::string s = "solid tet\n";
  for (const auto& t : triangles) {
    s += "  facet normal 0 0 0\n    outer loop\n";
    for (int k = 0; k < 3; ++k)
      s += "      vertex " + number(t[3 * k]) + " " + number(t[3 * k + 1]) + " " + number(t[3 * k + 2]) + "\n";
    s += "    endloop\n  endfacet\n";
  }
  return s + "endsolid tet\n";
}

// The message of check_stl_file on an 8^3 lattice; "" when it passes.
std::string error_of(const std::string& path, double scale = 1, double x = 0, double y = 0, double z = 0) {
  try {
    geometry::check_stl_file(path, scale, x, y, z, 8, 8, 8);
  } catch (const geometry::GeometryError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(StlCheck, WellFormedFilesPass) {
  TempDir tmp;
  write_file(tmp / "bin.stl", binary_stl(kTetrahedron));
  EXPECT_EQ(error_of(tmp / "bin.stl"), "");
  // Many writers start a binary file's header with "solid": its size decides.
  write_file(tmp / "solid.stl", binary_stl(kTetrahedron, -1, "solid written by a CAD program"));
  EXPECT_EQ(error_of(tmp / "solid.stl"), "");
  write_file(tmp / "ascii.stl", ascii_stl(kTetrahedron));
  EXPECT_EQ(error_of(tmp / "ascii.stl"), "");
  // Keywords in any case, CRLF line ends, two solids.
  std::string upper = ascii_stl(kTetrahedron);
  for (char& c : upper) c = char(std::toupper((unsigned char)c));
  std::string crlf;
  for (char c : upper + ascii_stl(kTetrahedron)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write_file(tmp / "crlf.stl", crlf);
  EXPECT_EQ(error_of(tmp / "crlf.stl"), "");
}

TEST(StlCheck, ABinaryFileWhoseCountDoesNotMatchItsSizeIsRefused) {
  TempDir tmp;
  // 500 random bytes read as a binary STL: vtkSTLReader allocated for billions of triangles and aborted.
  std::string garbage(500, '\0');
  std::mt19937 random(1);
  for (char& c : garbage) c = char(random());
  garbage.replace(80, 4, "\xff\xff\xff\x7f", 4);
  write_file(tmp / "garbage.stl", garbage);
  EXPECT_EQ(error_of(tmp / "garbage.stl"),
            "STL file '" + tmp / "garbage.stl" + "' is not a valid STL file: read as a binary STL it announces "
            "2147483647 triangles, but its 500 bytes hold room for 8 (84 bytes of header and count, then 50 per triangle)");
  write_file(tmp / "truncated.stl", binary_stl(kTetrahedron).substr(0, 200));
  EXPECT_HAS(error_of(tmp / "truncated.stl"), "announces 4 triangles, but its 200 bytes hold room for 2");
  write_file(tmp / "short.stl", "hello\n");
  EXPECT_EQ(error_of(tmp / "short.stl"),
            "STL file '" + tmp / "short.stl" + "' holds no triangles (is it an STL file?): it does not start with "
            "'solid' as an ASCII STL does, and at 6 bytes it is shorter than a binary STL's header and count (84 bytes)");
  write_file(tmp / "none.stl", binary_stl({}));
  EXPECT_EQ(error_of(tmp / "none.stl"), "STL file '" + tmp / "none.stl" + "' holds no triangles");
}

TEST(StlCheck, AnAsciiFileThatDoesNotParseIsRefusedNamingTheLine) {
  TempDir tmp;
  std::string text = ascii_stl(kTetrahedron);
  text.replace(text.find("vertex 6"), 6, "vertx");
  write_file(tmp / "typo.stl", text);
  EXPECT_EQ(error_of(tmp / "typo.stl"), "STL file '" + tmp / "typo.stl" + "' is not a valid STL file: read as ASCII STL "
                                        "(it starts with 'solid'), line 6: expected 'vertex' but found 'vertx'; read "
                                        "as a binary STL it announces 171057206 triangles, but its 486 bytes hold "
                                        "room for 8 (84 bytes of header and count, then 50 per triangle)");
  const std::string whole = ascii_stl(kTetrahedron);
  write_file(tmp / "cut.stl", whole.substr(0, whole.find("vertex 2 6") + 8));
  EXPECT_HAS(error_of(tmp / "cut.stl"), "line 5: expected a number but found the end of the file");
  write_file(tmp / "solid.stl", "solid x\n");
  EXPECT_HAS(error_of(tmp / "solid.stl"), "expected 'facet' or 'endsolid' but found the end of the file");
}

TEST(StlCheck, AVertexThatIsNotAFiniteNumberIsRefused) {
  TempDir tmp;
  std::vector<std::array<float, 9>> t = kTetrahedron;
  t[1][4] = std::nanf("");
  write_file(tmp / "nan.stl", binary_stl(t));
  EXPECT_EQ(error_of(tmp / "nan.stl"), "STL file '" + tmp / "nan.stl" +
                                           "' is not a valid STL file: triangle 2 has a vertex that is not a finite "
                                           "number (6, nan, 2)");
  write_file(tmp / "inf.stl", ascii_stl(t).replace(ascii_stl(t).find("nan"), 3, "inf"));
  EXPECT_HAS(error_of(tmp / "inf.stl"), "line 12: triangle 2 has a vertex that is not a finite number (6, inf, 2)");
}

// A surface that holds none of the lattice's sites adds no solid (a wrong scale or origin); one that
// reaches far beyond the lattice hung the voxeliser (a scale of 1e10) or lost its precision.
TEST(StlCheck, APlacementThatMissesTheLatticeOrReachesFarBeyondItIsRefused) {
  TempDir tmp;
  write_file(tmp / "tet.stl", binary_stl(kTetrahedron));
  const std::string path = tmp / "tet.stl";
  EXPECT_EQ(error_of(path, 1e10), "STL file '" + path + "', placed with scale 1e+10 at origin (0, 0, 0) "
                                  "(geometry.stl.scale, x, y, z), spans x 2e+10 to 6e+10, y 2e+10 to 6e+10, z 2e+10 to "
                                  "6e+10: it holds none of the lattice's sites (0 <= x <= 7), so it would add no solid site");
  EXPECT_HAS(error_of(path, 1, 1000), "spans x 1002 to 1006, y 2 to 6, z 2 to 6: it holds none of the lattice's sites (0 <= x <= 7)");
  EXPECT_HAS(error_of(path, 1, 0, -7), "it holds none of the lattice's sites (0 <= y <= 7)");
  EXPECT_HAS(error_of(path, 0.1), "spans x 0.2 to 0.6") << "between the sites";
  EXPECT_EQ(error_of(path, 1e7, -2e7, -2e7, -2e7),
            "STL file '" + path + "', placed with scale 1e+07 at origin (-2e+07, -2e+07, -2e+07) (geometry.stl.scale, "
            "x, y, z), spans x 0 to 4e+07, y 0 to 4e+07, z 0 to 4e+07: it reaches more than 1e+06 sites beyond the "
            "lattice along x, where the voxelisation's coordinates lose their precision");
  EXPECT_EQ(error_of(path, 1e5, -2e5, -2e5, -2e5), "") << "within reach: the lattice lies inside the surface";
  EXPECT_EQ(error_of(path, 1, -3), "") << "partly beyond the lattice";
}

TEST(StlCheck, AnythingButARegularFileIsNamed) {
  TempDir tmp;
  const std::string fifo = tmp / "fifo.stl";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of(fifo), "cannot read STL file '" + fifo + "': it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(error_of(tmp / "none.stl"), "cannot read STL file '" + tmp / "none.stl" + "': No such file or directory");
}

// Through the configuration, as `plume check` reads geometry.stl.file: the key named, the process
// alive (a random file aborted it inside vtkSTLReader).
TEST(StlCheck, TheConfigurationRefusesABadFileNamingTheKey) {
#ifndef PLUME_HAVE_VTK_GEOMETRY
  GTEST_SKIP() << "this plume reads no STL files (built without VTK)";
#endif
  TempDir tmp;
  std::string garbage(500, '\0');
  std::mt19937 random(2);
  for (char& c : garbage) c = char(random());
  garbage.replace(0, 5, "\x01\x02\x03\x04\x05");
  garbage.replace(80, 4, "\x00\x00\x00\xf0", 4);
  write_file(tmp / "garbage.stl", garbage);
  config::RunConfig c = config::parse_config("model = \"d3q19\"\n[lattice]\nnx = 8\nny = 8\nnz = 8\n", "case.toml");
  c.geometry.stl.file = tmp / "garbage.stl";
  EXPECT_HAS(plume::test::config_error_of([&] { config::build_solids(c); }),
             "geometry.stl.file: STL file '" + tmp / "garbage.stl" + "' is not a valid STL file: read as a binary STL "
             "it announces 4026531840 triangles");
  write_file(tmp / "tet.stl", binary_stl(kTetrahedron));
  c.geometry.stl.file = tmp / "tet.stl";
  c.geometry.stl.scale = 1e10;
  EXPECT_HAS(plume::test::config_error_of([&] { config::build_solids(c); }),
             "geometry.stl.file: STL file '" + tmp / "tet.stl" + "', placed with scale 1e+10");
  c.geometry.stl.scale = 1;
  config::build_solids(c);
  ASSERT_TRUE(c.solver.solids);
  EXPECT_HAS(c.solver.solids->describe(), "solid sites inside STL surface");
}

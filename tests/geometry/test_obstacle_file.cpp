// Seed 001's obstacle files: the cells listed are solid; every bad line is an error naming the
// file, the line and the problem.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include "marks.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/obstacle_file.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

// The message of the GeometryError that reading `text` as a 16 x 8 lattice's obstacles throws.
std::string error_of(const std::string& text) {
  TempDir tmp;
  plume::test::write_file(tmp / "obstacles.dat", text);
  try {
    geometry::read_obstacle_file(tmp / "obstacles.dat", 16, 8);
  } catch (const geometry::GeometryError& e) {
    const std::string m = e.what();
    const std::string prefix = tmp / "obstacles.dat:";
    EXPECT_EQ(m.rfind(prefix, 0), 0u) << "the file is named first: " << m;
    return m.substr(prefix.size());
  }
  return "";
}

}  // namespace

TEST(ObstacleFile, EveryListedCellIsSolid) {
  TempDir tmp;
  // Blank lines, tabs, repeated spaces, a repeated cell and a Windows line end are fine.
  plume::test::write_file(tmp / "obstacles.dat", "0 0 1\n15 7 1\n\n3\t4\t1\r\n  5   2 1\n3 4 1\n   \n");
  const auto b = geometry::read_obstacle_file(tmp / "obstacles.dat", 16, 8);
  const std::vector<std::uint8_t> m = test::whole(*b, 16, 8);
  EXPECT_EQ(test::solid(m), 4);
  EXPECT_EQ(b->count(), 4);
  // Cells are x + y nx, y = 0 the bottom row, as in the seed's program.
  for (auto [x, y] : {std::pair{0, 0}, {15, 7}, {3, 4}, {5, 2}}) EXPECT_EQ(m[y * 16 + x], 1) << x << ", " << y;
  EXPECT_EQ(b->describe(), "4 solid sites from " + tmp / "obstacles.dat");
  test::expect_boxes_agree(*b, 16, 8);
}

TEST(ObstacleFile, AnEmptyFileHasNoSolid) {
  TempDir tmp;
  plume::test::write_file(tmp / "none.dat", "");
  EXPECT_EQ(geometry::read_obstacle_file(tmp / "none.dat", 16, 8)->count(), 0);
}

TEST(ObstacleFile, EachBadLineIsNamedWithItsProblem) {
  EXPECT_EQ(error_of("1 1 1\n2 2\n"), "2: expected three fields 'x y 1', found 2");
  EXPECT_EQ(error_of("1 1 1 0\n"), "1: unexpected '0' after the three fields 'x y 1'");
  EXPECT_EQ(error_of("1 1 1 # wall\n"), "1: unexpected '#' after the three fields 'x y 1'");
  EXPECT_EQ(error_of("\n\n1 a 1\n"), "3: y is 'a', not a whole number");
  EXPECT_EQ(error_of("1.5 1 1\n"), "1: x is '1.5', not a whole number");
  EXPECT_EQ(error_of("1 1 1x\n"), "1: the third field is '1x', not a whole number");
  EXPECT_EQ(error_of("16 0 1\n"), "1: x = 16 is out of range: 0 <= x < nx = 16");
  EXPECT_EQ(error_of("-1 0 1\n"), "1: x = -1 is out of range: 0 <= x < nx = 16");
  EXPECT_EQ(error_of("0 0 1\n0 8 1\n"), "2: y = 8 is out of range: 0 <= y < ny = 8");
  EXPECT_EQ(error_of("0 0 0\n"), "1: the third field is 0; it must be 1 (the cell is solid)");
  EXPECT_EQ(error_of("0 0 2"), "1: the third field is 2; it must be 1 (the cell is solid)");
  // Beyond 64 bits is out of range too, not "not a whole number"; the bytes of a binary file are
  // quoted escaped, not echoed raw.
  EXPECT_EQ(error_of("99999999999999999999 0 1\n"), "1: x = 99999999999999999999 is out of range: 0 <= x < nx = 16");
  EXPECT_EQ(error_of("0 -99999999999999999999 1\n"), "1: y = -99999999999999999999 is out of range: 0 <= y < ny = 8");
  EXPECT_EQ(error_of("0 0 99999999999999999999\n"),
            "1: the third field is 99999999999999999999; it must be 1 (the cell is solid)");
  EXPECT_EQ(error_of("1 1 1 \x01\xff\n"), "1: unexpected '\\x01\\xff' after the three fields 'x y 1'");
  EXPECT_EQ(error_of("1 \x7f 1\n"), "1: y is '\\x7f', not a whole number");
}

// A leading + is read as in the parameter file (and by the benchmark's own fscanf): +32 was
// accepted there and +1 refused here.
TEST(ObstacleFile, ALeadingPlusIsAccepted) {
  TempDir tmp;
  plume::test::write_file(tmp / "obstacles.dat", "+1 +2 +1\n");
  const auto b = geometry::read_obstacle_file(tmp / "obstacles.dat", 16, 8);
  EXPECT_EQ(b->count(), 1);
  EXPECT_EQ(test::whole(*b, 16, 8)[2 * 16 + 1], 1);
  EXPECT_EQ(error_of("+-1 0 1\n"), "1: x is '+-1', not a whole number");
  EXPECT_EQ(error_of("++1 0 1\n"), "1: x is '++1', not a whole number");
  EXPECT_EQ(error_of("+ 0 1\n"), "1: x is '+', not a whole number");
}

TEST(ObstacleFile, AFileThatCannotBeReadIsNamed) {
  TempDir tmp;
  try {
    geometry::read_obstacle_file(tmp / "missing.dat", 16, 8);
    ADD_FAILURE() << "a missing file was read";
  } catch (const geometry::GeometryError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot read obstacle file '" + tmp / "missing.dat" + "': No such file or directory");
  }
  EXPECT_THROW(geometry::read_obstacle_file(tmp.path, 16, 8), geometry::GeometryError) << "a folder";
}

// A FIFO or a device would hang the reader (`plume seed001 params /dev/zero`): named, not read;
// and a file far larger than a line per site is refused before it fills the memory.
TEST(ObstacleFile, AnythingButARegularFileOfSensibleSizeIsRefused) {
  TempDir tmp;
  const auto error_of = [](const std::string& path) {
    try {
      geometry::read_obstacle_file(path, 16, 8);
    } catch (const geometry::GeometryError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string fifo = tmp / "fifo.dat";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of(fifo), "cannot read obstacle file '" + fifo + "': it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(error_of("/dev/zero"), "cannot read obstacle file '/dev/zero': it is a character device, not a regular file");
  plume::test::write_file(tmp / "big.dat", std::string(2 << 20, ' '));
  EXPECT_EQ(error_of(tmp / "big.dat"), "cannot read obstacle file '" + tmp / "big.dat" +
                                           "': it is 2.00 MiB, over the 1.01 MiB limit for obstacle files");
}

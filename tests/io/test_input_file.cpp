// Input files read whole (plume/io/input_file.hpp): a configuration, seed 001's files, geometry
// files. Anything but a regular file is named and refused before a byte is read (a FIFO or a device
// hung the reader), and so is a file larger than its kind can sensibly be.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include "plume/io/input_file.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;
using plume::test::write_file;

namespace {

std::string error_of(const std::string& path, std::uint64_t max_bytes = 1000) {
  try {
    io::read_input_file(path, "configuration file", max_bytes);
  } catch (const io::InputFileError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(InputFile, ARegularFileIsReadWhole) {
  TempDir tmp;
  write_file(tmp / "a.toml", std::string("x = 1\n\0y", 8));
  EXPECT_EQ(io::read_input_file(tmp / "a.toml", "configuration file", 8), std::string("x = 1\n\0y", 8));
}

TEST(InputFile, AnythingButARegularFileIsNamedAndNotRead) {
  TempDir tmp;
  const std::string fifo = tmp / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of(fifo), "cannot read configuration file '" + fifo + "': it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(error_of("/dev/zero"), "cannot read configuration file '/dev/zero': it is a character device, not a regular file");
  EXPECT_EQ(error_of("/dev/urandom"),
            "cannot read configuration file '/dev/urandom': it is a character device, not a regular file");
  EXPECT_EQ(error_of(tmp.path), "cannot read configuration file '" + tmp.path + "': it is a folder");
  EXPECT_EQ(error_of(tmp / "none"), "cannot read configuration file '" + tmp / "none" + "': No such file or directory");
}

TEST(InputFile, AFileLargerThanItsKindIsRefused) {
  TempDir tmp;
  write_file(tmp / "big.toml", std::string(3000, '#'));
  EXPECT_EQ(error_of(tmp / "big.toml"), "cannot read configuration file '" + tmp / "big.toml" +
                                            "': it is 2.93 KiB, over the 1000 B limit for configuration files");
}

// The configuration's reader goes through it: `plume check FIFO` and `plume check /dev/zero` hung.
TEST(InputFile, TheConfigurationFileIsReadThroughIt) {
  TempDir tmp;
  const std::string fifo = tmp / "case.toml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::vector<std::string> problems;
  EXPECT_FALSE(config::load_config(fifo, problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_HAS(problems[0], "cannot read configuration file '" + fifo + "': it is a FIFO (named pipe), not a regular file");
  problems.clear();
  EXPECT_FALSE(config::load_config("/dev/zero", problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_HAS(problems[0], "it is a character device");
  problems.clear();
  write_file(tmp / "big.toml", std::string(17 << 20, '#'));
  EXPECT_FALSE(config::load_config(tmp / "big.toml", problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_HAS(problems[0], "it is 17.0 MiB, over the 16.0 MiB limit for configuration files");
}

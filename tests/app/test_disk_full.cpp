// A full disk: the first file that cannot be written stops the run with exit status 1 and a
// message naming the file and the last good checkpoint; no file in the folder is cut short (every
// image whole, every checkpoint readable, diagnostics.csv ends with a whole row), and no temporary
// file is left. The runs write into a small tmpfs (mounting needs root; the tests skip without it).
#include <gtest/gtest.h>
#include <filesystem>
#include <sstream>
#include "output_files.hpp"
#include "run_plume.hpp"
#include "small_filesystem.hpp"

namespace fs = std::filesystem;
using namespace plume;
using plume::test::q;
using plume::test::read_file;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::SmallFileSystem;
using plume::test::TempDir;
using plume::test::write_case;

namespace {

// A PNG that ends with its IEND chunk: written whole.
bool whole_png(const std::string& path) {
  const std::string s = read_file(path);
  static const std::string iend("\0\0\0\0IEND\xae\x42\x60\x82", 12);
  return s.size() > 8 + 12 && s.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0 && s.compare(s.size() - 12, 12, iend) == 0;
}

// Nothing in the folder is cut short, and no temporary file is left.
void expect_no_half_files(const std::string& dir) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename(), path = e.path();
    SCOPED_TRACE(name);
    EXPECT_EQ(name.find(".tmp."), std::string::npos) << "a temporary file is left";
    if (e.path().extension() == ".png") EXPECT_TRUE(whole_png(path)) << "a cut image";
    if (e.path().extension() == ".ckpt") EXPECT_NO_THROW(io::read_checkpoint(path));
    if (name == "diagnostics.csv") {
      const std::string csv = read_file(path);
      ASSERT_FALSE(csv.empty());
      EXPECT_EQ(csv.back(), '\n') << "a cut row";
      std::istringstream in(csv);
      std::string line;
      while (std::getline(in, line)) EXPECT_EQ(std::count(line.begin(), line.end(), ','), 12) << line;
    }
  }
}

}  // namespace

TEST(DiskFull, AnImageThatCannotBeWrittenStopsTheRun) {
  SmallFileSystem disk(40 * 1024);  // room for the configuration, the diagnostics and a few images
  if (!disk.mounted()) GTEST_SKIP() << disk.reason();
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(disk / "out");
  c.steps = 400;
  c.output.every = 10;
  c.output.checkpoint_every = 0;
  const Result r = run_plume("run -q " + q(write_case(tmp, c)));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_HAS(r.err, "plume: error: cannot write the image: cannot write '" + disk / "out/T_");
  EXPECT_HAS(r.err, ".png': No space left on device");
  EXPECT_HAS(r.err, "plume: error: stopped; no checkpoint was written");
  expect_no_half_files(disk / "out");
}

TEST(DiskFull, ACheckpointThatCannotBeWrittenStopsTheRunAndTheLastGoodOneStays) {
  // One checkpoint (460 KB) fits, two do not.
  SmallFileSystem disk(768 * 1024);
  if (!disk.mounted()) GTEST_SKIP() << disk.reason();
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(disk / "out");
  c.steps = 100;
  c.output.checkpoint_every = 20;
  c.output.keep = 1;
  const Result r = run_plume("run -q " + q(write_case(tmp, c)));
  EXPECT_EQ(r.code, 1) << r.err;
  const std::string good = plume::test::ckpt(disk / "out", 20);
  EXPECT_HAS(r.err, "plume: error: cannot write the checkpoint: cannot write '" +
                        plume::test::ckpt(disk / "out", 40) + "': No space left on device");
  EXPECT_HAS(r.err, "plume: error: stopped; last good checkpoint: " + good);
  EXPECT_EQ(io::read_checkpoint(good).header.step, 20);
  EXPECT_FALSE(fs::exists(disk / "out/T_000000050.png")) << "the run went on after the failure";
  // With the failed checkpoint's space given back, the summary fits and tells what happened.
  EXPECT_HAS(read_file(disk / "out/summary.json"), "\"status\": \"failed\"");
  expect_no_half_files(disk / "out");
}

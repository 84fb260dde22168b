// A run never silently replaces another run's files: a folder that holds them is refused (exit 2,
// naming the folder and the ways on) unless the user asks to overwrite it or continues that run;
// a refused run, a refused restart included, leaves the folder exactly as it was. Temporary
// files that a crashed write left are removed by the next run in the folder. A second run while
// the first still writes there is refused.
#include <gtest/gtest.h>
#include <filesystem>
#include <map>
#include <csignal>
#include <optional>
#include <thread>
#include "background_run.hpp"
#include "output_files.hpp"
#include "run_plume.hpp"

namespace fs = std::filesystem;
using namespace plume;
using plume::test::ckpt;
using plume::test::q;
using plume::test::read_file;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::TempDir;
using plume::test::write_case;

namespace {

// Every file of a folder with its content.
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files[fs::relative(e.path(), dir)] = read_file(e.path());
  return files;
}

}  // namespace

TEST(OutputFolder, ASecondRunIntoAUsedFolderIsRefusedAndChangesNothing) {
  TempDir tmp;
  const std::string cfg = write_case(tmp, plume::test::tiny_config(tmp / "out"));
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  const auto before = snapshot(tmp / "out");
  // Another run (other physics) into the same folder.
  const Result r = run_plume("run -q " + q(cfg) + " --set physics.gravity=2e-3");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_HAS(r.err, "plume: error: output folder '" + tmp / "out" + "' holds the files of another run");
  EXPECT_HAS(r.err, "--overwrite");
  EXPECT_HAS(r.err, "--restart " + ckpt(tmp / "out", 40));
  EXPECT_HAS(r.err, "-o DIR");
  EXPECT_EQ(r.out, "") << "refused before any work";
  EXPECT_EQ(snapshot(tmp / "out"), before) << "the earlier run's files are untouched";
}

TEST(OutputFolder, OverwriteReplacesTheEarlierRunAndLeavesOtherFilesAlone) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c))).code, 0);
  plume::test::write_file(tmp / "out/notes.txt", "mine\n");
  c.steps = 20;  // a shorter run: the first one's images and checkpoint of step 40 must go
  c.output.every = 20;
  const Result r = run_plume("run --overwrite " + q(write_case(tmp, c, "short.toml")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "--overwrite: removed ");
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(tmp / "out")) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  // .plume.lock: the folder's lock, which stays for the next run to take.
  EXPECT_EQ(names, (std::vector<std::string>{".plume.lock", "T_000000000.png", "T_000000020.png", "checkpoint_000000020.ckpt",
                                             "config.toml", "diagnostics.csv", "notes.txt", "summary.json",
                                             "summary.txt"}));
  EXPECT_EQ(read_file(tmp / "out/notes.txt"), "mine\n");
  EXPECT_HAS(read_file(tmp / "out/config.toml"), "steps = 20");
}

TEST(OutputFolder, ARefusedRestartLeavesTheFolderAsItWas) {
  TempDir tmp;
  const std::string cfg = write_case(tmp, plume::test::tiny_config(tmp / "a"));
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  const auto before = snapshot(tmp / "a");
  // Continuing the run in its own folder, but with a lattice the checkpoint does not fit.
  Result r = run_plume("run -q " + q(cfg) + " --set lattice.nx=40 --restart " + q(ckpt(tmp / "a", 20)));
  EXPECT_EQ(r.code, 2);
  EXPECT_HAS(r.err, "is 32 x 48 but this run's lattice is 40 x 48 (lattice.nx x lattice.ny)");
  EXPECT_EQ(snapshot(tmp / "a"), before) << "config.toml and the rest are not rewritten";
  // Another run's checkpoint into this folder: not a continuation of the run there.
  ASSERT_EQ(run_plume("run -q " + q(cfg) + " -o " + q(tmp / "b")).code, 0);
  r = run_plume("run -q " + q(cfg) + " --restart " + q(ckpt(tmp / "b", 20)) + " --steps 60");
  EXPECT_EQ(r.code, 2);
  EXPECT_HAS(r.err, "output folder '" + tmp / "a" + "' holds the files of another run");
  EXPECT_EQ(snapshot(tmp / "a"), before);
}

TEST(OutputFolder, ContinuingTheRunInItsFolderIsAllowed) {
  TempDir tmp;
  const std::string cfg = write_case(tmp, plume::test::tiny_config(tmp / "a"));
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  // From within the folder too: the checkpoint's folder is the output folder.
  const Result r = plume::test::run_shell("cd " + q(tmp / "a") + " && " + PLUME_EXE +
                                          " run -q --restart checkpoint_000000040.ckpt --steps 60 -o .");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(fs::exists(ckpt(tmp / "a", 60)));
}

TEST(OutputFolder, TemporaryFilesOfACrashedWriteAreRemovedByTheNextRun) {
  TempDir tmp;
  fs::create_directories(tmp / "out");
  // What a run killed in the middle of writing an image leaves (pid 999999999: no process).
  const std::string stale = tmp / "out/T_000000020.png.tmp.999999999";
  plume::test::write_file(stale, "\x89PNG half an ima");
  const Result r = run_plume("run " + q(write_case(tmp, plume::test::tiny_config(tmp / "out"))));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "removed 1 temporary file(s) that an interrupted run left in " + tmp / "out");
  EXPECT_FALSE(fs::exists(stale));
}

// Two runs writing into one folder at once would mix their checkpoints and lose rows of
// diagnostics.csv (a restart started too early, a batch job requeued while the first still runs):
// while a run writes, a second one into its folder is refused, naming the first, and changes
// nothing; once the first has ended, it goes on.
TEST(OutputFolder, ASecondRunWhileTheFirstStillWritesIsRefused) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 100000000;
  c.output.every = 0;
  c.output.checkpoint_every = 20;
  c.output.keep = 100000;  // checkpoint 20 stays, to restart from
  const std::string cfg = write_case(tmp, c);
  plume::test::BackgroundRun first(std::string(PLUME_EXE) + " run -q " + q(cfg), tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(ckpt(tmp / "out", 40), 60)) << read_file(tmp / "stderr");
  const Result r = run_plume("run -q --restart " + q(ckpt(tmp / "out", 20)) + " --steps 60");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_HAS(r.err, "output folder '" + tmp / "out" + "' is in use by another plume run (pid " +
                        std::to_string(first.pid()));
  first.signal(SIGINT);
  ASSERT_EQ(first.wait(60), std::optional<int>(130)) << read_file(tmp / "stderr");
  const Result again = run_plume("run -q --restart " + q(ckpt(tmp / "out", 20)) + " --steps 60");
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_TRUE(fs::exists(ckpt(tmp / "out", 60)));
}

// A restart in the folder replaces the summary of the segment it continues as it starts with its
// own, "running": until it ends, the folder does not claim a finished run, and a restart killed on
// its way leaves one that says it did not end.
TEST(OutputFolder, AContinuingRunRemovesTheSummaryOfTheSegmentBefore) {
  TempDir tmp;
  const std::string cfg = write_case(tmp, plume::test::tiny_config(tmp / "out"));
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  ASSERT_TRUE(fs::exists(tmp / "out/summary.json"));
  plume::test::BackgroundRun again(std::string(PLUME_EXE) + " run -q --restart " + q(ckpt(tmp / "out", 40)) +
                                       " --steps 100000000 --set output.checkpoint_every=20 --set output.every=0 "
                                       "--set output.keep=100000",
                                   tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(ckpt(tmp / "out", 80), 60)) << read_file(tmp / "stderr");
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"status\": \"running\"");
  EXPECT_HAS(read_file(tmp / "out/summary.txt"), "status      running");
  EXPECT_EQ(read_file(tmp / "out/summary.json").find("completed"), std::string::npos)
      << "the finished segment's summary while the run goes on";
  again.signal(SIGINT);
  ASSERT_EQ(again.wait(60), std::optional<int>(130)) << read_file(tmp / "stderr");
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"status\": \"interrupted\"");
}

namespace {

// A run that goes on until stopped, writing only diagnostics rows (every 20 steps: many a second)
// between its first and last step: rows appended to diagnostics.csv, which stays open, still
// "succeed" once its folder is gone, and no other file is due.
std::string endless_run_case(const TempDir& tmp) {
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 100000000;
  c.output.every = 0;
  c.output.diagnostics_every = 20;
  c.output.checkpoint_every = 0;
  return write_case(tmp, c);
}

void remove_folder(const std::string& dir) {
  std::error_code ec;
  for (int i = 0; i < 10 && fs::exists(dir); ++i) fs::remove_all(dir, ec);  // rm -rf
  ASSERT_FALSE(fs::exists(dir)) << ec.message();
}

}  // namespace

// The output folder removed (rm -rf) while the run writes into it: the run went on writing rows
// that nothing kept. It stops at its next output with exit status 1, naming the folder, and says
// that its checkpoints went with it.
TEST(OutputFolder, AFolderRemovedDuringTheRunStopsItNamingTheFolder) {
  TempDir tmp;
  const std::string cfg = endless_run_case(tmp);
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run -q " + q(cfg), tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(tmp / "out/config.toml", 60));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // rows are being written
  remove_folder(tmp / "out");
  ASSERT_EQ(run.wait(10), std::optional<int>(1)) << "still running 10 s after its folder was removed";
  const std::string err = read_file(tmp / "stderr");
  EXPECT_HAS(err, "plume: error: cannot write the diagnostics: output folder '" + tmp / "out" +
                      "' was removed during the run");
  EXPECT_EQ(err.find("last good checkpoint"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(tmp / "out")) << "the run does not make it again";
}

// A folder removed and made again under the same name (another run's, a user's) is not this run's:
// nothing of the run goes into it, not even its summary.
TEST(OutputFolder, AFolderReplacedDuringTheRunStopsItAndGetsNothing) {
  TempDir tmp;
  const std::string cfg = endless_run_case(tmp);
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run -q " + q(cfg), tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(tmp / "out/config.toml", 60));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  remove_folder(tmp / "out");
  fs::create_directory(tmp / "out");
  ASSERT_EQ(run.wait(10), std::optional<int>(1)) << "still running 10 s after its folder was replaced";
  EXPECT_HAS(read_file(tmp / "stderr"), "output folder '" + tmp / "out" + "' was replaced during the run");
  EXPECT_TRUE(fs::is_empty(tmp / "out")) << "the run wrote into the new folder";
}

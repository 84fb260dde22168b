// `plume run` under mpirun: what it leaves in the output folder does not depend on the number of
// ranks or the tiling; a checkpoint written by some ranks restarts on others; bad input ends every
// rank with one message and a non-zero exit, never a hang; ranks whose mpirun is killed end.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <vector>
#include <signal.h>
#include "background_run.hpp"
#include "output_files.hpp"
#include "plume/device_fields.hpp"
#include "run_plume.hpp"

using namespace plume;
using namespace plume::test;

namespace {

// `plume ARGS` on `ranks` ranks. A job that hangs is ended after a minute and fails the test
// (exit code 124 or 137) instead of holding ctest.
Result mpirun(int ranks, const std::string& args) {
  return run_shell("timeout -k 5 60 " + std::string(MPIEXEC) + " -np " + std::to_string(ranks) + " " +
                                PLUME_EXE + " " + args);
}

void expect_ended_by_itself(const Result& r) {
  EXPECT_NE(r.code, 124) << "the job hung: " << r.err;
  EXPECT_NE(r.code, 137) << "the job hung: " << r.err;
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// Four ranks on a tiny lattice: every tiling below fits (tiles of at least 7 sites).
std::string write_case(const TempDir& tmp) {
  config::RunConfig c = tiny_config(tmp / "unused");
  c.output.keep = 3;
  const std::string path = tmp / "case.toml";
  config::save_config(c, path);
  return path;
}

std::vector<std::string> files_named(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string n = e.path().filename();
    if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
      names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The rows of diagnostics.csv below its header, as numbers.
std::vector<std::vector<double>> csv_table(const std::string& path) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(read_file(path));
  std::string line, cell;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    rows.emplace_back();
    while (std::getline(cells, cell, ',')) rows.back().push_back(std::stod(cell));
  }
  return rows;
}

// Sums over the ranks are added in another order when a tiling cuts rows: equal to round-off.
// Columns: step, time, mass, momentum x and y, energy, kinetic energy, two widths, extremes.
void expect_same_diagnostics(const std::string& a, const std::string& b) {
  const auto ra = csv_table(a), rb = csv_table(b);
  ASSERT_EQ(ra.size(), rb.size());
  ASSERT_FALSE(ra.empty());
  const double mass = ra[0][2];
  for (std::size_t i = 0; i < ra.size(); ++i) {
    ASSERT_EQ(ra[i].size(), 13u);
    ASSERT_EQ(rb[i].size(), 13u);
    EXPECT_EQ(ra[i][0], rb[i][0]) << "step";
    EXPECT_EQ(ra[i][1], rb[i][1]) << "time";
    for (int c = 2; c <= 6; ++c) EXPECT_NEAR(ra[i][c], rb[i][c], 1e-12 * mass) << "row " << i << " column " << c;
    for (int c = 7; c <= 8; ++c) EXPECT_NEAR(ra[i][c], rb[i][c], 1e-9) << "row " << i << " width column " << c;
    for (int c = 9; c <= 12; ++c) EXPECT_EQ(ra[i][c], rb[i][c]) << "row " << i << " extreme column " << c;
  }
}

}  // namespace

TEST(MpiRun, OutputIsTheSameWhateverTheRanksAndTiles) {
  TempDir tmp;
  const std::string cfg = write_case(tmp);
  const std::string one = tmp / "np1";
  Result r = mpirun(1, "run " + q(cfg) + " -o " + q(one));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> images = files_named(one, ".png");
  ASSERT_EQ(images.size(), 5u) << "steps 0, 10, 20, 30, 40";
  ASSERT_FALSE(same_populations(ckpt(one, 20), ckpt(one, 40))) << "the state must change, or the test proves nothing";

  struct Job {
    int ranks;
    std::string tiles;
    bool overlap;
  };
  for (const Job& job : {Job{2, "1x2", true}, Job{2, "2x1", true}, Job{4, "2x2", true}, Job{4, "1x4", false}}) {
    SCOPED_TRACE(std::to_string(job.ranks) + " ranks, tiles " + job.tiles);
    const std::string dir = tmp / ("np" + std::to_string(job.ranks) + "_" + job.tiles);
    r = mpirun(job.ranks, "run " + q(cfg) + " --set run.tiles=" + job.tiles +
                              " --set run.overlap=" + (job.overlap ? "true" : "false") + " -o " + q(dir));
    expect_ended_by_itself(r);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(count(r.out, "done: step 40"), 1u) << "rank 0 speaks for the job: " << r.out;
    EXPECT_HAS(r.out, job.tiles + " tiles of the 32x48 lattice");
    EXPECT_EQ(files_named(dir, ".png"), images);
    for (const std::string& name : images)
      EXPECT_TRUE(read_file(one + "/" + name) == read_file(dir + "/" + name)) << name << " differs";
    for (long long step : {20, 40})
      EXPECT_TRUE(same_populations(ckpt(one, step), ckpt(dir, step))) << "checkpoint of step " << step;
    if (job.tiles.rfind("1x", 0) == 0)  // whole rows on every rank: each row's sum is one rank's
      EXPECT_EQ(read_file(dir + "/diagnostics.csv"), read_file(one + "/diagnostics.csv"));
    else
      expect_same_diagnostics(one + "/diagnostics.csv", dir + "/diagnostics.csv");
    const std::string json = read_file(dir + "/summary.json");
    EXPECT_HAS(json, "\"ranks\": " + std::to_string(job.ranks));
    EXPECT_HAS(json, "\"tiles\": \"" + job.tiles + "\"");
    EXPECT_HAS(json, std::string("\"overlap\": ") + (job.overlap ? "true" : "false"));
  }
}

TEST(MpiRun, ACheckpointOfTwoRanksContinuesOnThreeAndOneBitForBit) {
  TempDir tmp;
  const std::string cfg = write_case(tmp), two = tmp / "two";
  Result r = mpirun(2, "run " + q(cfg) + " --set run.tiles=2x1 -o " + q(two));
  ASSERT_EQ(r.code, 0) << r.err;

  // The checkpoint's stored configuration names the tiling of the two ranks that wrote it.
  r = mpirun(3, "run --restart " + q(ckpt(two, 20)) + " -o " + q(tmp / "refused"));
  expect_ended_by_itself(r);
  EXPECT_EQ(r.code, 2);
  EXPECT_HAS(r.err, "run.tiles = \"2x1\" needs 2 ranks but the job has 3");
  EXPECT_FALSE(std::filesystem::exists(tmp / "refused")) << "refused before anything is written";

  for (const auto& [ranks, tiles] : {std::pair<int, std::string>{3, "1x3"}, {1, "auto"}}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::string dir = tmp / ("continued_on_" + std::to_string(ranks));
    r = mpirun(ranks, "run --restart " + q(ckpt(two, 20)) + " --set run.tiles=" + tiles + " -o " + q(dir));
    expect_ended_by_itself(r);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_HAS(r.out, "restarting from");
    EXPECT_TRUE(same_populations(ckpt(two, 40), ckpt(dir, 40)));
    const auto rows = csv_table(dir + "/diagnostics.csv");
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows.front()[0], 20);
  }
}

TEST(MpiRun, AnUnphysicalStateStopsEveryRankWithTheOneProcessDiagnosis) {
  TempDir tmp;
  const std::string cfg = tmp / "unstable.toml";
  config::save_config(unstable_config(tmp / "unused"), cfg);
  const Result one = mpirun(1, "run -q " + q(cfg) + " -o " + q(tmp / "np1"));
  ASSERT_EQ(one.code, 3) << one.err;
  // The step, the first bad site of the lattice, its field and value, the bad sites in all.
  const std::string diagnosis = one.err.substr(0, one.err.find('\n'));
  ASSERT_NE(diagnosis.find("the state became unphysical at step "), std::string::npos) << one.err;
  for (const auto& [ranks, tiles] : {std::pair<int, std::string>{2, "2x1"}, {4, "2x2"}}) {
    SCOPED_TRACE(tiles);
    const std::string dir = tmp / tiles;
    const Result r = mpirun(ranks, "run -q " + q(cfg) + " --set run.tiles=" + tiles + " -o " + q(dir));
    expect_ended_by_itself(r);
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), diagnosis);
    EXPECT_EQ(count(r.err, "unphysical"), 1u) << r.err;
    EXPECT_HAS(read_file(dir + "/summary.json"), "\"status\": \"diverged\"");
    EXPECT_EQ(files_named(dir, ".png"), files_named(tmp / "np1", ".png")) << "the image of the bad state too";
  }
}

TEST(MpiRun, BadInputEndsEveryRankWithOneMessage) {
  TempDir tmp;
  const std::string cfg = write_case(tmp);
  struct Case {
    int ranks;
    std::string args, message;
  };
  write_file(tmp / "file", "not a folder");
  const std::string out = " -o " + q(tmp / "out");
  const Case cases[] = {
      {4, "--set run.tiles=5x1" + out, "run.tiles = \"5x1\": tiling 5x1 does not fit the 32x48 lattice"},
      {3, "--set run.tiles=2x2" + out, "run.tiles = \"2x2\" needs 4 ranks but the job has 3"},
      {3, "-o " + q(tmp / "file/out"), "is not a folder"},
      {2, "--restart " + q(cfg) + out, "is not a plume checkpoint"},  // read by rank 0, after the set-up
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const Result r = mpirun(c.ranks, "run " + q(cfg) + " " + c.args);
    expect_ended_by_itself(r);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_HAS(r.err, c.message);
    EXPECT_EQ(count(r.err, "plume: error: "), 1u) << "rank 0 reports for every rank: " << r.err;
  }
}

TEST(MpiRun, ASetUpFailureOnTheRanksEndsThemAll) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is usable here";
  TempDir tmp;
  const Result r = mpirun(2, "run " + q(write_case(tmp)) + " --backend cuda -o " + q(tmp / "out"));
  expect_ended_by_itself(r);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_HAS(r.err, "plume: error: no usable backend: rank 0 of 2: backend 'cuda' requested");
  EXPECT_HAS(r.err, "rank 1 of 2:");
}

// mpirun killed by SIGKILL (which it cannot pass on to the ranks) left both ranks running, holding
// their node (and GPU) for ever: a rank ends when its launcher dies. (Open MPI 4.1 here ends ranks
// that lose mpirun by itself, mostly before plume's stop: the next test shows plume's own part.)
TEST(MpiRun, RanksEndWhenMpirunIsKilled) {
  TempDir tmp;
  BackgroundRun job(std::string(MPIEXEC) + " -np 2 " + PLUME_EXE + " run -q " + q(write_case(tmp)) +
                        " --steps 100000000 --set output.every=0 --set output.checkpoint_every=100000000 -o " +
                        q(tmp / "out"),
                    tmp / "stdout", tmp / "stderr");
  // The ranks are mpirun's children once the run has begun in its folder.
  std::vector<pid_t> ranks;
  for (int i = 0; i < 600 && ranks.size() < 2; ++i) {
    if (std::filesystem::exists(tmp / "out/config.toml")) ranks = children_named(job.pid(), "plume");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(ranks.size(), 2u) << read_file(tmp / "stderr");
  job.signal(SIGKILL);
  ASSERT_TRUE(job.wait(10));
  for (const pid_t rank : ranks) {
    const bool gone = ended(rank, 10);
    if (!gone) ::kill(rank, SIGKILL);  // not left behind by the test either
    EXPECT_TRUE(gone) << "rank " << rank << " outlived mpirun";
  }
}

// A rank whose launcher dies stops as after a SIGTERM (a checkpoint of its step, the summary,
// status 130), with nothing of MPI's to notice it: a rank of a launcher that sets PMI_SIZE (srun's
// step daemon; MPI itself runs as a singleton here), whose launcher is a shell killed by SIGKILL.
// plume ran on for ever.
TEST(MpiRun, ARankStopsWhenTheLauncherThatStartedItDies) {
  TempDir tmp;
  // `; true`: the shell stays plume's parent instead of becoming it.
  BackgroundRun launcher("env PMI_SIZE=1 sh -c " +
                             q(std::string(PLUME_EXE) + " run -q " + q(write_case(tmp)) +
                               " --steps 100000000 --set output.every=0 --set output.checkpoint_every=100000000 -o " +
                               q(tmp / "out") + " 2>" + q(tmp / "rank_stderr") + "; true"),
                         tmp / "stdout", tmp / "stderr");
  std::vector<pid_t> rank;
  for (int i = 0; i < 600 && rank.empty(); ++i) {
    if (std::filesystem::exists(tmp / "out/config.toml")) rank = children_named(launcher.pid(), "plume");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(rank.size(), 1u) << read_file(tmp / "rank_stderr");
  launcher.signal(SIGKILL);
  ASSERT_TRUE(launcher.wait(10));
  const bool gone = ended(rank[0], 20);
  if (!gone) ::kill(rank[0], SIGKILL);  // not left behind by the test either
  ASSERT_TRUE(gone) << "the rank outlived its launcher";
  EXPECT_HAS(read_file(tmp / "rank_stderr"), "plume: interrupted by signal 15 at step");
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"status\": \"interrupted\"");
  EXPECT_FALSE(files_named(tmp / "out", ".ckpt").empty()) << "the checkpoint of the stop";
}

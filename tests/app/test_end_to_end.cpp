// The executable on tiny cases: what it leaves in the output folder, restarts through the
// command line, the stop on an unphysical state, and SIGINT.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include <chrono>
#include <cstring>
#include <thread>
#include <stb/stb_image.h>  // Debian's libstb carries the implementation
#include "plume/io/checkpoint.hpp"
#include "plume/device_fields.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/field_select.hpp"
#include "plume/viz/image.hpp"
#include "background_run.hpp"
#include "output_files.hpp"
#include "run_plume.hpp"

extern char** environ;

using namespace plume;
using plume::test::ckpt;
using plume::test::q;
using plume::test::read_file;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::same_populations;
using plume::test::write_case;
using plume::test::TempDir;

namespace {

// Width and height from a PNG's IHDR chunk.
std::pair<int, int> png_size(const std::string& path) {
  const std::string s = read_file(path);
  if (s.size() < 24 || s.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || s.compare(12, 4, "IHDR") != 0) return {0, 0};
  auto be32 = [&](std::size_t o) {
    return int((unsigned char)s[o] << 24 | (unsigned char)s[o + 1] << 16 | (unsigned char)s[o + 2] << 8 |
               (unsigned char)s[o + 3]);
  };
  return {be32(16), be32(20)};
}

// Rows of diagnostics.csv: the step column and the mass column.
std::vector<std::pair<long long, double>> csv_rows(const std::string& path) {
  std::vector<std::pair<long long, double>> rows;
  std::istringstream in(read_file(path));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const auto c1 = line.find(','), c2 = line.find(',', c1 + 1), c3 = line.find(',', c2 + 1);
    rows.emplace_back(std::stoll(line.substr(0, c1)), std::stod(line.substr(c2 + 1, c3 - c2 - 1)));
  }
  return rows;
}

std::vector<long long> checkpoint_steps(const std::string& dir) {
  std::vector<long long> steps;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string n = e.path().filename();
    if (n.rfind("checkpoint_", 0) == 0) steps.push_back(std::stoll(n.substr(11)));
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

}  // namespace

TEST(EndToEnd, TinyRunLeavesImagesDiagnosticsCheckpointsAndSummary) {
  TempDir tmp;
  const config::RunConfig c = plume::test::tiny_config(tmp / "out");
  const Result r = run_plume("run " + q(write_case(tmp, c)));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "done: step 40");
  const std::string out = tmp / "out";
  for (long long s : {0, 10, 20, 30, 40}) {
    char name[64];
    std::snprintf(name, sizeof name, "/T_%09lld.png", s);
    const auto [w, h] = png_size(out + name);
    EXPECT_GT(w, c.solver.nx * c.output.image_scale) << name << ": field plus colour bar";
    EXPECT_GT(h, c.solver.ny * c.output.image_scale) << name << ": field plus title";
  }
  const auto rows = csv_rows(out + "/diagnostics.csv");
  ASSERT_EQ(rows.size(), 5u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].first, 10 * long(i));
    EXPECT_NEAR(rows[i].second, rows[0].second, 1e-12 * rows[0].second) << "mass is conserved";
  }
  EXPECT_EQ(checkpoint_steps(out), (std::vector<long long>{20, 40}));
  const io::Checkpoint final_state = io::read_checkpoint(ckpt(out, 40));
  EXPECT_EQ(final_state.header.step, 40);
  EXPECT_EQ(config::to_toml(config::load_config(out + "/config.toml")), config::to_toml(c));
  const std::string json = read_file(out + "/summary.json");
  for (const char* s : {"\"status\": \"completed\"", "\"git_commit\"", "\"compiler\"", "\"site_updates_per_second\"",
                        "\"bytes_per_site\": 592", "\"reason\"", "\"nx\": 32", "\"gravity\": 0.001",
                        "\"last\": 40"})
    EXPECT_HAS(json, s);
  const std::string txt = read_file(out + "/summary.txt");
  EXPECT_HAS(txt, "site updates/s");
  EXPECT_HAS(txt, "[physics]");
  // Each file says what it is on its own: the configuration which plume wrote it, an image (in its
  // PNG text) what it shows, the program and the physics, not how the run was run.
  EXPECT_EQ(read_file(out + "/config.toml").rfind("# the configuration of this run, written by plume ", 0), 0u);
  const std::string png = read_file(out + "/T_000000040.png");
  for (const char* s : {"iTXt", "Title", "temperature T_H, step 40", "Software", "Description", "d2q37", "32 x 48",
                        "Comment", "[physics]", "gravity = 0.001"})
    EXPECT_HAS(png, s);
  EXPECT_EQ(png.find("[run]"), std::string::npos) << "how the run was run is not the picture's";
}

TEST(EndToEnd, DiagnosticsHaveTheirOwnCadence) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.output.every = 20;
  const Result r = run_plume("run -q " + q(write_case(tmp, c)) + " --set output.diagnostics_every=5");
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<long long> rows;
  for (const auto& row : csv_rows(tmp / "out/diagnostics.csv")) rows.push_back(row.first);
  EXPECT_EQ(rows, (std::vector<long long>{0, 5, 10, 15, 20, 25, 30, 35, 40}));
  std::vector<std::string> images;
  for (const auto& e : std::filesystem::directory_iterator(tmp / "out"))
    if (e.path().extension() == ".png") images.push_back(e.path().filename());
  std::sort(images.begin(), images.end());
  EXPECT_EQ(images, (std::vector<std::string>{"T_000000000.png", "T_000000020.png", "T_000000040.png"}));
}

TEST(EndToEnd, ImageColoursSpanTheDataRangeOfTheirStep) {
  // By step 100 the temperature has left the range of the initial and wall temperatures
  // (0.9 to 1.1); the image maps its own extremes onto the ends of the colormap, site by site.
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 100;
  c.output.every = 100;
  c.output.checkpoint_every = 100;
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c))).code, 0);
  const Fields f = plume::test::checkpoint_fields(ckpt(tmp / "out", 100), c);
  const std::vector<double> T = io::extract_field(f, io::field_choice(f.model(), "T"));
  const viz::Range r = viz::finite_range(T);
  ASSERT_TRUE(r.lo < 0.9 - 1e-3 || r.hi > 1.1 + 1e-3) << "the test needs data outside 0.9..1.1";
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load((tmp / "out/T_000000100.png").c_str(), &w, &h, &n, 3);
  ASSERT_NE(px, nullptr);
  const int scale = c.output.image_scale, top = 12;  // the title's line
  int mismatches = 0;
  for (int y = 0; y < f.ny; ++y)
    for (int x = 0; x < f.nx; ++x) {
      const viz::RGB8 want = viz::colormap(viz::Colormap::Inferno, (T[f.at(x, y)] - r.lo) / (r.hi - r.lo));
      const unsigned char* p = px + (std::size_t(top + (f.ny - 1 - y) * scale) * w + x * scale) * 3;
      mismatches += p[0] != want.r || p[1] != want.g || p[2] != want.b;
    }
  stbi_image_free(px);
  EXPECT_EQ(mismatches, 0) << "of " << f.nx * f.ny << " sites";
}

TEST(EndToEnd, AFixedImageRangeSaysWhatItClips) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 0;
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c)) + " -o " + q(tmp / "auto")).code, 0);
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c)) + " --set output.range=0.95:1.05 -o " + q(tmp / "fixed")).code,
            0);
  const auto [wa, ha] = png_size(tmp / "auto/T_000000000.png");
  const auto [wf, hf] = png_size(tmp / "fixed/T_000000000.png");
  EXPECT_EQ(ha, 12 + c.solver.ny * c.output.image_scale) << "title and field: nothing clipped";
  EXPECT_EQ(hf, ha + 12) << "a line under the field tells what is clipped";
  EXPECT_GT(wf, wa) << "as wide as the note";
}

TEST(EndToEnd, KeepsOnlyTheNewestCheckpoints) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 50;
  c.output.checkpoint_every = 10;
  c.output.keep = 2;
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c))).code, 0);
  EXPECT_EQ(checkpoint_steps(tmp / "out"), (std::vector<long long>{40, 50}));
}

TEST(EndToEnd, QuietPrintsNothingOnSuccess) {
  TempDir tmp;
  const Result r = run_plume("run --quiet " + q(write_case(tmp, plume::test::tiny_config(tmp / "out"))));
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST(EndToEnd, RestartFromTheCommandLineMatchesTheStraightRun) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "a");
  c.output.keep = 3;
  const std::string cfg = write_case(tmp, c);
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  // From the checkpoint at step 20, into another folder, to the same end.
  Result r = run_plume("run " + q(cfg) + " --restart " + q(ckpt(tmp / "a", 20)) + " -o " + q(tmp / "b"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "restarting from");
  EXPECT_TRUE(same_populations(ckpt(tmp / "a", 40), ckpt(tmp / "b", 40)));
  EXPECT_EQ(csv_rows(tmp / "b/diagnostics.csv").front().first, 20);
  // Without a configuration file: the one stored in the checkpoint.
  r = run_plume("run -q --restart " + q(ckpt(tmp / "a", 20)) + " -o " + q(tmp / "c"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(same_populations(ckpt(tmp / "a", 40), ckpt(tmp / "c", 40)));
  // Into the same folder, further on: the diagnostics stay one history without repeats.
  r = run_plume("run -q " + q(cfg) + " --restart " + q(ckpt(tmp / "a", 20)) + " --steps 60");
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<long long> steps;
  for (const auto& row : csv_rows(tmp / "a/diagnostics.csv")) steps.push_back(row.first);
  EXPECT_EQ(steps, (std::vector<long long>{0, 10, 20, 30, 40, 50, 60}));
  EXPECT_EQ(checkpoint_steps(tmp / "a"), (std::vector<long long>{20, 40, 60}));
}

// run.streaming = "in-place" through the whole program: the same checkpoints as two buffers, a
// checkpoint taken after an odd step restarts a two-buffer run to the same end, and the summary
// says how the populations were held.
TEST(EndToEnd, InPlaceStreamingLeavesTheTwoBufferCheckpointsAndRestartsEitherWay) {
  TempDir tmp;
  config::RunConfig two = plume::test::tiny_config(tmp / "two");
  two.steps = 42;
  two.output.checkpoint_every = 21;
  config::RunConfig one = two;
  one.output.dir = tmp / "one";
  one.solver.streaming = Streaming::InPlace;
  const std::string two_cfg = write_case(tmp, two, "two.toml"), one_cfg = write_case(tmp, one, "one.toml");
  ASSERT_EQ(run_plume("run -q " + q(two_cfg)).code, 0);
  Result r = run_plume("run -q " + q(one_cfg));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(same_populations(ckpt(tmp / "two", 21), ckpt(tmp / "one", 21)));
  EXPECT_TRUE(same_populations(ckpt(tmp / "two", 42), ckpt(tmp / "one", 42)));
  EXPECT_HAS(read_file(tmp / "one/summary.json"), "in-place streaming");
  EXPECT_HAS(read_file(tmp / "one/summary.json"), "\"streaming\": \"in-place\"");
  // The in-place checkpoint of step 21, restarted with two buffers.
  r = run_plume("run -q " + q(two_cfg) + " --restart " + q(ckpt(tmp / "one", 21)) + " -o " + q(tmp / "mixed"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(same_populations(ckpt(tmp / "two", 42), ckpt(tmp / "mixed", 42)));
}

TEST(EndToEnd, RestartWithAnotherLatticeSizeIsRefused) {
  TempDir tmp;
  const std::string cfg = write_case(tmp, plume::test::tiny_config(tmp / "a"));
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  const Result r = run_plume("run " + q(cfg) + " --set lattice.nx=40 --restart " + q(ckpt(tmp / "a", 20)));
  EXPECT_EQ(r.code, 2);
  EXPECT_HAS(r.err, "is 32 x 48 but this run's lattice is 40 x 48 (lattice.nx x lattice.ny)");
}

TEST(EndToEnd, BlowUpStopsWithLocationAndKeepsTheLastGoodCheckpoint) {
  TempDir tmp;
  config::RunConfig c = plume::test::unstable_config(tmp / "out");
  c.output.every = 10;
  c.output.checkpoint_every = 20;
  c.output.keep = 2;
  const Result r = run_plume("run " + q(write_case(tmp, c)));
  ASSERT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_HAS(r.err, "plume: error: the state became unphysical at step ");
  EXPECT_HAS(r.err, " at (x=");
  EXPECT_HAS(r.err, "last good checkpoint: ");
  const long long fault_step = std::stoll(r.err.substr(r.err.find("at step ") + 8));
  const auto steps = checkpoint_steps(tmp / "out");
  ASSERT_FALSE(steps.empty()) << "the test needs a checkpoint before the blow-up";
  EXPECT_LT(steps.back(), fault_step) << "no checkpoint of the broken state";
  // The newest checkpoint is sound: it reads back and its state passes the health check.
  EXPECT_FALSE(io::find_fault(plume::test::checkpoint_fields(ckpt(tmp / "out", steps.back()), c), steps.back())
                   .has_value());
  EXPECT_EQ(csv_rows(tmp / "out/diagnostics.csv").back().first, fault_step) << "the bad step is on record";
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"status\": \"diverged\"");
}

namespace {

// Runs a long case, sends `sig` once the run is under way (its second image) and checks that it
// stopped as Ctrl-C stops it: status 130, a checkpoint of the step it reached, the summary.
void expect_a_clean_stop_on(int sig) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 100000000;
  c.output.every = 50;
  c.output.checkpoint_every = 0;
  const std::string cfg = write_case(tmp, c);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, (tmp / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, (tmp / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char* argv[] = {PLUME_EXE, "run", cfg.c_str(), nullptr};
  pid_t pid;
  ASSERT_EQ(posix_spawn(&pid, PLUME_EXE, &fa, nullptr, const_cast<char**>(argv), environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  // Wait until the run is under way (its second image), then interrupt it.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!std::filesystem::exists(tmp / "out/T_000000050.png") && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(pid, sig);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_HAS(read_file(tmp / "stderr"), "interrupted by signal " + std::to_string(sig) + " at step ");
  const auto steps = checkpoint_steps(tmp / "out");
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_GE(steps[0], 50);
  EXPECT_EQ(io::read_checkpoint(ckpt(tmp / "out", steps[0])).header.step, steps[0]);
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"status\": \"interrupted\"");
}

}  // namespace

TEST(EndToEnd, SigintWritesACheckpointAndExits130) { expect_a_clean_stop_on(SIGINT); }

// A batch system's SIGTERM, and SIGHUP (the terminal or ssh session of a run without nohup
// closed), stop it the same way.
TEST(EndToEnd, SigtermAndSighupStopItAsCtrlCDoes) {
  expect_a_clean_stop_on(SIGTERM);
  expect_a_clean_stop_on(SIGHUP);
}

// SIGKILL (a batch system's hard limit, the out-of-memory killer) leaves no checkpoint of its own:
// a run killed before its first periodic checkpoint could not be continued. output.first_checkpoint
// writes one early, and a restart from it continues the run.
TEST(EndToEnd, TheFirstCheckpointLetsARunKilledEarlyBeContinued) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 100000000;
  c.output.every = 0;
  c.output.checkpoint_every = 50000000;
  const std::string out = tmp / "out", cfg = write_case(tmp, c);
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run -q " + q(cfg) + " --set output.first_checkpoint=30",
                                 tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(ckpt(out, 30), 60)) << read_file(tmp / "stderr");
  run.signal(SIGKILL);
  ASSERT_EQ(run.wait(30), std::optional<int>(128 + SIGKILL));
  EXPECT_EQ(checkpoint_steps(out), (std::vector<long long>{30}));
  const Result r = run_plume("run --restart " + q(ckpt(out, 30)) + " --steps 60");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "restarting from " + ckpt(out, 30) + " at step 30");
  EXPECT_EQ(io::read_checkpoint(ckpt(out, 60)).header.step, 60);
}

TEST(EndToEnd, DivergedRestartNamesTheCheckpointItStartedFrom) {
  TempDir tmp;
  config::RunConfig c = plume::test::unstable_config(tmp / "out");
  c.steps = 20;
  c.output.every = 10;
  c.output.checkpoint_every = 20;
  ASSERT_EQ(run_plume("run -q " + q(write_case(tmp, c))).code, 0);
  // On from step 20 without periodic checkpoints: it diverges before writing one.
  const std::string start = ckpt(tmp / "out", 20);
  const Result r = run_plume("run --restart " + q(start) + " --steps 5000 --set output.checkpoint_every=0");
  ASSERT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_HAS(r.err, "last good checkpoint: " + start);
  EXPECT_HAS(read_file(tmp / "out/summary.json"), "\"final_checkpoint\": \"" + start + "\"");
}

namespace {

// Runs plume with stdout and stderr on a pseudo-terminal, which is what Open MPI's mpirun hands
// its ranks even when its own output goes to a file, with the launcher's variables set. Stops it
// with SIGINT once it has printed `until` (or after 60 s); returns all it printed.
std::string run_under_a_launcher(const std::vector<std::string>& args, const std::string& until) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return "no pseudo-terminal";
  const std::string slave = ::ptsname(master);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, slave.c_str(), O_RDWR | O_NOCTTY, 0);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  std::vector<std::string> env{"OMPI_COMM_WORLD_SIZE=1"};
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  std::vector<char*> envp, argv{const_cast<char*>(PLUME_EXE)};
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid;
  const int spawned = posix_spawn(&pid, PLUME_EXE, &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  if (spawned != 0) return "cannot start plume";
  std::string out;
  bool stopped = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  char buf[4096];
  while (true) {
    if (!stopped && (out.find(until) != std::string::npos || std::chrono::steady_clock::now() > deadline)) {
      ::kill(pid, SIGINT);
      stopped = true;
    }
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO: plume has ended and closed the terminal
    out.append(buf, std::size_t(n));
  }
  ::waitpid(pid, nullptr, 0);
  ::close(master);
  return out;
}

}  // namespace

TEST(EndToEnd, ProgressUnderAnMpiLauncherIsPlainLinesOfTheWholeRun) {
  TempDir tmp;
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 2000000;
  c.output.every = 0;
  c.output.checkpoint_every = 0;
  // A checkpoint half way through the run: the progress is that of the whole run, not of the segment.
  Solver s(c.solver);
  s.initialize();
  io::write_checkpoint(tmp / "half.ckpt", c.solver, config::to_toml(c), 1000000, s.populations());
  const std::string out = run_under_a_launcher({"run", "--restart", tmp / "half.ckpt"}, "site updates/s");
  EXPECT_HAS(out, "restarting from");
  EXPECT_HAS(out, "/2000000 (50%)");
  EXPECT_EQ(out.find('\033'), std::string::npos) << "no terminal escapes: " << out;
  std::istringstream lines(out);
  std::string line;
  int reports = 0;
  while (std::getline(lines, line))
    if (line.find("site updates/s") != std::string::npos && line.rfind("done:", 0) != 0) {
      ++reports;
      EXPECT_EQ(line.rfind("step ", 0), 0u) << "one report a line: " << line;
      EXPECT_EQ(line.find("step ", 1), std::string::npos) << "one report a line: " << line;
    }
  EXPECT_GE(reports, 1) << out;
}

TEST(EndToEnd, WithoutAGpuTheBannerSaysSoPlainly) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "this machine has a CUDA device: the banner names it";
  TempDir tmp;
  const Result r = run_plume("run " + q(write_case(tmp, plume::test::tiny_config(tmp / "out"))) + " --backend auto");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "cpu backend: CPU, OpenMP");
  EXPECT_HAS(r.out, "(no usable GPU found; the details are in summary.txt)");
  EXPECT_EQ(r.out.find("driver"), std::string::npos) << r.out;
  // The CUDA runtime's own words stay on record.
  EXPECT_HAS(read_file(tmp / "out/summary.txt"), "no CUDA device (");
}

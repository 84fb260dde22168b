// `plume seed001`: the seed-001 benchmark's files run unchanged, checked against the benchmark's
// algorithm written out independently (seed001_reference.hpp): the average velocity of every step
// and the final state in the benchmark's exact formats, and its Reynolds number; bad files end
// the command before any work, naming the file and the line.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include "plume/device_fields.hpp"
#include "run_plume.hpp"
#include "seed001_reference.hpp"

using namespace plume::test;

namespace {

const int NX = 40, NY = 24;
const long kSteps = 400;

bool solid(int x, int y) { return y == 0 || y == NY - 1 || (x >= 10 && x < 14 && y >= 8 && y < 13); }

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// The benchmark's input files for the case above, in `dir`.
void write_inputs(const TempDir& dir, long steps = kSteps) {
  write(dir / "params.txt", std::to_string(NX) + "\n" + std::to_string(NY) + "\n" + std::to_string(steps) +
                                "\n10\n0.1\n0.005\n1.85\n");
  std::string obstacles;
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x)
      if (solid(x, y)) obstacles += std::to_string(x) + " " + std::to_string(y) + " 1\n";
  write(dir / "obstacles.dat", obstacles);
}

Seed001Reference reference(long steps) {
  std::vector<char> obs(std::size_t(NX) * NY);
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) obs[std::size_t(y) * NX + x] = solid(x, y);
  Seed001Reference r(NX, NY, 0.1, 0.005, 1.85, obs);
  for (long t = 0; t < steps; ++t) r.step();
  return r;
}

std::vector<std::string> lines_of(const std::string& path) {
  std::istringstream in(read_file(path));
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// Runs the command on the inputs in `dir` and checks its outputs against the reference: the
// average velocities, pressures and Reynolds number to the relative tolerance `tol`, the
// velocities (about 1e-3 here, and differences of populations 10 times larger) to `u_tol`.
void check_run(const std::string& precision, double tol, double u_tol) {
  TempDir dir;
  write_inputs(dir);
  const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                             q(dir / "out") + " --backend cpu --threads 1 --precision " + precision + " -q");
  ASSERT_EQ(r.code, 0) << r.err;
  const Seed001Reference ref = reference(kSteps);

  const std::vector<std::string> av = lines_of(dir / "out/av_vels.dat");
  ASSERT_EQ(av.size(), std::size_t(kSteps));
  const std::regex av_line(R"(^(\d+):\t(\d\.\d{12}E[-+]\d{2})$)");
  for (long t = 0; t < kSteps; ++t) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(av[t], m, av_line)) << "line " << t << ": '" << av[t] << "'";
    EXPECT_EQ(std::stol(m[1]), t);
    EXPECT_NEAR(std::stod(m[2]) / ref.av_vels[t], 1.0, tol) << "step " << t;
  }

  const std::vector<std::string> state = lines_of(dir / "out/final_state.dat");
  ASSERT_EQ(state.size(), std::size_t(NX) * NY);
  const std::string e = R"(-?\d\.\d{12}E[-+]\d{2})";
  const std::regex state_line("^(\\d+) (\\d+) (" + e + ") (" + e + ") (" + e + ") (" + e + ") ([01])$");
  Seed001Reference last = ref;
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) {
      const std::size_t k = std::size_t(y) * NX + x;
      std::smatch m;
      ASSERT_TRUE(std::regex_match(state[k], m, state_line)) << "line " << k << ": '" << state[k] << "'";
      EXPECT_EQ(std::stoi(m[1]), x);
      EXPECT_EQ(std::stoi(m[2]), y);
      EXPECT_EQ(std::stoi(m[7]), solid(x, y) ? 1 : 0);
      double rho = 0, jx = 0, jy = 0;
      static const int ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1}, ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
      for (int i = 0; i < 9; ++i) rho += last.at(last.cells, i, k), jx += ex[i] * last.at(last.cells, i, k),
                                  jy += ey[i] * last.at(last.cells, i, k);
      const double ux = solid(x, y) ? 0 : jx / rho, uy = solid(x, y) ? 0 : jy / rho;
      const double p = (solid(x, y) ? 0.1 : rho) / 3;
      EXPECT_NEAR(std::stod(m[3]), ux, u_tol) << x << " " << y;
      EXPECT_NEAR(std::stod(m[4]), uy, u_tol) << x << " " << y;
      EXPECT_NEAR(std::stod(m[5]), std::hypot(ux, uy), u_tol) << x << " " << y;
      EXPECT_NEAR(std::stod(m[6]) / p, 1.0, tol) << x << " " << y;
    }

  // The benchmark's report: Re = av_velocity * reynolds_dim / nu, nu = (2 / omega - 1) / 6.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("==done==\nReynolds number:\t\t(" + e + ")\n"))) << r.out;
  const double nu = (2 / 1.85 - 1) / 6;
  EXPECT_NEAR(std::stod(m[1]) / (ref.av_vels.back() * 10 / nu), 1.0, tol);
  for (const char* line : {"Elapsed Init time:", "Elapsed Compute time:", "Elapsed Total time:"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line;
}

}  // namespace

TEST(Seed001, Fp64RunMatchesTheBenchmarksAlgorithmToRoundOff) { check_run("fp64", 1e-10, 1e-14); }

// Populations stored in single precision (the benchmark's own storage): agreement at the level of
// its round-off, far inside the 1 % its checking script allows.
TEST(Seed001, Fp32StorageMatchesToSinglePrecisionRoundOff) { check_run("fp32", 2e-5, 5e-7); }

// Scripts written for the benchmark read its stdout: without -q it holds the report alone, line for
// line as the original prints it; plume's note about the run goes to stderr.
TEST(Seed001, StdoutHoldsTheBenchmarksReportAlone) {
  TempDir dir;
  write_inputs(dir, 20);
  const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                             q(dir / "out") + " --backend cpu --threads 1");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string e = R"(\d\.\d{12}E[-+]\d{2})", t = R"(\d+\.\d{6} \(s\))";
  EXPECT_TRUE(std::regex_match(r.out, std::regex("==done==\nReynolds number:\t\t" + e +
                                                 "\nElapsed Init time:\t\t\t" + t +
                                                 "\nElapsed Compute time:\t\t\t" + t +
                                                 "\nElapsed Collate time:\t\t\t" + t +
                                                 "\nElapsed Total time:\t\t\t" + t + "\n")))
      << "stdout:\n" << r.out;
  EXPECT_NE(r.err.find("seed-001 benchmark: 40 x 24, 20 steps"), std::string::npos) << r.err;
}

TEST(Seed001, BadFilesEndTheCommandBeforeAnyWorkNamingFileAndLine) {
  struct Case {
    std::string params, obstacles, expected;
  };
  const std::string good_params = "40\n24\n10\n10\n0.1\n0.005\n1.85\n";
  const std::vector<Case> cases{
      {"40\n24\n10\n10\n0.1\n0.005\n", "1 1 1\n", "params.txt: the parameter file ends after 6 lines"},
      {"40\n24\nten\n10\n0.1\n0.005\n1.85\n", "1 1 1\n", "params.txt:3: maxIters: expected an integer"},
      {"40\n24\n10\n10\n0.1\n0.005\n2.5\n", "1 1 1\n", "params.txt:7: omega = 2.5 must lie between 0 and 2"},
      // accel is D2Q9's accelerate.a: from 1 on the push exceeds what population 3 holds at rest.
      {"40\n24\n10\n10\n0.1\n1.5\n1.85\n", "1 1 1\n",
       "params.txt:6: accel = 1.5 is out of the benchmark's range: it must be >= 0 and < 1 (from 1 on the push"},
      {"40\n24\n10\n10\n0.1\n-0.005\n1.85\n", "1 1 1\n", "params.txt:6: accel = -0.005 is out of the benchmark's range"},
      {good_params, "1 1 1\n3 4 2\n", "obstacles.dat:2"},
      {good_params, "1 1 1\n40 4 1\n", "obstacles.dat:2"},
      {good_params, "1 1\n", "obstacles.dat:1"},
      // Numbers too large for their type name the limit; a binary file's bytes are quoted escaped.
      {"99999999999\n24\n10\n10\n0.1\n0.005\n1.85\n", "1 1 1\n",
       "params.txt:1: nx = 99999999999 is out of range: it does not fit in a 32-bit integer (at most 2147483647)"},
      {"40\n24\n99999999999999999999\n10\n0.1\n0.005\n1.85\n", "1 1 1\n",
       "params.txt:3: maxIters = 99999999999999999999 is out of range: it does not fit in a 64-bit integer (at most "
       "9223372036854775807)"},
      {good_params, "99999999999999999999 0 1\n", "obstacles.dat:1: x = 99999999999999999999 is out of range: 0 <= x < nx = 40"},
      {"40\n24\n10\n1\x01\xff\n0.1\n0.005\n1.85\n", "1 1 1\n",
       "params.txt:4: reynolds_dim: unexpected '\\x01\\xff' after the value"},
      {good_params + "\x7f\n", "1 1 1\n", "params.txt: unexpected text after the seventh line: '\\x7f'"},
      {good_params, "1 1 1 \x01\n", "obstacles.dat:1: unexpected '\\x01' after the three fields"},
  };
  for (const Case& c : cases) {
    TempDir dir;
    write(dir / "params.txt", c.params);
    write(dir / "obstacles.dat", c.obstacles);
    const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                               q(dir / "out") + " --backend cpu -q");
    EXPECT_EQ(r.code, 2) << c.expected << "\n" << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(dir / "out/av_vels.dat").good()) << "no output after bad input";
  }
  const Result missing = run_plume("seed001 /nonexistent/params.txt /nonexistent/obs.dat -q");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/params.txt"), std::string::npos) << missing.err;
}

// A leading + is read in both files, as the benchmark's own fscanf reads them: the parameter file
// took +40 and the obstacle file refused +1.
TEST(Seed001, ALeadingPlusIsReadInBothFiles) {
  TempDir dir;
  write(dir / "params.txt", "+40\n+24\n+10\n+10\n+0.1\n+0.005\n+1.85\n");
  write(dir / "obstacles.dat", "+1 +1 +1\n");
  const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                             q(dir / "out") + " --backend cpu --threads 1 -q");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_file(dir / "out/final_state.dat").find("\n1 1 0.000000000000E+00 0.000000000000E+00 "
                                                        "0.000000000000E+00 3.333333333333E-02 1\n"),
            std::string::npos);
}

// What cannot run is refused before any work, with exit status 2 and nothing created: a lattice or
// a record of steps that does not fit in memory (std::bad_alloc, exit 1, an empty folder), an output
// folder that cannot be one (raw std::filesystem text), absurd --threads (libgomp crashed), a FIFO
// or a device as an input file (read for ever).
TEST(Seed001, WhatCannotRunIsRefusedBeforeAnyWork) {
  struct Case {
    std::string params, args, expected;
  };
  TempDir dir;
  write(dir / "file", "");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  const std::string ok = "32\n16\n10\n15\n0.1\n0.005\n1.85\n";
  const std::vector<Case> cases{
      {"2000000\n2000000\n10\n15\n0.1\n0.005\n1.85\n", "",
       "params.txt:1: nx = 2000000, " + dir / "params.txt" + ":2: ny = 2000000: a lattice of 2000000 x 2000000 sites needs about"},
      {"32\n16\n99999999999\n15\n0.1\n0.005\n1.85\n", "",
       "params.txt:3: maxIters = 99999999999: the run keeps the average velocity of every step for av_vels.dat, and "
       "needs about"},
      {ok, "--out " + q(dir / "file"), "--out = \"" + dir / "file" + "\" exists and is not a folder"},
      {ok, "--out ''", "--out is empty"},
      {ok, "--out " + q(dir / "file/out"), "cannot be created: '" + dir / "file" + "' is not a folder"},
      {ok, "--threads -1", "--threads = '-1': expected a whole number from 0 (the OpenMP default) to"},
      {ok, "--threads 100000", "--threads = '100000': expected a whole number from 0"},
      {ok, "--threads abc", "--threads = 'abc'"},
  };
  for (const Case& c : cases) {
    write(dir / "params.txt", c.params);
    write(dir / "obstacles.dat", "1 1 1\n");
    const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --backend cpu -q " +
                               (c.args.find("--out") == std::string::npos ? "--out " + q(dir / "out") + " " : "") + c.args);
    EXPECT_EQ(r.code, 2) << c.expected << "\n" << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("bad_alloc"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out")) << c.expected;
  }
  write(dir / "params.txt", ok);
  struct Files {
    std::string params, obstacles, expected;
  };
  const std::vector<Files> files{
      {"/dev/zero", dir / "obstacles.dat", "cannot read parameter file '/dev/zero': it is a character device, not a regular file"},
      {dir / "fifo", dir / "obstacles.dat", "cannot read parameter file '" + dir / "fifo" + "': it is a FIFO (named pipe), not a regular file"},
      {dir / "params.txt", "/dev/urandom", "cannot read obstacle file '/dev/urandom': it is a character device, not a regular file"},
      {dir / "params.txt", dir / "fifo", "cannot read obstacle file '" + dir / "fifo" + "': it is a FIFO"},
      {dir.path, dir / "obstacles.dat", "cannot read parameter file '" + dir.path + "': it is a folder"}};
  for (const auto& [params, obstacles, expected] : files) {
    const Result r = run_plume("seed001 " + q(params) + " " + q(obstacles) + " --out " + q(dir / "out") + " -q");
    EXPECT_EQ(r.code, 2) << expected << "\n" << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out")) << expected;
  }
}

// An output folder that is a symbolic link to nowhere is named as such (as `plume run -o` does):
// it passed the checks and failed after the run.
TEST(Seed001, AnOutputFolderThatIsALinkToNowhereIsNamed) {
  TempDir dir;
  write(dir / "params.txt", "32\n16\n10\n15\n0.1\n0.005\n1.85\n");
  write(dir / "obstacles.dat", "");
  std::filesystem::create_symlink("loop", dir / "loop");
  std::filesystem::create_symlink("/nonexistent/x", dir / "dangling");
  for (const auto& [name, why] : {std::pair{"loop", "(a loop of links)"},
                                  std::pair{"dangling", "(its target: No such file or directory)"}}) {
    const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                               q(dir / name) + " --backend cpu -q");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("--out = \"" + dir / name + "\" is a symbolic link that leads nowhere " + why),
              std::string::npos)
        << r.err;
  }
}

// A run that cannot start (no GPU for --backend cuda) or blows up at once leaves no folder behind:
// the folder is made when there is something to write into it.
TEST(Seed001, ARunThatWritesNothingLeavesNoFolder) {
  TempDir dir;
  write(dir / "params.txt", "32\n16\n10\n15\n1e300\n0.005\n1.85\n");  // density 1e300: NaN at step 0
  write(dir / "obstacles.dat", "1 1 1\n");
  const Result blown = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                                 q(dir / "out") + " --backend cpu --threads 1 -q");
  EXPECT_EQ(blown.code, 3) << blown.err;
  EXPECT_NE(blown.err.find("the flow became unphysical at step 0"), std::string::npos) << blown.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
  if (plume::cuda_device_count() == 0) {
    write(dir / "params.txt", "32\n16\n10\n15\n0.1\n0.005\n1.85\n");
    const Result cuda = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                                  q(dir / "out") + " --backend cuda -q");
    EXPECT_EQ(cuda.code, 1) << cuda.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out"));
  }
}

// seed001 has a help of its own: run's footer listed every configuration key and exit codes about
// checkpoints and in-situ pipelines, none of which apply to it.
TEST(Seed001, HelpSpeaksOfTheBenchmarkAlone) {
  const Result r = run_plume("seed001 --help");
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* s : {"--out", "--precision", "seven lines", "av_vels.dat", "final_state.dat", "Exit codes", "3 the flow"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
  for (const char* s : {"physics.gravity", "lattice.nx", "checkpoint", "in-situ", "130"})
    EXPECT_EQ(r.out.find(s), std::string::npos) << s << "\n" << r.out;
}

// Unlike `plume run`, seed001 replaces an earlier run's two files, as the benchmark's own program
// does in its folder (its users rerun there); it says so on stderr, and stdout stays the report's.
TEST(Seed001, ARerunIntoTheSameFolderReplacesItsFilesAndSaysSo) {
  TempDir dir;
  write_inputs(dir, 5);
  const std::string line = "seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                           q(dir / "out") + " --backend cpu --threads 1";
  const Result first = run_plume(line);
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_EQ(first.err.find("replacing"), std::string::npos) << first.err;
  write_inputs(dir, 7);
  const Result again = run_plume(line);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.err.find("replacing av_vels.dat and final_state.dat of an earlier run in '" + dir / "out" + "'"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(again.out.find("replacing"), std::string::npos) << again.out;
  EXPECT_EQ(lines_of(dir / "out/av_vels.dat").size(), 7u);
}

// Parameters that drive the flow past what D2Q9 can follow make finite garbage before NaN: it was
// written, with a Reynolds number of thousands, and exit status 0. A mean speed at the speed of
// sound stops the run at that step, a final state with sites at it is not written; exit 3 both.
TEST(Seed001, AFlowDrivenPastTheSpeedOfSoundIsUnphysical) {
  struct Case {
    std::string params, expected;
  };
  for (const Case& c : {Case{"40\n24\n2000\n10\n0.1\n0.02\n1.99\n",
                             "the final state is unphysical: the speed at (x=0, y=21) is 0.819"},
                        Case{"40\n24\n2000\n10\n0.1\n0.05\n1.999\n",
                             "the flow became unphysical at step 1972: its average velocity 0.5778"}}) {
    TempDir dir;
    write(dir / "params.txt", c.params);
    std::string walls;  // a plain channel: the bottom and top rows
    for (int x = 0; x < 40; ++x) walls += std::to_string(x) + " 0 1\n" + std::to_string(x) + " 23 1\n";
    write(dir / "obstacles.dat", walls);
    const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                               q(dir / "out") + " --backend cpu --threads 1 -q");
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("speed of sound 0.57735"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("Reynolds number"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "out")) << "nothing is written";
  }
}

// Obstacles on every cell leave nothing to simulate: the run reported a Reynolds number of 0 and
// exit status 0. Refused before any work, naming the file.
TEST(Seed001, ObstaclesOnEveryCellAreRefusedBeforeAnyWork) {
  TempDir dir;
  write(dir / "params.txt", "8\n4\n10\n10\n0.1\n0.005\n1.85\n");
  std::string obstacles;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) obstacles += std::to_string(x) + " " + std::to_string(y) + " 1\n";
  write(dir / "obstacles.dat", obstacles);
  const Result r = run_plume("seed001 " + q(dir / "params.txt") + " " + q(dir / "obstacles.dat") + " --out " +
                             q(dir / "out") + " --backend cpu -q");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(dir / "obstacles.dat" + ": every one of the 8 x 4 sites is an obstacle: there is no fluid"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

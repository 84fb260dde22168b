// The command line: help, and one clear message with exit code 2 for every kind of bad input.
#include <gtest/gtest.h>
#include <algorithm>
#include <chrono>
#include "console.hpp"
#include "insitu.hpp"
#include "output.hpp"
#include "run_plume.hpp"

using namespace plume;
using plume::test::q;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::TempDir;

namespace {

// A valid tiny case written to a file.
std::string tiny_case(const TempDir& tmp) {
  const std::string path = tmp / "case.toml";
  config::save_config(plume::test::tiny_config(tmp / "out"), path);
  return path;
}

// A usage or configuration error: exit 2, one message naming the problem, no crash text.
void expect_usage_error(const Result& r, const std::string& text) {
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_HAS(r.err, "plume: error: ");
  EXPECT_HAS(r.err, text);
  EXPECT_EQ(r.err.find("terminate called"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("what()"), std::string::npos) << r.err;
}

}  // namespace

TEST(Cli, HelpListsCommandsAndEveryKeyWithUnits) {
  const Result r = run_plume("--help");
  EXPECT_EQ(r.code, 0);
  for (const char* s : {"run", "check", "defaults", "Exit codes", "lattice units"}) EXPECT_HAS(r.out, s);
  for (const std::string& k : config::key_names()) EXPECT_HAS(r.out, k + " = ");
  const Result run = run_plume("run --help");
  EXPECT_EQ(run.code, 0);
  for (const char* s : {"--set", "--restart", "--steps", "--backend", "--quiet", "physics.gravity = "})
    EXPECT_HAS(run.out, s);
}

TEST(Cli, VersionNamesTheBuild) {
  const Result r = run_plume("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_HAS(r.out, "plume ");
  EXPECT_HAS(r.out, "git ");
}

TEST(Cli, CheckAcceptsAGoodConfiguration) {
  TempDir tmp;
  const Result r = run_plume("check " + q(tiny_case(tmp)));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_HAS(r.out, "configuration OK (32 x 48");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out")) << "check creates nothing";
}

TEST(Cli, DefaultsPrintsAConfigurationThatChecks) {
  TempDir tmp;
  const Result r = run_plume("defaults");
  EXPECT_EQ(r.code, 0);
  plume::test::write_file(tmp / "d.toml", r.out);
  EXPECT_EQ(run_plume("check " + q(tmp / "d.toml") + " --set output.dir=" + q(tmp / "o")).code, 0);
}

TEST(Cli, ShippedCasesCheck) {
  for (const char* c : {"rayleigh_taylor.toml", "reference.toml", "d3q19_sphere.toml"}) {
    TempDir tmp;
    const Result r = run_plume("check " + q(std::string(PLUME_SOURCE_DIR) + "/assets/" + c) +
                               " --set output.dir=" + q(tmp / "o"));
    EXPECT_EQ(r.code, 0) << c << ": " << r.err;
  }
}

TEST(Cli, NoCommandIsAUsageError) {
  expect_usage_error(run_plume(""), "no command given: the commands are run, check, defaults and seed001");
}

// CLI11's own words named no option: "A subcommand is required" for an option before the command,
// "At Most 1 required but received 2" for an option given twice.
TEST(Cli, AnOptionBeforeTheCommandIsNamed) {
  for (const char* line : {"--bogus", "--bogus run x.toml", "-q check x.toml"}) {
    const Result r = run_plume(line);
    expect_usage_error(r, "unknown option '" + std::string(line).substr(0, std::string(line).find(' ')) +
                              "': the options of a command come after it");
    EXPECT_EQ(r.err.find("subcommand"), std::string::npos) << r.err;
  }
}

TEST(Cli, AnOptionGivenTwiceIsNamedWithBothValues) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  const std::vector<std::pair<std::string, std::string>> cases{
      {"run " + c + " --steps 1 --steps 2", "--steps is given 2 times ('1', '2'): give it once"},
      {"check --restart a.ckpt --restart b.ckpt", "--restart is given 2 times ('a.ckpt', 'b.ckpt'): give it once"},
      {"check " + c + " -o a --output b", "--output is given 2 times ('a', 'b'): give it once"},
      {"seed001 p o --threads 1 --threads 2", "--threads is given 2 times ('1', '2'): give it once"},
  };
  for (const auto& [line, expected] : cases) {
    const Result r = run_plume(line);
    expect_usage_error(r, expected);
    EXPECT_EQ(r.err.find("required"), std::string::npos) << r.err;
  }
}

// Arguments no option takes are named in order, not in CLI11's words (last first).
TEST(Cli, StrayArgumentsAreNamedInOrder) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  const Result r = run_plume("run " + c + " extra1 extra2");
  expect_usage_error(r, "arguments 'extra1', 'extra2' not expected: one configuration file at most");
  EXPECT_EQ(r.err.find("The following"), std::string::npos) << r.err;
}

// A whole number beyond 64 bits is out of range, not "wrong type: expected an integer, got a string".
TEST(Cli, AnIntegerBeyond64BitsIsOutOfRange) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  const Result steps = run_plume("check " + c + " --steps 99999999999999999999999");
  expect_usage_error(steps, "--steps = '99999999999999999999999' is out of range: it does not fit in a 64-bit "
                            "integer (at most 9223372036854775807)");
  EXPECT_EQ(steps.err.find("got a string"), std::string::npos) << steps.err;
  expect_usage_error(run_plume("check " + c + " --device -99999999999999999999"),
                     "--device = '-99999999999999999999' is out of range: it does not fit in a 64-bit integer (at "
                     "least -9223372036854775808)");
}

TEST(Cli, UnknownOptionIsAUsageError) {
  TempDir tmp;
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --frobnicate"), "--frobnicate");
}

TEST(Cli, MissingConfigurationFile) {
  expect_usage_error(run_plume("run /nonexistent/case.toml"), "cannot read configuration file '/nonexistent/case.toml'");
  expect_usage_error(run_plume("run"), "no configuration file given");
}

TEST(Cli, UnknownKeyInTheFile) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[physics]\ngravty = 1e-4\n");
  expect_usage_error(run_plume("check " + q(tmp / "c.toml")), "unknown key 'physics.gravty' (did you mean 'physics.gravity'?)");
}

// --set model=... over a file written for another model: the file's keys are reported as in a
// file that names the model, not dropped.
TEST(Cli, AModelSetOnTheCommandLineChecksTheFilesKeys) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[physics]\ncollision = \"rtrt\"\nk1 = 0.01\n");
  const Result r = run_plume("check " + q(tmp / "c.toml") + " --set model=d2q9 -o " + q(tmp / "o"));
  expect_usage_error(r, "physics.collision: \"rtrt\" is not one of bgk, trt");
  EXPECT_HAS(r.err, "unknown key 'physics.k1'");
}

TEST(Cli, AbsurdThreadCountsAreRefusedBeforeAnyWork) {
  TempDir tmp;
  for (const char* command : {"run", "check"}) {
    const Result r = run_plume(std::string(command) + " " + q(tiny_case(tmp)) + " --threads 100000");
    expect_usage_error(r, "run.threads = 100000 is out of range");
  }
  EXPECT_FALSE(std::filesystem::exists(tmp / "out"));
}

TEST(Cli, CheckRefusesATilingOfMoreRanksThanTheJobHas) {
  TempDir tmp;
  for (const char* command : {"run", "check"})
    expect_usage_error(run_plume(std::string(command) + " " + q(tiny_case(tmp)) + " --set run.tiles=2x2"),
                       "run.tiles = \"2x2\" needs 4 ranks but the job has 1");
}

TEST(Cli, WrongTypeInTheFile) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[run]\nsteps = \"many\"\n");
  expect_usage_error(run_plume("run " + q(tmp / "c.toml")), "run.steps: wrong type: expected an integer");
}

TEST(Cli, TauAtOneHalf) {
  TempDir tmp;
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --set physics.collision=bgk --set physics.tau=0.5"),
                     "physics.tau = 0.5 is out of range: must be > 0.5");
}

TEST(Cli, LatticeTooSmall) {
  TempDir tmp;
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --set lattice.ny=5"), "lattice.ny = 5 is too small for walls");
}

TEST(Cli, OutputFolderNotWritable) {
  TempDir tmp;
  plume::test::write_file(tmp / "file", "");
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " -o " + q(tmp / "file/out")), "is not a folder");
}

TEST(Cli, MissingPipelineScript) {
  TempDir tmp;
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --set insitu.scripts=" + q(tmp / "nope.py")),
                     "insitu.scripts[0]");
}

// The geometry's problems end the command before any work: a model without solid sites, a file
// that is not there.
TEST(Cli, GeometryProblemsAreConfigurationErrors) {
  TempDir tmp;
  expect_usage_error(run_plume("check " + q(tiny_case(tmp)) + " --set 'geometry.circles=[10, 10, 3]'"),
                     "geometry.circles: model d2q37 has no solid sites");
  const Result r = run_plume("run " + q(tiny_case(tmp)) + " --set model=d2q9 --set geometry.obstacles=" + q(tmp / "o.dat"));
  expect_usage_error(r, "geometry.obstacles = \"" + (tmp / "o.dat") + "\": file not found");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out")) << "refused before any work";
}

TEST(Cli, BadCommandLineValues) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  expect_usage_error(run_plume("run " + c + " --steps abc"), "run.steps=abc: wrong type: expected an integer");
  expect_usage_error(run_plume("run " + c + " --backend gpu"), "run.backend=gpu: \"gpu\" is not one of auto, cpu, cuda");
  expect_usage_error(run_plume("run " + c + " --set physics.k1"), "is not an assignment");
  expect_usage_error(run_plume("run " + c + " --set nosuch.key=1"), "unknown section 'nosuch'");
  expect_usage_error(run_plume("run " + c + " --threads -1"), "run.threads = -1 is out of range");
}

TEST(Cli, EveryProblemIsListed) {
  TempDir tmp;
  const Result r = run_plume("check " + q(tiny_case(tmp)) + " --set physics.k1=0 --set initial.T_up=-1");
  EXPECT_EQ(r.code, 2);
  EXPECT_HAS(r.err, "physics.k1");
  EXPECT_HAS(r.err, "initial.T_up");
  const Result bad = run_plume("run " + q(tiny_case(tmp)) + " --set physics.k1=abc --set nosuch.x=1 --steps y");
  EXPECT_EQ(bad.code, 2);
  EXPECT_HAS(bad.err, "physics.k1=abc");
  EXPECT_HAS(bad.err, "nosuch");
  EXPECT_HAS(bad.err, "run.steps=y");
}

TEST(Cli, MissingOrForeignRestartFile) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  expect_usage_error(run_plume("run " + c + " --restart " + q(tmp / "none.ckpt")), "cannot be opened");
  expect_usage_error(run_plume("run " + c + " --restart " + c), "is not a plume checkpoint");
}

TEST(Cli, InSituWithoutCatalystIsAConfigurationError) {
  if (app::InSitu::catalyst_available()) GTEST_SKIP() << "this build has Catalyst";
  TempDir tmp;
  plume::test::write_file(tmp / "p.py", "# pipeline\n");
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --set insitu.scripts=" + q(tmp / "p.py")),
                     "built without ParaView Catalyst");
}

TEST(Cli, VtkFilesWithoutVtkAreAConfigurationError) {
  if (app::Output::vtk_available()) GTEST_SKIP() << "this build writes VTK files (tests/vtk)";
  TempDir tmp;
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --set output.vtk_every=10"),
                     "output.vtk_every = 10: this plume was built without ParaView's VTK");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out"));
}

TEST(Cli, DirectoryAsConfigurationOrCheckpointIsRefused) {
  TempDir tmp;
  std::filesystem::create_directory(tmp / "d");
  expect_usage_error(run_plume("check " + q(tmp / "d")), "configuration file '" + (tmp / "d") + "' is a directory");
  // Not the default case: nothing runs and no output folder appears.
  expect_usage_error(run_plume("run " + q(tmp / "d") + " -o " + q(tmp / "out")), "is a directory");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out"));
  expect_usage_error(run_plume("run --restart " + q(tmp / "d")), "checkpoint '" + (tmp / "d") + "' is a directory");
  expect_usage_error(run_plume("run " + q(tiny_case(tmp)) + " --restart " + q(tmp / "d")),
                     "checkpoint '" + (tmp / "d") + "' is a directory");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out")) << "the checkpoint is refused before any work";
}

TEST(Cli, TypeAndRangeErrorsAreReportedInOneRound) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[lattice]\nnx = \"wide\"\n[physics]\nk1 = -1.0\nk9 = 1\n");
  const Result r = run_plume("check " + q(tmp / "c.toml") + " --set physics.k2=abc --set initial.T_up=-1");
  EXPECT_EQ(r.code, 2);
  for (const char* p : {"lattice.nx: wrong type", "unknown key 'physics.k9'", "physics.k2=abc: wrong type",
                        "physics.k1 = -1.0 is out of range", "initial.T_up = -1.0 is out of range"})
    EXPECT_HAS(r.err, p);
}

TEST(Cli, EmptyOptionValuesAreRefusedNotIgnored) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  expect_usage_error(run_plume("run " + c + " -o ''"), "output.dir is empty");
  expect_usage_error(run_plume("run " + c + " --steps ''"), "run.steps=: wrong type: expected an integer");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out")) << "nothing ran";
}

TEST(Cli, UnknownCommandIsNamed) {
  expect_usage_error(run_plume("frobnicate"), "unknown command 'frobnicate': the commands are run, check, defaults and seed001");
  expect_usage_error(run_plume("chek x.toml"), "did you mean 'check'?");
  TempDir tmp;
  const std::string c = tiny_case(tmp);
  expect_usage_error(run_plume(q(c)), "to run the configuration '" + c + "': plume run " + c);
}

TEST(Cli, OutputPathLongerThanTheSystemAllows) {
  TempDir tmp;
  expect_usage_error(run_plume("check " + q(tiny_case(tmp)) + " -o " + q(tmp / std::string(300, 'x'))),
                     "the file system allows");
}

TEST(Cli, LatticeThatCannotFitIsRefusedByCheckAndRun) {
  TempDir tmp;
  const std::string big = q(tiny_case(tmp)) + " --set lattice.nx=1000000 --set lattice.ny=1000000 --backend cpu";
  Result r = run_plume("check " + big);
  expect_usage_error(r, "lattice 1000000 x 1000000 does not fit: it needs about ");
  EXPECT_HAS(r.err, "available (MemAvailable");
  // Refused before the solver allocates anything, with the same message.
  const auto t0 = std::chrono::steady_clock::now();
  r = run_plume("run " + big);
  expect_usage_error(r, "does not fit");
  EXPECT_FALSE(std::filesystem::exists(tmp / "out"));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
  // What fits says what it needs.
  r = run_plume("check " + q(tiny_case(tmp)));
  EXPECT_HAS(r.out, "memory: about ");
}

TEST(Cli, CheckTakesTheOptionsOfRun) {
  // `plume check` validates the very command line that `plume run` would get.
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  EXPECT_EQ(run_plume("check " + c + " --steps 10 --backend cpu --threads 1 -o " + q(tmp / "o")).code, 0);
  expect_usage_error(run_plume("check " + c + " --steps -3"), "run.steps = -3 is out of range");
  expect_usage_error(run_plume("check " + c + " --restart " + q(tmp / "none.ckpt")), "cannot be opened");
  EXPECT_FALSE(std::filesystem::exists(tmp / "o"));
}

// The README's and docs' command lines, with the configuration as a positional argument.
TEST(Cli, DocumentedCommandLinesWork) {
  TempDir tmp;
  const std::string c = q(tiny_case(tmp));
  const std::string asset = q(std::string(PLUME_SOURCE_DIR) + "/assets/rayleigh_taylor.toml");
  EXPECT_EQ(run_plume("check " + c).code, 0);
  EXPECT_EQ(run_plume("check " + asset + " --set output.dir=" + q(tmp / "x")).code, 0);
  Result r = run_plume("run " + c + " --set physics.gravity=5e-4 --steps 20 -q");
  ASSERT_EQ(r.code, 0) << r.err;
  r = run_plume("run --restart " + q(tmp / "out/checkpoint_000000020.ckpt") + " --steps 40 -q");
  EXPECT_EQ(r.code, 0) << r.err;
  r = run_plume("run --restart " + q(tmp / "out/checkpoint_000000040.ckpt") + " " + c + " --steps 60 -q");
  EXPECT_EQ(r.code, 0) << r.err;
  r = run_plume("run " + q(tmp / "out/config.toml") + " -o " + q(tmp / "again") + " -q");
  EXPECT_EQ(r.code, 0) << r.err;
  r = run_plume("defaults");
  plume::test::write_file(tmp / "my_case.toml", r.out);
  EXPECT_EQ(run_plume("check " + q(tmp / "my_case.toml") + " -o " + q(tmp / "y")).code, 0);
}

TEST(Console, RatesHaveThreeSignificantDigitsAndNoExponent) {
  EXPECT_EQ(app::Console::rate(999999.7), "1.00 M");  // was "1e+03 k"
  EXPECT_EQ(app::Console::rate(999.7), "1.00 k");
  EXPECT_EQ(app::Console::rate(4.1234e6), "4.12 M");
  EXPECT_EQ(app::Console::rate(950e3), "950 k");
  EXPECT_EQ(app::Console::rate(12.5), "12.5");
  EXPECT_EQ(app::Console::rate(6.24e9), "6.24 G");
  EXPECT_EQ(app::Console::rate(0), "0");
  EXPECT_EQ(app::Console::bandwidth(3.694e12), "3.69 TB/s");
  EXPECT_EQ(app::Console::bandwidth(512), "512 B/s");
  for (double r = 0.5; r < 1e16; r *= 1.37) {
    const std::string s = app::Console::rate(r);
    EXPECT_EQ(s.find('e'), std::string::npos) << r << " -> " << s;
    const std::size_t digits = std::count_if(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    if (r >= 1 && r < 999.5e12) EXPECT_EQ(digits, 3u) << r << " -> " << s;
  }
}

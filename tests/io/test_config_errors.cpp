// Every kind of configuration error is reported as such, naming the key (and the line).
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <climits>
#include <optional>
#include "thermal3d/model.hpp"
#include "d2q9/model.hpp"
#include "plume/config/run_config.hpp"
#include "test_support.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

// The message of the ConfigError that f throws ("" if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const config::ConfigError& e) {
    return e.what();
  }
  return "";
}

std::string load_error(const std::string& toml) {
  TempDir tmp;
  plume::test::write_file(tmp / "case.toml", toml);
  return error_of([&] { config::load_config(tmp / "case.toml"); });
}

// validate() on the default case (output in a fresh folder) after one override.
std::string validate_error(const std::string& key, const std::string& value) {
  TempDir tmp;
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "out";
  config::apply_override(c, key, value);
  return error_of([&] { config::validate(c); });
}

// Every problem `plume check` finds in the file `toml` with the overrides `sets` (--set), in one
// round as the command line gathers them: the file's, the overrides' and validate()'s (the output
// in a fresh folder).
std::vector<std::string> problems_of(const std::string& toml, std::vector<std::string> sets = {}) {
  TempDir tmp;
  plume::test::write_file(tmp / "case.toml", toml);
  sets.push_back("output.dir=" + (tmp / "out"));
  std::vector<std::string> problems;
  std::optional<config::RunConfig> c = config::load_config(tmp / "case.toml", problems, sets);
  for (const std::string& s : sets) {
    try {
      config::apply_override(*c, s);
    } catch (const config::ConfigError& e) {
      problems.insert(problems.end(), e.problems.begin(), e.problems.end());
    }
  }
  try {
    config::validate(*c);
  } catch (const config::ConfigError& e) {
    problems.insert(problems.end(), e.problems.begin(), e.problems.end());
  }
  return problems;
}

std::string check_error(const std::string& toml, const std::vector<std::string>& sets = {}) {
  return config::ConfigError(problems_of(toml, sets)).what();
}

}  // namespace

TEST(ConfigErrors, UnknownKeySuggestsTheClosestAndGivesTheLine) {
  const std::string m = load_error("[physics]\ngravity = 1e-4\nk4 = 0.1\n");
  EXPECT_HAS(m, "unknown key 'physics.k4'");
  EXPECT_HAS(m, "did you mean 'physics.k1'");
  EXPECT_HAS(m, "case.toml:3:");
}

TEST(ConfigErrors, UnknownSectionSuggestsTheClosest) {
  const std::string m = load_error("[phyiscs]\ngravity = 1e-4\n");
  EXPECT_HAS(m, "unknown section 'phyiscs'");
  EXPECT_HAS(m, "did you mean 'physics'");
}

TEST(ConfigErrors, KeyOutsideASectionIsUnknown) {
  const std::string m = load_error("nx = 64\n");
  EXPECT_HAS(m, "unknown key 'nx'");
  EXPECT_HAS(m, "lattice.nx");
}

TEST(ConfigErrors, WrongTypeNamesKeyExpectedAndGot) {
  std::string m = load_error("[lattice]\nnx = \"wide\"\n");
  EXPECT_HAS(m, "lattice.nx: wrong type: expected an integer, got a string (\"wide\")");
  m = load_error("[lattice]\nny = 64.5\n");
  EXPECT_HAS(m, "lattice.ny: wrong type: expected an integer, got a float");
  m = load_error("[walls]\nenabled = 1\n");
  EXPECT_HAS(m, "walls.enabled: wrong type: expected a boolean");
  m = load_error("[insitu]\nscripts = [1, 2]\n");
  EXPECT_HAS(m, "insitu.scripts");
}

TEST(ConfigErrors, UnknownChoiceListsTheChoices) {
  const std::string m = load_error("[physics]\ncollision = \"bkg\"\n");
  EXPECT_HAS(m, "physics.collision");
  EXPECT_HAS(m, "is not one of rtrt, bgk");
  EXPECT_HAS(m, "did you mean 'bgk'");
}

TEST(ConfigErrors, EveryProblemOfAFileIsReported) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[lattice]\nnx = \"a\"\nny = \"b\"\n[physics]\nk9 = 1\n");
  try {
    config::load_config(tmp / "c.toml");
    FAIL() << "no error";
  } catch (const config::ConfigError& e) {
    EXPECT_EQ(e.problems.size(), 3u) << e.what();
  }
}

TEST(ConfigErrors, SyntaxErrorGivesThePosition) {
  const std::string m = load_error("[lattice]\nnx = = 3\n");
  EXPECT_HAS(m, "TOML syntax error");
  EXPECT_HAS(m, "case.toml:2:");
}

TEST(ConfigErrors, MissingFile) {
  const std::string m = error_of([] { config::load_config("/nonexistent/plume.toml"); });
  EXPECT_HAS(m, "cannot read configuration file '/nonexistent/plume.toml'");
}

TEST(ConfigErrors, TauAtOrBelowOneHalf) {
  EXPECT_HAS(validate_error("physics.tau", "0.5"), "physics.tau = 0.5 is out of range: must be > 0.5");
  EXPECT_HAS(validate_error("physics.tau", "0.4"), "BGK is unstable");
  EXPECT_EQ(validate_error("physics.tau", "0.5000001"), "");
}

TEST(ConfigErrors, RelaxationParametersOutOfRange) {
  EXPECT_HAS(validate_error("physics.k1", "0"), "physics.k1 = 0.0 is out of range: must be > 0");
  EXPECT_HAS(validate_error("physics.k2", "-1e-3"), "physics.k2");
  EXPECT_HAS(validate_error("physics.k3", "-0.1"), "physics.k3 = -0.1 is out of range: must be >= 0");
  EXPECT_EQ(validate_error("physics.k3", "0"), "");
}

TEST(ConfigErrors, TemperaturesAndDensityMustBePositive) {
  EXPECT_HAS(validate_error("initial.T_up", "-0.9"), "initial.T_up");
  EXPECT_HAS(validate_error("walls.top_T", "0"), "walls.top_T = 0.0 is out of range: must be > 0");
  EXPECT_HAS(validate_error("initial.rho_bottom", "0"), "initial.rho_bottom");
  EXPECT_HAS(validate_error("physics.gravity", "0.95"), "physics.gravity = 0.95 is too large");
  EXPECT_HAS(validate_error("initial.eps", "nan"), "initial.eps = nan: must be a finite number");
}

TEST(ConfigErrors, LatticeTooSmallForWallsAndHalos) {
  EXPECT_HAS(validate_error("lattice.ny", "6"), "lattice.ny = 6 is too small for walls");
  EXPECT_HAS(validate_error("lattice.nx", "2"), "lattice.nx = 2 is out of range: must be >= 3");
  TempDir tmp;
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "out";
  c.solver.nx = 8;
  c.solver.ny = 6;
  d2q37::physics(c.solver).walls = false;
  d2q37::initial(c.solver).kmin = 1;
  d2q37::initial(c.solver).kmax = 4;
  EXPECT_EQ(error_of([&] { config::validate(c); }), "") << "no walls: 6 rows are enough";
}

TEST(ConfigErrors, TilesMustReadAsATilingAndFitTheLattice) {
  const std::string m = load_error("[run]\ntiles = \"3y3\"\n");
  EXPECT_HAS(m, "case.toml:2:");
  EXPECT_HAS(m, "run.tiles: tiling '3y3': expected 'auto' or TXxTY");
  config::RunConfig c = config::default_config();
  EXPECT_HAS(error_of([&] { config::apply_override(c, "run.tiles=0x2"); }), "run.tiles=0x2: tiling '0x2'");
  EXPECT_HAS(validate_error("run.tiles", "30x1"),
             "run.tiles = \"30x1\": tiling 30x1 does not fit the 192x384 lattice: tiles x=");
  EXPECT_EQ(validate_error("run.tiles", "4x8"), "");
  EXPECT_EQ(validate_error("run.tiles", "auto"), "");
}

TEST(ConfigErrors, A2DModelTakesNoDepth) {
  EXPECT_HAS(validate_error("lattice.nz", "4"), "lattice.nz = 4: model d2q37 is two-dimensional (D2Q37 lattice); nz must be 1");
  EXPECT_HAS(validate_error("lattice.nz", "0"), "lattice.nz = 0 is out of range: must be >= 1");
  EXPECT_EQ(validate_error("lattice.nz", "1"), "");
  // The solver says the same to a caller that skips the configuration.
  SolverConfig s;
  s.model = "d2q9";
  s.nx = s.ny = 16;
  s.nz = 4;
  s.backend = BackendKind::CPU;
  try {
    Solver solver(s);
    ADD_FAILURE() << "a 2-D model accepted nz = 4";
  } catch (const std::exception& e) {
    EXPECT_HAS(std::string(e.what()), "lattice nz = 4: model d2q9 is two-dimensional");
  }
}

TEST(ConfigErrors, PerturbationModesMustFitTheLattice) {
  EXPECT_HAS(validate_error("initial.kmax", "200"), "initial.kmax = 200 exceeds nx/2 = 96");
  EXPECT_HAS(validate_error("initial.kmin", "11"), "initial.kmax = 10 is below initial.kmin = 11");
}

TEST(ConfigErrors, OutputFolderNotWritable) {
  TempDir tmp;
  plume::test::write_file(tmp / "file", "x");
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "file";
  EXPECT_HAS(error_of([&] { config::validate(c); }), "exists and is not a folder");
  c.output.dir = tmp / "file/sub";
  EXPECT_HAS(error_of([&] { config::validate(c); }), "cannot be created: '" + (tmp / "file") + "' is not a folder");
  // Permission bits do not bind root, so use a file system nobody may create files in.
  c.output.dir = "/proc/plume-test/out";
  EXPECT_HAS(error_of([&] { config::validate(c); }), "output.dir = \"/proc/plume-test/out\" cannot be created");
  if (::geteuid() != 0) {
    const std::string ro = tmp / "readonly";
    ::mkdir(ro.c_str(), 0555);
    c.output.dir = ro;
    EXPECT_HAS(error_of([&] { config::validate(c); }), "is not writable");
  }
  c.output.dir = tmp / "new/deeper";
  EXPECT_EQ(error_of([&] { config::validate(c); }), "") << "a missing folder under a writable one is fine";
}

TEST(ConfigErrors, LiveCadenceAndTimeLimitMustBePositive) {
  EXPECT_HAS(validate_error("insitu.live_every", "0"), "insitu.live_every = 0 is out of range: must be >= 1");
  EXPECT_HAS(validate_error("insitu.live_timeout", "0"), "insitu.live_timeout = 0.0 is out of range: must be > 0");
  EXPECT_HAS(validate_error("insitu.live_timeout", "inf"), "insitu.live_timeout = inf: must be a finite number");
  EXPECT_EQ(validate_error("insitu.live_timeout", "0.5"), "");
}

TEST(ConfigErrors, MissingPipelineScript) {
  TempDir tmp;
  plume::test::write_file(tmp / "there.py", "# pipeline\n");
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "out";
  c.insitu.scripts = {tmp / "there.py", tmp / "missing.py"};
  const std::string m = error_of([&] { config::validate(c); });
  EXPECT_HAS(m, "insitu.scripts[1] = \"" + (tmp / "missing.py") + "\": pipeline script not found");
  EXPECT_EQ(m.find("scripts[0]"), std::string::npos);
}

TEST(ConfigErrors, BadOverrides) {
  config::RunConfig c = config::default_config();
  EXPECT_HAS(error_of([&] { config::apply_override(c, "physics.k1=abc"); }),
             "physics.k1=abc: wrong type: expected a number, got a string (\"abc\")");
  EXPECT_HAS(error_of([&] { config::apply_override(c, "run.steps=1.5"); }), "run.steps=1.5: wrong type");
  EXPECT_HAS(error_of([&] { config::apply_override(c, "lattice.nx=99999999999"); }), "does not fit");
  // Beyond 64 bits TOML cannot read the number: said so, not "got a string".
  const std::string huge = error_of([&] { config::apply_override(c, "run.steps=99999999999999999999999"); });
  EXPECT_HAS(huge, "run.steps=99999999999999999999999: not a number plume can read");
  EXPECT_EQ(huge.find("got a string"), std::string::npos) << huge;
  EXPECT_HAS(error_of([&] { config::apply_override(c, "initial.seed=-1"); }), "initial.seed=-1: must be >= 0");
  EXPECT_HAS(error_of([&] { config::apply_override(c, "physics.k1"); }), "is not an assignment");
  EXPECT_HAS(error_of([&] { config::apply_override(c, "k1=0.1"); }), "did you mean 'physics.k1'");
  EXPECT_HAS(error_of([&] { config::apply_override(c, "run.backend=gpu"); }), "is not one of auto, cpu, cuda");
  for (const char* bad : {"1.05:0.95", "1:1", "0.9", "a:b", "0.9:", "nan:1"})
    EXPECT_HAS(error_of([&] { config::apply_override(c, "output.range", bad); }),
               "is not a colour range: expected \"auto\" or \"LO:HI\" with LO < HI");
  EXPECT_HAS(validate_error("output.diagnostics_every", "-5"),
             "output.diagnostics_every = -5 is out of range: must be >= 0");
  EXPECT_EQ(d2q37::physics(c.solver).k1, d2q37::physics(config::default_config().solver).k1) << "a refused value changes nothing";
}

TEST(ConfigErrors, DirectoryAsConfigurationFileIsRefused) {
  // A folder opens like a file and reads as an empty one, which is the default case.
  TempDir tmp;
  EXPECT_HAS(error_of([&] { config::load_config(tmp.path); }), "configuration file '" + tmp.path + "' is a directory");
  // An output folder holds the configuration that ran there: name it.
  plume::test::write_file(tmp / "config.toml", "");
  EXPECT_HAS(error_of([&] { config::load_config(tmp.path); }), "did you mean '" + (tmp / "config.toml") + "'?");
}

TEST(ConfigErrors, TypeAndRangeErrorsAreCollectedTogether) {
  // The file's type errors do not hide the ranges of the keys that did read.
  std::vector<std::string> problems;
  const auto c = config::parse_config("[lattice]\nnx = \"a\"\n[physics]\nk1 = -1.0\n", "case.toml", problems);
  ASSERT_TRUE(c.has_value());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_HAS(problems[0], "lattice.nx: wrong type");
  EXPECT_EQ(c->solver.nx, config::default_config().solver.nx) << "a refused key keeps its default";
  EXPECT_EQ(d2q37::physics(c->solver).k1, -1.0);
  TempDir tmp;
  config::RunConfig v = *c;
  v.output.dir = tmp / "out";
  EXPECT_HAS(error_of([&] { config::validate(v); }), "physics.k1 = -1.0 is out of range");
  // Text that is not TOML at all gives nothing to validate.
  problems.clear();
  EXPECT_FALSE(config::parse_config("[lattice\n", "case.toml", problems).has_value());
  EXPECT_EQ(problems.size(), 1u);
}

TEST(ConfigErrors, OutputPathLongerThanTheSystemAllows) {
  TempDir tmp;
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / std::string(NAME_MAX + 1, 'x') + "/out";
  EXPECT_HAS(error_of([&] { config::validate(c); }), "characters long; the file system allows");
  // Every name fits, but the files plume writes in the folder would pass PATH_MAX.
  c.output.dir = tmp.path;
  while (c.output.dir.size() < PATH_MAX - 20) c.output.dir += "/abcdefghij";
  EXPECT_HAS(error_of([&] { config::validate(c); }), "(PATH_MAX)");
  c.output.dir = tmp / std::string(NAME_MAX, 'x');
  EXPECT_EQ(error_of([&] { config::validate(c); }), "") << "a name of NAME_MAX characters is allowed";
}

// In-place streaming with a boundary that reads another site's populations is a configuration
// error that names both keys, found before any run starts (plume check says it too).
TEST(ConfigErrors, InPlaceStreamingWithABoundaryThatReadsANeighbourIsRefused) {
  const auto problem = [](const std::string& toml) {
    TempDir tmp;
    plume::test::write_file(tmp / "case.toml", toml + "[output]\ndir = \"" + (tmp / "out") + "\"\n");
    return error_of([&] { config::validate(config::load_config(tmp / "case.toml")); });
  };
  const std::string adiabatic = problem("[run]\nstreaming = \"in-place\"\n[walls]\ntop = \"adiabatic\"\n");
  EXPECT_HAS(adiabatic, "run.streaming = \"in-place\": an adiabatic wall");
  EXPECT_HAS(adiabatic, "walls.bottom, walls.top");
  EXPECT_HAS(problem("model = \"d2q9\"\n[run]\nstreaming = \"in-place\"\n[solids]\nbounce = \"interpolated\"\n"),
             "solids.bounce");
  EXPECT_HAS(problem("model = \"diffusion\"\n[run]\nstreaming = \"in-place\"\n"), "diffusion stencil");
  EXPECT_EQ(problem("[run]\nstreaming = \"in-place\"\n"), "");  // fixed walls: accepted
  EXPECT_HAS(problem("[run]\nstreaming = \"in-one\"\n"), "two-buffers, in-place");
}

// A value that a reference number sets, given as well, is a configuration error naming both keys
// and how to resolve it, from the file and from --set alike; NaN is refused either way (it used to
// be overwritten, unseen, by the reference number).
TEST(ConfigErrors, AValueGivenThatAReferenceNumberWouldSetIsRefusedNamingBoth) {
  const std::string t3 = "model = \"thermal3d\"\n";
  const std::string file = check_error(t3 + "[physics]\ntau = 0.6\ntau_t = 0.6\n");
  EXPECT_HAS(file, "physics.tau = 0.6 is given, but reference.rayleigh = 5000 sets physics.tau, tau_t and buoyancy");
  EXPECT_HAS(file, "leave out physics.tau, or set reference.rayleigh = 0 to give them yourself");
  EXPECT_HAS(file, "physics.tau_t = 0.6 is given");
  EXPECT_EQ(check_error(t3, {"physics.tau=0.6", "physics.tau_t=0.6"}), file) << "--set is the file's key";
  const std::string nan = check_error(t3, {"physics.buoyancy=nan"});
  EXPECT_HAS(nan, "physics.buoyancy = nan: must be a finite number");
  EXPECT_HAS(nan, "physics.buoyancy = nan is given, but reference.rayleigh = 5000");
  EXPECT_EQ(check_error(t3 + "[physics]\ntau = 0.6\n[reference]\nrayleigh = 0\n"), "") << "the reference off";
  const std::string d2q9 = "model = \"d2q9\"\n[walls]\nenabled = true\ntop_u = 0.1\n[reference]\nlength = 16\n";
  const std::string re = check_error(d2q9 + "reynolds = 10\n[physics]\ntau = nan\n");
  EXPECT_HAS(re, "physics.tau = nan: must be a finite number");
  EXPECT_HAS(re, "physics.tau = nan is given, but reference.reynolds = 10 sets physics.tau = 1/2 + 3 U L / Re");
  EXPECT_HAS(check_error(d2q9 + "reynolds = 10\n", {"physics.tau=0.7"}), "physics.tau = 0.7 is given");
  EXPECT_EQ(check_error(d2q9 + "reynolds = 0\n[physics]\ntau = 0.7\n"), "");
}

// Configurations and checkpoints written before given values were told from derived ones (every
// key written out, config.toml and the checkpoint's stored configuration alike) hold the values a
// reference number set as if given: those very values, to the last bit, are no conflict, so such a
// file still runs and a checkpoint still restarts.
TEST(ConfigErrors, TheValuesAReferenceNumberSetsWrittenOutAsGivenAreNoConflict) {
  const auto with_every_key = [](const config::RunConfig& c) {
    std::string toml = config::to_toml(c), out;
    std::istringstream in(toml);
    for (std::string line; std::getline(in, line);) {  // "# tau = 0.517  # follows ..." -> "tau = 0.517"
      if (line.rfind("# tau", 0) == 0 || line.rfind("# buoyancy", 0) == 0) line = line.substr(2);
      out += line + "\n";
    }
    return out;
  };
  const config::RunConfig t3 = config::parse_config("model = \"thermal3d\"\n", "case.toml");
  const std::string old_t3 = with_every_key(t3);
  ASSERT_NE(old_t3.find("\ntau = "), std::string::npos) << old_t3;
  EXPECT_EQ(plume::test::validate_error(config::parse_config(old_t3, "old/config.toml")), "");
  const config::RunConfig d2q9 = config::parse_config(
      "model = \"d2q9\"\n[walls]\nenabled = true\ntop_u = 0.1\n[reference]\nlength = 16\nreynolds = 10\n", "case.toml");
  const std::string old_d2q9 = with_every_key(d2q9);
  ASSERT_NE(old_d2q9.find("\ntau = "), std::string::npos) << old_d2q9;
  EXPECT_EQ(plume::test::validate_error(config::parse_config(old_d2q9, "old/config.toml")), "");
  // A value off the derived one by more than round-off is still a conflict.
  EXPECT_HAS(check_error("model = \"thermal3d\"\n[physics]\ntau = 0.51\n"), "physics.tau = 0.51 is given");
}

// A --set of a reference number behaves as the same key in the file: turned off, the values it set
// are the model's defaults again (or the file's own, when it gives them), and the configuration
// written out says what runs.
TEST(ConfigErrors, AReferenceNumberTurnedOffBySetIsOffAsInTheFile) {
  const auto physics = [](const config::RunConfig& c) { return c.solver.setup.as<thermal3d::Setup>().physics; };
  const std::string t3 = "model = \"thermal3d\"\n";
  config::RunConfig set = config::parse_config(t3, "case.toml");
  EXPECT_LT(physics(set).tau, 0.6) << "Ra = 5000 sets tau";
  config::apply_override(set, "reference.rayleigh=0");
  const config::RunConfig file = config::parse_config(t3 + "[reference]\nrayleigh = 0\n", "case.toml");
  EXPECT_EQ(physics(set).tau, physics(file).tau);
  EXPECT_EQ(physics(set).tau_t, physics(file).tau_t);
  EXPECT_EQ(physics(set).buoyancy, physics(file).buoyancy);
  EXPECT_EQ(physics(set).tau, 0.8);
  EXPECT_EQ(config::to_toml(set), config::to_toml(file));
  config::RunConfig given = config::parse_config(t3 + "[physics]\ntau = 0.6\n", "case.toml");
  config::apply_override(given, "reference.rayleigh=0");
  EXPECT_EQ(physics(given).tau, 0.6) << "the file's own value";
  EXPECT_EQ(plume::test::validate_error(given), "");
  // D2Q9's Reynolds number the same way.
  const std::string d2q9 =
      "model = \"d2q9\"\n[walls]\nenabled = true\ntop_u = 0.1\n[reference]\nlength = 16\nreynolds = 10\n";
  config::RunConfig re = config::parse_config(d2q9, "case.toml");
  EXPECT_NEAR(re.solver.setup.as<d2q9::Setup>().physics.tau, 0.5 + 3 * 0.1 * 16 / 10, 1e-12);
  config::apply_override(re, "reference.reynolds=0");
  EXPECT_EQ(re.solver.setup.as<d2q9::Setup>().physics.tau, 0.8);
  // Written out and read again, a derived value still follows its reference number: not given.
  const config::RunConfig derived = config::parse_config(t3, "case.toml");
  const std::string toml = config::to_toml(derived);
  EXPECT_HAS(toml, "# tau = ");
  EXPECT_HAS(toml, "follows reference.rayleigh");
  const config::RunConfig again = config::parse_config(toml, "config.toml");
  EXPECT_EQ(plume::test::validate_error(again), "");
  EXPECT_EQ(physics(again).tau, physics(derived).tau);
}

// A value a reference number derives is not checked as if the user had given it: the problem is
// named by the reference number, with what it made.
TEST(ConfigErrors, AValueDerivedFromReferenceNumbersIsBlamedOnThem) {
  const std::string d2q9 = "model = \"d2q9\"\n";
  const std::string re =
      check_error(d2q9, {"reference.reynolds=1e30", "reference.length=10", "reference.velocity=0.1"});
  EXPECT_HAS(re, "reference.reynolds = 1e+30 cannot be reached with U = 0.1 and L = 10: it sets physics.tau = "
                 "1/2 + 3 U L / Re = 0.5");
  EXPECT_EQ(re.find("physics.tau = 0.5 is out of range"), std::string::npos) << re;
  const std::string t3 = "model = \"thermal3d\"\n";
  const std::string ra = check_error(t3, {"reference.rayleigh=1e300"});
  EXPECT_HAS(ra, "reference.rayleigh = 1e+300 and reference.prandtl = 1");
  EXPECT_EQ(ra.find("out of range"), std::string::npos) << ra;
  EXPECT_HAS(check_error(t3, {"reference.prandtl=1e300"}), "reference.prandtl = 1e+300");
  const std::vector<std::string> u = problems_of(t3, {"reference.velocity=0"});
  ASSERT_EQ(u.size(), 1u) << config::ConfigError(u).what();
  EXPECT_HAS(u[0], "reference.velocity = 0.0 is out of range: must be > 0");
  // Only what is missing is named.
  const std::string scale = check_error(d2q9, {"reference.reynolds=100", "reference.length=10"});
  EXPECT_HAS(scale, "reference.reynolds = 100 needs a velocity scale");
  EXPECT_EQ(scale.find("length scale"), std::string::npos) << scale;
}

// The centre of the pressure difference (reference.centre_x, centre_y) needs both coordinates,
// the body's diameter, and both points inside the lattice, where the fields are.
TEST(ConfigErrors, APressureDifferencesCentreIsCheckedBeforeTheRun) {
  const std::string d2q9 = "model = \"d2q9\"\n[lattice]\nnx = 100\nny = 40\n";
  EXPECT_HAS(check_error(d2q9, {"reference.length=10", "reference.centre_x=20"}),
             "reference.centre_x is given without reference.centre_y");
  EXPECT_HAS(check_error(d2q9, {"reference.centre_x=20", "reference.centre_y=19.5"}),
             "need the body's diameter (reference.length)");
  EXPECT_HAS(check_error(d2q9, {"reference.length=10", "reference.centre_x=96", "reference.centre_y=19.5"}),
             "(91, 19.5) and (101, 19.5), must lie inside the lattice (x from 0 to 99, y from 0 to 39)");
  EXPECT_TRUE(problems_of(d2q9, {"reference.length=10", "reference.centre_x=20", "reference.centre_y=19.5"}).empty());
}

// One mistake, one line, naming the key the user gave: a value out of its range feeds no other
// rule, and a key that follows it is not reported in its place.
TEST(ConfigErrors, AnOutOfRangeValueIsReportedOnceByItsOwnKey) {
  for (const char* nx : {"lattice.nx=-5", "lattice.nx=0"}) {
    const std::vector<std::string> p = problems_of("", {nx});
    ASSERT_EQ(p.size(), 1u) << config::ConfigError(p).what();
    EXPECT_HAS(p[0], "lattice.nx = ");
  }
  const std::vector<std::string> ny = problems_of("", {"lattice.ny=-5"});
  EXPECT_EQ(ny.size(), 1u) << config::ConfigError(ny).what();
  const std::vector<std::string> every = problems_of("", {"output.every=-1"});
  ASSERT_EQ(every.size(), 1u) << config::ConfigError(every).what();
  EXPECT_HAS(every[0], "output.every = -1 is out of range");
  const std::vector<std::string> T = problems_of("", {"initial.T_down=-1"});
  ASSERT_EQ(T.size(), 1u) << config::ConfigError(T).what();
  EXPECT_HAS(T[0], "initial.T_down = -1.0 is out of range");
}

// --set model=... is the file's model key: the file's keys are checked against the model the run
// will have, not dropped; a file written for that model needs no model key of its own.
TEST(ConfigErrors, AModelSetOnTheCommandLineChecksTheFilesKeysAgainstIt) {
  const std::string d2q37 = "[physics]\ncollision = \"rtrt\"\nk1 = 0.01\n[walls]\nbottom = \"adiabatic\"\n";
  const std::string set = check_error(d2q37, {"model=d2q9"});
  const std::string file = check_error("model = \"d2q9\"\n" + d2q37);
  EXPECT_HAS(set, "case.toml:2:13: physics.collision: \"rtrt\" is not one of bgk, trt");
  EXPECT_HAS(set, "unknown key 'physics.k1'");
  EXPECT_HAS(set, "unknown key 'walls.bottom'");
  // The same lines as the file's, one line down there (the model key takes the first).
  EXPECT_EQ(problems_of(d2q37, {"model=d2q9"}).size(), problems_of("model = \"d2q9\"\n" + d2q37).size()) << file;
  EXPECT_EQ(check_error("[walls]\nenabled = true\ntop_u = 0.05\n", {"model=\"d2q9\""}), "")
      << "D2Q9's keys, the model given by --set";
  EXPECT_HAS(check_error("", {"model=d2q9", "model=d3q19"}), "model is set to d2q9, then d3q19 on the command line");
  EXPECT_HAS(check_error("", {"model=d2q99"}), "model=d2q99: \"d2q99\" is not one of");
}

// Absurd thread counts crashed inside the OpenMP runtime (100000: a segfault) or failed with its
// raw message: refused by name, with the bound and why.
TEST(ConfigErrors, ThreadsAreBoundedByTheHardware) {
  const int most = config::max_threads();
  EXPECT_GE(most, 8);
  EXPECT_HAS(validate_error("run.threads", "100000"),
             "run.threads = 100000 is out of range: must be >= 0 and <= " + std::to_string(most) +
                 " (at most 8 per hardware thread of this host");
  EXPECT_EQ(validate_error("run.threads", std::to_string(most)), "");
  EXPECT_EQ(validate_error("run.threads", "0"), "");
}

// plume check validates what plume run would be given, the job's ranks included: a tiling given in
// full needs a tile per rank, and an automatic one a tiling of the job's ranks that fits (the run
// used to end with status 1 and a run-on line repeated by every rank).
TEST(ConfigErrors, TheTilingMustSuitTheJobsRanks) {
  TempDir tmp;
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "out";
  config::apply_override(c, "run.tiles=4x4");
  EXPECT_EQ(error_of([&] { config::validate(c); }), "") << "no job: the tiling fits the lattice";
  EXPECT_EQ(error_of([&] { config::validate(c, 16); }), "");
  EXPECT_HAS(error_of([&] { config::validate(c, 1); }),
             "run.tiles = \"4x4\" needs 16 ranks but the job has 1: launch 16 ranks, or set run.tiles to auto");
  config::apply_override(c, "run.tiles=auto");
  for (const char* size : {"lattice.nx=8", "lattice.ny=8", "initial.kmax=2", "initial.kmin=1"})
    config::apply_override(c, size);
  EXPECT_EQ(error_of([&] { config::validate(c, 1); }), "");
  const std::vector<std::string> p = [&] {
    try {
      config::validate(c, 8);
    } catch (const config::ConfigError& e) {
      return e.problems;
    }
    return std::vector<std::string>{};
  }();
  ASSERT_EQ(p.size(), 1u) << "one line, not one per rank";
  EXPECT_HAS(p[0], "run.tiles = \"auto\": no tiling of 8 tiles fits the 8 x 8 lattice");
  EXPECT_HAS(p[0], "at most 1 tiles fit");
  config::apply_override(c, "lattice.nx=64");
  EXPECT_EQ(error_of([&] { config::validate(c, 8); }), "") << "8 tiles of 8 x 8 sites";
}

// Each model states the least lattice it takes (--help says it) and refuses a smaller one by the
// lattice key, with why; a lattice that only looks small but holds the case is accepted.
TEST(ConfigErrors, EachModelRefusesALatticeBelowItsLeast) {
  const std::string d2q9 = "model = \"d2q9\"\n", d3q19 = "model = \"d3q19\"\n";
  EXPECT_HAS(check_error(d2q9, {"lattice.nx=1", "lattice.ny=1", "initial.start=uniform"}),
             "lattice.nx = 1 (with ny = 1 and nz = 1) makes a lattice of one site");
  EXPECT_HAS(check_error(d3q19, {"lattice.nx=1", "lattice.ny=1", "lattice.nz=2"}),
             "lattice.nx = 1 is too small for the Taylor-Green start");
  for (const std::string& model : {d2q9, d3q19})
    EXPECT_HAS(check_error(model, {"lattice.nx=1", "inlet.enabled=true", "outlet.enabled=true", "inlet.u=0.05",
                                   "initial.start=uniform"}),
               "lattice.nx = 1 is too small for an inlet and an outlet");
  EXPECT_HAS(check_error(d2q9, {"lattice.ny=1", "walls.enabled=true", "initial.start=uniform"}),
             "lattice.ny = 1 is too small for walls: with one row between them, both walls act on every site, so ny "
             "must be >= 2");
  EXPECT_HAS(check_error(d3q19, {"lattice.nz=1", "walls.z=true", "initial.start=uniform"}),
             "lattice.nz = 1 is too small for walls.z");
  EXPECT_HAS(check_error("model = \"thermal3d\"\n", {"lattice.nz=1"}),
             "lattice.nz = 1 is too small for convection between the walls");
  EXPECT_HAS(check_error("model = \"thermal3d\"\n", {"lattice.nx=8", "initial.kx=100"}),
             "initial.kx = 100 must be below nx/2 = 4");
  EXPECT_HAS(check_error("model = \"diffusion\"\n", {"lattice.nx=1", "lattice.ny=1"}), "lattice of one site");
  EXPECT_HAS(check_error("model = \"diffusion\"\n", {"lattice.nx=16", "lattice.ny=1", "initial.kx=0"}),
             "are 0 along every axis of more than one site");
  // A channel of one column between walls, driven by a force: a flow that does not vary along x.
  EXPECT_EQ(check_error(d2q9, {"lattice.nx=1", "lattice.ny=16", "walls.enabled=true", "physics.force_x=1e-5",
                               "initial.start=uniform"}),
            "");
  EXPECT_EQ(check_error("model = \"diffusion\"\n", {"lattice.nx=1", "lattice.ny=16", "initial.kx=0"}), "");
  EXPECT_EQ(check_error("model = \"thermal3d\"\n", {"lattice.nz=3"}), "");
  // --help states each model's least lattice with the key.
  EXPECT_HAS(config::describe_keys(), "of d2q9: 2 sites at least, nx, ny >= 3 for the Taylor-Green start");
  EXPECT_HAS(config::describe_keys(), "of thermal3d: nz >= 3");
}

// Values that make the initial state non-finite or blow up within a few steps are refused before
// any work, each with the physical reason; values of the same kind that run are accepted.
TEST(ConfigErrors, ValuesThatBlowUpAtOnceAreRefusedWithWhy) {
  const std::vector<std::string> small{"lattice.nx=32", "lattice.ny=32", "initial.kmax=4"};
  const auto d2q37 = [&](std::vector<std::string> sets) {
    sets.insert(sets.begin(), small.begin(), small.end());
    return check_error("", sets);
  };
  EXPECT_HAS(d2q37({"physics.k1=1e300"}), "physics.k1 = 1e+300 gives the initial state a shear relaxation time tau1");
  EXPECT_HAS(d2q37({"physics.k1=1e300"}), "it must stay below 100 time steps");
  EXPECT_HAS(d2q37({"initial.rho_bottom=1e-300"}), "initial.rho_bottom = 1e-300");
  EXPECT_HAS(d2q37({"physics.gravity=0.89"}), "physics.gravity = 0.89 over ny = 32 rows");
  EXPECT_HAS(d2q37({"initial.T_down=1e300"}), "initial.T_down = 1e+300 is out of range: must be > 0 and < 2");
  EXPECT_HAS(d2q37({"initial.amplitude=1e6"}), "initial.amplitude = 1000000 displaces the interface beyond the lattice");
  for (const char* fine : {"physics.k1=10", "physics.gravity=0.1", "initial.rho_bottom=1e-3", "initial.T_down=1.9"})
    EXPECT_EQ(d2q37({fine}), "") << fine;
  const std::string d2q9 = "model = \"d2q9\"\n[initial]\nstart = \"uniform\"\n";
  EXPECT_HAS(check_error(d2q9, {"physics.force_x=1e300"}), "physics.force_x = 1e+300 is too strong");
  EXPECT_HAS(check_error(d2q9, {"physics.force_x=10"}), "it changes the velocity by |F| / rho = 10 per step");
  EXPECT_EQ(check_error(d2q9, {"physics.force_x=1e-4"}), "");
  EXPECT_HAS(check_error(d2q9, {"initial.ux=0.3", "initial.uy=0.3"}),
             "initial.ux, initial.uy = 0.3, 0.3 is too fast: the speed |u| = 0.424");
  EXPECT_EQ(check_error(d2q9, {"initial.ux=0.2", "initial.uy=0.2"}), "");
  EXPECT_HAS(check_error(d2q9, {"reference.velocity=0.9"}), "reference.velocity = 0.9 is too fast");
  EXPECT_HAS(check_error(d2q9, {"accelerate.a=1e300"}), "accelerate.a = 1e+300 is out of range: must be >= 0 and < 1");
  EXPECT_HAS(check_error("model = \"d3q19\"\n", {"physics.force_z=1e10"}), "physics.force_z = 10000000000 is too strong");
  const std::string diffusion = "model = \"diffusion\"\n";
  EXPECT_HAS(check_error(diffusion, {"initial.amplitude=1e308", "initial.background=1e308"}),
             "initial.amplitude = 1e+308 is out of range: must be >= -1e+38 and <= 1e+38 (T is stored in FP32");
  const std::string t3 = "model = \"thermal3d\"\n";
  EXPECT_HAS(check_error(t3, {"initial.amplitude=1e300"}), "initial.amplitude = 1e+300 is too large");
  EXPECT_HAS(check_error(t3, {"initial.start=rayleigh_taylor", "initial.amplitude=5"}),
             "initial.amplitude = 5 displaces the interface, half-way up, beyond the walls");
  EXPECT_EQ(check_error(t3, {"initial.start=rayleigh_taylor", "initial.amplitude=0.1"}), "");
}

// Solids that leave no fluid site: nothing to simulate (such a run reported a still flow and
// succeeded).
TEST(ConfigErrors, AGeometryThatLeavesNoFluidIsRefused) {
  TempDir tmp;
  config::RunConfig c = config::parse_config("model = \"d2q9\"\n[lattice]\nnx = 32\nny = 16\n", "case.toml");
  c.output.dir = tmp / "out";
  config::apply_override(c, "geometry.rectangles=[[0, 0, 32, 16]]");
  config::validate(c);
  EXPECT_HAS(error_of([&] { config::build_solids(c); }),
             "geometry.rectangles: every site of the 32 x 16 lattice is solid: there is no fluid to simulate");
  config::apply_override(c, "geometry.rectangles=[]");
  config::apply_override(c, "geometry.circles=[[16, 8, 1e300]]");
  EXPECT_HAS(error_of([&] { config::build_solids(c); }), "geometry.circles: every site");
  config::apply_override(c, "geometry.circles=[[16, 8, 4]]");
  EXPECT_EQ(error_of([&] { config::build_solids(c); }), "");
  EXPECT_NE(c.solver.solids, nullptr);
}

// The [tracers] table of the configuration: its keys reach SolverConfig::tracers and survive the
// written configuration; every bad value is refused naming its key.
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "plume/config/run_config.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

const char* kLattice = "model = \"d2q9\"\n[lattice]\nnx = 40\nny = 30\n";

// Every problem of `toml` (a d2q9 case of 40 x 30 before it): the file's, then validate()'s.
std::vector<std::string> problems_of(const std::string& toml, const std::string& head = kLattice) {
  TempDir tmp;
  std::vector<std::string> problems;
  std::optional<config::RunConfig> c = config::parse_config(head + toml, "case.toml", problems);
  if (!c) return problems;
  c->output.dir = tmp / "out";
  try {
    config::validate(*c);
  } catch (const config::ConfigError& e) {
    problems.insert(problems.end(), e.problems.begin(), e.problems.end());
  }
  return problems;
}

// The one problem of `toml`; shows them all when there are more.
std::string problem_of(const std::string& toml, const std::string& head = kLattice) {
  const std::vector<std::string> p = problems_of(toml, head);
  std::string all;
  for (const std::string& s : p) all += s + "\n";
  EXPECT_EQ(p.size(), 1u) << all;
  return p.empty() ? "" : p.front();
}

}  // namespace

TEST(TracerConfigKeys, TheTableReachesTheSolversTracersAndSurvivesTheWrittenConfiguration) {
  const std::string toml = std::string(kLattice) +
                           "[tracers]\nseed_in = \"line\"\ncount = 5\nfrom = [1, 2.5]\nto = [30.5, 20]\nevery = 4\n"
                           "seed = 9\n";
  const config::RunConfig c = config::parse_config(toml, "case.toml");
  const TracerConfig& t = c.solver.tracers;
  EXPECT_EQ(t.seeding, TracerConfig::Seeding::Line);
  EXPECT_EQ(t.count, 5);
  EXPECT_EQ(t.from, (std::array<double, 3>{1, 2.5, 0}));
  EXPECT_EQ(t.to, (std::array<double, 3>{30.5, 20, 0}));
  EXPECT_EQ(t.every, 4);
  EXPECT_EQ(t.seed, 9u);
  const std::string written = config::to_toml(c);
  EXPECT_HAS(written, "from = [1, 2.5]");
  const config::RunConfig back = config::parse_config(written, "written.toml");
  EXPECT_EQ(back.solver.tracers.from, t.from);
  EXPECT_EQ(back.solver.tracers.to, t.to);
  EXPECT_EQ(back.solver.tracers.seeding, t.seeding);
  EXPECT_EQ(back.solver.tracers.every, t.every);
  EXPECT_TRUE(problems_of("[tracers]\nseed_in = \"line\"\ncount = 5\nfrom = [1, 2.5]\nto = [30.5, 20]\n").empty());
}

TEST(TracerConfigKeys, A3DLatticeTakesThreeCoordinatesAndAnOverrideSetsAPoint) {
  const std::string head = "model = \"d3q19\"\n[lattice]\nnx = 12\nny = 10\nnz = 8\n";
  EXPECT_TRUE(problems_of("[tracers]\nseed_in = \"region\"\nfrom = [1, 2, 3]\nto = [10, 8, 7]\n", head).empty());
  config::RunConfig c = config::parse_config(head, "case.toml");
  config::apply_override(c, "tracers.to", "[4, 5, 6]");
  EXPECT_EQ(c.solver.tracers.to, (std::array<double, 3>{4, 5, 6}));
  EXPECT_HAS(config::to_toml(c), "to = [4, 5, 6]");
}

TEST(TracerConfigKeys, TheLogLineSaysHowManyWhereAndHowOften) {
  const config::RunConfig line = config::parse_config(
      std::string(kLattice) + "[tracers]\nseed_in = \"line\"\ncount = 5\nfrom = [1, 2.5]\nto = [30.5, 20]\nevery = 4\n",
      "case.toml");
  EXPECT_EQ(config::describe_tracers(line), "5 along the line (1, 2.5) to (30.5, 20), moved every 4 steps");
  const config::RunConfig region = config::parse_config(
      "model = \"d3q19\"\n[lattice]\nnx = 12\nny = 10\nnz = 8\n[tracers]\nseed_in = \"region\"\ncount = 7\n"
      "from = [1, 2, 3]\nto = [10, 8, 7]\nseed = 4\n",
      "case.toml");
  EXPECT_EQ(config::describe_tracers(region),
            "7 at random places in the box (1, 2, 3) to (10, 8, 7) (seed 4), moved every 1 step");
  EXPECT_EQ(config::describe_tracers(config::parse_config(kLattice, "case.toml")), "");
}

TEST(TracerConfigErrors, EveryBadValueIsRefusedNamingItsKey) {
  const std::string line = "[tracers]\nseed_in = \"line\"\nfrom = [1, 2]\nto = [30, 20]\n";
  EXPECT_HAS(problem_of(line + "cont = 5\n"), "unknown key 'tracers.cont' (did you mean 'tracers.count'?)");
  EXPECT_HAS(problem_of(line + "count = 0\n"), "tracers.count = 0 is out of range: must be >= 1 and <= 10000000");
  EXPECT_HAS(problem_of(line + "count = 10000001\n"), "tracers.count = 10000001 is out of range");
  EXPECT_HAS(problem_of(line + "every = 0\n"), "tracers.every = 0 is out of range: must be >= 1");
  EXPECT_HAS(problem_of(line + "seed = -1\n"), "tracers.seed: must be >= 0 (got -1)");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"lines\"\n"),
             "tracers.seed_in: \"lines\" is not one of none, region, line (did you mean 'line'?)");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = [45, 2]\nto = [30, 20]\n"),
             "tracers.from has x = 45, outside the lattice (0 to 39, where its sites are)");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = [1, 2]\nto = [30, -0.5]\n"),
             "tracers.to has y = -0.5, outside the lattice (0 to 29, where its sites are)");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = [1, 2, 0]\nto = [30, 20]\n"),
             "tracers.from: gives z on a 2-D lattice (lattice.nz = 1): give [x, y]");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = [1]\nto = [30, 20]\n"),
             "tracers.from: has 1 numbers; a point is [x, y] or [x, y, z]");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = [\"a\", 2]\nto = [30, 20]\n"),
             "tracers.from: coordinate 0 is a string (\"a\"), not a number");
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"line\"\nfrom = 3\nto = [30, 20]\n"),
             "tracers.from: wrong type: expected an array of 2 or 3 numbers ([x, y] or [x, y, z]), got an integer (3)");
}

TEST(TracerConfigErrors, ARegionNeedsVolumeButALineMayRunAlongAnAxis) {
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"region\"\nfrom = [1, 2]\nto = [1, 20]\n"),
             "tracers.to has the same x as from (1): a region needs volume (a line seeds along a segment)");
  EXPECT_TRUE(problems_of("[tracers]\nseed_in = \"line\"\nfrom = [1, 2]\nto = [1, 20]\n").empty());
}

TEST(TracerConfigErrors, AModelWithoutVelocityIsRefusedNamingTheModel) {
  const std::string head = "model = \"diffusion\"\n[lattice]\nnx = 40\nny = 30\n";
  EXPECT_HAS(problem_of("[tracers]\nseed_in = \"region\"\nfrom = [1, 2]\nto = [30, 20]\n", head),
             "tracers.seed_in = \"region\": model 'diffusion' has no velocity to carry tracers");
  EXPECT_TRUE(problems_of("[tracers]\nfrom = [1, 2]\n", head).empty());  // no tracers seeded: nothing to carry
}

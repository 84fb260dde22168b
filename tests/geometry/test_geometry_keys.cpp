// [geometry]: its keys parse, are written back and overridden like any other; bad values, files
// and shapes are ConfigErrors naming the key; build_solids makes the run's solids.
#include <gtest/gtest.h>
#include "marks.hpp"
#include "plume/config/run_config.hpp"
#include "plume/geometry/particle_bed.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;
using plume::test::validate_error;

namespace {

const char* kChannel = R"(model = "d2q9"
[lattice]
nx = 64
ny = 32
[walls]
enabled = true
)";

std::string load_error(const std::string& toml) {
  return plume::test::config_error_of([&] { config::parse_config(toml, "case.toml"); });
}

std::string build_error(config::RunConfig c) {
  return plume::test::config_error_of([&] { config::build_solids(c); });
}

}  // namespace

TEST(GeometryKeys, TheyParseRoundTripAndOverride) {
  const config::RunConfig c = config::parse_config(std::string(kChannel) + R"(
[geometry]
rectangles = [[0, 0, 10, 4], [20, 5, 30, 8]]
circles = [[32, 16, 5.5]]
[geometry.particles]
radius = 2
solid_fraction = 0.2
seed = 9
gap = 1.5
x_min = 40
)", "case.toml");
  const config::GeometryConfig& g = c.geometry;
  ASSERT_EQ(g.rectangles.size(), 2u);
  EXPECT_EQ(g.rectangles[1], (std::array<int, 4>{20, 5, 30, 8}));
  ASSERT_EQ(g.circles.size(), 1u);
  EXPECT_EQ(g.circles[0], (std::array<double, 3>{32, 16, 5.5}));
  EXPECT_EQ(g.particles.radius, 2);
  EXPECT_EQ(g.particles.solid_fraction, 0.2);
  EXPECT_EQ(g.particles.seed, 9u);
  EXPECT_EQ(g.particles.gap, 1.5);
  EXPECT_EQ(g.particles.x_min, 40);
  EXPECT_FALSE(g.particles.x_max.has_value());
  // Written back: rows of whole numbers as integers, x_max as the comment of a following key.
  const std::string toml = config::to_toml(c);
  EXPECT_HAS(toml, "\n[geometry]\n");
  EXPECT_HAS(toml, "rectangles = [[0, 0, 10, 4], [20, 5, 30, 8]]");
  EXPECT_HAS(toml, "circles = [[32, 16, 5.5]]");
  EXPECT_HAS(toml, "\n[geometry.particles]\nradius = 2.0");
  EXPECT_HAS(toml, "# x_max = 64");
  const config::RunConfig back = config::parse_config(toml, "config.toml");
  EXPECT_EQ(back.geometry.rectangles, g.rectangles);
  EXPECT_EQ(back.geometry.circles, g.circles);
  EXPECT_EQ(back.geometry.particles.gap, 1.5);
  EXPECT_EQ(back.geometry.particles.x_min, 40);
  EXPECT_FALSE(back.geometry.particles.x_max.has_value());
  // Dotted keys are the same keys; a row may stand alone on the command line.
  EXPECT_EQ(config::parse_config("[geometry]\nparticles.radius = 3\n", "dotted.toml").geometry.particles.radius, 3);
  config::RunConfig o = c;
  config::apply_override(o, "geometry.circles=[10, 12, 3]");
  EXPECT_EQ(o.geometry.circles, (std::vector<std::array<double, 3>>{{10, 12, 3}}));
  config::apply_override(o, "geometry.rectangles=[]");
  EXPECT_TRUE(o.geometry.rectangles.empty());
  config::apply_override(o, "geometry.particles.x_max=50");
  EXPECT_EQ(o.geometry.particles.x_max, 50);
  config::apply_override(o, "geometry.obstacles=walls.dat");
  EXPECT_EQ(o.geometry.obstacles, "walls.dat");
  // --help lists them with their rows' meaning.
  EXPECT_HAS(config::describe_keys(), "geometry.rectangles = []");
  EXPECT_HAS(config::describe_keys(), "array of [x0, y0, x1, y1], sites");
  EXPECT_HAS(config::describe_keys(), "geometry.particles.x_max = lattice.nx");
}

TEST(GeometryKeys, BadValuesNameTheKey) {
  EXPECT_HAS(load_error("[geometry]\nrectangles = [[0, 0, 10]]\n"),
             "geometry.rectangles: row 0 has 3 numbers; a row is [x0, y0, x1, y1]");
  EXPECT_HAS(load_error("[geometry]\nrectangles = [[0, 0, 10, 4], [0, 0, 10.5, 4]]\n"),
             "geometry.rectangles: row 1: x1 = 10.5 is not a whole number");
  EXPECT_HAS(load_error("[geometry]\ncircles = [[1, \"a\", 3]]\n"), "geometry.circles: row 0: y is a string (\"a\"), not a number");
  EXPECT_HAS(load_error("[geometry]\ncircles = [[1, 2, 3], 4]\n"), "geometry.circles: row 1 is an integer (4), not an array");
  EXPECT_HAS(load_error("[geometry]\ncircles = \"big\"\n"),
             "geometry.circles: wrong type: expected an array of [x, y, r] (numbers), got a string (\"big\")");
  EXPECT_HAS(load_error("[geometry.particles]\nradus = 3\n"),
             "unknown key 'geometry.particles.radus' (did you mean 'geometry.particles.radius'?)");
  EXPECT_HAS(load_error("[geometry]\nmask = 1\n"), "geometry.mask: wrong type: expected a string");
  config::RunConfig c = config::parse_config(kChannel, "case.toml");
  config::apply_override(c, "geometry.particles.solid_fraction=1.5");
  EXPECT_HAS(validate_error(c), "geometry.particles.solid_fraction = 1.5 is out of range: must be > 0 and < 1");
}

TEST(GeometryKeys, AModelWithoutSolidSitesRefusesEveryGeometryKey) {
  ASSERT_FALSE(find_model("d2q37").supports_solids());
  TempDir tmp;
  plume::test::write_file(tmp / "o.dat", "1 1 1\n");
  config::RunConfig c = config::default_config();
  c.geometry.obstacles = tmp / "o.dat";
  c.geometry.circles = {{10, 10, 3}};
  c.geometry.particles.radius = 2;
  const std::string m = validate_error(c);
  for (const char* key : {"geometry.obstacles", "geometry.circles", "geometry.particles.radius"})
    EXPECT_HAS(m, std::string(key) + ": model d2q37 has no solid sites");
  EXPECT_EQ(validate_error(config::default_config()), "") << "without geometry keys D2Q37 is as before";
}

TEST(GeometryKeys, ShapesOutsideTheLatticeAndMissingFilesAreRefused) {
  TempDir tmp;
  config::RunConfig c = config::parse_config(kChannel, "case.toml");
  c.geometry.rectangles = {{0, 0, 10, 4}, {60, 0, 65, 4}, {5, 5, 5, 9}};
  c.geometry.circles = {{32, 16, 5}, {64, 10, 3}, {10, 10, 0}};
  c.geometry.obstacles = tmp / "missing.dat";
  c.geometry.mask = tmp.path;
  c.geometry.particles.radius = 20;  // a particle and its image must fit across the periodic x
  const std::string m = validate_error(c);
  EXPECT_HAS(m, "geometry.rectangles[1] = [60, 0, 65, 4] is not a rectangle of the lattice: it must have 0 <= x0 < x1 <= nx = 64");
  EXPECT_HAS(m, "geometry.rectangles[2] = [5, 5, 5, 9] is not a rectangle of the lattice");
  EXPECT_HAS(m, "geometry.circles[1] = [64, 10, 3] is not a circle of the lattice");
  EXPECT_HAS(m, "geometry.circles[2] = [10, 10, 0] is not a circle of the lattice");
  EXPECT_EQ(m.find("geometry.rectangles[0]"), std::string::npos) << m;
  EXPECT_EQ(m.find("geometry.circles[0]"), std::string::npos) << m;
  EXPECT_HAS(m, "geometry.obstacles = \"" + tmp / "missing.dat" + "\": file not found (No such file or directory)");
  EXPECT_HAS(m, "geometry.mask = \"" + tmp.path + "\" is not a file");
  EXPECT_HAS(m, "geometry.particles: nx = 64 is too small for periodic particles: it must be at least 2 (2 radius + gap) = 80");
}

TEST(GeometryKeys, BuildSolidsMakesTheRunsGeometry) {
  config::RunConfig none = config::parse_config(kChannel, "case.toml");
  config::build_solids(none);
  EXPECT_EQ(none.solver.solids, nullptr) << "no geometry key: no solids";

  config::RunConfig c = none;
  c.geometry.rectangles = {{0, 0, 10, 4}};
  c.geometry.circles = {{32, 16, 2}};
  config::build_solids(c);
  ASSERT_NE(c.solver.solids, nullptr);
  EXPECT_EQ(test::solid(test::whole(*c.solver.solids, 64, 32)), 40 + 9);
  EXPECT_EQ(c.solver.solids->describe(), "rectangle 0 <= x < 10, 0 <= y < 4; circle at (32, 16) radius 2");

  // The bed takes its periodicity from the model: with walls in y, no particle crosses them.
  config::RunConfig bed = none;
  bed.geometry.particles.radius = 3;
  bed.geometry.particles.solid_fraction = 0.3;
  config::build_solids(bed);
  ASSERT_NE(bed.solver.solids, nullptr);
  EXPECT_HAS(bed.solver.solids->describe(), "particle bed: ");
  const std::vector<std::uint8_t> m = test::whole(*bed.solver.solids, 64, 32);
  EXPECT_GT(test::solid(m), 0.3 * 64 * 32 - 1);
  EXPECT_EQ(bed.geometry.particles.seed, 1u);
  // The same configuration builds the same bed: every rank of a run marks the same sites.
  config::RunConfig again = none;
  again.geometry = bed.geometry;
  config::build_solids(again);
  EXPECT_EQ(test::whole(*again.solver.solids, 64, 32), m);
}

TEST(GeometryKeys, BadFilesAreConfigErrorsNamingKeyFileAndLine) {
  TempDir tmp;
  plume::test::write_file(tmp / "o.dat", "1 1 1\n2 2\n");
  plume::test::write_file(tmp / "m.png", "not an image");
  config::RunConfig c = config::parse_config(kChannel, "case.toml");
  c.geometry.obstacles = tmp / "o.dat";
  c.geometry.mask = tmp / "m.png";
  const std::string m = build_error(c);
  EXPECT_HAS(m, "geometry.obstacles: " + tmp / "o.dat" + ":2: expected three fields 'x y 1', found 2");
  EXPECT_HAS(m, "geometry.mask: mask image '" + tmp / "m.png" + "' is not a PNG file");
  config::RunConfig jam = config::parse_config(kChannel, "case.toml");
  jam.geometry.particles.radius = 3;
  jam.geometry.particles.solid_fraction = 0.7;
  EXPECT_HAS(build_error(jam), "geometry.particles: the particles cannot reach the solid fraction 0.7");
}

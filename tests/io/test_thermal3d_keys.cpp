// 3-D thermal convection as a user starts it: a configuration that names the model and nothing
// else runs the default Rayleigh-Benard case on the model's own lattice; the distance between the
// walls (reference.height) follows lattice.nz, so the lattice values that Ra and Pr give follow a
// change of depth; a height given against the lattice is refused by name.
#include <gtest/gtest.h>
#include <cmath>
#include "plume/config/run_config.hpp"
#include "test_support.hpp"
#include "thermal3d/model.hpp"

using namespace plume;
using plume::test::validate_error;

namespace {

const thermal3d::Params& physics(const config::RunConfig& c) { return c.solver.setup.as<thermal3d::Setup>().physics; }

// Ra as the lattice values give it back, with H = lattice.nz.
double rayleigh(const config::RunConfig& c) {
  const thermal3d::Params& p = physics(c);
  const double nu = (p.tau - 0.5) / 3, kappa = (p.tau_t - 0.5) / 4, H = c.solver.nz;
  return p.buoyancy * (p.t_hot - p.t_cold) * H * H * H / (nu * kappa);
}

}  // namespace

TEST(Thermal3dKeys, TheModelAloneRunsTheDefaultCaseOnItsOwnLattice) {
  const config::RunConfig c = config::parse_config("model = \"thermal3d\"\n", "case.toml");
  EXPECT_EQ(validate_error(c), "");
  EXPECT_EQ(c.solver.nx, 32);
  EXPECT_EQ(c.solver.ny, 32);
  EXPECT_EQ(c.solver.nz, 16);
  EXPECT_EQ(physics(c).reference.height, 16);
  EXPECT_NEAR(rayleigh(c), 5000, 1e-9);
  // The file's lattice comes over the model's.
  const config::RunConfig d = config::parse_config("model = \"thermal3d\"\n[lattice]\nnx = 48\n", "case.toml");
  EXPECT_EQ(d.solver.nx, 48);
  EXPECT_EQ(d.solver.nz, 16);
  // Another model keeps the application's lattice.
  EXPECT_EQ(config::parse_config("model = \"d3q19\"\n", "case.toml").solver.nx, config::default_config().solver.nx);
}

TEST(Thermal3dKeys, TheHeightFollowsTheLatticesDepthUnlessGiven) {
  config::RunConfig c = config::parse_config("model = \"thermal3d\"\n[lattice]\nnz = 24\n", "case.toml");
  EXPECT_EQ(validate_error(c), "");
  EXPECT_EQ(physics(c).reference.height, 24);
  EXPECT_NEAR(rayleigh(c), 5000, 1e-9) << "tau, tau_t and the buoyancy follow the depth";
  config::apply_override(c, "lattice.nz=20");
  EXPECT_EQ(physics(c).reference.height, 20);
  EXPECT_NEAR(rayleigh(c), 5000, 1e-9);
  // Written back as a following key: read again, it still follows.
  const std::string toml = config::to_toml(c);
  EXPECT_HAS(toml, "# height = 20.0");
  config::RunConfig again = config::parse_config(toml, "config.toml");
  config::apply_override(again, "lattice.nz=12");
  EXPECT_EQ(physics(again).reference.height, 12);
  // Given, it stays, and a lattice of another depth is refused naming the key.
  config::apply_override(c, "reference.height=20");
  config::apply_override(c, "lattice.nz=18");
  EXPECT_EQ(physics(c).reference.height, 20);
  EXPECT_HAS(validate_error(c), "reference.height = 20 must be the distance between the walls, lattice.nz = 18");
}

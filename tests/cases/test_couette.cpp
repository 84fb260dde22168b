// Couette flow at Re = U H / nu = 400, seed 003's check: the steady profile between a wall at
// rest and one moving at U is linear, u(y) = U (y + 1/2) / H (half-way walls), and the relative
// L2 error must be at most 1e-3. Seed 003 ran it on 2048 x 2048; the steady profile depends on
// neither H nor Re, only the time to reach it (H^2 / (pi^2 nu)) does, so H = 32 with U = 0.1
// (nu = 0.008, tau = 0.524, set from reference.reynolds as assets/d2q9_couette.toml does) shows
// the same flow at a cost that fits a unit test; the error left is the transient's, as predicted,
// and the diagnostic profile_error (the end report's) is that error.
#include <gtest/gtest.h>
#include <cmath>
#include "d2q9/diagnostics.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

using namespace plume;

TEST(Couette, Reynolds400SteadyProfileWithinOneInAThousand) {
  const int NX = 4, H = 32;
  const double U = 0.1;
  d2q9::Setup s;
  s.physics.collision = d2q9::Collision::TRT;
  s.physics.walls = true;
  s.physics.top.u = U;
  s.physics.reference.length = H;
  s.physics.reference.reynolds = 400;
  s.initial.start = d2q9::Start::Uniform;
  SolverConfig c;
  c.model = "d2q9";
  c.nx = NX;
  c.ny = H;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  c.setup = AnySetup(s);
  d2q9::parameters().derive(c.setup);
  const double tau = c.setup.as<d2q9::Setup>().physics.tau;
  EXPECT_NEAR(tau, 0.5 + 3 * U * H / 400, 1e-15) << "Re sets the viscosity";
  Solver solver(c);
  solver.initialize();
  const double T = H * H / (M_PI * M_PI * (tau - 0.5) / 3);  // the slowest mode's decay time
  solver.advance(std::llround(10 * T));
  Fields f;
  solver.snapshot().fields(f);
  double err = 0, norm = 0;
  for (int y = 0; y < H; ++y) {
    const double exact = U * (y + 0.5) / H, u = f["ux"][f.at(1, y)];
    err += (u - exact) * (u - exact);
    norm += exact * exact;
  }
  EXPECT_LE(std::sqrt(err / norm), 1e-3);
  // What is left is the start's transient, whose slowest mode leaves sqrt(6) / pi exp(-t / T) of
  // the profile (the steady line itself is exact with half-way walls): 3.5e-5 after 10 T.
  EXPECT_NEAR(std::sqrt(err / norm) / (std::sqrt(6.0) / M_PI * std::exp(-10.0)), 1.0, 0.03);
  // The diagnostic the end report gives (profile_error) is this error.
  const auto names = d2q9::diagnostic_quantities();
  const auto values = d2q9::diagnose(solver.snapshot().diagnostic_sums(), c.setup);
  std::size_t k = 0;
  while (k < names.size() && names[k].name != std::string("profile_error")) ++k;
  ASSERT_LT(k, names.size());
  EXPECT_NEAR(values[k], std::sqrt(err / norm), 1e-12);
}

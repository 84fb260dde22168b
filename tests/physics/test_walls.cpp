// Walls (spec section 6): no slip (u_H = 0 on the wall rows), imposed temperature or zero
// normal gradient, and a total mass that stays constant to round-off. The wall fixes the raw
// temperature T of its rows, so their T_H = T + dt^2 |g|^2 / (4 D) is larger by that shift.
#include <gtest/gtest.h>
#include <cmath>
#include <numeric>
#include "d2q37/lattice.hpp"
#include "d2q37/collision.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

using namespace plume;

namespace {

SolverConfig wall_case(d2q37::WallKind kind) {
  SolverConfig c;
  c.nx = 48;
  c.ny = 64;
  c.backend = BackendKind::CPU;
  d2q37::physics(c).gy = -2e-4;
  d2q37::physics(c).k1 = d2q37::physics(c).k2 = 0.01;
  d2q37::physics(c).bottom = {kind, 1.08};
  d2q37::physics(c).top = {kind, 0.93};
  d2q37::initial(c).amplitude = 3.0;
  d2q37::initial(c).eps = 4.0;
  return c;
}

double total_mass(Solver& s) {
  const std::vector<double> f = s.populations();
  return std::accumulate(f.begin(), f.end(), 0.0);
}

bool is_wall_row(int y, int ny) { return y < 3 || y >= ny - 3; }

// T_H - T of a site with gravity g (docs/d2q37.md).
double th_shift(const SolverConfig& c) {
  const double d = d2q37::dt<d2q37::D2Q37>();
  return d * d * (d2q37::physics(c).gx * d2q37::physics(c).gx + d2q37::physics(c).gy * d2q37::physics(c).gy) / (4.0 * d2q37::D2Q37::D);
}

}  // namespace

TEST(Walls, NoSlipFixedTemperatureAndMassConservedOver1000Steps) {
  const SolverConfig c = wall_case(d2q37::WallKind::Fixed);
  Solver s(c);
  s.initialize();
  const double m0 = total_mass(s);
  Fields F;
  for (int block = 0; block < 5; ++block) {
    s.advance(200);
    EXPECT_NEAR(total_mass(s) / m0, 1.0, 1e-12) << "after " << s.step() << " steps";
    s.snapshot().fields(F);
    for (int y = 0; y < F.ny; ++y) {
      if (!is_wall_row(y, F.ny)) continue;
      const double Tw = (y < 3 ? 1.08 : 0.93) + th_shift(c);
      for (int x = 0; x < F.nx; ++x) {
        ASSERT_NEAR(F["ux"][F.at(x, y)], 0.0, 1e-15) << "x " << x << " y " << y;
        ASSERT_NEAR(F["uy"][F.at(x, y)], 0.0, 1e-15) << "x " << x << " y " << y;
        ASSERT_NEAR(F["T"][F.at(x, y)], Tw, 1e-13) << "x " << x << " y " << y;
      }
    }
  }
  // The flow is not trivially at rest: the interior moves.
  double umax = 0;
  for (std::size_t k = 0; k < F["uy"].size(); ++k) umax = std::max(umax, std::fabs(F["uy"][k]));
  EXPECT_GT(umax, 1e-5);
}

// The raw T of the wall rows is T_H of row 3 (the reference's convention): their own T_H exceeds
// row 3's by exactly the gravity shift, which is nonzero here (about 3.5e-9).
TEST(Walls, AdiabaticWallsHaveZeroNormalTemperatureGradient) {
  const SolverConfig c = wall_case(d2q37::WallKind::Adiabatic);
  const double shift = th_shift(c);
  ASSERT_GT(shift, 1e-9);
  Solver s(c);
  s.initialize();
  const double m0 = total_mass(s);
  s.advance(300);
  EXPECT_NEAR(total_mass(s) / m0, 1.0, 1e-12);
  Fields F;
  s.snapshot().fields(F);
  for (int x = 0; x < F.nx; ++x)
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(F["T"][F.at(x, j)] - F["T"][F.at(x, 3)], shift, 1e-14) << "bottom, x " << x << " row " << j;
      EXPECT_NEAR(F["T"][F.at(x, F.ny - 1 - j)] - F["T"][F.at(x, F.ny - 4)], shift, 1e-14)
          << "top, x " << x << " row " << j;
      EXPECT_NEAR(F["uy"][F.at(x, j)], 0.0, 1e-15);
    }
}

TEST(Walls, FixedWallHeatsTheFluidNextToIt) {
  // A bottom wall hotter than the fluid must raise the temperature of the first fluid rows.
  SolverConfig c = wall_case(d2q37::WallKind::Fixed);
  d2q37::physics(c).gy = 0;
  d2q37::initial(c).T_down = d2q37::initial(c).T_up = 1.0;
  d2q37::initial(c).amplitude = 0;
  d2q37::physics(c).bottom.T = 1.1;
  d2q37::physics(c).top.T = 1.0;
  Solver s(c);
  s.initialize();
  s.advance(400);
  Fields F;
  s.snapshot().fields(F);
  double mean4 = 0, mean_mid = 0;
  for (int x = 0; x < F.nx; ++x) {
    mean4 += F["T"][F.at(x, 4)] / F.nx;
    mean_mid += F["T"][F.at(x, F.ny / 2)] / F.nx;
  }
  EXPECT_GT(mean4, 1.0 + 1e-3);
  EXPECT_LT(mean_mid, mean4);
}

// 3-D Rayleigh–Taylor (model thermal3d, start = rayleigh_taylor): cold (heavy) fluid over hot
// (light) fluid with a single-mode perturbation of its interface.
// - Linear growth: the mode grows exponentially at a rate below the sharp interface's viscous rate
//   sigma = sqrt(A g k + nu^2 k^4) - nu k^2 (Chandrasekhar 1961, ch. X; the approximation for
//   fluids of equal kinematic viscosity used since Duff, Harlow and Hirt 1962) and within 20 % of
//   it: the interface here is diffuse, about 2 sites thick with k = 2 pi / 32, which slows the
//   growth by about 1 / sqrt(1 + k L); and the rate goes as sqrt(A g), as the dispersion relation
//   says, to 5 %.
// - The same layer under gravity turned round is stable: the mode only oscillates.
// - The mixing width grows faster than diffusion alone widens the interface.
// - The single mode's symmetries hold: the mirror x -> -x, and x <-> y for a mode along both.
#include <gtest/gtest.h>
#include <cmath>
#include "thermal3d_case.hpp"

using namespace plume;
using plume::test::Thermal3dRun;

namespace {

const double kPi = 3.14159265358979323846;
// The lattice values: nu = 0.01, kappa = 0.0025; A g = buoyancy dT / 2 with dT = 1.
const double kTau = 0.53, kTauT = 0.51, kNu = (kTau - 0.5) / 3;

thermal3d::Setup layer(double buoyancy, int kx, int ky) {
  thermal3d::Setup s;
  s.physics.collision = thermal3d::Collision::TRT;
  s.physics.tau = kTau;
  s.physics.tau_t = kTauT;
  s.physics.buoyancy = buoyancy;
  s.initial.start = thermal3d::Start::RayleighTaylor;
  s.initial.amplitude = 0.001;  // of nz: 0.05 sites, deep in the linear regime
  s.initial.kx = kx;
  s.initial.ky = ky;
  s.initial.width = 1.0;
  return s;
}

// The sharp interface's viscous growth rate for A g and wavenumber k.
double viscous_rate(double ag, double k) { return std::sqrt(ag * k + kNu * kNu * std::pow(k, 4)) - kNu * k * k; }

// A quasi-2-D layer 32 x 1 x 48: the growth rate from step `from` to step `to` (the acoustic
// start-up and the adjustment of the mode's shape are over by step 200).
struct Growth {
  double rate, width;
};
Growth growth(double buoyancy, long from, long to) {
  Thermal3dRun run(32, 1, 48, layer(buoyancy, 1, 0));
  run.advance(from);
  const double a0 = run.mode_amplitude();
  run.advance(to - from);
  return {std::log(run.mode_amplitude() / a0) / double(to - from), run.diagnostic("mixing_width")};
}

}  // namespace

TEST(Thermal3dRayleighTaylor, ASingleModeGrowsAtTheViscousRateOfTheDispersionRelation) {
  const double k = 2 * kPi / 32;
  const double b1 = 8e-4, b2 = 2e-3;
  const Growth g1 = growth(b1, 250, 500), g2 = growth(b2, 250, 450);
  const double s1 = viscous_rate(b1 / 2, k), s2 = viscous_rate(b2 / 2, k);
  EXPECT_LT(g1.rate, s1);
  EXPECT_GT(g1.rate, 0.8 * s1) << "measured " << g1.rate << ", sharp viscous " << s1;
  EXPECT_LT(g2.rate, s2);
  EXPECT_GT(g2.rate, 0.8 * s2) << "measured " << g2.rate << ", sharp viscous " << s2;
  // sigma ~ sqrt(A g) (nu k^2 is a twentieth of sigma here): the rates' ratio is that of the
  // dispersion relation.
  EXPECT_NEAR((g2.rate / g1.rate) / (s2 / s1), 1.0, 0.05);
}

TEST(Thermal3dRayleighTaylor, TheLayerIsStableUnderGravityTurnedRoundAndMixesOnlyWhenUnstable) {
  const Growth unstable = growth(8e-4, 300, 600), stable = growth(-8e-4, 300, 600);
  EXPECT_GT(unstable.rate, 0.004);
  // Gravity waves on a stable interface: the mode oscillates, and viscosity damps it.
  EXPECT_LT(stable.rate, 0.001) << "a stable layer's mode does not grow";
  // The stable interface widens by diffusion alone; the unstable one mixes beyond it.
  EXPECT_GT(unstable.width, 1.15 * stable.width) << unstable.width << " against " << stable.width;
}

TEST(Thermal3dRayleighTaylor, TheSingleModesSymmetriesHold) {
  // Along x only: the mirror x -> nx - 1 - x maps the mode onto itself.
  {
    Thermal3dRun run(32, 1, 48, layer(2e-3, 1, 0));
    run.advance(500);  // into the non-linear regime: bubbles and spikes
    ASSERT_GT(run.mode_amplitude(), 1.0);
    const Fields f = run.fields();
    for (int z = 0; z < 48; ++z)
      for (int x = 0; x < 32; ++x) {
        ASSERT_NEAR(f["T"][f.at(x, 0, z)], f["T"][f.at(31 - x, 0, z)], 1e-12) << x << ", " << z;
        ASSERT_NEAR(f["uz"][f.at(x, 0, z)], f["uz"][f.at(31 - x, 0, z)], 1e-12) << x << ", " << z;
        ASSERT_NEAR(f["ux"][f.at(x, 0, z)], -f["ux"][f.at(31 - x, 0, z)], 1e-12) << x << ", " << z;
      }
  }
  // Along x and y on a square: the swap x <-> y too.
  {
    const int n = 8, nz = 24;
    Thermal3dRun run(n, n, nz, layer(4e-3, 1, 1));
    run.advance(300);
    const Fields f = run.fields();
    double moved = 0;
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          ASSERT_NEAR(f["T"][f.at(x, y, z)], f["T"][f.at(y, x, z)], 1e-12) << x << ", " << y << ", " << z;
          ASSERT_NEAR(f["ux"][f.at(x, y, z)], f["uy"][f.at(y, x, z)], 1e-12) << x << ", " << y << ", " << z;
          moved = std::max(moved, std::abs(f["uz"][f.at(x, y, z)]));
        }
    EXPECT_GT(moved, 1e-4) << "the layer moved: the symmetry was tested on a flow";
  }
}

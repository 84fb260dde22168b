// The temperature lattice of 3-D thermal convection and its per-site physics: D3Q7's weights and
// isotropy to second order, the moments of its equilibrium, what its collision keeps, the
// anti-bounce-back of a wall at a fixed temperature, and the buoyancy the flow feels.
#include <gtest/gtest.h>
#include <cmath>
#include "thermal3d/collision.hpp"

using namespace plume;
using namespace plume::thermal3d;

TEST(Thermal3dLattice, D3Q7WeightsSumToOneAndTheLatticeIsIsotropicToSecondOrder) {
  double w = 0, first[3] = {0, 0, 0}, second[3][3] = {}, third[3][3][3] = {};
  for (int i = 0; i < D3Q7::Q; ++i) {
    w += D3Q7::w(i);
    EXPECT_EQ(D3Q7::opposite(D3Q7::opposite(i)), i);
    for (int a = 0; a < 3; ++a) {
      EXPECT_EQ(D3Q7::e(D3Q7::opposite(i), a), -D3Q7::e(i, a));
      first[a] += D3Q7::w(i) * D3Q7::e(i, a);
      for (int b = 0; b < 3; ++b) {
        second[a][b] += D3Q7::w(i) * D3Q7::e(i, a) * D3Q7::e(i, b);
        for (int c = 0; c < 3; ++c) third[a][b][c] += D3Q7::w(i) * D3Q7::e(i, a) * D3Q7::e(i, b) * D3Q7::e(i, c);
      }
    }
  }
  EXPECT_DOUBLE_EQ(w, 1.0);
  for (int a = 0; a < 3; ++a) {
    EXPECT_EQ(first[a], 0.0);
    for (int b = 0; b < 3; ++b) {
      EXPECT_DOUBLE_EQ(second[a][b], a == b ? D3Q7::cs2 : 0.0);
      for (int c = 0; c < 3; ++c) EXPECT_EQ(third[a][b][c], 0.0);
    }
  }
}

TEST(Thermal3dLattice, TheSiteHoldsD3Q19ThenD3Q7) {
  EXPECT_EQ(D3Q19D3Q7::Q, 26);
  for (int a = 0; a < 3; ++a) {
    for (int i = 0; i < 19; ++i) EXPECT_EQ(D3Q19D3Q7::e(i, a), D3Q19::e(i, a));
    for (int i = 0; i < 7; ++i) EXPECT_EQ(D3Q19D3Q7::e(19 + i, a), D3Q7::e(i, a));
  }
}

TEST(Thermal3dSite, TheEquilibriumCarriesTAndItsFluxTu) {
  const Macro m{1.01, 0.03, -0.02, 0.05};
  const double T = 0.7;
  double t = 0, flux[3] = {0, 0, 0};
  for (int i = 0; i < D3Q7::Q; ++i) {
    const double g = temperature_equilibrium(i, T, m);
    t += g;
    for (int a = 0; a < 3; ++a) flux[a] += D3Q7::e(i, a) * g;
  }
  EXPECT_NEAR(t, T, 1e-15);
  EXPECT_NEAR(flux[0], T * m.ux, 1e-15);
  EXPECT_NEAR(flux[1], T * m.uy, 1e-15);
  EXPECT_NEAR(flux[2], T * m.uz, 1e-15);
}

TEST(Thermal3dSite, TheCollisionKeepsTAndRelaxesTheFluxAtTauT) {
  const Macro m{1.0, 0.02, 0.01, -0.03};
  double g[D3Q7::Q];
  for (int i = 0; i < D3Q7::Q; ++i) g[i] = temperature_equilibrium(i, 0.4, m) + 1e-3 * std::sin(1.3 * i + 0.2);
  const double T = temperature(g), tau_t = 0.8;
  double j0 = 0;
  for (int i = 0; i < D3Q7::Q; ++i) j0 += D3Q7::e(i, 2) * g[i];
  collide_temperature(g, T, m, tau_t);
  double j1 = 0;
  for (int i = 0; i < D3Q7::Q; ++i) j1 += D3Q7::e(i, 2) * g[i];
  EXPECT_NEAR(temperature(g), T, 1e-15);
  EXPECT_NEAR(j1 - T * m.uz, (1 - 1 / tau_t) * (j0 - T * m.uz), 1e-15);
}

TEST(Thermal3dSite, AntiBounceBackHoldsTheWallTemperatureAtRest) {
  // The populations of a fluid at rest at the wall's temperature come back unchanged.
  const Macro rest{1.0, 0.0, 0.0, 0.0};
  const double Tw = 0.3;
  EXPECT_NEAR(anti_bounce_back(5, temperature_equilibrium(6, Tw, rest), Tw), temperature_equilibrium(5, Tw, rest),
              1e-16);
}

TEST(Thermal3dSite, HotFluidRisesAndTheReferenceTemperatureFeelsNothing) {
  Params p;
  p.buoyancy = 1e-3;
  p.t_ref = 0.5;
  EXPECT_GT(buoyancy(p, 1.0, 0.8).z, 0.0);
  EXPECT_LT(buoyancy(p, 1.0, 0.2).z, 0.0);
  EXPECT_EQ(buoyancy(p, 1.0, 0.5).z, 0.0);
  EXPECT_EQ(buoyancy(p, 1.0, 0.8).x, 0.0);
  EXPECT_DOUBLE_EQ(buoyancy(p, 1.1, 0.8).z, 1.1 * 1e-3 * 0.3);
}

// The D2Q9 per-site physics: lattice symmetry and isotropy, the moments of both equilibria, and
// what each collision conserves or adds (mass always; momentum without a force; exactly F per
// step with Guo's forcing).
#include <gtest/gtest.h>
#include <cmath>
#include "d2q9/collision.hpp"

using namespace plume::d2q9;

namespace {

template <Equilibrium E>
void fill_equilibrium(const Macro& m, double* f) {
  for (int i = 0; i < L::Q; ++i) f[i] = equilibrium<E>(i, m);
}

// A state away from equilibrium: an equilibrium plus a perturbation with no mass.
void off_equilibrium(double* f) {
  fill_equilibrium<Equilibrium::Compressible>({1.02, 0.03, -0.02}, f);
  const double d[L::Q] = {-0.004, 0.002, -0.001, 0.0015, 0.001, -0.0005, 0.0008, 0.0002, 0.0};
  double s = 0;
  for (int i = 0; i < L::Q - 1; ++i) s += d[i];
  for (int i = 0; i < L::Q; ++i) f[i] += i < L::Q - 1 ? d[i] : -s;
}

struct Sums {
  double rho = 0, jx = 0, jy = 0, pxx = 0, pxy = 0, pyy = 0;
};
Sums sums(const double* f) {
  Sums s;
  for (int i = 0; i < L::Q; ++i) {
    s.rho += f[i];
    s.jx += L::ex(i) * f[i];
    s.jy += L::ey(i) * f[i];
    s.pxx += L::ex(i) * L::ex(i) * f[i];
    s.pxy += L::ex(i) * L::ey(i) * f[i];
    s.pyy += L::ey(i) * L::ey(i) * f[i];
  }
  return s;
}

}  // namespace

TEST(D2Q9Lattice, WeightsSumToOneOppositesReverseAndTheSecondMomentIsIsotropic) {
  double w = 0, cxx = 0, cxy = 0, cyy = 0;
  for (int i = 0; i < L::Q; ++i) {
    w += L::w(i);
    EXPECT_EQ(L::ex(L::opposite(i)), -L::ex(i));
    EXPECT_EQ(L::ey(L::opposite(i)), -L::ey(i));
    cxx += L::w(i) * L::ex(i) * L::ex(i);
    cxy += L::w(i) * L::ex(i) * L::ey(i);
    cyy += L::w(i) * L::ey(i) * L::ey(i);
  }
  EXPECT_DOUBLE_EQ(w, 1.0);
  EXPECT_DOUBLE_EQ(cxx, L::cs2);
  EXPECT_DOUBLE_EQ(cyy, L::cs2);
  EXPECT_DOUBLE_EQ(cxy, 0.0);
}

TEST(D2Q9Equilibrium, CompressibleMomentsAreRhoRhoUAndTheEulerStress) {
  const Macro m{1.1, 0.05, -0.03};
  double f[L::Q];
  fill_equilibrium<Equilibrium::Compressible>(m, f);
  const Sums s = sums(f);
  EXPECT_NEAR(s.rho, m.rho, 1e-15);
  EXPECT_NEAR(s.jx, m.rho * m.ux, 1e-15);
  EXPECT_NEAR(s.jy, m.rho * m.uy, 1e-15);
  EXPECT_NEAR(s.pxx, m.rho * (L::cs2 + m.ux * m.ux), 1e-15);
  EXPECT_NEAR(s.pxy, m.rho * m.ux * m.uy, 1e-15);
  EXPECT_NEAR(s.pyy, m.rho * (L::cs2 + m.uy * m.uy), 1e-15);
}

TEST(D2Q9Equilibrium, IncompressibleCarriesMomentumWithTheReferenceDensity) {
  const Macro m{1.1, 0.05, -0.03};
  double f[L::Q];
  fill_equilibrium<Equilibrium::Incompressible>(m, f);
  const Sums s = sums(f);
  EXPECT_NEAR(s.rho, m.rho, 1e-15);
  EXPECT_NEAR(s.jx, m.ux, 1e-15);  // rho_0 = 1
  EXPECT_NEAR(s.jy, m.uy, 1e-15);
  EXPECT_NEAR(s.pxx, m.rho * L::cs2 + m.ux * m.ux, 1e-15);
}

template <Collision C, Equilibrium E>
void check_conservation() {
  Params p;
  p.collision = C;
  p.equilibrium = E;
  p.tau = 0.7;
  double f[L::Q];
  off_equilibrium(f);
  const Sums before = sums(f);
  collide<C, E>(f, p);
  const Sums after = sums(f);
  EXPECT_NEAR(after.rho, before.rho, 1e-15);
  EXPECT_NEAR(after.jx, before.jx, 1e-15);
  EXPECT_NEAR(after.jy, before.jy, 1e-15);
  // Not a no-op: the stress relaxes.
  EXPECT_GT(std::abs(after.pxy - before.pxy), 1e-6);
}

TEST(D2Q9Collision, BothCollisionsConserveMassAndMomentum) {
  check_conservation<Collision::BGK, Equilibrium::Compressible>();
  check_conservation<Collision::BGK, Equilibrium::Incompressible>();
  check_conservation<Collision::TRT, Equilibrium::Compressible>();
  check_conservation<Collision::TRT, Equilibrium::Incompressible>();
}

template <Collision C>
void check_force() {
  Params p;
  p.collision = C;
  p.tau = 0.9;
  p.fx = 2e-5;
  p.fy = -3e-5;
  double f[L::Q];
  off_equilibrium(f);
  const Sums before = sums(f);
  collide<C, Equilibrium::Compressible>(f, p);
  const Sums after = sums(f);
  EXPECT_NEAR(after.rho, before.rho, 1e-15);
  EXPECT_NEAR(after.jx - before.jx, p.fx, 1e-15);
  EXPECT_NEAR(after.jy - before.jy, p.fy, 1e-15);
}

TEST(D2Q9Collision, GuoForcingAddsExactlyTheForcePerStep) {
  check_force<Collision::BGK>();
  check_force<Collision::TRT>();
}

TEST(D2Q9Collision, TrtWithEqualRatesIsBgk) {
  // Lambda = (tau - 1/2)^2 makes tau_minus = tau: the two collisions are the same operator.
  Params p;
  p.tau = 0.8;
  p.magic = (p.tau - 0.5) * (p.tau - 0.5);
  p.fx = 1e-5;
  double a[L::Q], b[L::Q];
  off_equilibrium(a);
  off_equilibrium(b);
  p.collision = Collision::BGK;
  collide<Collision::BGK, Equilibrium::Compressible>(a, p);
  collide<Collision::TRT, Equilibrium::Compressible>(b, p);
  for (int i = 0; i < L::Q; ++i) EXPECT_NEAR(a[i], b[i], 1e-16);
}

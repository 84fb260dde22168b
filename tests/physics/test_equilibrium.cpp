// Equilibrium (spec section 3): the Hermite-series form used by the solver equals the scalar
// formula, and its moments of order 0..4 are the Maxwellian's.
#include <gtest/gtest.h>
#include <cmath>
#include <random>
#include "d2q37/collision.hpp"
#include "reference_physics.hpp"

using namespace plume;
using L = d2q37::D2Q37;

namespace {
struct State { double rho, ux, uy, T; };
std::vector<State> random_states(int n, unsigned seed) {
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> rho(0.5, 2.0), u(-0.2, 0.2), T(0.7, 1.3);
  std::vector<State> s;
  for (int k = 0; k < n; ++k) s.push_back({rho(g), u(g), u(g), T(g)});
  return s;
}
}  // namespace

TEST(Equilibrium, HermiteSeriesEqualsScalarFormula) {
  for (const State& s : random_states(50, 1)) {
    double f[L::Q];
    d2q37::equilibrium<L>(s.rho, s.ux, s.uy, s.T, f);
    for (int i = 0; i < L::Q; ++i)
      EXPECT_NEAR(f[i], ref::feq_scalar(i, s.rho, s.ux, s.uy, s.T), 1e-15 * s.rho) << "population " << i;
  }
}

TEST(Equilibrium, MomentsThroughOrderFourAreMaxwellian) {
  // Raw moments of a Gaussian of mean u and variance T, times rho.
  for (const State& s : random_states(20, 2)) {
    double f[L::Q];
    d2q37::equilibrium<L>(s.rho, s.ux, s.uy, s.T, f);
    auto gauss = [](int k, double u, double T) {  // E[X^k], X ~ N(u, T)
      const double m[] = {1, u, u * u + T, u * u * u + 3 * u * T, u * u * u * u + 6 * u * u * T + 3 * T * T};
      return m[k];
    };
    for (int deg = 0; deg <= 4; ++deg)
      for (int a = 0; a <= deg; ++a) {
        const int b = deg - a;
        double m = 0;
        for (int i = 0; i < L::Q; ++i) m += f[i] * std::pow(L::cx(i), a) * std::pow(L::cy(i), b);
        EXPECT_NEAR(m, s.rho * gauss(a, s.ux, s.T) * gauss(b, s.uy, s.T), 1e-13 * s.rho)
            << "moment x^" << a << " y^" << b;
      }
  }
}

TEST(Equilibrium, MacroscopicFieldsRoundTrip) {
  for (const State& s : random_states(20, 3)) {
    double f[L::Q];
    d2q37::equilibrium<L>(s.rho, s.ux, s.uy, s.T, f);
    const d2q37::Macro m = d2q37::macro<L>(f);
    EXPECT_NEAR(m.rho, s.rho, 1e-14);
    EXPECT_NEAR(m.ux, s.ux, 1e-14);
    EXPECT_NEAR(m.uy, s.uy, 1e-14);
    EXPECT_NEAR(m.T, s.T, 1e-14);
  }
}

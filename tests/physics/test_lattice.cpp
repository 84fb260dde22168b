// Lattice tables (spec section 1): weights, symmetry, isotropy of the quadrature.
#include <gtest/gtest.h>
#include <cmath>
#include "d2q37/lattice.hpp"

using plume::d2q37::D2Q37;

namespace {
// E[X^k] for a standard normal variable: (k-1)!! for even k, 0 for odd k.
double gauss_moment(int k) {
  if (k % 2) return 0.0;
  double m = 1;
  for (int j = k - 1; j > 1; j -= 2) m *= j;
  return m;
}
double lattice_moment(int a, int b) {
  double s = 0;
  for (int i = 0; i < D2Q37::Q; ++i) s += D2Q37::w(i) * std::pow(D2Q37::cx(i), a) * std::pow(D2Q37::cy(i), b);
  return s;
}
}  // namespace

TEST(Lattice, WeightsSumToOne) {
  double s = 0;
  for (int i = 0; i < D2Q37::Q; ++i) s += D2Q37::w(i);
  EXPECT_NEAR(s, 1.0, 1e-15);
}

TEST(Lattice, VelocitiesAreDistinctAndClosedUnderInversion) {
  for (int i = 0; i < D2Q37::Q; ++i) {
    const int o = D2Q37::opposite(i);
    ASSERT_GE(o, 0) << "no opposite for velocity " << i;
    EXPECT_EQ(D2Q37::w(o), D2Q37::w(i));
    for (int j = 0; j < i; ++j)
      EXPECT_FALSE(D2Q37::ex(i) == D2Q37::ex(j) && D2Q37::ey(i) == D2Q37::ey(j)) << i << " repeats " << j;
    EXPECT_LE(std::abs(D2Q37::ex(i)), D2Q37::reach);
    EXPECT_LE(std::abs(D2Q37::ey(i)), D2Q37::reach);
  }
}

TEST(Lattice, CrossingPopulationsPerBoundaryRow) {
  // 15 at distance 1, 8 at distance 2, 3 at distance 3: 26 values per boundary row per side (spec 6).
  int d1 = 0, d2 = 0, d3 = 0;
  for (int i = 0; i < D2Q37::Q; ++i) {
    d1 += D2Q37::ex(i) >= 1;
    d2 += D2Q37::ex(i) >= 2;
    d3 += D2Q37::ex(i) >= 3;
  }
  EXPECT_EQ(d1, 15);
  EXPECT_EQ(d2, 8);
  EXPECT_EQ(d3, 3);
}

TEST(Lattice, GaussianMomentsExactThroughDegreeNine) {
  for (int deg = 0; deg <= 9; ++deg)
    for (int a = 0; a <= deg; ++a) {
      const int b = deg - a;
      EXPECT_NEAR(lattice_moment(a, b), gauss_moment(a) * gauss_moment(b), 2e-12)
          << "moment x^" << a << " y^" << b;
    }
}

TEST(Lattice, DegreeTenIsNotExact) {
  double worst = 0;
  for (int a = 0; a <= 10; ++a)
    worst = std::max(worst, std::fabs(lattice_moment(a, 10 - a) - gauss_moment(a) * gauss_moment(10 - a)));
  EXPECT_GT(worst, 1e-3) << "an 8th-order lattice cannot integrate every degree-10 moment";
}

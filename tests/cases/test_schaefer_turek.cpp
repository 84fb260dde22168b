// Schäfer and Turek's 2D-1 (Re = 20, steady) on a coarse lattice, D = 10 sites across the
// cylinder. Published: Cd 5.57-5.59, Cl 0.0104-0.0110. With half-way bounce-back on the staircase
// cylinder the coefficients converge at first order: measured (incompressible equilibrium, TRT,
// the same at any U) Cd 5.802 and Cl 0.01237 at D = 10, 5.705 / 0.01038 at D = 20, 5.611 / 0.01034
// at D = 40, 5.596 / 0.01076 at D = 80 and 5.585 / 0.01060 at D = 160 (the last inside both
// intervals: tests/gpu/test_gpu_cases.cpp). The bounds here hold D = 10's values to 1 %. The
// pressure difference Delta p between the cylinder's front and rear points is checked by value
// (measured on a GPU, and the same here) and against the end report's computation of it.
#include <gtest/gtest.h>
#include "d2q9/end_report.hpp"
#include "schaefer_turek.hpp"

using namespace plume;

namespace {
// Delta p in Schäfer and Turek's units as the end report computes it: d2q9::pressure_difference
// over the fields of d2q9::pressure_sites, for a centre at the cylinder's.
double report_pressure_difference(Solver& s, const test::Cylinder& c) {
  d2q9::Params p = s.config().setup.as<d2q9::Setup>().physics;
  p.reference.centre_x = c.xc();
  p.reference.centre_y = c.yc();
  Fields f;
  s.snapshot().fields(f);
  std::vector<std::vector<double>> v;
  for (const auto& site : d2q9::pressure_sites(p, c.nx(), c.ny())) {
    v.emplace_back();
    for (int k = 0; k < f.count(); ++k) v.back().push_back(f[k][f.at(site[0], site[1])]);
  }
  return d2q9::pressure_difference(p, c.nx(), c.ny(), v) / (p.rho0 * c.U * c.U) * (0.2 * 0.2);
}
}  // namespace

TEST(SchaeferTurek, SteadyCylinderAtReynolds20OnACoarseLattice) {
  test::Cylinder c;
  c.D = 10;
  c.Re = 20;
  c.U = 0.1;  // Ma = 0.26 on the centre line; the incompressible TRT steady state does not depend on it
  Solver s(test::schaefer_turek(c));
  s.initialize();
  s.advance(14000);
  const test::Coefficients a = test::coefficients(s, c);
  s.advance(2000);
  const test::Coefficients b = test::coefficients(s, c);
  EXPECT_NEAR(b.cd / a.cd, 1.0, 1e-4) << "steady";
  EXPECT_NEAR(b.cd, 5.80, 0.06) << "published 5.57-5.59; first-order staircase error +4 % at D = 10";
  EXPECT_NEAR(b.cl, 0.0124, 0.0004) << "published 0.0104-0.0110";
  EXPECT_GT(b.cd, 5.57) << "the staircase cylinder's drag comes from above at this resolution";
  // Delta p (published 0.1172-0.1176) converges at first order from below, on the staircase and
  // on the circle alike (docs/d2q9.md): measured 0.11293 here. The end report's interpolation
  // (d2q9::pressure_difference) gives the same number as this test's own.
  const double dp = test::pressure_difference(s, c);
  EXPECT_NEAR(dp, 0.1129, 2e-4) << "first-order error -3.8 % at D = 10";
  EXPECT_NEAR(report_pressure_difference(s, c), dp, 1e-12);
}

// The same case with interpolated bounce-back on the circle itself: the wall is no longer a
// staircase and the coefficients converge at second order. At D = 20, where the staircase's drag
// is 5.705 (2 % above the interval), both fall inside: measured Cd 5.58296, Cl 0.010812 (steady
// to 1e-5 from 22 000 steps; Cd 5.602 and Cl 0.01164 at D = 10).
TEST(SchaeferTurek, InterpolatedWallsPutTheCoefficientsInsideTheIntervalsAtD20) {
  test::Cylinder c;
  c.D = 20;
  c.Re = 20;
  c.U = 0.1;
  c.bounce = d2q9::Bounce::Interpolated;
  Solver s(test::schaefer_turek(c));
  s.initialize();
  s.advance(22000);
  const test::Coefficients a = test::coefficients(s, c);
  s.advance(2000);
  const test::Coefficients b = test::coefficients(s, c);
  EXPECT_NEAR(b.cd / a.cd, 1.0, 1e-4) << "steady";
  EXPECT_GE(b.cd, 5.57);
  EXPECT_LE(b.cd, 5.59);
  EXPECT_GE(b.cl, 0.0104);
  EXPECT_LE(b.cl, 0.0110);
  // Delta p is still 2 % low: the wall on the circle does not make it converge faster (it enters
  // 0.1172-0.1176 at D = 120).
  const double dp = test::pressure_difference(s, c);
  EXPECT_NEAR(dp, 0.1151, 2e-4);
  EXPECT_NEAR(report_pressure_difference(s, c), dp, 1e-12);
}

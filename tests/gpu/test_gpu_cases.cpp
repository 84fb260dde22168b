// Schäfer and Turek's cylinder on the GPU at fine resolutions (label gpu; skipped without a
// device). 2D-1 (Re = 20) at D = 160 sites across the cylinder: the published intervals Cd
// 5.57-5.59 and Cl 0.0104-0.0110 (measured on an H100: 5.5854, 0.010601, 47 s). 2D-2 (Re = 100)
// at D = 80, U = 0.05: the Strouhal number 0.295-0.305 (measured 0.2997); its Cd_max and Cl_max
// are measured at 3.263 and 1.031 (D = 80) and 3.251 and 1.023 (D = 160), above the published
// 3.22-3.24 and 0.99-1.01 by 0.3-2 %: the staircase cylinder of half-way bounce-back converges at
// first order: that test holds the measured values. With interpolated bounce-back on the circle
// itself (solids.bounce = "interpolated") the wall converges at second order, and at U = 0.025
// the last test asserts the three published intervals at D = 80.
#include <gtest/gtest.h>
#include "cuda_device.hpp"
#include "plume/periodicity.hpp"
#include "schaefer_turek.hpp"

using namespace plume;

TEST(GpuCases, SchaeferTurek2D1AtD160IsInsideThePublishedIntervals) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::Cylinder c;
  c.D = 160;
  c.Re = 20;
  c.U = 0.1;
  Solver s(test::schaefer_turek(c, BackendKind::CUDA));
  s.initialize();
  s.advance(236000);
  const test::Coefficients a = test::coefficients(s, c);
  s.advance(2000);
  const test::Coefficients b = test::coefficients(s, c);
  EXPECT_NEAR(b.cd / a.cd, 1.0, 2e-5) << "steady";
  EXPECT_GE(b.cd, 5.57);
  EXPECT_LE(b.cd, 5.59);
  EXPECT_GE(b.cl, 0.0104);
  EXPECT_LE(b.cl, 0.0110);
}

namespace {

// The periodic shedding of 2D-2 once settled: the Strouhal number D / (U T) from the period T of
// the lift, and the largest drag and lift over `samples` samples `every` steps apart (several
// periods).
struct Shedding {
  double st, cd_max, cl_max;
};
Shedding shedding(const test::Cylinder& c, long settle, int samples, int every) {
  Solver s(test::schaefer_turek(c, BackendKind::CUDA));
  s.initialize();
  s.advance(settle);
  TimeSeries cd, cl;
  for (int k = 0; k < samples; ++k) {
    s.advance(every);
    const test::Coefficients x = test::coefficients(s, c);
    cd.push(double(s.step()), x.cd);
    cl.push(double(s.step()), x.cl);
  }
  const Periodicity p = analyse_periodicity(cl);  // what a run's end report uses (d2q9/end_report.cpp)
  EXPECT_EQ(p.kind, Periodicity::Kind::Periodic) << p.why;
  EXPECT_GE(p.periods, 3);
  if (p.kind != Periodicity::Kind::Periodic) return {0, 0, 0};
  const Shedding r{c.D / c.U / p.period, extremes_between(cd, p.first, p.last).max, p.max};
  std::printf("2D-2, D = %d, %s: St %.4f, Cd_max %.4f, Cl_max %.4f over %d periods\n", c.D,
              c.bounce == d2q9::Bounce::Interpolated ? "interpolated" : "half-way", r.st, r.cd_max, r.cl_max, p.periods);
  return r;
}

}  // namespace

TEST(GpuCases, SchaeferTurek2D2AtD80SheddingFrequency) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::Cylinder c;
  c.D = 80;
  c.Re = 100;
  c.U = 0.05;
  // Periodic from about 200 000 steps; then about 6 periods of 5340 steps, 53 samples each.
  const Shedding r = shedding(c, 250000, 320, 100);
  EXPECT_GE(r.st, 0.295);
  EXPECT_LE(r.st, 0.305);
  EXPECT_NEAR(r.cd_max, 3.263, 0.01) << "published 3.22-3.24 (staircase cylinder: see above)";
  EXPECT_NEAR(r.cl_max, 1.031, 0.01) << "published 0.99-1.01";
}

// With interpolated bounce-back on the circle itself the wall is no longer a staircase, and at a
// lower Mach number Cd_max, Cl_max and St fall inside the published intervals (H200, 2026-11-23:
// St 0.3014, Cd_max 3.2337, Cl_max 0.9952, 29 s). At U = 0.05 they did not, at any resolution:
// D = 80 gave 3.2433 and 1.0155, D = 160 3.2418 and 1.0165 (St 0.300): converged in D, so what
// was left is no wall error but the compressibility of the lattice fluid (Ma 0.13 at the peak
// inflow velocity 0.075), which halving U takes down by four. Time scales with D / U: periodic
// from about 400 000 steps, a period of about 10 600.
TEST(GpuCases, SchaeferTurek2D2WithInterpolatedWallsIsInsideThePublishedIntervals) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::Cylinder c;
  c.D = 80;
  c.Re = 100;
  c.U = 0.025;
  c.bounce = d2q9::Bounce::Interpolated;
  const Shedding r = shedding(c, 500000, 640, 100);
  EXPECT_GE(r.st, 0.295);
  EXPECT_LE(r.st, 0.305);
  EXPECT_GE(r.cd_max, 3.22);
  EXPECT_LE(r.cd_max, 3.24);
  EXPECT_GE(r.cl_max, 0.99);
  EXPECT_LE(r.cl_max, 1.01);
}

// Schäfer and Turek's cylinder on the GPU at fine resolutions (label gpu; skipped without a
// device). 2D-1 (Re = 20) at D = 160 sites across the cylinder: the published intervals Cd
// 5.57-5.59 and Cl 0.0104-0.0110 (measured on an H100: 5.5854, 0.010601, 47 s). 2D-2 (Re = 100)
// at D = 80, U = 0.05: the Strouhal number 0.295-0.305 (measured 0.2997); its Cd_max and Cl_max
// are measured at 3.263 and 1.031 (D = 80) and 3.251 and 1.023 (D = 160), above the published
// 3.22-3.24 and 0.99-1.01 by 0.3-2 %: the staircase cylinder of half-way bounce-back converges at
// first order, and reaching those intervals needs a curved-wall (interpolated) bounce-back. The
// test holds the measured values.
#include <gtest/gtest.h>
#include <algorithm>
#include <vector>
#include "cuda_device.hpp"
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

TEST(GpuCases, SchaeferTurek2D2AtD80SheddingFrequency) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::Cylinder c;
  c.D = 80;
  c.Re = 100;
  c.U = 0.05;
  Solver s(test::schaefer_turek(c, BackendKind::CUDA));
  s.initialize();
  s.advance(250000);  // periodic from about 200 000 steps
  std::vector<double> t, cd, cl;
  for (int k = 0; k < 320; ++k) {  // about 6 periods of 5340 steps, 53 samples each
    s.advance(100);
    const test::Coefficients x = test::coefficients(s, c);
    t.push_back(double(s.step()));
    cd.push_back(x.cd);
    cl.push_back(x.cl);
  }
  double mean = 0;
  for (double v : cl) mean += v / double(cl.size());
  std::vector<double> up;  // upward crossings of the mean lift, interpolated
  for (std::size_t i = 1; i < cl.size(); ++i)
    if (cl[i - 1] < mean && cl[i] >= mean) up.push_back(t[i - 1] + (mean - cl[i - 1]) / (cl[i] - cl[i - 1]) * 100);
  ASSERT_GE(up.size(), 4u);
  const double period = (up.back() - up.front()) / double(up.size() - 1);
  const double st = c.D / c.U / period;
  EXPECT_GE(st, 0.295);
  EXPECT_LE(st, 0.305);
  const double cd_max = *std::max_element(cd.begin(), cd.end()), cl_max = *std::max_element(cl.begin(), cl.end());
  EXPECT_NEAR(cd_max, 3.263, 0.01) << "published 3.22-3.24 (staircase cylinder: see above)";
  EXPECT_NEAR(cl_max, 1.031, 0.01) << "published 0.99-1.01";
}

// The model's sums over the sites (Snapshot::site_sums), which the backends compute where the
// populations are: D2Q9's |u| and fluid sites must equal the same sums taken from the fields on
// the host, come out bit for bit the same with any number of threads, and a model without sums
// gives none. (The CUDA backend against these: tests/gpu/test_gpu_vs_cpu.cpp.)
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include <vector>
#include "d2q37/setup.hpp"
#include "d2q9/model.hpp"
#include "plume/solver.hpp"
#include "d2q9_case.hpp"
#include "site_geometry.hpp"

using namespace plume;
using T = d2q9::Traits;

namespace {

// A driven channel around a block, with full-way (seed 001's) or half-way bounce-back.
SolverConfig channel(d2q9::Bounce bounce, int threads) {
  d2q9::Setup st;
  st.physics.tau = 0.7;
  st.physics.walls = true;
  st.physics.fx = 2e-5;
  st.physics.bounce = bounce;
  st.initial.start = d2q9::Start::TaylorGreen;
  st.initial.amplitude = 0.03;
  SolverConfig c = test::d2q9_case(
      61, 37, st, std::make_shared<test::SitesWhere>([](int x, int y) { return x >= 20 && x < 26 && y >= 12 && y < 22; }));
  c.threads = threads;
  return c;
}

// The sums after 300 steps, and the same sums from the host fields.
struct Sums {
  std::vector<double> device, host;
};

Sums after_300_steps(const SolverConfig& c) {
  Solver s(c);
  s.initialize();
  s.advance(300);
  Sums out{s.snapshot().site_sums(), std::vector<double>(T::kSums, 0.0)};
  Fields f;
  s.snapshot().fields(f);
  for (std::size_t k = 0; k < f.sites(); ++k)
    if (f["solid"][k] == 0) {
      out.host[T::kSpeedSum] += std::hypot(f["ux"][k], f["uy"][k]);
      out.host[T::kFluidSites] += 1;
    }
  return out;
}

}  // namespace

TEST(SiteSums, D2Q9SpeedAndFluidSitesEqualTheSumsOfTheFields) {
  for (d2q9::Bounce b : {d2q9::Bounce::FullWay, d2q9::Bounce::HalfWay}) {
    const Sums s = after_300_steps(channel(b, 1));
    ASSERT_EQ(s.device.size(), std::size_t(T::kSums));
    EXPECT_EQ(s.device[T::kFluidSites], 61.0 * 37 - 6 * 10);
    EXPECT_GT(s.device[T::kSpeedSum], 0.0);
    EXPECT_NEAR(s.device[T::kSpeedSum], s.host[T::kSpeedSum], 1e-13 * s.host[T::kSpeedSum]);
  }
}

TEST(SiteSums, TheSameBitsWithAnyNumberOfThreads) {
  const Sums one = after_300_steps(channel(d2q9::Bounce::HalfWay, 1));
  const Sums two = after_300_steps(channel(d2q9::Bounce::HalfWay, 2));
  EXPECT_EQ(one.device, two.device);
}

TEST(SiteSums, AModelWithoutSumsGivesNone) {
  SolverConfig c;
  c.nx = 16;
  c.ny = 16;
  c.backend = BackendKind::CPU;
  Solver s(c);
  s.initialize();
  EXPECT_TRUE(s.snapshot().site_sums().empty());
}

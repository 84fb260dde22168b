// The physics properties on the CUDA backend: mass conservation, no slip and the imposed wall
// temperature, the equilibrium fixed point, and the decay of shear and temperature waves at the
// rates the transport coefficients predict. (Adiabatic walls: test_gpu_vs_cpu.cpp holds every
// population of such a run to the CPU backend's, whose walls tests/physics checks.)
#include <gtest/gtest.h>
#include <cmath>
#include <numeric>
#include "cuda_device.hpp"
#include "gpu_cases.hpp"
#include "d2q37/lattice.hpp"
#include "d2q37/collision.hpp"
#include "plume/solver.hpp"
#include "reference_physics.hpp"
#include "wave_decay.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using namespace plume::testing;
using L = d2q37::D2Q37;

namespace {

// An unstable Rayleigh–Taylor layer between walls, strong enough gravity to move in 1000 steps.
SolverConfig rt_between_walls(Precision prec) {
  SolverConfig c = rt_layer(96, 80, 2e-4, prec);
  d2q37::physics(c).k1 = d2q37::physics(c).k2 = 0.01;
  d2q37::physics(c).bottom = {d2q37::WallKind::Fixed, 1.08};
  d2q37::physics(c).top = {d2q37::WallKind::Fixed, 0.93};
  return c;
}

double mass(Solver& s) {
  const std::vector<double> f = s.populations();
  return std::accumulate(f.begin(), f.end(), 0.0);
}

}  // namespace

class GpuWalls : public ::testing::TestWithParam<Precision> {};

// The stored (post-collision) state of a wall row has u = dt g / 2, so that u_H, the mean of the
// velocities before and after the collision, is zero; and the raw T is the wall's (its T_H is larger
// by dt^2 |g|^2 / (4 D), docs/d2q37.md).
TEST_P(GpuWalls, MassConservedNoSlipAndWallTemperatureOver1000Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const bool fp64 = GetParam() == Precision::FP64;
  const SolverConfig c = rt_between_walls(GetParam());
  Solver s(c);
  ASSERT_EQ(s.backend().kind, BackendKind::CUDA);
  s.initialize();
  const double m0 = mass(s);
  const double dt = d2q37::dt<L>(), g = d2q37::physics(c).gy;
  const std::size_t n = std::size_t(c.nx) * c.ny;
  const double tol_u = fp64 ? 1e-15 : 1e-6, tol_T = fp64 ? 1e-13 : 1e-6;
  for (int block = 0; block < 5; ++block) {
    s.advance(200);
    const std::vector<double> f = s.populations();
    // FP32 storage rounds every population each step: mass then drifts at float round-off.
    EXPECT_NEAR(std::accumulate(f.begin(), f.end(), 0.0) / m0, 1.0, fp64 ? 1e-12 : 1e-5)
        << "after " << s.step() << " steps";
    for (int y : {0, 1, 2, c.ny - 3, c.ny - 2, c.ny - 1})
      for (int x = 0; x < c.nx; ++x) {
        ref::Pop site;
        for (int i = 0; i < L::Q; ++i) site[i] = f[i * n + std::size_t(y) * c.nx + x];
        double rho, ux, uy, T;
        ref::moments(site, rho, ux, uy, T);
        ASSERT_NEAR(ux, 0.0, tol_u) << "x " << x << " y " << y;
        ASSERT_NEAR(uy - 0.5 * dt * g, 0.0, tol_u) << "x " << x << " y " << y;
        ASSERT_NEAR(T, y < 3 ? 1.08 : 0.93, tol_T) << "x " << x << " y " << y;
      }
  }
  Fields F;
  s.snapshot().fields(F);
  double umax = 0;
  for (double v : F["uy"]) umax = std::max(umax, std::fabs(v));
  EXPECT_GT(umax, 1e-5) << "the layer should be moving";
}

INSTANTIATE_TEST_SUITE_P(Storage, GpuWalls, ::testing::Values(Precision::FP64, Precision::FP32),
                         [](const auto& info) { return info.param == Precision::FP64 ? "FP64" : "FP32"; });

class GpuModels : public ::testing::TestWithParam<d2q37::CollisionModel> {};

TEST_P(GpuModels, UniformEquilibriumIsAFixedPoint) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c;
  c.nx = 150;  // not a multiple of the block width: the partial block must behave
  c.ny = 40;
  c.backend = BackendKind::CUDA;
  d2q37::physics(c).model = GetParam();
  d2q37::physics(c).walls = false;
  d2q37::physics(c).gx = d2q37::physics(c).gy = 0.0;
  Solver s(c);
  const double rho = 1.1;
  double feq[L::Q];
  d2q37::equilibrium<L>(rho, 0.03, -0.02, 1.02, feq);
  std::vector<double> f(std::size_t(L::Q) * c.nx * c.ny);
  for (int i = 0; i < L::Q; ++i)
    for (int k = 0; k < c.nx * c.ny; ++k) f[std::size_t(i) * c.nx * c.ny + k] = feq[i];
  s.set_populations(f, 0);
  // The round-off of a collision is absolute, of the order of the largest terms (rho), not of each
  // population. One step reproduces the state to a few ulps of rho; after 100 the rounding has
  // accumulated (the CPU backend drifts as much, by up to 6e-15 (RTRT) and 5e-14 (BGK) of a
  // population) but must not grow.
  using StepsTol = std::pair<long, double>;
  for (auto [steps, tol] : {StepsTol{1, 2e-15}, StepsTol{99, 1e-13}}) {
    s.advance(steps);
    const std::vector<double> g = s.populations();
    for (std::size_t k = 0; k < g.size(); ++k)
      ASSERT_NEAR(g[k], f[k], tol * rho) << "after " << s.step() << " steps, population " << k / (c.nx * c.ny)
                                         << " site " << k % (c.nx * c.ny);
  }
}

TEST_P(GpuModels, ShearWaveDecaysAtTheViscousRate) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const bool bgk = GetParam() == d2q37::CollisionModel::BGK;
  const Decay d = wave_decay(Wave::Shear, BackendKind::CUDA, GetParam(), 0.05, 0.02, bgk ? 0.55 : 0.0);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

TEST_P(GpuModels, TemperatureWaveDecaysAtTheConductiveRate) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const bool bgk = GetParam() == d2q37::CollisionModel::BGK;
  const Decay d = wave_decay(Wave::Temperature, BackendKind::CUDA, GetParam(), 0.02, 0.05, bgk ? 0.55 : 0.0);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

INSTANTIATE_TEST_SUITE_P(BothModels, GpuModels, ::testing::Values(d2q37::CollisionModel::RTRT, d2q37::CollisionModel::BGK),
                         [](const auto& info) { return info.param == d2q37::CollisionModel::BGK ? "BGK" : "RTRT"; });

TEST(GpuMemory, ALatticeThatDoesNotFitIsRefusedWithBothNumbers) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c;
  c.nx = c.ny = 40000;  // 1.6e9 sites, about 950 GB of FP64 populations
  c.backend = BackendKind::CUDA;
  try {
    Solver s(c);
    FAIL() << "a lattice larger than any GPU's memory was accepted";
  } catch (const std::runtime_error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("40000 x 40000"), std::string::npos) << m;
    EXPECT_NE(m.find("needs"), std::string::npos) << m;
    EXPECT_NE(m.find("free of"), std::string::npos) << m;
  }
}

TEST(GpuDevice, AnIndexPastTheLastDeviceIsRefused) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c;
  c.nx = c.ny = 16;
  c.backend = BackendKind::CUDA;
  c.device = cuda_device_count();
  EXPECT_THROW(Solver s(c), std::runtime_error);
}

// The CUDA backend against the CPU backend, both through plume::Solver, on the same cases: every
// population must agree to 1e-12 relative after 1000 steps in FP64 (the two differ only in the
// rounding of fused multiply-adds and of the device's math library), and closely in FP32.
#include <gtest/gtest.h>
#include <cmath>
#include <cstdio>
#include "cuda_device.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

// A Rayleigh–Taylor layer between walls; nx = 200 leaves a partial block of threads.
SolverConfig rt_case(Precision prec) {
  SolverConfig c;
  c.nx = 200;
  c.ny = 256;
  c.precision = prec;
  c.physics.gy = -1e-4;
  c.initial.eps = 4.0;
  c.initial.amplitude = 3.0;
  return c;
}

struct Diff {
  double max_rel = 0;
  std::size_t worst = 0;
};

Diff compare(const std::vector<double>& gpu, const std::vector<double>& cpu) {
  Diff d;
  for (std::size_t k = 0; k < cpu.size(); ++k) {
    const double r = std::fabs(gpu[k] - cpu[k]) / std::fabs(cpu[k]);
    if (!(r <= d.max_rel)) {  // NaN (an unwritten site) counts as the worst
      d.max_rel = std::isnan(r) ? INFINITY : r;
      d.worst = k;
    }
  }
  return d;
}

// Runs the case on both backends and returns the populations of each after `steps`.
std::pair<std::vector<double>, std::vector<double>> run_both(SolverConfig c, long steps) {
  c.backend = BackendKind::CUDA;
  Solver gpu(c);
  c.backend = BackendKind::CPU;
  Solver cpu(c);
  gpu.initialize();
  cpu.initialize();
  gpu.advance(steps);
  cpu.advance(steps);
  return {gpu.populations(), cpu.populations()};
}

void report(const char* what, const Diff& d, std::size_t sites) {
  std::printf("[ gpu-vs-cpu ] %s: max relative difference %.3e (population %zu, site %zu)\n", what, d.max_rel,
              d.worst / sites, d.worst % sites);
  ::testing::Test::RecordProperty(what, std::to_string(d.max_rel));
}

}  // namespace

TEST(GpuVsCpu, InitialStateAgrees) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const auto [gpu, cpu] = run_both(rt_case(Precision::FP64), 0);
  const Diff d = compare(gpu, cpu);
  report("initial state", d, 200 * 256);
  EXPECT_LE(d.max_rel, 1e-14);
}

TEST(GpuVsCpu, RayleighTaylorWithWallsAfter1000StepsFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const auto [gpu, cpu] = run_both(rt_case(Precision::FP64), 1000);
  const Diff d = compare(gpu, cpu);
  report("RT with walls, 1000 steps, FP64", d, 200 * 256);
  EXPECT_LE(d.max_rel, 1e-12);
}

TEST(GpuVsCpu, AdiabaticWallsAndBGKAfter1000StepsFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  c.physics.bottom.kind = c.physics.top.kind = WallKind::Adiabatic;
  c.physics.model = CollisionModel::BGK;
  c.physics.tau = 0.7;
  const auto [gpu, cpu] = run_both(c, 1000);
  const Diff d = compare(gpu, cpu);
  report("RT adiabatic walls, BGK, 1000 steps, FP64", d, 200 * 256);
  EXPECT_LE(d.max_rel, 1e-12);
}

TEST(GpuVsCpu, PeriodicInBothDirectionsWithSidewaysGravityFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  c.nx = 70;  // odd sizes: a partial block, halos that wrap
  c.ny = 45;
  c.physics.walls = false;
  c.physics.gx = 3e-5;
  const auto [gpu, cpu] = run_both(c, 1000);
  const Diff d = compare(gpu, cpu);
  report("periodic x and y, 1000 steps, FP64", d, 70 * 45);
  EXPECT_LE(d.max_rel, 1e-12);
}

// Many blocks along x (2048 sites), or many rows (2048): what small cases do not exercise, such as
// the initial state's kernels and memory set-up on buffers of more than a few megabytes.
TEST(GpuVsCpu, WideAndTallLatticesAfter100StepsFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  using Size = std::pair<int, int>;
  for (auto [nx, ny] : {Size{2048, 48}, Size{48, 2048}}) {
    SolverConfig c = rt_case(Precision::FP64);
    c.nx = nx;
    c.ny = ny;
    const auto [gpu, cpu] = run_both(c, 100);
    const Diff d = compare(gpu, cpu);
    report((std::to_string(nx) + " x " + std::to_string(ny) + ", 100 steps, FP64").c_str(), d,
           std::size_t(nx) * ny);
    EXPECT_LE(d.max_rel, 1e-12) << nx << " x " << ny;
  }
}

TEST(GpuVsCpu, FieldsAgreeFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  c.backend = BackendKind::CUDA;
  Solver gpu(c);
  c.backend = BackendKind::CPU;
  Solver cpu(c);
  gpu.initialize();
  cpu.initialize();
  gpu.advance(300);
  cpu.advance(300);
  Fields G, C;
  gpu.fields(G);
  cpu.fields(C);
  ASSERT_EQ(G.rho.size(), C.rho.size());
  for (std::size_t k = 0; k < C.rho.size(); ++k) {
    ASSERT_NEAR(G.rho[k], C.rho[k], 1e-12 * C.rho[k]) << "site " << k;
    ASSERT_NEAR(G.T[k], C.T[k], 1e-12 * C.T[k]) << "site " << k;
    ASSERT_NEAR(G.ux[k], C.ux[k], 1e-14) << "site " << k;
    ASSERT_NEAR(G.uy[k], C.uy[k], 1e-14) << "site " << k;
  }
}

TEST(GpuVsCpu, RayleighTaylorWithWallsAfter1000StepsFP32) {
  PLUME_REQUIRE_CUDA_DEVICE();
  // Both store floats and compute in doubles: they differ where a double result that differs in
  // its last bits rounds to a different float, one float ulp (6e-8) that then spreads.
  const auto [gpu, cpu] = run_both(rt_case(Precision::FP32), 1000);
  const Diff d = compare(gpu, cpu);
  report("RT with walls, 1000 steps, FP32 (GPU vs CPU)", d, 200 * 256);
  EXPECT_LE(d.max_rel, 1e-5);
}

TEST(GpuVsCpu, FP32StorageStaysCloseToFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP32);
  c.backend = BackendKind::CUDA;
  Solver s32(c);
  c.precision = Precision::FP64;
  Solver s64(c);
  s32.initialize();
  s64.initialize();
  s32.advance(1000);
  s64.advance(1000);
  const Diff d = compare(s32.populations(), s64.populations());
  report("RT with walls, 1000 steps, FP32 against FP64 storage", d, 200 * 256);
  EXPECT_GT(d.max_rel, 0.0) << "FP32 storage should round";
  EXPECT_LE(d.max_rel, 1e-4);
}

TEST(GpuVsCpu, PopulationsRoundTripExactly) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  c.backend = BackendKind::CUDA;
  Solver s(c);
  s.initialize();
  s.advance(10);
  const std::vector<double> f = s.populations();
  s.set_populations(f, 10);
  EXPECT_EQ(s.populations(), f);
}

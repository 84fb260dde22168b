// In-place streaming on the GPU (plume/grid/planes.hpp): every lattice Boltzmann model and boundary
// that takes it, after odd and even step counts, against the GPU's own two-buffer run (the same
// kernels' arithmetic on other addresses) and against the CPU's; painting and drawn solids after an
// odd step; the snapshots the steps take; and the memory it saves: a lattice whose two buffers do
// not fit the device is made with one.
#include <gtest/gtest.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include "cuda_device.hpp"
#include "in_place_cases.hpp"

using namespace plume;
using namespace plume::test;

namespace {

SolverConfig on(SolverConfig c, BackendKind b) {
  c.backend = b;
  return c;
}

}  // namespace

TEST(GpuInPlace, EveryModelAgreesWithTheTwoBufferRunsOfTheGpuAndTheCpu) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const ModelCase& c : lbm_cases(precision)) {
      Solver cpu(c.config), gpu(on(c.config, BackendKind::CUDA)), one(on(in_place(c.config), BackendKind::CUDA));
      for (Solver* s : {&cpu, &gpu, &one}) s->initialize();
      const std::string what = c.what + (precision == Precision::FP32 ? ", FP32" : ", FP64");
      for (long steps : {1L, 1L, 99L, 100L}) {  // 1, 2, 101, 201: the state both ways round
        for (Solver* s : {&cpu, &gpu, &one}) s->advance(steps);
        const std::string when = what + ", step " + std::to_string(one.step());
        const std::vector<double> f = fluid_populations(one), g = fluid_populations(gpu), h = fluid_populations(cpu);
        const double same_gpu = max_relative(f, g), vs_cpu = max_relative(f, h), gpu_vs_cpu = max_relative(g, h);
        std::printf("[ in place ] %s: against the GPU's two buffers %.3g, against the CPU's %.3g (GPU two buffers "
                    "against the CPU: %.3g)\n",
                    when.c_str(), same_gpu, vs_cpu, gpu_vs_cpu);
        // The same kernels on other slots: round-off only (FMA contraction may differ), and no
        // further from the CPU than the two-buffer GPU run is.
        EXPECT_LE(same_gpu, precision == Precision::FP64 ? 1e-12 : 1e-5) << when;
        EXPECT_LE(vs_cpu, std::max(2 * gpu_vs_cpu, precision == Precision::FP64 ? 1e-12 : 1e-5)) << when;
        EXPECT_LE(max_relative(all_fields(one), all_fields(gpu)), precision == Precision::FP64 ? 1e-11 : 1e-4) << when;
      }
    }
}

TEST(GpuInPlace, PaintingAndDrawingAfterAnOddStepAgreeWithTwoBuffers) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (const ModelCase& c : lbm_cases(Precision::FP64)) {
    Solver two(on(c.config, BackendKind::CUDA)), one(on(in_place(c.config), BackendKind::CUDA));
    paint_and_draw(two);
    paint_and_draw(one);
    EXPECT_LE(max_relative(fluid_populations(one), fluid_populations(two)), 1e-12) << c.what;
  }
}

// The snapshot a step takes as it reads the state (the step after the request), of each way the
// one buffer holds it: the fields of the same run's state, bit for bit, and the run goes on as
// without it. D3Q19's periodic box is the case whose steps push across the periodic boundaries,
// where the ghosts of the shifted state are stale.
TEST(GpuInPlace, SnapshotsTakenByTheStepsAreTheFieldsOfBothWaysOfHoldingTheState) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const ModelCase& c : lbm_cases(precision)) {
      const SolverConfig g = on(in_place(c.config), BackendKind::CUDA);
      Solver a(g), b(g);
      a.initialize();
      b.initialize();
      for (long steps : {3L, 2L, 1L}) {  // requested after 3, 5, 6 steps: shifted, shifted, swapped
        a.advance(steps);
        a.request_snapshot();
        const long at = a.step();
        a.advance(2);
        b.advance(at - b.step());
        const std::string when = c.what + (precision == Precision::FP32 ? ", FP32" : ", FP64") + ", step " +
                                 std::to_string(at);
        const Fields& snap = a.snapshot().wait();
        std::vector<double> got;
        for (int k = 0; k < snap.count(); ++k) got.insert(got.end(), snap.data(k), snap.data(k) + snap.sites());
        EXPECT_EQ(max_relative(got, all_fields(b)), 0.0) << when;
      }
      b.advance(a.step() - b.step());
      EXPECT_EQ(max_relative(a.populations(), b.populations()), 0.0) << c.what;
    }
}

// D3Q19 periodic in place, rows of several widths: FP64 steps into the shifted way stage a row's
// pushes along x in shared memory (cuda/kernels.cuh, staged_push_kernel) for rows of 300 sites
// (threads of two and a part sites each) and 129; rows of 700 are too long for it and push site by
// site, as FP32 (two rows a thread) always does. Each against the GPU's two-buffer run of the same
// lattice, after odd and even step counts.
TEST(GpuInPlace, D3Q19RowsOfEveryWidthPushAsTwoBuffersStep) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (int nx : {129, 300, 700}) {
      SolverConfig c = d3q19_periodic_box(nx, 5, 4);
      c.precision = precision;
      Solver two(on(c, BackendKind::CUDA)), one(on(in_place(c), BackendKind::CUDA));
      two.initialize();
      one.initialize();
      for (long steps : {1L, 1L, 5L}) {
        two.advance(steps);
        one.advance(steps);
        const std::string when = "nx " + std::to_string(nx) + (precision == Precision::FP32 ? ", FP32" : ", FP64") +
                                 ", step " + std::to_string(one.step());
        EXPECT_LE(max_relative(fluid_populations(one), fluid_populations(two)), precision == Precision::FP64 ? 1e-12 : 1e-5)
            << when;
      }
    }
}

// A D2Q37 FP64 lattice whose one buffer takes 60 % of the device's free memory: refused with two
// buffers (the error says how much it needs), made and stepped with one.
TEST(GpuInPlace, ALatticeTwiceTooLargeForTwoBuffersRunsInPlace) {
  PLUME_REQUIRE_CUDA_DEVICE();
  std::size_t free_b = 0, total_b = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_b, &total_b), cudaSuccess);
  const double sites = 0.6 * double(free_b) / (37 * 8);
  SolverConfig c;
  c.nx = 1024;
  c.ny = int(sites / c.nx) - 16;
  c.backend = BackendKind::CUDA;
  std::printf("[ in place ] D2Q37 FP64 %d x %d: %.1f GiB per buffer, %.1f GiB free\n", c.nx, c.ny,
              sites * 37 * 8 / 1073741824.0, double(free_b) / 1073741824.0);
  try {
    Solver two(c);
    ADD_FAILURE() << "two buffers of 60 % of the free memory each were made";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("two population buffers"), std::string::npos) << e.what();
  }
  c.streaming = Streaming::InPlace;
  Solver one(c);
  one.initialize();
  one.advance(3);
  EXPECT_FALSE(one.snapshot().find_fault().has_value());
}

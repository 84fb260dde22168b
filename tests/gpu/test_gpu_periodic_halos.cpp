// The periodic x ghosts in whole 32-byte sectors (kernels.cuh: periodic_x_sectors_kernel), which
// a block whose width is a multiple of the sector's sites gets: every lattice Boltzmann model and
// boundary of the in-place cases, widened to a multiple of 8 sites, two buffers and in place, FP64
// and FP32, against the CPU's run; and painting at both x ends between steps, after which the
// ghosts are filled again.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include "cuda_device.hpp"
#include "in_place_cases.hpp"

using namespace plume;
using namespace plume::test;

namespace {

// Step 3, scale the populations of sites at both x ends, step 4.
void run(Solver& s) {
  const Domain d = s.domain();
  const std::vector<Site> ends{Site{0, 0, 0}, Site{d.nx - 1, d.ny / 2, d.nz - 1}, Site{d.nx - 1, 0, 0}};
  s.initialize();
  s.advance(3);
  std::vector<double> f = s.populations(ends);
  for (double& v : f) v *= 1.01;
  s.set_populations(ends, f);
  s.advance(4);
}

}  // namespace

TEST(GpuPeriodicHalos, WholeSectorXGhostsGiveTheCpuRunForEveryModel) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (ModelCase c : lbm_cases(precision)) {
      c.config.nx = (c.config.nx + 7) / 8 * 8;
      for (bool one_buffer : {false, true}) {
        SolverConfig g = one_buffer ? in_place(c.config) : c.config;
        g.backend = BackendKind::CUDA;
        const std::string what = c.what + ", " + std::to_string(c.config.nx) + " wide" +
                                 (precision == Precision::FP32 ? ", FP32" : ", FP64") +
                                 (one_buffer ? ", in place" : ", two buffers");
        Solver gpu(g), cpu(c.config);
        run(gpu);
        run(cpu);
        const double d = max_relative(fluid_populations(gpu), fluid_populations(cpu));
        std::printf("[ x halos ] %s: against the CPU %.3g\n", what.c_str(), d);
        EXPECT_LE(d, precision == Precision::FP64 ? 1e-12 : 1e-5) << what;
      }
    }
}

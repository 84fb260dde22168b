// Tracers on the CUDA backend against the CPU backend: the tracers read the snapshot's host fields
// on either backend, so they differ only as the velocity fields do (the step's arithmetic, fused
// multiply-adds on the device). A 2-D Taylor–Green vortex pushed by a body force (400 steps) and a
// decaying 3-D one (200 steps, when its fastest tracer still moves at 2e-4): every tracer's
// position agrees within 1e-10 sites, and the two runs keep the same tracers (the same ids).
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include "cuda_device.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"
#include "record.hpp"

using namespace plume;

namespace {

TracerConfig region(long count, std::array<double, 3> from, std::array<double, 3> to) {
  TracerConfig t;
  t.seeding = TracerConfig::Seeding::Region;
  t.count = count;
  t.from = from;
  t.to = to;
  return t;
}

// The tracers after `steps` steps of configuration `c` on backend `b`, as the run's checkpoint
// stores them (every tracer, in id order).
tracers::Record tracers_after(SolverConfig c, BackendKind b, long steps) {
  c.backend = b;
  Solver s(c);
  s.initialize();
  s.advance(steps);
  const CheckpointState st = s.checkpoint_out();
  EXPECT_EQ(st.extra.size(), 1u);
  tracers::Lattice l;
  l.dims = c.nz > 1 ? 3 : 2;
  l.N = {c.nx, c.ny, c.nz};
  for (int a = 0; a < l.dims; ++a) l.periodic[std::size_t(a)] = s.model().periodic(c.setup)[std::size_t(a)];
  return st.extra.empty() ? tracers::Record{} : tracers::decode(st.extra[0].bytes, l);
}

// `moving`: a speed the fastest tracer exceeds, so that the comparison is not of resting points.
void expect_same_tracers(const tracers::Record& gpu, const tracers::Record& cpu, double tol, double moving) {
  ASSERT_EQ(gpu.tracers.size(), cpu.tracers.size());
  ASSERT_GT(cpu.tracers.size(), 0u);
  double worst = 0, fastest = 0;
  for (std::size_t k = 0; k < cpu.tracers.size(); ++k) {
    ASSERT_EQ(gpu.tracers[k].id, cpu.tracers[k].id);
    for (int a = 0; a < 3; ++a) {
      worst = std::max(worst, std::abs(gpu.tracers[k].p[std::size_t(a)] - cpu.tracers[k].p[std::size_t(a)]));
      fastest = std::max(fastest, std::abs(cpu.tracers[k].u[std::size_t(a)]));
    }
  }
  EXPECT_LE(worst, tol);
  EXPECT_GT(fastest, moving);
}

}  // namespace

TEST(GpuTracers, A2DVortexCarriesTheTracersAsOnTheCpu) {
  PLUME_REQUIRE_CUDA_DEVICE();
  d2q9::Setup st;
  st.initial.start = d2q9::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  st.physics.fx = 3e-5;
  st.physics.fy = 2e-5;
  SolverConfig c;
  c.model = "d2q9";
  c.nx = 96;
  c.ny = 64;
  c.setup = AnySetup(st);
  d2q9::parameters().derive(c.setup);
  c.tracers = region(500, {0, 0, 0}, {95, 63, 0});
  expect_same_tracers(tracers_after(c, BackendKind::CUDA, 400), tracers_after(c, BackendKind::CPU, 400), 1e-10, 1e-3);
}

TEST(GpuTracers, A3DVortexCarriesTheTracersAsOnTheCpu) {
  PLUME_REQUIRE_CUDA_DEVICE();
  d3q19::Setup st;
  st.initial.start = d3q19::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  SolverConfig c;
  c.model = "d3q19";
  c.nx = 32;
  c.ny = 24;
  c.nz = 16;
  c.setup = AnySetup(st);
  d3q19::parameters().derive(c.setup);
  c.tracers = region(300, {0, 0, 0}, {31, 23, 15});
  expect_same_tracers(tracers_after(c, BackendKind::CUDA, 200), tracers_after(c, BackendKind::CPU, 200), 1e-10, 1e-4);
}

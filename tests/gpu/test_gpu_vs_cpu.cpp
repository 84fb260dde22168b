// The CUDA backend against the CPU backend, both through plume::Solver, on the same cases: every
// population must agree to 1e-12 relative after 1000 steps in FP64 (the two differ only in the
// rounding of fused multiply-adds and of the device's math library), and closely in FP32.
#include <gtest/gtest.h>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include "cuda_device.hpp"
#include "gpu_cases.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"
#include "d2q9/model.hpp"
#include "diffusion/model.hpp"
#include "../physics/site_geometry.hpp"
#include "d2q9/names.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "thermal3d/model.hpp"
#include "schaefer_turek.hpp"  // test::Disc

using namespace plume;
using plume::testing::rt_layer;

namespace {

// nx = 200 leaves a partial block of threads.
SolverConfig rt_case(Precision prec) { return rt_layer(200, 256, 1e-4, prec); }

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

// Two solvers, each initialised and advanced `steps` steps.
struct Twin {
  std::unique_ptr<Solver> a, b;
};

Twin advance_both(const SolverConfig& ca, const SolverConfig& cb, long steps) {
  Twin t{std::make_unique<Solver>(ca), std::make_unique<Solver>(cb)};
  for (Solver* s : {t.a.get(), t.b.get()}) {
    s->initialize();
    s->advance(steps);
  }
  return t;
}

SolverConfig on(SolverConfig c, BackendKind backend) {
  c.backend = backend;
  return c;
}

// The case on the GPU (a) and on the CPU (b).
Twin gpu_and_cpu(const SolverConfig& c, long steps) {
  return advance_both(on(c, BackendKind::CUDA), on(c, BackendKind::CPU), steps);
}

// The populations of the case on both backends after `steps`.
std::pair<std::vector<double>, std::vector<double>> run_both(const SolverConfig& c, long steps) {
  const Twin t = gpu_and_cpu(c, steps);
  return {t.a->populations(), t.b->populations()};
}

void report(const char* what, const Diff& d, std::size_t sites) {
  std::printf("[ gpu-vs-cpu ] %s: max relative difference %.3e (population %zu, site %zu)\n", what, d.max_rel,
              d.worst / sites, d.worst % sites);
  ::testing::Test::RecordProperty(what, std::to_string(d.max_rel));
}

// Runs the case on both backends for `steps` and expects every population to agree within tol.
void expect_agreement(const std::string& what, const SolverConfig& c, long steps, double tol) {
  const auto [gpu, cpu] = run_both(c, steps);
  const Diff d = compare(gpu, cpu);
  report(what.c_str(), d, std::size_t(c.nx) * c.ny * c.nz);
  EXPECT_LE(d.max_rel, tol) << what;
}

}  // namespace

TEST(GpuVsCpu, InitialStateAgrees) {
  PLUME_REQUIRE_CUDA_DEVICE();
  expect_agreement("initial state", rt_case(Precision::FP64), 0, 1e-14);
}

TEST(GpuVsCpu, RayleighTaylorWithWallsAfter1000StepsFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  expect_agreement("RT with walls, 1000 steps, FP64", rt_case(Precision::FP64), 1000, 1e-12);
}

TEST(GpuVsCpu, AdiabaticWallsAndBGKAfter1000StepsFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  d2q37::physics(c).bottom.kind = d2q37::physics(c).top.kind = d2q37::WallKind::Adiabatic;
  d2q37::physics(c).model = d2q37::CollisionModel::BGK;
  d2q37::physics(c).tau = 0.7;
  expect_agreement("RT adiabatic walls, BGK, 1000 steps, FP64", c, 1000, 1e-12);
}

TEST(GpuVsCpu, PeriodicInBothDirectionsWithSidewaysGravityFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_case(Precision::FP64);
  c.nx = 70;  // odd sizes: a partial block, halos that wrap
  c.ny = 45;
  d2q37::physics(c).walls = false;
  d2q37::physics(c).gx = 3e-5;
  expect_agreement("periodic x and y, 1000 steps, FP64", c, 1000, 1e-12);
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
    expect_agreement(std::to_string(nx) + " x " + std::to_string(ny) + ", 100 steps, FP64", c, 100, 1e-12);
  }
}

TEST(GpuVsCpu, FieldsAgreeFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const Twin t = gpu_and_cpu(rt_case(Precision::FP64), 300);
  Fields G, C;
  t.a->snapshot().fields(G);
  t.b->snapshot().fields(C);
  ASSERT_EQ(G["rho"].size(), C["rho"].size());
  for (std::size_t k = 0; k < C["rho"].size(); ++k) {
    ASSERT_NEAR(G["rho"][k], C["rho"][k], 1e-12 * C["rho"][k]) << "site " << k;
    ASSERT_NEAR(G["T"][k], C["T"][k], 1e-12 * C["T"][k]) << "site " << k;
    ASSERT_NEAR(G["ux"][k], C["ux"][k], 1e-14) << "site " << k;
    ASSERT_NEAR(G["uy"][k], C["uy"][k], 1e-14) << "site " << k;
  }
}

TEST(GpuVsCpu, RayleighTaylorWithWallsAfter1000StepsFP32) {
  PLUME_REQUIRE_CUDA_DEVICE();
  // Both store floats and compute in doubles: they differ where a double result that differs in
  // its last bits rounds to a different float, one float ulp (6e-8) that then spreads.
  expect_agreement("RT with walls, 1000 steps, FP32 (GPU vs CPU)", rt_case(Precision::FP32), 1000, 1e-5);
}

TEST(GpuVsCpu, FP32StorageStaysCloseToFP64) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const Twin t = advance_both(rt_case(Precision::FP32), rt_case(Precision::FP64), 1000);
  const Diff d = compare(t.a->populations(), t.b->populations());
  report("RT with walls, 1000 steps, FP32 against FP64 storage", d, 200 * 256);
  EXPECT_GT(d.max_rel, 0.0) << "FP32 storage should round";
  EXPECT_LE(d.max_rel, 1e-4);
}

TEST(GpuVsCpu, PopulationsRoundTripExactly) {
  PLUME_REQUIRE_CUDA_DEVICE();
  Solver s(rt_case(Precision::FP64));
  s.initialize();
  s.advance(10);
  const std::vector<double> f = s.populations();
  s.set_populations(f, 10);
  EXPECT_EQ(s.populations(), f);
}

// A second model on both backends: D2Q9 in each of its four update variants (BGK or TRT,
// compressible or incompressible equilibrium) with a moving wall, a body force and the
// Taylor–Green start; FP32 storage too.
TEST(GpuVsCpu, D2Q9EveryVariantAfter1000Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (auto collision : {d2q9::Collision::BGK, d2q9::Collision::TRT})
    for (auto equilibrium : {d2q9::Equilibrium::Compressible, d2q9::Equilibrium::Incompressible})
      for (Precision prec : {Precision::FP64, Precision::FP32}) {
        d2q9::Setup st;
        st.physics.collision = collision;
        st.physics.equilibrium = equilibrium;
        st.physics.tau = 0.7;
        st.physics.walls = true;
        st.physics.top.u = 0.05;
        st.physics.fx = 1e-5;
        st.initial.start = d2q9::Start::TaylorGreen;
        st.initial.amplitude = 0.05;
        SolverConfig c;
        c.model = "d2q9";
        c.nx = 200;  // a partial block of threads
        c.ny = 130;
        c.precision = prec;
        c.setup = AnySetup(st);
        const std::string what = std::string("D2Q9 ") + (collision == d2q9::Collision::TRT ? "TRT" : "BGK") +
                                 (equilibrium == d2q9::Equilibrium::Incompressible ? " incompressible" : "") +
                                 (prec == Precision::FP32 ? ", FP32" : ", FP64") + ", 1000 steps";
        expect_agreement(what, c, 1000, prec == Precision::FP32 ? 1e-5 : 1e-12);
      }
}

// The diffusion stencil, a model that is no lattice Boltzmann model, on both backends: a warm
// blob on a background of 1 (T stays away from 0, so that relative differences mean something),
// on a 2-D lattice (5-point stencil) and a 3-D one (7-point), FP64 and FP32 storage, periodic and
// between fixed-value walls (y, and z in 3-D; walls.hpp).
TEST(GpuVsCpu, DiffusionStencilIn2DAnd3DAfter500Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  // 3-D widths 150 and 152: the periodic x boundary through the x ghost columns, and read across by
  // the kernel itself where the width holds whole vectors (cuda::wrap_for).
  for (bool walls : {false, true})
    for (int nx : {200, 150, 152})  // 2-D, then 3-D
      for (Precision prec : {Precision::FP64, Precision::FP32}) {
        const int nz = nx == 200 ? 1 : 33;
        diffusion::Setup st;
        st.physics.walls_y = walls;
        st.physics.walls_z = walls && nz > 1;
        st.physics.y_low = 1.5;
        st.physics.y_high = 1.0;
        st.physics.z_low = 2.0;
        st.physics.z_high = 1.25;
        st.physics.kappa = nz > 1 ? 0.15 : 0.2;
        st.initial.start = diffusion::Start::Blob;
        st.initial.background = 1.0;
        st.initial.amplitude = 1.0;
        st.initial.width = nz > 1 ? 6.0 : 12.0;
        SolverConfig c;
        c.model = "diffusion";
        c.nx = nx;  // a partial block of threads
        c.ny = nz > 1 ? 41 : 130;
        c.nz = nz;
        c.precision = prec;
        c.setup = AnySetup(st);
        expect_agreement(std::string("diffusion ") + (nz > 1 ? "3-D " + std::to_string(c.nx) + " wide, " : "2-D, ") +
                             (prec == Precision::FP32 ? "FP32" : "FP64") + (walls ? ", walls" : "") + ", 500 steps",
                         c, 500, prec == Precision::FP32 ? 1e-6 : 1e-12);
      }
}

// The diffusion model's implicit scheme (its own backends: diffusion/implicit_cuda.cu, a thread
// per line, against implicit_cpu.cpp; the one line solve of line_solve.hpp), at r = 5, far beyond
// the explicit limit: backward Euler and Crank-Nicolson, 2-D and 3-D (an odd width: partial
// blocks of lines), FP64 and FP32, periodic (cyclic systems) and between walls on y and z
// (tridiagonal ones). Then a snapshot requested before steps queued on the GPU is the state it
// was requested of: the implicit step makes it first.
TEST(GpuVsCpu, DiffusionImplicitSchemeAfter100Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  const auto implicit_case = [](bool walls, int nz, double theta, Precision prec) {
    diffusion::Setup st;
    st.physics.scheme = diffusion::Scheme::Implicit;
    st.physics.theta = theta;
    st.physics.kappa = 5.0;
    st.physics.walls_y = walls;
    st.physics.walls_z = walls && nz > 1;
    st.physics.y_low = 1.5;
    st.physics.y_high = 1.0;
    st.physics.z_low = 2.0;
    st.physics.z_high = 1.25;
    st.initial.start = diffusion::Start::Blob;
    st.initial.background = 1.0;
    st.initial.amplitude = 1.0;
    st.initial.width = nz > 1 ? 6.0 : 12.0;
    SolverConfig c;
    c.model = "diffusion";
    c.nx = nz > 1 ? 151 : 201;
    c.ny = nz > 1 ? 41 : 130;
    c.nz = nz;
    c.precision = prec;
    c.setup = AnySetup(st);
    return c;
  };
  for (bool walls : {false, true})
    for (int nz : {1, 33})
      for (double theta : {1.0, 0.5})
        for (Precision prec : {Precision::FP64, Precision::FP32})
          expect_agreement(std::string("diffusion implicit ") + (nz > 1 ? "3-D" : "2-D") + ", theta " +
                               (theta == 1.0 ? "1" : "0.5") + (prec == Precision::FP32 ? ", FP32" : ", FP64") +
                               (walls ? ", walls" : "") + ", 100 steps",
                           implicit_case(walls, nz, theta, prec), 100, prec == Precision::FP32 ? 1e-6 : 1e-12);

  const SolverConfig c = implicit_case(true, 33, 0.5, Precision::FP64);
  Solver gpu(on(c, BackendKind::CUDA)), cpu(on(c, BackendKind::CPU));
  gpu.initialize();
  cpu.initialize();
  gpu.advance(7);
  cpu.advance(7);
  Snapshot& snap = gpu.request_snapshot();
  gpu.advance_async(5);
  const Fields& f = snap.wait();
  gpu.wait_steps();
  Fields at7;
  cpu.snapshot().fields(at7);
  double worst = 0;
  for (std::size_t k = 0; k < std::size_t(c.nx) * c.ny * c.nz; ++k)
    worst = std::max(worst, std::fabs(f.data(0)[k] - at7.data(0)[k]) / std::fabs(at7.data(0)[k]));
  EXPECT_LE(worst, 1e-12) << "the snapshot requested after 7 steps";
  cpu.advance(5);
  const Diff d = compare(gpu.populations(), cpu.populations());
  EXPECT_LE(d.max_rel, 1e-12) << "after 12 steps";
}

// The model's sums (Snapshot::site_sums), reduced on the device, against the CPU's: D2Q9's |u| and
// fluid sites around a block, with full-way (seed 001's) and half-way bounce-back.
TEST(GpuVsCpu, D2Q9SiteSumsAgree) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (d2q9::Bounce bounce : {d2q9::Bounce::FullWay, d2q9::Bounce::HalfWay})
    for (Precision prec : {Precision::FP64, Precision::FP32}) {
      d2q9::Setup st;
      st.physics.tau = 0.7;
      st.physics.walls = true;
      st.physics.fx = 2e-5;
      st.physics.bounce = bounce;
      st.initial.start = d2q9::Start::TaylorGreen;
      st.initial.amplitude = 0.03;
      SolverConfig c;
      c.model = "d2q9";
      c.nx = 300;  // a partial block of threads
      c.ny = 1100;  // more rows than the reduction's row strides
      c.precision = prec;
      c.setup = AnySetup(st);
      c.solids = std::make_shared<plume::test::SitesWhere>(
          [](int x, int y) { return x >= 100 && x < 130 && y >= 500 && y < 560; });
      const Twin t = gpu_and_cpu(c, 200);
      const std::vector<double> gpu = t.a->snapshot().site_sums(), cpu = t.b->snapshot().site_sums();
      ASSERT_EQ(gpu.size(), 2u);
      ASSERT_EQ(cpu.size(), 2u);
      EXPECT_EQ(gpu[d2q9::Traits::kFluidSites], 300.0 * 1100 - 30 * 60);
      EXPECT_EQ(gpu[d2q9::Traits::kFluidSites], cpu[d2q9::Traits::kFluidSites]);
      const double rel = std::fabs(gpu[d2q9::Traits::kSpeedSum] / cpu[d2q9::Traits::kSpeedSum] - 1);
      std::printf("[ gpu-vs-cpu ] D2Q9 site sums (%s, %s): |u| sum relative difference %.3e\n",
                  bounce == d2q9::Bounce::FullWay ? "full-way" : "half-way", prec == Precision::FP32 ? "FP32" : "FP64",
                  rel);
      EXPECT_LE(rel, prec == Precision::FP32 ? 1e-5 : 1e-12);
    }
}

// Solids with each bounce-back scheme, interpolated walls on a cylinder (its links uploaded to
// the device) among them, in a Zou-He channel; then a block drawn and erased while it runs.
TEST(GpuVsCpu, D2Q9SolidsWithEveryBounceBackAfter1000Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (auto bounce : {d2q9::Bounce::HalfWay, d2q9::Bounce::FullWay, d2q9::Bounce::Interpolated}) {
    d2q9::Setup st;
    st.physics.collision = d2q9::Collision::TRT;
    st.physics.bounce = bounce;
    st.physics.walls = true;
    st.physics.inlet = {true, 0.05, d2q9::Profile::Parabolic};
    st.physics.outlet = {true, 1.0};
    st.physics.tau = 0.6;
    st.initial.start = d2q9::Start::Uniform;
    SolverConfig c;
    c.model = "d2q9";
    c.nx = 200;
    c.ny = 61;
    c.setup = AnySetup(st);
    c.solids = std::make_shared<test::Disc>(40.3, 29.6, 9.7);
    const auto run = [&](BackendKind backend) {
      Solver s(on(c, backend));
      s.initialize();
      s.advance(600);
      s.edit_solids(Box{90, 96, 20, 40, 0, 1}, true);
      s.advance(300);
      s.edit_solids(Box{90, 93, 20, 40, 0, 1}, false);
      s.advance(100);
      return s.populations();
    };
    const std::string what = std::string("D2Q9 solids, ") + d2q9::bounce_names()[std::size_t(bounce)] + ", 1000 steps";
    const Diff d = compare(run(BackendKind::CUDA), run(BackendKind::CPU));
    report(what.c_str(), d, std::size_t(c.nx) * c.ny * c.nz);
    EXPECT_LT(d.max_rel, 1e-12) << what;
  }
}

// D3Q19 (3-D: the kernels' z loop, halos along z): every update variant in a duct with a moving
// wall, a body force and the Taylor–Green start, FP64 and FP32 storage; solid blocks across the
// periodic side x; a duct with an inlet and an outlet; CUDA against CPU (measured on an H100:
// 2.7e-15 in FP64, 7e-8 in FP32). An even number of steps: the solid sites, which no step
// writes, hold the initial state on both.
TEST(GpuVsCpu, D3Q19EveryVariantAndSolidsAfter300Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (auto collision : {d3q19::Collision::BGK, d3q19::Collision::TRT})
    for (auto equilibrium : {d3q19::Equilibrium::Compressible, d3q19::Equilibrium::Incompressible})
      for (Precision prec : {Precision::FP64, Precision::FP32})
        for (bool solids : {false, true}) {
          if (solids && (equilibrium == d3q19::Equilibrium::Incompressible || prec == Precision::FP32)) continue;
          d3q19::Setup st;
          st.physics.collision = collision;
          st.physics.equilibrium = equilibrium;
          st.physics.tau = 0.7;
          st.physics.walls_y = !solids;
          st.physics.walls_z = true;
          st.physics.z_high.u = 0.05;
          st.physics.fx = 1e-5;
          st.physics.fy = -2e-6;
          st.initial.start = d3q19::Start::TaylorGreen;
          st.initial.amplitude = 0.05;
          SolverConfig c;
          c.model = "d3q19";
          c.nx = 70;  // a partial block of threads
          c.ny = 24;
          c.nz = 20;
          c.precision = prec;
          c.setup = AnySetup(st);
          d3q19::parameters().derive(c.setup);
          if (solids)
            c.solids = std::make_shared<plume::test::SitesWhere>([](int x, int y, int z) {
              return (x < 8 || x > 64) && y > 5 && y < 12 && z > 4 && z < 15;
            });
          const std::string what = std::string("D3Q19 ") + (collision == d3q19::Collision::TRT ? "TRT" : "BGK") +
                                   (equilibrium == d3q19::Equilibrium::Incompressible ? " incompressible" : "") +
                                   (solids ? " with solids" : "") + (prec == Precision::FP32 ? ", FP32" : ", FP64") +
                                   ", 300 steps";
          expect_agreement(what, c, 300, prec == Precision::FP32 ? 1e-5 : 1e-12);
        }
  // The duct open at both ends: Zou-He's inlet and outlet, x not periodic.
  for (auto collision : {d3q19::Collision::BGK, d3q19::Collision::TRT}) {
    d3q19::Setup st;
    st.physics.collision = collision;
    st.physics.tau = 0.7;
    st.physics.walls_y = st.physics.walls_z = true;
    st.physics.inlet = {true, 0.03};
    st.physics.outlet = {true, 1.0};
    st.initial.start = d3q19::Start::TaylorGreen;
    st.initial.amplitude = 0.05;
    SolverConfig c;
    c.model = "d3q19";
    c.nx = 70;
    c.ny = 24;
    c.nz = 20;
    c.setup = AnySetup(st);
    expect_agreement(std::string("D3Q19 open duct, ") + (collision == d3q19::Collision::TRT ? "TRT" : "BGK") +
                         ", FP64, 300 steps",
                     c, 300, 1e-12);
  }
}

// 3-D thermal convection (D3Q19 + D3Q7, 26 planes): every collision and equilibrium, Rayleigh-Benard
// above onset with a perturbation along x and y, walls across z, a partial block of threads.
TEST(GpuVsCpu, Thermal3dEveryVariantAfter500Steps) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (auto collision : {thermal3d::Collision::BGK, thermal3d::Collision::TRT})
    for (auto equilibrium : {thermal3d::Equilibrium::Compressible, thermal3d::Equilibrium::Incompressible})
      for (Precision prec : {Precision::FP64, Precision::FP32}) {
        thermal3d::Setup st;
        st.physics.collision = collision;
        st.physics.equilibrium = equilibrium;
        st.physics.reference = {1e4, 0.71, 24, 0.1, 0};
        st.initial.amplitude = 0.05;
        st.initial.kx = 2;
        st.initial.ky = 1;
        SolverConfig c;
        c.model = "thermal3d";
        c.nx = 50;
        c.ny = 20;
        c.nz = 24;
        c.precision = prec;
        c.setup = AnySetup(st);
        thermal3d::parameters().derive(c.setup);
        const std::string what = std::string("thermal3d ") + (collision == thermal3d::Collision::TRT ? "TRT" : "BGK") +
                                 (equilibrium == thermal3d::Equilibrium::Incompressible ? " incompressible" : "") +
                                 (prec == Precision::FP32 ? ", FP32" : ", FP64") + ", 500 steps";
        expect_agreement(what, c, 500, prec == Precision::FP32 ? 1e-5 : 1e-12);
      }
}

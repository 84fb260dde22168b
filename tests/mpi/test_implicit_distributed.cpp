// The diffusion model's implicit scheme decomposed (ctest runs this binary under mpirun on 1, 2,
// 3 and 4 ranks): its own tile stepper (solver/models/diffusion/implicit_stepper.cpp) assembles
// the lines that cross tiles and solves them whole, so every tiling of the job (along x, y and,
// in 3-D, z) gives the one-process T bit for bit, periodic and between fixed-value walls, for
// backward Euler and Crank-Nicolson, FP64 and FP32 storage, at r = 5 (30 times the explicit
// limit in 3-D); and a decomposed run decays a mode by the scheme's exact factor.
//
// Collective calls come first and comparisons after, on rank 0, with EXPECT only: a fatal
// assertion would leave the other ranks waiting in a collective.
#include <gtest/gtest.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>
#include "diffusion/model.hpp"
#include "plume/device_fields.hpp"
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"
#include "rank_report.hpp"

using namespace plume;
using namespace plume::parallel;
using namespace plume::testing;

namespace {

Communicator* world = nullptr;
constexpr double kPi = 3.14159265358979323846;
constexpr double kR = 5.0;  // r = kappa dt / dx^2: 30 times the explicit limit in 3-D, 20 in 2-D

using Start = std::function<double(int, int, int)>;  // T at a global site

SolverConfig implicit_case(int nx, int ny, int nz, double theta, bool walls, Precision p) {
  diffusion::Setup st;
  st.physics.scheme = diffusion::Scheme::Implicit;
  st.physics.kappa = kR;
  st.physics.theta = theta;
  st.physics.walls_y = walls;
  st.physics.walls_z = walls && nz > 1;
  st.physics.y_low = 1.0;
  st.physics.y_high = -0.5;
  st.physics.z_low = 0.25;
  st.physics.z_high = 2.0;
  SolverConfig c;
  c.model = "diffusion";
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.precision = p;
  c.backend = BackendKind::CPU;
  c.threads = 1;  // up to 4 ranks share 2 cores
  c.setup = AnySetup(st);
  return c;
}

// Gives each rank's block the start T(x, y, z) of global coordinates, then runs `steps` steps:
// the same state whatever the tiling.
std::function<void(Solver&)> from(const Start& start, long steps) {
  return [start, steps](Solver& s) {
    s.initialize();
    const Domain& d = s.domain();
    std::vector<double> t(std::size_t(d.sites()));
    for (int z = 0; z < d.nz; ++z)
      for (int y = 0; y < d.ny; ++y)
        for (int x = 0; x < d.nx; ++x)
          t[(std::size_t(z) * d.ny + y) * d.nx + x] = start(d.x0 + x, d.y0 + y, d.z0 + z);
    s.set_populations(t, 0);
    s.advance(steps);
  };
}

// Every mode present: a ramp of values with no symmetry, and a hot site where tiles meet.
double rough(int x, int y, int z) {
  return 1.0 + 0.3 * ((x * 7 + y * 3 + z * 5) % 11) + 0.01 * x * y + (x == 7 && y == 9 && z == 6 ? 40.0 : 0.0);
}

// One axis' factor of a mode whose second difference is -4 sin^2(half) times it (docs/diffusion.md).
double axis_factor(double r, double theta, double half) {
  const double a = 4.0 * r * std::sin(half) * std::sin(half);
  return (1.0 - (1.0 - theta) * a) / (1.0 + theta * a);
}

}  // namespace

// Every tiling of the job, with and without overlap (the stepper's messages are blocking: both
// must give the same bits), equal to the one-process run bit for bit after 6 steps at r = 5.
TEST(ImplicitDistributed, EveryTilingGivesTheOneProcessTBitForBit) {
  const long steps = 6;
  struct Case {
    int nx, ny, nz;
    double theta;
    bool walls;
    Precision precision;
  };
  std::vector<Case> cases;
  for (const auto& [nx, ny, nz] : {std::array<int, 3>{25, 19, 1}, std::array<int, 3>{14, 13, 12}})
    for (double theta : {1.0, 0.5})
      for (bool walls : {false, true}) cases.push_back({nx, ny, nz, theta, walls, Precision::FP64});
  cases.push_back({25, 19, 1, 0.5, true, Precision::FP32});
  cases.push_back({14, 13, 12, 1.0, false, Precision::FP32});
  for (const Case& k : cases) {
    const SolverConfig c = implicit_case(k.nx, k.ny, k.nz, k.theta, k.walls, k.precision);
    const std::string what = std::string(k.nz > 1 ? "3-D" : "2-D") + ", theta " + std::to_string(k.theta) +
                             (k.walls ? ", walls" : ", periodic") + (k.precision == Precision::FP32 ? ", FP32" : "");
    const int z_tiled = expect_every_tiling_is_one_process(*world, c, steps, 1, what, {TransportKind::Auto},
                                                           from(rough, steps));
    // In 3-D, some tiling of 2 or more ranks cuts z (1x1xN at least).
    if (k.nz > 1 && world->size() > 1) {
      EXPECT_GT(z_tiled, 0) << what;
    }
  }
}

// Steered to the explicit scheme while it runs (Solver::steer), a decomposed implicit run takes
// the explicit step through the generic stepper's halo exchange, as one rank's backend does:
// 3 implicit steps at r = 5, then 3 explicit ones at r = 0.1, bit for bit on every tiling.
TEST(ImplicitDistributed, SteeredToTheExplicitSchemeEveryTilingStillGivesTheOneProcessT) {
  for (int nz : {1, 12}) {
    const SolverConfig c = implicit_case(nz > 1 ? 14 : 25, nz > 1 ? 13 : 19, nz, 1.0, true, Precision::FP64);
    const auto run = [](Solver& s) {
      from(rough, 3)(s);
      diffusion::Setup st = s.config().setup.as<diffusion::Setup>();
      st.physics.scheme = diffusion::Scheme::Explicit;
      st.physics.kappa = 0.1;
      s.steer(AnySetup(st));
      s.advance(3);
    };
    expect_every_tiling_is_one_process(*world, c, 6, 1, nz > 1 ? "3-D, steered" : "2-D, steered",
                                       {TransportKind::Auto}, run);
  }
}

// The one-process run above is the one the physics tests check; this checks a decomposed run on
// its own: on every tiling, a mode decays by the split scheme's exact factor, every site within
// 1e-11 of g^n times the start (relative to |g|^n). On the periodic box the product of one
// period of a sine along each axis; between walls at 0 on y and z the lowest wall mode along
// them, sin(pi (y + 1/2) / ny) sin(pi (z + 1/2) / nz) (half = pi / (2 ny) in its factor), times
// the sine along x.
TEST(ImplicitDistributed, AModeDecaysByTheExactFactorOnEveryTiling) {
  const int nx = 16, ny = 20, nz = 12;
  for (double theta : {1.0, 0.5})
    for (bool walls : {false, true}) {
      SolverConfig c = implicit_case(nx, ny, nz, theta, walls, Precision::FP64);
      c.setup.as<diffusion::Setup>().physics.y_low = c.setup.as<diffusion::Setup>().physics.y_high = 0.0;
      c.setup.as<diffusion::Setup>().physics.z_low = c.setup.as<diffusion::Setup>().physics.z_high = 0.0;
      const Start mode = [&](int x, int y, int z) {
        if (walls)
          return std::sin(2 * kPi * x / nx) * std::sin(kPi * (y + 0.5) / ny) * std::sin(kPi * (z + 0.5) / nz);
        return std::sin(2 * kPi * x / nx) * std::sin(2 * kPi * y / ny) * std::sin(2 * kPi * z / nz);
      };
      const double g = walls ? axis_factor(kR, theta, kPi / nx) * axis_factor(kR, theta, kPi / (2 * ny)) *
                                   axis_factor(kR, theta, kPi / (2 * nz))
                             : axis_factor(kR, theta, kPi / nx) * axis_factor(kR, theta, kPi / ny) *
                                   axis_factor(kR, theta, kPi / nz);
      // Round-off leaves ~1e-16 in every other mode: the mode is followed while it stands well
      // above that (|g|^n >= 1e-3), at least 3 steps and at most 8.
      long steps = 8;
      while (steps > 3 && std::pow(std::abs(g), double(steps)) < 1e-3) --steps;
      const double gn = std::pow(g, double(steps));
      // The run decays visibly: a step that left T as it was would fail the check below.
      if (world->rank() == 0) {
        EXPECT_LT(std::abs(gn), 0.5);
      }
      for (const Tiling t : tilings_of(world->size(), c, 1)) {
        SolverConfig k = c;
        k.tiles = t;
        Solver s(k, *world);
        from(mode, steps)(s);
        const std::vector<double> T = s.checkpoint_out().populations;
        if (world->rank() != 0) continue;
        double err = 0;
        for (int z = 0; z < nz; ++z)
          for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x)
              err = std::max(err, std::abs(T[(std::size_t(z) * ny + y) * nx + x] - gn * mode(x, y, z)) / std::abs(gn));
        EXPECT_LT(err, 1e-11) << s.decomposition().describe() << ", theta " << theta << (walls ? ", walls" : ", periodic");
      }
    }
}

// On GPUs (label gpu, mpi.implicit_diffusion_gpu.np2 and np4): each rank's block crosses to the
// host, where its lines are solved by the CPU's line solve, so every tiling on the CUDA backend
// gives the one-process CPU run's T bit for bit (from the same start on the host: the device's
// own case arithmetic may round differently). One GPU's own step solves on the device and agrees
// with the CPU to round-off only (tests/gpu/test_gpu_vs_cpu.cpp), so one rank is not compared.
TEST(ImplicitDistributedGpu, EveryTilingOnTheCudaBackendGivesTheOneProcessCpuTBitForBit) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  if (world->size() == 1) GTEST_SKIP() << "one rank steps on the device: tests/gpu compares it with the CPU";
  const long steps = 6;
  for (const auto& [nx, ny, nz] : {std::array<int, 3>{25, 19, 1}, std::array<int, 3>{14, 13, 12}})
    for (bool walls : {false, true})
      for (Precision p : {Precision::FP64, Precision::FP32}) {
        const SolverConfig c = implicit_case(nx, ny, nz, 0.5, walls, p);
        std::vector<double> one;
        if (world->rank() == 0) {
          Solver s(c);
          from(rough, steps)(s);
          one = s.populations();
        }
        for (const Tiling t : tilings_of(world->size(), c, 1)) {
          SolverConfig k = c;
          k.tiles = t;
          k.backend = BackendKind::CUDA;
          k.transport = TransportKind::Host;  // any GPU count: ranks may share one (the step sends no halos)
          Solver s(k, *world);
          from(rough, steps)(s);
          const std::vector<double> T = s.checkpoint_out().populations;
          if (world->rank() != 0) continue;
          EXPECT_EQ(s.backend().kind, BackendKind::CUDA);
          EXPECT_EQ(first_difference(T, one, nx, ny * nz), "")
              << s.decomposition().describe() << (walls ? ", walls" : ", periodic")
              << (p == Precision::FP32 ? ", FP32" : ", FP64");
        }
      }
}

int main(int argc, char** argv) {
  MpiSession mpi(argc, argv);
  world = &mpi.world();
  return run_on_every_rank(*world, argc, argv);
}

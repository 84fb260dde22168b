#include "seed001.hpp"
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include "console.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "exit_codes.hpp"
#include "plume/fields.hpp"
#include "plume/geometry/obstacle_file.hpp"
#include "plume/parameters.hpp"

namespace plume::app {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The mean |u| over the fluid sites of the whole lattice (the benchmark's av_velocity), from the
// model's sums: on a GPU only two numbers cross to the host per step.
double average_velocity(Solver& solver) {
  using T = d2q9::Traits;
  const std::vector<double> sum = solver.site_sums();
  return sum[T::kFluidSites] > 0 ? sum[T::kSpeedSum] / sum[T::kFluidSites] : 0.0;
}

}  // namespace

SolverConfig seed001_config(const io::Seed001Params& p, std::shared_ptr<const Geometry> obstacles) {
  d2q9::Setup s;
  s.physics.collision = d2q9::Collision::BGK;
  s.physics.equilibrium = d2q9::Equilibrium::Compressible;
  s.physics.tau = 1.0 / p.omega;
  s.physics.bounce = d2q9::Bounce::FullWay;
  s.physics.accelerate.row = p.ny - 2;
  s.physics.accelerate.a = p.accel;
  s.initial.start = d2q9::Start::Uniform;
  s.initial.rho = p.density;
  SolverConfig c;
  c.model = "d2q9";
  c.nx = p.nx;
  c.ny = p.ny;
  c.setup = AnySetup(s);
  d2q9::parameters().derive(c.setup);  // rho0 and the acceleration's increments from the density
  c.solids = std::move(obstacles);
  return c;
}

int run_seed001(const Seed001Run& run, parallel::Communicator& world) {
  const Clock::time_point t0 = Clock::now();
  const bool root = world.rank() == 0;
  // stdout carries the benchmark's own report alone, as the original prints it, for the scripts
  // that read it; plume's notes and progress go to stderr.
  Console console(run.quiet, Console::is_tty(stderr), root, stderr);
  // Bad input ends the command before any work, with the file and line named.
  const io::Seed001Params p = io::read_seed001_params(run.params);
  std::shared_ptr<const Geometry> obstacles = geometry::read_obstacle_file(run.obstacles, p.nx, p.ny);
  if (root) std::filesystem::create_directories(run.out);

  SolverConfig cfg = seed001_config(p, obstacles);
  cfg.backend = run.backend;
  cfg.precision = run.precision;
  cfg.threads = run.threads;
  cfg.device = run.device;
  Solver solver(cfg, world);
  solver.initialize();
  console.note(fmt::format("seed-001 benchmark: {} x {}, {} steps, omega {}, on {}", p.nx, p.ny, p.max_iters, p.omega,
                           solver.backend_description()));
  const double init = seconds_since(t0);

  // One step at a time: the benchmark records the average velocity after every step.
  const Clock::time_point t1 = Clock::now();
  std::vector<double> av_vels(std::size_t(p.max_iters));
  console.start(0, p.max_iters, double(p.nx) * p.ny);
  for (long t = 0; t < p.max_iters; ++t) {
    solver.advance(1);
    const double av = av_vels[std::size_t(t)] = average_velocity(solver);
    if (!std::isfinite(av)) {
      if (root) std::fprintf(stderr, "plume: error: the flow became unphysical at step %ld (average velocity %s); "
                                     "nothing written\n", t, std::isnan(av) ? "NaN" : "infinite");
      return kExitDiverged;
    }
    console.progress(t + 1);
  }
  console.end_progress();
  const double compute = seconds_since(t1);

  const Clock::time_point t2 = Clock::now();
  const double final_av = p.max_iters > 0 ? av_vels.back() : average_velocity(solver);
  Fields f, whole;
  solver.fields(f);
  solver.gather_fields(f, whole);
  if (root) {
    const int ux = whole.index("ux"), uy = whole.index("uy"), rho = whole.index("rho"), solid = whole.index("solid");
    std::vector<io::Seed001Site> sites(whole.sites());
    for (std::size_t k = 0; k < sites.size(); ++k)
      sites[k] = {whole[ux][k], whole[uy][k], whole[rho][k] * d2q9::L::cs2, whole[solid][k] != 0};
    io::write_av_vels((std::filesystem::path(run.out) / "av_vels.dat").string(), av_vels);
    io::write_final_state((std::filesystem::path(run.out) / "final_state.dat").string(), p.nx, p.ny, sites);
  }
  const double collate = seconds_since(t2);
  if (root) {
    // The benchmark's own report, line for line, which its users' scripts read.
    std::printf("==done==\n");
    std::printf("Reynolds number:\t\t%.12E\n", final_av * p.reynolds_dim / p.viscosity());
    std::printf("Elapsed Init time:\t\t\t%.6f (s)\n", init);
    std::printf("Elapsed Compute time:\t\t\t%.6f (s)\n", compute);
    std::printf("Elapsed Collate time:\t\t\t%.6f (s)\n", collate);
    std::printf("Elapsed Total time:\t\t\t%.6f (s)\n", seconds_since(t0));
    std::fflush(stdout);
  }
  return kExitOk;
}

}  // namespace plume::app

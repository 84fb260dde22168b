#include "seed001.hpp"
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <fmt/format.h>
#include "console.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "exit_codes.hpp"
#include "plume/fields.hpp"
#include "plume/config/run_config.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/obstacle_file.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/memory.hpp"
#include "plume/parameters.hpp"

namespace plume::app {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The mean |u| over the fluid sites of the whole lattice (the benchmark's av_velocity), from the
// model's sums: on a GPU only two numbers cross to the host per step.
double average_velocity(Solver& solver) {
  using T = d2q9::Traits;
  const std::vector<double> sum = solver.snapshot().site_sums();
  return sum[T::kFluidSites] > 0 ? sum[T::kSpeedSum] / sum[T::kFluidSites] : 0.0;
}

// The benchmark's flow is unphysical once its mean speed reaches the lattice's speed of sound: the
// D2Q9 equilibrium holds for speeds well below it, and parameters that drive the flow past it make
// finite garbage (a Reynolds number of thousands) before they make NaN.
const double kSpeedOfSound = std::sqrt(d2q9::Traits::Lattice::cs2);

// Why the mean speed `av` of step t is unphysical, or "".
std::string speed_problem(double av, long t) {
  if (!std::isfinite(av))
    return fmt::format("the flow became unphysical at step {} (average velocity {})", t, std::isnan(av) ? "NaN" : "infinite");
  if (av >= kSpeedOfSound)
    return fmt::format("the flow became unphysical at step {}: its average velocity {:.6g} reached the lattice's "
                       "speed of sound {:.6g} (the parameters drive it faster than D2Q9 can follow: a smaller accel or "
                       "a smaller omega slows it)",
                       t, av, kSpeedOfSound);
  return "";
}

// Why the final state (the whole lattice, on rank 0) is unphysical, or "": the first fluid site
// (lowest y, then x) whose speed reached the speed of sound, and how many did. The mean speed can
// stay low while a few sites race (parameters near omega = 2 make such garbage, and a Reynolds
// number of thousands from it).
std::string final_state_problem(const Fields& whole, int nx) {
  const int ux = whole.index("ux"), uy = whole.index("uy"), solid = whole.index("solid");
  long long count = 0;
  std::size_t first = 0;
  for (std::size_t k = 0; k < whole.sites(); ++k) {
    if (whole[solid][k] != 0) continue;
    if (!(std::hypot(whole[ux][k], whole[uy][k]) < kSpeedOfSound) && count++ == 0) first = k;
  }
  if (count == 0) return "";
  return fmt::format("the final state is unphysical: the speed at (x={}, y={}) is {:.6g}, at or above the lattice's "
                     "speed of sound {:.6g} ({} such site(s) in all; the parameters drive the flow faster than D2Q9 "
                     "can follow: a smaller accel or a smaller omega slows it)",
                     first % std::size_t(nx), first / std::size_t(nx), std::hypot(whole[ux][first], whole[uy][first]),
                     kSpeedOfSound, count);
}

// The benchmark's output folder passes the checks of `plume run`'s output.dir (config::validate,
// on the default configuration with that folder, which only the folder can make fail), named as
// the option that gives it.
void check_folder(const std::string& dir, std::vector<std::string>& problems) {
  if (dir.empty()) return problems.push_back("--out is empty: name the folder for av_vels.dat and final_state.dat");
  config::RunConfig c = config::default_config();
  c.output.dir = dir;
  try {
    config::validate(c);
  } catch (const config::ConfigError& e) {
    for (const std::string& p : e.problems)
      if (p.rfind("output.dir", 0) == 0) problems.push_back("--out" + p.substr(std::strlen("output.dir")));
  }
}

// The host memory of the run: that of `plume run` for its lattice and storage (populations,
// fields, the whole lattice gathered on rank 0), and on rank 0 the average velocity of every step
// (8 bytes) with the text of av_vels.dat built from it (26 bytes a line), and the final state's
// sites. "" when it fits, or when Linux does not say how much is available.
std::string memory_problem(const io::Seed001Params& p, const Seed001Run& run, int ranks, int ranks_on_host) {
  SolverConfig cfg = seed001_config(p, nullptr);
  cfg.backend = run.backend;
  cfg.precision = run.precision;
  const io::RunShape shape = io::run_shape(cfg, ranks, 0);
  io::MemoryNeed need = io::estimate_memory(shape);
  const double steps = (8.0 + 26.0) * double(p.max_iters), sites = sizeof(io::Seed001Site) * double(p.nx) * p.ny;
  need.rank0 += steps + sites;
  const std::optional<double> available = io::available_host_memory();
  if (!available || need.host(ranks_on_host) <= *available) return "";
  const std::string has = fmt::format("about {} of host memory, but this host has {} available (MemAvailable in "
                                      "/proc/meminfo)",
                                      io::format_bytes(need.host(ranks_on_host)), io::format_bytes(*available));
  if (steps > need.host(ranks_on_host) / 2)
    return fmt::format("{}:3: maxIters = {}: the run keeps the average velocity of every step for av_vels.dat, and "
                       "needs {}",
                       run.params, p.max_iters, has);
  return fmt::format("{}:1: nx = {}, {}:2: ny = {}: a lattice of {} x {} sites needs {}; use a smaller lattice{}{}",
                     run.params, p.nx, run.params, p.ny, p.nx, p.ny, has,
                     run.precision == Precision::FP32 ? "" : ", FP32 storage (--precision fp32)",
                     shape.populations_on_device ? "" : ", or a GPU");
}

}  // namespace

void check_seed001(const Seed001Run& run, int ranks, int ranks_on_host) {
  std::vector<std::string> problems;
  try {
    const io::Seed001Params p = io::read_seed001_params(run.params);
    // The obstacles' bitmap is as large as the lattice: read once the lattice is known to fit.
    if (std::string memory = memory_problem(p, run, ranks, ranks_on_host); !memory.empty())
      problems.push_back(std::move(memory));
    else if (geometry::read_obstacle_file(run.obstacles, p.nx, p.ny)->count() == (long long)p.nx * p.ny)
      // Nothing would flow: the run would report a Reynolds number of 0 and succeed.
      problems.push_back(fmt::format("{}: every one of the {} x {} sites is an obstacle: there is no fluid to "
                                     "simulate; leave some sites fluid",
                                     run.obstacles, p.nx, p.ny));
  } catch (const io::Seed001Error& e) {
    problems.push_back(e.what());
  } catch (const geometry::GeometryError& e) {
    problems.push_back(e.what());
  }
  check_folder(run.out, problems);
  if (!problems.empty()) throw config::ConfigError(problems);
}

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
  // The files were checked on rank 0 before any work (check_seed001); every rank reads them.
  const io::Seed001Params p = io::read_seed001_params(run.params);
  std::shared_ptr<const Geometry> obstacles = geometry::read_obstacle_file(run.obstacles, p.nx, p.ny);

  SolverConfig cfg = seed001_config(p, obstacles);
  cfg.backend = run.backend;
  cfg.precision = run.precision;
  cfg.threads = run.threads;
  cfg.device = run.device;
  Solver solver(cfg, world);
  solver.initialize();
  console.note(fmt::format("seed-001 benchmark: {} x {}, {} steps, omega {}, on {}", p.nx, p.ny, p.max_iters, p.omega,
                           solver.backend().description));
  // Unlike `plume run`, seed001 replaces an earlier run's outputs: the benchmark's own program
  // writes them into its folder run after run, and the scripts built around it rerun it there
  // (docs/d2q9.md). Said, so that it is not silent; a folder of `plume run` holds neither file.
  if (root) {
    std::string earlier;
    for (const char* name : {"av_vels.dat", "final_state.dat"}) {
      std::error_code ec;
      if (std::filesystem::exists(std::filesystem::path(run.out) / name, ec))
        earlier += (earlier.empty() ? "" : " and ") + std::string(name);
    }
    if (!earlier.empty())
      console.note(fmt::format("replacing {} of an earlier run in '{}' at the end, as the benchmark does", earlier,
                               run.out));
  }
  const double init = seconds_since(t0);

  // One step at a time: the benchmark records the average velocity after every step (rank 0
  // keeps them for av_vels.dat).
  const Clock::time_point t1 = Clock::now();
  std::vector<double> av_vels(root ? std::size_t(p.max_iters) : 0);
  double av = 0;
  console.start(0, p.max_iters, double(p.nx) * p.ny);
  for (long t = 0; t < p.max_iters; ++t) {
    solver.advance(1);
    av = average_velocity(solver);
    if (root) av_vels[std::size_t(t)] = av;
    if (const std::string problem = speed_problem(av, t); !problem.empty()) {
      console.end_progress();
      if (root) std::fprintf(stderr, "plume: error: %s; nothing written\n", problem.c_str());
      return kExitDiverged;
    }
    console.progress(t + 1);
  }
  console.end_progress();
  const double compute = seconds_since(t1);

  const Clock::time_point t2 = Clock::now();
  const double final_av = p.max_iters > 0 ? av : average_velocity(solver);
  // Every site, not only the mean: a state with a bad site (rho <= 0, not finite) is not written.
  if (const std::optional<Fault> fault = solver.snapshot().find_fault()) {
    if (root) std::fprintf(stderr, "plume: error: %s; nothing written\n", io::Fault(*fault).message().c_str());
    return kExitDiverged;
  }
  Fields f, whole;
  solver.snapshot().fields(f);
  solver.snapshot().gather(f, whole);
  const std::string problem = root ? final_state_problem(whole, p.nx) : "";
  double unphysical = problem.empty() ? 0 : 1;
  world.allreduce(&unphysical, 1, parallel::ReduceOp::Max);
  if (unphysical > 0) {
    if (root) std::fprintf(stderr, "plume: error: %s; nothing written\n", problem.c_str());
    return kExitDiverged;
  }
  if (root) {
    const int ux = whole.index("ux"), uy = whole.index("uy"), rho = whole.index("rho"), solid = whole.index("solid");
    std::vector<io::Seed001Site> sites(whole.sites());
    for (std::size_t k = 0; k < sites.size(); ++k)
      sites[k] = {whole[ux][k], whole[uy][k], whole[rho][k] * d2q9::L::cs2, whole[solid][k] != 0};
    // The folder is made only now, so that a run that cannot start (no GPU) or blows up leaves
    // none behind; whether it can be made was checked before any work.
    std::error_code ec;
    std::filesystem::create_directories(run.out, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot create the output folder '{}': {}", run.out, ec.message()));
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

// plume_insitu_demo: a small Rayleigh–Taylor run on the CPU that calls the Catalyst adaptor every N
// steps. The three parts of a Catalyst run, as in ParaView's examples: the simulation (plume::Solver),
// the adaptor (plume::catalyst::Adaptor) and this driver. Used by the catalyst tests and the
// in-situ benchmark, and to try pipelines without the batch driver:
//
//   plume_insitu_demo --script pipelines/temperature.py --every 100 --steps 2000 --out runs/demo
//   plume_insitu_demo --live --steps 100000 --pace-ms 5      # then Catalyst > Connect in ParaView
#include <mpi.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>
#include "plume/catalyst/adaptor.hpp"
#include "plume/catalyst/virtual_display.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct Args {
  int nx = 128, ny = 256;
  long steps = 1000;
  long every = 100;
  std::vector<std::string> scripts;  // PATH or PATH@EVERY
  std::string out = "runs/insitu-demo";
  bool live = false;
  std::string live_host = "localhost";
  int live_port = 22222;
  long live_every = 0;
  std::string on_error = "stop";
  int threads = 0;
  double pace_ms = 0.0;
  std::string tiles;  // PXxPY: with several MPI ranks, the lattice cut into PX x PY blocks
  bool no_xvfb = false;
  std::string dump_fields, summary;
};

// Rank r's block when the lattice is cut into px x py blocks (rank = i + px j).
plume::Domain tile(const plume::Domain& whole, int r, int px, int py) {
  const auto cut = [](int n, int parts, int k, int& start, int& size) {
    const int base = n / parts, extra = n % parts;
    size = base + (k < extra ? 1 : 0);
    start = k * base + std::min(k, extra);
  };
  plume::Domain d = whole;
  cut(whole.NX, px, r % px, d.x0, d.nx);
  cut(whole.NY, py, r / px, d.y0, d.ny);
  return d;
}

void copy_block(const plume::Fields& all, const plume::Domain& d, plume::Fields& part) {
  part.resize(all.model(), d.nx, d.ny);
  part.x0 = d.x0;
  part.y0 = d.y0;
  for (int k = 0; k < all.count(); ++k)
    for (int y = 0; y < d.ny; ++y)
      for (int x = 0; x < d.nx; ++x) part[k][part.at(x, y)] = all[k][all.at(d.x0 + x, d.y0 + y)];
}

// Raw fields for the tests: one text line saying what follows, then T_H, rho, ux, uy as
// little-endian doubles, x fastest. Written through io::AtomicFile.
void dump_fields(const std::string& path, const plume::Fields& f, long step, double time) {
  plume::io::AtomicFile out(path);
  char header[256];
  std::snprintf(header, sizeof header,
                "plume-fields 1 nx=%d ny=%d step=%ld time=%.17g arrays=T_H,rho,ux,uy layout=x-fastest-f64le\n", f.nx,
                f.ny, step, time);
  out.write(header);
  for (const char* name : {"T", "rho", "ux", "uy"}) out.write(f[name].data(), f.sites() * sizeof(double));
  out.commit();
}

int run(const Args& a, int rank, int ranks) {
  plume::SolverConfig cfg;
  cfg.nx = a.nx;
  cfg.ny = a.ny;
  cfg.backend = plume::BackendKind::CPU;
  cfg.threads = a.threads;
  plume::d2q37::physics(cfg).gy = -2.6e-4;  // 100 x the reference gravity: a small lattice mixes in a few thousand steps
  plume::d2q37::initial(cfg).amplitude = 4.0;
  plume::Solver solver(cfg);
  solver.initialize();
  const plume::Domain whole = solver.domain();
  int px = 1, py = 1;
  if (!a.tiles.empty() && std::sscanf(a.tiles.c_str(), "%dx%d", &px, &py) != 2)
    throw std::runtime_error("--tiles wants PXxPY, e.g. 2x2, not " + a.tiles);
  if (px * py != ranks)
    throw std::runtime_error("--tiles " + std::to_string(px) + "x" + std::to_string(py) + " needs " +
                             std::to_string(px * py) + " MPI ranks, not " + std::to_string(ranks));
  const plume::Domain mine = tile(whole, rank, px, py);

  plume::catalyst::Options o;
  for (const std::string& s : a.scripts) {
    plume::catalyst::Script script{s, 0};
    const auto at = s.rfind('@');
    if (at != std::string::npos) {
      script.path = s.substr(0, at);
      script.every = std::stol(s.substr(at + 1));
    }
    o.scripts.push_back(script);
  }
  o.every = a.every;
  o.output_dir = a.out + "/insitu";
  o.live = a.live;
  o.live_host = a.live_host;
  o.live_port = a.live_port;
  o.live_every = a.live_every;
  o.on_error = plume::catalyst::parse_on_error(a.on_error);
  o.metadata = {{"plume_version", PLUME_VERSION},
                {"case", "Rayleigh-Taylor, " + std::to_string(a.nx) + " x " + std::to_string(a.ny) +
                             ", gy = " + std::to_string(plume::d2q37::physics(cfg).gy) + ", plume_insitu_demo"}};

  // With neither pipelines nor Live the demo runs the solver alone: the benchmark's baseline.
  const bool with_insitu = !o.scripts.empty() || o.live;
  std::unique_ptr<plume::catalyst::VirtualDisplay> display;
  if (with_insitu && !a.no_xvfb) display = std::make_unique<plume::catalyst::VirtualDisplay>();
  const auto t_init = Clock::now();
  std::unique_ptr<plume::catalyst::Adaptor> insitu;
  if (with_insitu) insitu = std::make_unique<plume::catalyst::Adaptor>(o, mine, solver.model());
  const double init_s = since(t_init);
  if (rank == 0 && insitu)
    std::printf("in-situ: %zu pipeline(s) loaded in %.2f s%s%s\n", insitu->stats().size(), init_s,
                display && display->started() ? ", Xvfb on " : "", display && display->started() ? display->display().c_str() : "");

  plume::Fields all, part;
  double t_solver = 0, t_fields = 0, t_insitu = 0;
  long insitu_calls = 0;
  const auto t_run = Clock::now();
  auto hand_over = [&](long step) {
    if (!insitu || !insitu->due(step)) return;
    auto t0 = Clock::now();
    solver.snapshot().fields(all);
    const plume::Fields* f = &all;
    if (ranks > 1) {
      copy_block(all, mine, part);
      f = &part;
    }
    t_fields += since(t0);
    t0 = Clock::now();
    insitu->execute(step, solver.time(), *f, mine);
    t_insitu += since(t0);
    ++insitu_calls;
    if (rank == 0) {
      const double el = since(t_run), rate = t_solver > 0 ? double(step) * a.nx * a.ny / t_solver / 1e6 : 0.0;
      std::printf("step %ld/%ld  t=%.4g  %.2f Msites/s  in-situ %.1f ms  elapsed %.1f s  left %.1f s\n", step, a.steps,
                  solver.time(), rate, 1e3 * since(t0), el, step > 0 ? el * double(a.steps - step) / step : 0.0);
      std::fflush(stdout);
    }
  };

  hand_over(0);
  while (solver.step() < a.steps) {
    // The next step a pipeline runs at (the adaptor's schedule), or the end.
    const long target = insitu ? std::min(insitu->next_due(solver.step()), a.steps) : a.steps;
    const auto t0 = Clock::now();
    if (a.pace_ms > 0) {
      while (solver.step() < target) {
        solver.advance(1);
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(a.pace_ms));
      }
    } else {
      solver.advance(target - solver.step());
    }
    t_solver += since(t0);
    hand_over(solver.step());
  }
  const double wall = since(t_run);

  if (!a.dump_fields.empty() && rank == 0) {
    solver.snapshot().fields(all);
    dump_fields(a.dump_fields, all, solver.step(), solver.time());
  }
  if (insitu) insitu->finalize();
  const std::vector<plume::catalyst::PipelineStats> stats = insitu ? insitu->stats() : std::vector<plume::catalyst::PipelineStats>();

  if (rank == 0) {
    std::printf("done: %ld steps in %.2f s (solver %.2f s, fields %.3f s, in-situ %.3f s = %.2f%% of the run, %ld calls)\n",
                a.steps, wall, t_solver, t_fields, t_insitu, 100.0 * t_insitu / wall, insitu_calls);
    for (const auto& p : stats)
      std::printf("  %-40s every %-6ld calls %-5ld %8.2f ms/call%s%s\n",
                  std::filesystem::path(p.script).filename().c_str(), p.every, p.calls,
                  p.calls ? 1e3 * p.seconds / p.calls : 0.0, p.live ? "  (Live)" : "", p.enabled ? "" : "  (disabled)");
    if (!a.summary.empty()) {
      std::ostringstream s;
      s << "{\n  \"nx\": " << a.nx << ", \"ny\": " << a.ny << ", \"steps\": " << a.steps << ", \"ranks\": " << ranks
        << ",\n  \"init_s\": " << init_s << ", \"wall_s\": " << wall << ", \"solver_s\": " << t_solver
        << ", \"fields_s\": " << t_fields << ", \"insitu_s\": " << t_insitu << ", \"insitu_calls\": " << insitu_calls
        << ", \"grid_s\": " << (insitu ? insitu->grid_seconds() : 0.0) << ",\n  \"pipelines\": [";
      const auto& st = stats;
      for (std::size_t i = 0; i < st.size(); ++i)
        s << (i ? ",\n" : "\n") << "    {\"script\": \"" << std::filesystem::path(st[i].script).filename().string()
          << "\", \"every\": " << st[i].every << ", \"calls\": " << st[i].calls << ", \"seconds\": " << st[i].seconds
          << ", \"live\": " << (st[i].live ? "true" : "false") << "}";
      s << "\n  ]\n}\n";
      plume::io::write_file_atomic(a.summary, s.str());
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  CLI::App app{"plume_insitu_demo: a small Rayleigh-Taylor run (CPU) with ParaView Catalyst in situ"};
  app.add_option("--nx", a.nx, "lattice width")->check(CLI::Range(8, 1 << 16));
  app.add_option("--ny", a.ny, "lattice height")->check(CLI::Range(16, 1 << 16));
  app.add_option("--steps", a.steps, "steps to run")->check(CLI::NonNegativeNumber);
  app.add_option("--every", a.every, "default in-situ frequency (steps)")->check(CLI::PositiveNumber);
  app.add_option("--script", a.scripts, "Catalyst pipeline (script-version 2), PATH or PATH@EVERY; repeatable");
  app.add_option("--out", a.out, "run folder (extracts go to OUT/insitu)");
  app.add_flag("--live", a.live, "enable ParaView Live");
  app.add_option("--live-host", a.live_host, "host where ParaView listens (Catalyst > Connect)");
  app.add_option("--live-port", a.live_port, "its port (Live also uses the next one)")->check(CLI::Range(1, 65534));
  app.add_option("--live-every", a.live_every, "Live frequency (default: --every)")->check(CLI::NonNegativeNumber);
  app.add_option("--on-error", a.on_error, "stop | disable")->check(CLI::IsMember({"stop", "disable"}));
  app.add_option("--threads", a.threads, "OpenMP threads (0: default)")->check(CLI::NonNegativeNumber);
  app.add_option("--pace-ms", a.pace_ms, "sleep after each step, to watch a small run live")->check(CLI::NonNegativeNumber);
  app.add_option("--tiles", a.tiles, "PXxPY: with PX*PY MPI ranks, every rank solves the whole (small) lattice and "
                                     "hands its block of a PX x PY tiling to the adaptor (one piece per rank)");
  app.add_flag("--no-xvfb", a.no_xvfb, "do not start Xvfb when DISPLAY is unset (data-only pipelines)");
  app.add_option("--dump-fields", a.dump_fields, "write the final fields (raw doubles after a text header) here");
  app.add_option("--summary", a.summary, "write timings as JSON here");
  CLI11_PARSE(app, argc, argv);

  // Before Catalyst, which then uses MPI_COMM_WORLD and leaves MPI to us.
  plume::parallel::MpiSession mpi(argc, argv);
  const int rank = mpi.world().rank(), ranks = mpi.world().size();
  int rc = 0;
  try {
    rc = run(a, rank, ranks);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plume_insitu_demo: error: %s\n", e.what());
    rc = 1;
  }
  if (rc != 0 && ranks > 1) MPI_Abort(MPI_COMM_WORLD, rc);  // the other ranks may wait in a collective
  return rc;
}

#include "run_loop.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <csignal>
#include "command_line.hpp"
#include "console.hpp"
#include "exit_codes.hpp"
#include "rank0.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/lattice/d2q37.hpp"

namespace plume::app {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<int> g_signal{0};  // lock-free, so the handler may set it; read by other threads too
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int s) {
  g_signal = s;
  std::signal(s, SIG_DFL);  // a second signal ends the process at once
}

// Installs the handlers for the duration of a run.
struct SignalGuard {
  using Handler = void (*)(int);
  Handler old_int, old_term;
  SignalGuard() {
    g_signal = 0;
    old_int = std::signal(SIGINT, on_signal);
    old_term = std::signal(SIGTERM, on_signal);
  }
  ~SignalGuard() {
    std::signal(SIGINT, old_int);
    std::signal(SIGTERM, old_term);
  }
};

long long next_multiple(long long step, long long every) {
  return every > 0 ? (step / every + 1) * every : LLONG_MAX;
}
bool multiple(long long step, long long every) { return every > 0 && step % every == 0; }

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// What happens at one step where the run stops advancing for a moment.
struct Due {
  bool output = false, checkpoint = false, insitu = false;
};

class Loop {
 public:
  Loop(const io::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console)
      : cfg_(cfg), solver_(solver), out_(out), insitu_(insitu), console_(console) {}

  RunReport run() {
    const SignalGuard signals;
    const auto t0 = Clock::now();
    const long long first = solver_.step(), last = std::max<long long>(cfg_.steps, first);
    report_.first_step = first;
    bool ok = visit({true, false, insitu_.active()});
    console_.start(first, last, double(cfg_.solver.nx) * cfg_.solver.ny);
    long long chunk = 1;
    while (ok && solver_.step() < last && !signal_) {
      const long long target =
          std::min({last, next_multiple(solver_.step(), cfg_.output.every),
                    next_multiple(solver_.step(), cfg_.output.checkpoint_every),
                    insitu_.active() ? insitu_.next_due(solver_.step()) : LLONG_MAX});
      while (ok && solver_.step() < target && !signal_) {
        const long long n = std::min(chunk, target - solver_.step());
        const auto c0 = Clock::now();
        solver_.advance(n);
        // Every rank takes the same decisions: the chunks follow the slowest rank, a signal that
        // reached any rank stops them all at the same step, and the in-situ fields go to the
        // sinks once they have arrived on every rank.
        double slowest[3] = {seconds_since(c0), double(g_signal.load()), pending_ && !solver_.fields_ready() ? 1.0 : 0.0};
        solver_.reduce(slowest, 3, parallel::ReduceOp::Max);
        const double dt = slowest[0];
        signal_ = int(slowest[1]);
        if (pending_ && slowest[2] == 0.0) ok = hand_off();
        report_.compute_seconds += dt;
        // Chunks of about half a second keep the progress report and Ctrl-C responsive.
        chunk = std::clamp<long long>(std::llround(double(n) * 0.5 / std::max(dt, 1e-6)), 1, 1 << 20);
        console_.progress(solver_.step());
      }
      if (signal_ || !ok) break;
      const long long s = solver_.step();
      ok = visit({multiple(s, cfg_.output.every) || s == last, multiple(s, cfg_.output.checkpoint_every) || s == last,
                  insitu_.active() && insitu_.due(s)});
    }
    console_.end_progress();
    if (signal_ && report_.status == RunReport::Status::Completed) {
      report_.status = RunReport::Status::Interrupted;
      report_.message = fmt::format("interrupted by signal {} at step {}", signal_, solver_.step());
      visit({true, true, false});  // so that the run can continue from here
    }
    if (report_.status == RunReport::Status::Completed) hand_off();
    report_.last_step = solver_.step();
    report_.wall_seconds = seconds_since(t0);
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = out_.last_checkpoint();
    return report_;
  }

 private:
  // Returns false when the run must stop. Collective: every rank looks at its own block, and the
  // decisions (fault, in-situ failure) are the same on every rank.
  bool visit(Due due) {
    if (!hand_off()) return false;  // the earlier snapshot first: a request replaces it
    if (due.insitu && !due.output && !due.checkpoint) {
      // Only the sinks need the fields here: the device computes and copies them while the run
      // goes on, and they reach the sinks (health checked first) once they are on the host.
      solver_.request_fields();
      pending_ = true;
      pending_time_ = solver_.time();
      double not_ready = solver_.fields_ready() ? 0.0 : 1.0;  // a CPU backend: ready at once
      solver_.reduce(&not_ready, 1, parallel::ReduceOp::Max);
      return not_ready > 0.0 || hand_off();
    }
    solver_.fields(fields_);
    const long long s = solver_.step();
    const auto fault = io::find_fault(fields_, solver_);
    if (due.output || fault) {
      report_.last_diagnostics = io::compute_diagnostics(fields_, solver_, cfg_.solver.initial);
      out_.diagnostics(*report_.last_diagnostics);
    }
    if (fault) {
      // No checkpoint of this state: the newest one on disk stays the last good one.
      report_.status = RunReport::Status::Diverged;
      report_.message = fault->message();
      out_.image(solver_, fields_, s);
      return false;
    }
    if (due.output) out_.image(solver_, fields_, s);
    if (due.insitu && !run_sinks(s, solver_.time(), fields_)) due.checkpoint = true;
    if (due.checkpoint) report_.final_checkpoint = out_.checkpoint(solver_);
    return report_.status == RunReport::Status::Completed;
  }

  // Returns false when the run must stop (a sink failed under insitu.on_error = "stop").
  bool run_sinks(long long step, double time, const Fields& fields) {
    try {
      insitu_.execute(step, time, fields, solver_.domain(), console_);
      return true;
    } catch (const InSituFailure& e) {
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
      return false;
    }
  }

  // The requested in-situ fields, if any, to the sinks (waiting for them). Collective; returns
  // false when the run must stop: the snapshot is not physical (the run diverged at its step), or
  // a sink failed, after which the current state, checked first, is kept for a restart.
  bool hand_off() {
    if (!pending_) return true;
    pending_ = false;
    const Fields& f = solver_.wait_fields();
    const long long s = solver_.fields_step();
    if (auto fault = io::find_fault(f, solver_)) {
      fault->step = s;
      report_.status = RunReport::Status::Diverged;
      report_.message = fault->message();
      out_.image(solver_, f, s);  // the bad snapshot itself
      return false;
    }
    if (run_sinks(s, pending_time_, f)) return true;
    report_.status = RunReport::Status::Completed;  // for the checkpoint's visit, which checks health
    const std::string message = report_.message;
    if (visit({false, true, false})) {
      report_.status = RunReport::Status::Failed;
      report_.message = message;
    }
    return false;
  }

  const io::RunConfig& cfg_;
  Solver& solver_;
  Output& out_;
  InSitu& insitu_;
  Console& console_;
  RunReport report_;
  Fields fields_;    // this rank's block
  bool pending_ = false;     // in-situ fields requested and not yet handed to the sinks
  double pending_time_ = 0;  // their time (their step: solver_.fields_step())
  int signal_ = 0;   // the signal that stops the run, agreed by every rank
};

}  // namespace

bool interrupted() { return g_signal.load() != 0; }

RunReport run_loop(const io::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console) {
  return Loop(cfg, solver, out, insitu, console).run();
}

int run(const io::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, const std::string& command_line) {
  Console console(cfg.quiet, Console::stdout_is_tty(), solver.is_root());
  console.note(fmt::format("{}: {} x {} {}, {} collision, {} backend: {} ({})", io::build_description(),
                           cfg.solver.nx, cfg.solver.ny, D2Q37::name,
                           cfg.solver.physics.model == CollisionModel::RTRT ? "RTRT" : "BGK", solver.backend().name(),
                           solver.backend().description(), solver.backend_reason()));
  if (solver.ranks() > 1)
    console.note(fmt::format("{}: {}, halo exchange {}", solver.communicator().name(),
                             solver.decomposition().describe(),
                             cfg.solver.overlap ? "overlapped with the bulk" : "before the update"));
  if (cfg.restart.empty()) {
    solver.initialize();
  } else {
    try {
      const io::CheckpointHeader h = io::restore_checkpoint(cfg.restart, solver, cfg);
      console.note(fmt::format("restarting from {} at step {} (written by {})", cfg.restart, h.step, h.writer));
    } catch (const io::CheckpointError& e) {
      throw ExitRequest{kExitUsage, e.what()};  // thrown on every rank alike
    }
  }
  if (solver.step() >= cfg.steps)
    console.warning(fmt::format("the run is already at step {} and run.steps = {}: nothing to advance (raise "
                                "run.steps or pass --steps)",
                                solver.step(), cfg.steps));
  out.begin(solver.step(), console);
  console.note(fmt::format("steps {} -> {}; output in {}", solver.step(), std::max<long long>(cfg.steps, solver.step()),
                           out.dir()));

  const RunReport r = run_loop(cfg, solver, out, insitu, console);
  on_rank0(solver.communicator(), "cannot write the summary",
           [&] { write_summary(out, cfg, solver, r, command_line); });

  const double rate = r.site_updates_per_second(double(cfg.solver.nx) * cfg.solver.ny);
  const std::string keep =
      r.final_checkpoint.empty() ? "no checkpoint was written" : "last good checkpoint: " + r.final_checkpoint;
  const bool speak = solver.is_root();
  switch (r.status) {
    case RunReport::Status::Completed:
      console.note(fmt::format("done: step {} in {} ({} computing: {} site updates/s, {:.3g} GB/s effective); {}",
                               r.last_step, Console::duration(r.wall_seconds), Console::duration(r.compute_seconds),
                               Console::rate(rate), rate * bytes_per_site(cfg.solver.precision) / 1e9,
                               out.path("summary.txt")));
      return kExitOk;
    case RunReport::Status::Diverged:
      if (speak) std::fprintf(stderr, "plume: error: %s\nplume: error: stopped; %s\n", r.message.c_str(), keep.c_str());
      return kExitDiverged;
    case RunReport::Status::Interrupted:
      if (speak) std::fprintf(stderr, "plume: %s; %s\n", r.message.c_str(), keep.c_str());
      return kExitInterrupted;
    default:
      if (speak) std::fprintf(stderr, "plume: error: %s\nplume: error: stopped; %s\n", r.message.c_str(), keep.c_str());
      return kExitFailure;
  }
}

}  // namespace plume::app

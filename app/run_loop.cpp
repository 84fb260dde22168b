#include "run_loop.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include "command_line.hpp"
#include "console.hpp"
#include "exit_codes.hpp"
#include "rank0.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/diagnostics.hpp"

namespace plume::app {
namespace {

using Clock = std::chrono::steady_clock;

// Atomic rather than volatile: the in-situ watchdog reads it from its own thread (lock-free, so a
// signal handler may set it).
std::atomic<int> g_signal{0};
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
  bool image = false, diagnostics = false, checkpoint = false, insitu = false, vtk = false;
};

int finish(const config::RunConfig& cfg, Solver& solver, Output& out, Console& console, const RunReport& r,
           const std::string& command_line, bool collective = true);

class Loop;
std::atomic<Loop*> g_loop{nullptr};  // the run in progress, for abandon_run()

class Loop {
 public:
  Loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console,
       const std::string* command_line = nullptr)
      : cfg_(cfg), solver_(solver), out_(out), insitu_(insitu), console_(console), command_line_(command_line) {}

  RunReport run() {
    const SignalGuard signals;
    g_loop = this;
    struct Unregister {
      ~Unregister() { g_loop = nullptr; }
    } unregister;
    t0_ = Clock::now();
    std::error_code ec;
    cwd_ = std::filesystem::current_path(ec);
    report_.first_step = solver_.step();
    try {
      advance_to_the_end();
    } catch (const OutputError& e) {
      // The first file that cannot be written stops the run: nothing more is written but the
      // summary, and the newest checkpoint on disk stays the last good one.
      console_.end_progress();
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
    }
    report_.last_step = solver_.step();
    report_.wall_seconds = seconds_since(t0_);
    end_report();
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = out_.last_checkpoint();
    // A restart that wrote none yet still has a sound checkpoint: the one it started from.
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = cfg_.restart;
    return report_;
  }

  // From another thread, while this one is blocked in a sink (abandon_run()).
  [[noreturn]] void abandon(const std::string& why) {
    report_.status = g_signal ? RunReport::Status::Interrupted : RunReport::Status::Failed;
    report_.message = why;
    // Catalyst works in its extracts folder while a pipeline runs; the run's paths are relative to
    // where it started. The process ends here, so nothing else depends on the working directory.
    std::error_code ec;
    if (!cwd_.empty()) std::filesystem::current_path(cwd_, ec);
    // The state the sinks were given was checked; while the solver is still there (always on the
    // CPU, where fields are handed over at once) it is the checkpoint to keep. On several ranks
    // a checkpoint needs every rank, and this one is stuck.
    if (solver_.ranks() == 1 && sinks_step_ == solver_.step()) {
      const std::string path = out_.path(Output::checkpoint_name(sinks_step_));
      try {
        io::write_checkpoint(path, cfg_.solver, config::to_toml(cfg_), sinks_step_, solver_.populations(),
                            solver_.gather_solids());
        report_.final_checkpoint = path;
      } catch (const std::exception& e) {
        console_.warning(fmt::format("cannot write the checkpoint of step {}: {}", sinks_step_, e.what()));
      }
    }
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = out_.last_checkpoint();
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = cfg_.restart;
    report_.last_step = solver_.step();
    report_.wall_seconds = seconds_since(t0_);
    end_report();
    int code = report_.status == RunReport::Status::Interrupted ? kExitInterrupted : kExitFailure;
    if (command_line_ && solver_.is_root())
      code = finish(cfg_, solver_, out_, console_, report_, *command_line_, false);
    else if (solver_.ranks() > 1)
      std::fprintf(stderr, "plume: rank %d of %d: error: %s (ending all ranks; %s)\n", solver_.rank(), solver_.ranks(),
                   why.c_str(),
                   report_.final_checkpoint.empty() ? "no checkpoint was written"
                                                    : ("last good checkpoint: " + report_.final_checkpoint).c_str());
    else
      std::fprintf(stderr, "plume: error: %s\n", why.c_str());
    std::fflush(nullptr);
    std::_Exit(code);  // the blocked thread holds locks of VTK, Python and perhaps MPI: no clean-up
  }

 private:
  void advance_to_the_end() {
    const long long first = solver_.step(), last = std::max<long long>(cfg_.steps, first);
    bool ok = visit({true, true, false, insitu_.active(), multiple(first, cfg_.output.vtk_every)});
    console_.start(first, last, double(cfg_.solver.global().global_sites()));
    long long chunk = 1;
    while (ok && solver_.step() < last && !signal_) {
      const long long target =
          std::min({last, next_multiple(solver_.step(), cfg_.output.every),
                    next_multiple(solver_.step(), cfg_.output.diagnostics_cadence()),
                    next_multiple(solver_.step(), cfg_.output.checkpoint_every),
                    next_multiple(solver_.step(), cfg_.output.vtk_every),
                    insitu_.active() ? insitu_.next_due(solver_.step()) : LLONG_MAX});
      while (ok && solver_.step() < target && !signal_) {
        const long long n = std::min(chunk, target - solver_.step());
        const auto c0 = Clock::now();
        solver_.advance(n);
        // Every rank takes the same decisions: the chunks follow the slowest rank, a signal that
        // reached any rank stops them all at the same step, and the in-situ fields go to the
        // sinks once they have arrived on every rank.
        double slowest[3] = {seconds_since(c0), double(g_signal.load()), pending_ && !solver_.fields_ready() ? 1.0 : 0.0};
        solver_.communicator().allreduce(slowest, 3, parallel::ReduceOp::Max);
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
      ok = visit({multiple(s, cfg_.output.every) || s == last,
                  multiple(s, cfg_.output.diagnostics_cadence()) || s == last,
                  multiple(s, cfg_.output.checkpoint_every) || s == last,
                  insitu_.active() && insitu_.due(s),
                  multiple(s, cfg_.output.vtk_every) || (s == last && cfg_.output.vtk_every > 0)});
    }
    console_.end_progress();
    if (signal_ && report_.status == RunReport::Status::Completed) {
      report_.status = RunReport::Status::Interrupted;
      report_.message = fmt::format("interrupted by signal {} at step {}", signal_, solver_.step());
      visit({true, true, true, false});  // so that the run can continue from here
    }
    if (report_.status == RunReport::Status::Completed) hand_off();
  }

  // Returns false when the run must stop. Collective: every rank looks at its own block, and the
  // decisions (fault, in-situ failure) are the same on every rank.
  bool visit(Due due) {
    if (!hand_off()) return false;  // the earlier snapshot first: a request replaces it
    if (due.insitu && !due.image && !due.diagnostics && !due.checkpoint && !due.vtk) {
      // Only the sinks need the fields here: the device computes and copies them while the run
      // goes on, and they reach the sinks (health checked first) once they are on the host.
      solver_.request_fields();
      pending_ = true;
      pending_time_ = solver_.time();
      double not_ready = solver_.fields_ready() ? 0.0 : 1.0;  // a CPU backend: ready at once
      solver_.communicator().allreduce(&not_ready, 1, parallel::ReduceOp::Max);
      return not_ready > 0.0 || hand_off();
    }
    // The health check and the diagnostics are reduced where the populations are; the host gets
    // the fields only for what draws or writes them.
    const std::optional<io::Fault> fault = solver_.find_fault();
    if (due.image || due.vtk || due.insitu || fault) solver_.fields(fields_);
    const long long s = solver_.step();
    if (due.diagnostics || fault) {
      report_.last_diagnostics =
          io::finish(solver_.diagnostic_sums(), solver_.model(), cfg_.solver.setup, s, solver_.time());
      out_.diagnostics(*report_.last_diagnostics);
      record(*report_.last_diagnostics);
    }
    if (fault) {
      // No checkpoint of this state: the newest one on disk stays the last good one.
      report_.status = RunReport::Status::Diverged;
      report_.message = fault->message();
      out_.image(solver_, fields_, s, solver_.time());
      return false;
    }
    if (due.image) out_.image(solver_, fields_, s, solver_.time());
    if (due.vtk) out_.vtk(fields_, s, solver_.time());
    if (due.insitu && !run_sinks(s, solver_.time(), fields_)) due.checkpoint = true;
    if (due.checkpoint) report_.final_checkpoint = out_.checkpoint(solver_);
    return report_.status == RunReport::Status::Completed;
  }

  void end_report() {
    const std::size_t n = solver_.model().reported_histories().size();
    if (n == 0) return;
    report_.histories.resize(n);  // empty where no diagnostics were computed
    report_.end_report = solver_.model().end_report(report_.histories, cfg_.solver.setup);
  }

  // One row of the histories the model's end report is made from.
  void record(const io::Diagnostics& d) {
    const auto names = solver_.model().reported_histories();
    report_.histories.resize(names.size());
    for (std::size_t k = 0; k < names.size(); ++k) report_.histories[k].push(double(d.step), d.at(names[k]));
  }

  // Returns false when the run must stop (a sink failed under insitu.on_error = "stop").
  bool run_sinks(long long step, double time, const Fields& fields) {
    sinks_step_ = step;
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
    if (const std::optional<io::Fault> fault = solver_.snapshot_fault()) {
      report_.status = RunReport::Status::Diverged;
      report_.message = fault->message();
      out_.image(solver_, f, s, pending_time_);  // the bad snapshot itself
      return false;
    }
    if (run_sinks(s, pending_time_, f)) return true;
    report_.status = RunReport::Status::Completed;  // for the checkpoint's visit, which checks health
    const std::string message = report_.message;
    if (visit({false, false, true, false})) {
      report_.status = RunReport::Status::Failed;
      report_.message = message;
    }
    return false;
  }

  const config::RunConfig& cfg_;
  Solver& solver_;
  Output& out_;
  InSitu& insitu_;
  Console& console_;
  RunReport report_;
  Fields fields_;    // this rank's block
  bool pending_ = false;     // in-situ fields requested and not yet handed to the sinks
  double pending_time_ = 0;  // their time (their step: solver_.fields_step())
  int signal_ = 0;   // the signal that stops the run, agreed by every rank
  const std::string* command_line_;  // for the summary of an abandoned run
  Clock::time_point t0_;
  std::filesystem::path cwd_;  // the working directory of the run
  std::atomic<long long> sinks_step_{-1};  // the (checked) step last handed to the sinks
};

// The summary and the closing message of a run; returns its exit status. Not collective when
// `collective` is false: rank 0 writes the summary without telling the others (for a run that one
// rank ends alone). After a failure the summary is tried, and its own failure told.
int finish(const config::RunConfig& cfg, Solver& solver, Output& out, Console& console, const RunReport& r,
           const std::string& command_line, bool collective) {
  std::string summary_problem;
  try {
    if (collective)
      on_rank0(solver.communicator(), "cannot write the summary",
               [&] { write_summary(out, cfg, solver, r, command_line); });
    else if (solver.is_root())
      write_summary(out, cfg, solver, r, command_line);
  } catch (const std::exception& e) {
    if (collective && r.status == RunReport::Status::Completed) throw;
    summary_problem = e.what();
  }

  const double rate = r.site_updates_per_second(double(cfg.solver.global().global_sites()));
  std::string keep =
      r.final_checkpoint.empty() ? "no checkpoint was written" : "last good checkpoint: " + r.final_checkpoint;
  if (!summary_problem.empty()) keep += "\nplume: error: " + summary_problem;
  const bool speak = solver.is_root();
  switch (r.status) {
    case RunReport::Status::Completed:
      if (!r.end_report.empty()) {
        const std::string text = end_report_text(r.end_report);
        console.note(text.substr(0, text.size() - 1));  // note() ends the line
      }
      console.note(fmt::format("done: step {} in {} ({} computing: {} site updates/s, {} effective); {}",
                               r.last_step, Console::duration(r.wall_seconds), Console::duration(r.compute_seconds),
                               Console::rate(rate), Console::bandwidth(rate * solver.model().bytes_per_update(cfg.solver.precision)),
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

}  // namespace

bool stop_requested() { return g_signal.load() != 0; }

void abandon_run(const std::string& why) {
  if (Loop* loop = g_loop.load()) loop->abandon(why);
  std::fprintf(stderr, "plume: error: %s\n", why.c_str());
  std::fflush(nullptr);
  std::_Exit(kExitFailure);
}

RunReport run_loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console) {
  return Loop(cfg, solver, out, insitu, console).run();
}

int run(const config::RunConfig& cfg, Solver& solver, Output& out, const std::function<InSitu()>& make_insitu,
        const std::string& command_line) {
  Console console(cfg.quiet, Console::stdout_is_tty(), solver.is_root());
  // Without a GPU the CUDA runtime's reason ("driver version is insufficient") reads like a
  // broken driver; the summary keeps it.
  const bool no_gpu = cfg.solver.backend == BackendKind::Auto && solver.backend_kind() == BackendKind::CPU;
  console.note(fmt::format("{}: {} {}, {}, {} backend: {} ({})", io::build_description(),
                           size_text(cfg.solver.global()), solver.model().lattice().name,
                           solver.model().describe(solver.config().setup), solver.backend_name(),
                           solver.backend_description(),
                           no_gpu ? "no usable GPU found; the details are in summary.txt" : solver.backend_reason()));
  if (solver.ranks() > 1)
    console.note(fmt::format("{}: {}, halo exchange {}", solver.communicator().name(),
                             solver.decomposition().describe(),
                             cfg.solver.overlap ? "overlapped with the bulk" : "before the update"));
  if (cfg.solver.solids) console.note("solids: " + cfg.solver.solids->describe());
  if (cfg.restart.empty()) {
    solver.initialize();
  } else {
    try {
      const io::CheckpointHeader h = io::restore_checkpoint(cfg.restart, solver, cfg.solver);
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
  InSitu insitu = make_insitu();
  console.note(fmt::format("steps {} -> {}; output in {}", solver.step(), std::max<long long>(cfg.steps, solver.step()),
                           out.dir()));

  const RunReport r = Loop(cfg, solver, out, insitu, console, &command_line).run();
  return finish(cfg, solver, out, console, r, command_line);
}

}  // namespace plume::app

#include "run_loop.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <optional>
#include <thread>
#include "command_line.hpp"
#include "console.hpp"
#include "exit_codes.hpp"
#include "insitu_thread.hpp"
#include "rank0.hpp"
#include "plume/end_report_sites.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/schedule.hpp"

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

// The signals that stop a run at its next step with a checkpoint: Ctrl-C, a batch system's or
// kill's SIGTERM, and SIGHUP (the terminal or ssh session of a run without nohup closed).
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// plume's handlers, unless a signal has come already (the default then ends the process at the
// next one).
void install_signal_handlers() {
  if (g_signal.load() != 0) return;
  for (int s : kStopSignals) std::signal(s, on_signal);
}

// Installs the handlers for the duration of a run_loop() and restores the earlier ones after it.
struct SignalGuard {
  using Handler = void (*)(int);
  Handler old[std::size(kStopSignals)];
  SignalGuard() {
    g_signal = 0;
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i) old[i] = std::signal(kStopSignals[i], on_signal);
  }
  ~SignalGuard() {
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i) std::signal(kStopSignals[i], old[i]);
  }
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Collective: a signal that came after the loop's last look (while the sinks' last call ran, which
// it interrupted, or while the pipelines ended) makes a completed run an interrupted one: the
// status and the exit status say that the run was stopped, as a signal anywhere else does.
void note_late_signal(RunReport& r, Solver& solver) {
  double signal = g_signal.load();
  solver.communicator().allreduce(&signal, 1, parallel::ReduceOp::Max);
  if (signal == 0 || r.status != RunReport::Status::Completed) return;
  r.status = RunReport::Status::Interrupted;
  r.message = fmt::format("interrupted by signal {} at step {}, the last, as the run was ending (its in-situ "
                          "pipelines may not have finished)",
                          int(signal), solver.step());
}

// What happens at one step where the run stops advancing for a moment (io::Schedule decides it).
using Due = io::Due;

int finish(const config::RunConfig& cfg, Solver& solver, Output& out, Console& console, const RunReport& r,
           const std::string& command_line, bool collective = true);

class Loop;
std::atomic<Loop*> g_loop{nullptr};  // the run in progress, for abandon_run()
std::atomic<long long> g_run_step{-1};  // run_step()

class Loop {
 public:
  // consumer: the thread that runs the sinks (nullptr: they run on this one, as they must when
  // MPI cannot take calls from two threads at once).
  Loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console,
       InSituThread* consumer, const std::string* command_line = nullptr)
      : cfg_(cfg), solver_(solver), out_(out), insitu_(insitu), console_(console), consumer_(consumer),
        command_line_(command_line) {
    report_.insitu_thread = consumer_ != nullptr;
  }
  // The sinks may still read this loop's buffers (a run ended by an exception).
  ~Loop() {
    if (consumer_) consumer_->wait([] { return false; });
  }

  RunReport run() {
    g_loop = this;
    struct Unregister {
      ~Unregister() { g_loop = nullptr; }
    } unregister;
    t0_ = Clock::now();
    std::error_code ec;
    cwd_ = std::filesystem::current_path(ec);
    report_.first_step = solver_.step();
    g_run_step = solver_.step();
    try {
      advance_to_the_end();
    } catch (const OutputError& e) {
      // The first file that cannot be written stops the run: nothing more is written but the
      // summary, and the newest checkpoint on disk stays the last good one.
      console_.end_progress();
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
    }
    drain_consumer();  // the run's end waits for the sinks' last call
    note_late_signal(report_, solver_);
    report_.last_step = solver_.step();
    report_.wall_seconds = seconds_since(t0_);
    end_report();
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = out_.last_checkpoint();
    // A restart that wrote none yet still has a sound checkpoint: the one it started from.
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = cfg_.restart;
    return report_;
  }

  // From another thread, while this one is blocked in a sink (abandon_run()), or while the sinks'
  // own thread is: this one then stops first, at the end of its chunk of steps or in its wait for
  // the sinks (park()), so that the solver and the report hold still.
  [[noreturn]] void abandon(const std::string& why) {
    if (consumer_ && !stop_the_run_thread()) {
      std::fprintf(stderr, "plume: error: %s (the run's thread did not stop within %.0f s: ending without a summary)\n",
                   why.c_str(), kParkSeconds);
      std::fflush(nullptr);
      std::_Exit(g_signal ? kExitInterrupted : kExitFailure);
    }
    report_.status = g_signal ? RunReport::Status::Interrupted : RunReport::Status::Failed;
    report_.message = why;
    // Catalyst works in its extracts folder while a pipeline runs; the run's paths are relative to
    // where it started. The process ends here, so nothing else depends on the working directory.
    std::error_code ec;
    if (!cwd_.empty()) std::filesystem::current_path(cwd_, ec);
    // The state the sinks were given was checked; while the solver is still there (always on the
    // CPU when the sinks run on the run's thread) it is the checkpoint to keep. With their own
    // thread the run has usually gone on, and the state where its thread stopped is kept once
    // checked. On several ranks a checkpoint needs every rank, and this one is stuck.
    if (solver_.communicator().size() == 1 && (sinks_step_ == solver_.step() || (consumer_ && sound_now()))) {
      const long long step = solver_.step();
      const std::string path = out_.path(Output::checkpoint_name(step));
      try {
        const CheckpointState state = solver_.checkpoint_out();  // one rank: its block is the lattice
        io::write_checkpoint(path, cfg_.solver, config::to_toml(cfg_), step, state.populations, state.solids,
                             state.extra);
        report_.final_checkpoint = path;
      } catch (const std::exception& e) {
        console_.warning(fmt::format("cannot write the checkpoint of step {}: {}", step, e.what()));
      }
    }
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = out_.last_checkpoint();
    if (report_.final_checkpoint.empty()) report_.final_checkpoint = cfg_.restart;
    report_.last_step = solver_.step();
    report_.wall_seconds = seconds_since(t0_);
    end_report(false);
    int code = report_.status == RunReport::Status::Interrupted ? kExitInterrupted : kExitFailure;
    if (command_line_ && solver_.communicator().rank() == 0)
      code = finish(cfg_, solver_, out_, console_, report_, *command_line_, false);
    else if (solver_.communicator().size() > 1)
      std::fprintf(stderr, "plume: rank %d of %d: error: %s (ending all ranks; %s)\n", solver_.communicator().rank(), solver_.communicator().size(),
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
    io::Cadences cadences = cfg_.output.cadences();
    if (insitu_.active()) cadences.insitu = insitu_.cadence();
    const io::Schedule schedule(cadences, solver_.step(), cfg_.steps);
    const long long last = schedule.last();
    bool ok = visit(schedule.start());
    console_.start(schedule.first(), last, double(cfg_.solver.global().global_sites()));
    long long chunk = 1;
    while (ok && solver_.step() < last && !signal_) {
      const long long target = schedule.next(solver_.step());
      while (ok && solver_.step() < target && !signal_) {
        // While a snapshot is on its way, one step at a time: it goes to the sinks' thread as
        // soon as it has arrived, so that they work beside the following steps, not after them.
        const long long n = std::min(consumer_ && pending_ ? 1 : chunk, target - solver_.step());
        const auto c0 = Clock::now();
        solver_.advance(n);
        g_run_step = solver_.step();
        // Every rank takes the same decisions: the chunks follow the slowest rank, a signal that
        // reached any rank stops them all at the same step, the in-situ fields go to the sinks
        // once they have arrived on every rank, and a failed call of the sinks (the same on every
        // rank: they agree on it) is acted on as soon as any rank has seen it.
        double slowest[4] = {seconds_since(c0), double(g_signal.load()), pending_ && !solver_.snapshot().ready() ? 1.0 : 0.0,
                             consumer_ && consumer_->failed() ? 1.0 : 0.0};
        solver_.communicator().allreduce(slowest, 4, parallel::ReduceOp::Max);
        park_if_abandoning();
        const double dt = slowest[0];
        signal_ = int(slowest[1]);
        if (slowest[3] > 0.0) ok = collect_consumer();
        if (ok && pending_ && slowest[2] == 0.0) ok = hand_off();
        report_.compute_seconds += dt;
        // Chunks of about half a second keep the progress report and Ctrl-C responsive.
        chunk = std::clamp<long long>(std::llround(double(n) * 0.5 / std::max(dt, 1e-6)), 1, 1 << 20);
        console_.progress(solver_.step());
      }
      if (signal_ || !ok) break;
      ok = visit(schedule.at(solver_.step()));
    }
    console_.end_progress();
    if (signal_ && report_.status == RunReport::Status::Completed) {
      report_.status = RunReport::Status::Interrupted;
      report_.message = fmt::format("interrupted by signal {} at step {}", signal_, solver_.step());
      visit(io::Schedule::stop());  // so that the run can continue from here
    }
    if (report_.status == RunReport::Status::Completed) hand_off();
  }

  // Returns false when the run must stop. Collective: every rank looks at its own block, and the
  // decisions (fault, in-situ failure) are the same on every rank.
  bool visit(Due due) {
    if (!hand_off()) return false;  // the earlier snapshot first: a request replaces it
    if (due.insitu) {
      const Room room = make_room();
      if (room == Room::Stop) return false;
      due.insitu = room == Room::Ready;
      if (!due.insitu && !due.image && !due.diagnostics && !due.checkpoint && !due.vtk) return true;
    }
    if (due.insitu && !due.image && !due.diagnostics && !due.checkpoint && !due.vtk) {
      // Only the sinks need the fields here: the device computes and copies them while the run
      // goes on, and they reach the sinks (health checked first) once they are on the host.
      solver_.request_snapshot();
      pending_ = true;
      pending_time_ = solver_.time();
      double not_ready = solver_.snapshot().ready() ? 0.0 : 1.0;  // a CPU backend: ready at once
      solver_.communicator().allreduce(&not_ready, 1, parallel::ReduceOp::Max);
      return not_ready > 0.0 || hand_off();
    }
    // The health check and the diagnostics are reduced where the populations are; the host gets
    // the fields only for what draws or writes them.
    const std::optional<io::Fault> fault = solver_.snapshot().find_fault();
    if (has_points_ && (due.vtk || due.insitu)) {
      // The points of this step come with a snapshot (Snapshot::point_sets), and a request
      // replaces the last snapshot, which the sinks may still read: they let go of it first.
      if (!collect_consumer()) return false;
      solver_.request_snapshot();
      fields_ = solver_.snapshot().wait();
    } else if (due.image || due.vtk || due.insitu || fault) {
      solver_.snapshot().fields(fields_);
    }
    const long long s = solver_.step();
    if (due.diagnostics || fault) {
      report_.last_diagnostics =
          io::finish(solver_.snapshot().diagnostic_sums(), solver_.model(), cfg_.solver.setup, s, solver_.time());
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
    if (due.vtk) out_.vtk(solver_, fields_, points_now(), s, solver_.time());
    if (due.insitu && !give_to_sinks(s, solver_.time(), fields_)) due.checkpoint = true;
    if (due.checkpoint) report_.final_checkpoint = out_.checkpoint(solver_);
    return report_.status == RunReport::Status::Completed;
  }

  // last_state: whether the report may read the fields of the last state (collective: not from a
  // thread that abandons the run).
  void end_report(bool last_state = true) {
    const std::size_t n = solver_.model().reported_histories().size();
    if (n == 0) return;
    report_.histories.resize(n);  // empty where no diagnostics were computed
    report_.end_report = solver_.model().end_report(report_.histories, cfg_.solver.setup);
    const auto* sites = dynamic_cast<const EndReportSites*>(&solver_.model());
    if (!sites || !last_state) return;
    const Domain lattice = cfg_.solver.global();
    const auto at = sites->report_sites(cfg_.solver.setup, lattice);
    if (at.empty()) return;
    std::vector<FieldFormula> stored(solver_.model().fields().size());
    for (std::size_t k = 0; k < stored.size(); ++k) stored[k].stored = int(k);
    solver_.request_snapshot(Snapshot::Device);  // where the fields are: only these sites' values cross to the host
    solver_.snapshot().wait_device();
    std::vector<std::vector<double>> values;
    for (const auto& s : at) values.push_back(solver_.snapshot().values(stored, s[0], s[1], s[2]));
    sites->add_site_values(report_.end_report, cfg_.solver.setup, lattice, values);
  }

  // One row of the histories the model's end report is made from.
  void record(const io::Diagnostics& d) {
    const auto names = solver_.model().reported_histories();
    report_.histories.resize(names.size());
    for (std::size_t k = 0; k < names.size(); ++k) report_.histories[k].push(double(d.step), d.at(names[k]));
  }

  // Returns false when the run must stop (a sink failed under insitu.on_error = "stop").
  bool run_sinks(long long step, double time, const Fields& fields) {
    try {
      call_sinks(step, time, fields);
      report_.insitu_wait_seconds = report_.insitu_seconds;  // the run stood still meanwhile
      return true;
    } catch (const InSituFailure& e) {
      report_.insitu_wait_seconds = report_.insitu_seconds;
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
      return false;
    }
  }

  // One call of the sinks, on whichever thread runs them.
  void call_sinks(long long step, double time, const Fields& fields) {
    sinks_step_ = step;
    const auto t0 = Clock::now();
    struct Count {
      RunReport& r;
      Clock::time_point t0;
      ~Count() {
        ++r.insitu_calls;
        r.insitu_seconds += seconds_since(t0);
      }
    } count{report_, t0};
    insitu_.execute(step, time, fields, sink_points_, solver_.domain(), console_);
  }

  // The run's points of the current state (this rank's), from the snapshot this visit requested;
  // none in a run without point sets.
  const std::vector<PointSet>& points_now() const {
    static const std::vector<PointSet> none;
    return has_points_ ? solver_.snapshot().point_sets() : none;
  }

  // The fields of `step` to the sinks: on their thread, which reads them while this one goes on
  // (make_room() made sure it was idle), or here. `fields` stays unchanged until their call has
  // ended: the solver's snapshot is not requested again before that (make_room() first), and the
  // loop's own fields_ are swapped for a second buffer that the sinks read instead.
  bool give_to_sinks(long long step, double time, const Fields& fields) {
    sink_points_ = points_now();  // a copy: the next request replaces the snapshot's
    if (!consumer_) return run_sinks(step, time, fields);
    const Fields* f = &fields;
    if (f == &fields_) {
      std::swap(fields_, sink_fields_);
      f = &sink_fields_;
    }
    consumer_->start([this, step, time, f] { call_sinks(step, time, *f); });
    return true;
  }

  // Whether the sinks can take a new snapshot now (insitu.when_busy): Ready, Skip this in-situ
  // step (every rank alike), or Stop the run (their last call failed: collect_consumer()).
  enum class Room { Ready, Skip, Stop };
  Room make_room() {
    if (!consumer_) return Room::Ready;
    if (insitu_.when_busy() == insitu::WhenBusy::Skip) {
      double busy = consumer_->idle() ? 0.0 : 1.0;
      solver_.communicator().allreduce(&busy, 1, parallel::ReduceOp::Max);
      if (busy > 0.0) {
        ++report_.insitu_skipped;
        return Room::Skip;
      }
    }
    return collect_consumer() ? Room::Ready : Room::Stop;
  }

  // Waits for the sinks' call in progress, if any (counted as time the solver waited for them),
  // and acts on its failure; returns false when the run must stop. Every rank gets here at the
  // same point of the run and finds the same outcome.
  bool collect_consumer() {
    if (!consumer_) return true;
    const auto t0 = Clock::now();
    if (!consumer_->wait([this] { return abandoning_.load(); })) park();
    report_.insitu_wait_seconds += seconds_since(t0);
    const std::exception_ptr error = consumer_->take_error();
    if (!error) return true;
    try {
      std::rethrow_exception(error);
    } catch (const InSituFailure& e) {
      if (report_.status != RunReport::Status::Completed) return false;  // the run stops already
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
      return keep_state_after_sink_failure();
    }
  }

  // The end of the run waits for the sinks' last call and acts on its failure.
  void drain_consumer() {
    try {
      if (!collect_consumer()) console_.end_progress();
    } catch (const OutputError& e) {  // the checkpoint after a failure
      report_.status = RunReport::Status::Failed;
      report_.message = e.what();
    }
  }

  // After a sink failed (report_ says how): the current state, checked first, is kept for a
  // restart. Returns false (the run stops).
  bool keep_state_after_sink_failure() {
    pending_ = false;  // no snapshot goes to the sinks any more
    report_.status = RunReport::Status::Completed;  // for the checkpoint's visit, which checks health
    const std::string message = report_.message;
    if (visit({false, false, true, false})) {
      report_.status = RunReport::Status::Failed;
      report_.message = message;
    }
    return false;
  }

  // Whether the current state is physical (for abandon(), on one rank).
  bool sound_now() { return !solver_.snapshot().find_fault(); }

  // The abandon path (abandon()) stops the run's thread here, where the solver holds still, and
  // ends the process from its own thread.
  static constexpr double kParkSeconds = 30;
  void park_if_abandoning() {
    if (abandoning_) park();
  }
  [[noreturn]] void park() {
    parked_ = true;
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
  }
  // From abandon(): whether the run's thread stopped at park() within kParkSeconds.
  bool stop_the_run_thread() {
    abandoning_ = true;
    const auto t0 = Clock::now();
    while (!parked_ && seconds_since(t0) < kParkSeconds) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return parked_;
  }

  // The requested in-situ fields, if any, to the sinks (waiting for them). Collective; returns
  // false when the run must stop: the snapshot is not physical (the run diverged at its step), or
  // a sink failed, after which the current state, checked first, is kept for a restart.
  bool hand_off() {
    if (!pending_) return true;
    pending_ = false;
    const Fields& f = solver_.snapshot().wait();
    const long long s = solver_.snapshot().step();
    if (const std::optional<io::Fault> fault = solver_.snapshot().fault()) {
      report_.status = RunReport::Status::Diverged;
      report_.message = fault->message();
      out_.image(solver_, f, s, pending_time_);  // the bad snapshot itself
      return false;
    }
    if (give_to_sinks(s, pending_time_, f)) return true;
    return keep_state_after_sink_failure();
  }

  const config::RunConfig& cfg_;
  Solver& solver_;
  Output& out_;
  InSitu& insitu_;
  Console& console_;
  RunReport report_;
  InSituThread* consumer_;  // the sinks' own thread (nullptr: they run on this one)
  Fields fields_;    // this rank's block
  Fields sink_fields_;  // the block of a synchronous visit, while the sinks' thread reads it
  std::vector<PointSet> sink_points_;  // the points of the fields the sinks read (this rank's)
  // Whether the run has point sets (tracers), which come with a requested snapshot only.
  const bool has_points_ = !InSitu::point_set_names(cfg_.solver).empty();
  bool pending_ = false;     // in-situ fields requested and not yet handed to the sinks
  double pending_time_ = 0;  // their time (their step: solver_.snapshot().step())
  int signal_ = 0;   // the signal that stops the run, agreed by every rank
  const std::string* command_line_;  // for the summary of an abandoned run
  Clock::time_point t0_;
  std::filesystem::path cwd_;  // the working directory of the run
  std::atomic<long long> sinks_step_{-1};  // the (checked) step last handed to the sinks
  std::atomic<bool> abandoning_{false}, parked_{false};  // abandon(): the run's thread is to stop, and has
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
    else if (solver.communicator().rank() == 0)
      write_summary(out, cfg, solver, r, command_line);
  } catch (const std::exception& e) {
    if (collective && r.status == RunReport::Status::Completed) throw;
    summary_problem = e.what();
  }

  const double rate = r.site_updates_per_second(double(cfg.solver.global().global_sites()));
  std::error_code gone;  // the output folder removed during the run took its checkpoints with it
  std::string keep = r.final_checkpoint.empty() ? "no checkpoint was written"
                     : !std::filesystem::exists(r.final_checkpoint, gone)
                         ? "no checkpoint is left (" + r.final_checkpoint + " is gone)"
                         : "last good checkpoint: " + r.final_checkpoint;
  if (!summary_problem.empty()) keep += "\nplume: error: " + summary_problem;
  const bool speak = solver.communicator().rank() == 0;
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

long long run_step() { return g_run_step.load(); }

void abandon_run(const std::string& why) {
  if (Loop* loop = g_loop.load()) loop->abandon(why);
  std::fprintf(stderr, "plume: error: %s\n", why.c_str());
  std::fflush(nullptr);
  std::_Exit(g_signal ? kExitInterrupted : kExitFailure);  // a signal's run still ends as one
}

RunReport run_loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console,
                   bool sinks_thread) {
  const SignalGuard signals;
  std::optional<InSituThread> consumer;
  if (sinks_thread && insitu.active() && solver.communicator().concurrent_threads()) consumer.emplace();
  return Loop(cfg, solver, out, insitu, console, consumer ? &*consumer : nullptr).run();
}

int run(const config::RunConfig& cfg, Solver& solver, Output& out, const std::function<InSitu()>& make_insitu,
        const std::string& command_line) {
  // From here to the end of the process a signal stops the run at its next step (a signal during
  // the start-up too: the loop then stops after its first step, with a checkpoint and the summary;
  // Catalyst, which installs handlers of its own as it starts, puts these back). They stay
  // installed after the loop, so that a signal while the last files are written or the pipelines
  // end is noted instead of cutting them off.
  g_signal = 0;
  install_signal_handlers();
  Console console(cfg.quiet, Console::stdout_is_tty(), solver.communicator().rank() == 0);
  // Without a GPU the CUDA runtime's reason ("driver version is insufficient") reads like a
  // broken driver; the summary keeps it.
  const bool no_gpu = cfg.solver.backend == BackendKind::Auto && solver.backend().kind == BackendKind::CPU;
  console.note(fmt::format("{}: {} {}, {}, {} backend: {} ({})", io::build_description(),
                           size_text(cfg.solver.global()), solver.model().lattice().name,
                           solver.model().describe(solver.config().setup), solver.backend().name,
                           solver.backend().description,
                           no_gpu ? "no usable GPU found; the details are in summary.txt" : solver.backend().reason));
  if (solver.communicator().size() > 1)
    console.note(fmt::format("{}: {}, halo exchange {}", solver.communicator().name(),
                             solver.decomposition().describe(),
                             cfg.solver.overlap ? "overlapped with the bulk" : "before the update"));
  if (cfg.solver.solids) console.note("solids: " + cfg.solver.solids->describe());
  if (cfg.solver.tracers.any()) console.note("tracers: " + config::describe_tracers(cfg));
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
  // Until the run ends and writes its own, the folder's summary says "running": one left so is that
  // of a process that ended without finishing (killed, crashed, or ended by what a pipeline did).
  RunReport running;
  running.status = RunReport::Status::Running;
  running.first_step = running.last_step = solver.step();
  running.message = "the run has not ended; if its process has gone, it ended without finishing (killed, crashed, "
                    "or ended by an in-situ pipeline)";
  on_rank0(solver.communicator(), "cannot write the summary",
           [&] { write_summary(out, cfg, solver, running, command_line); });
  // The sinks get a thread of their own, where Catalyst starts, runs and ends (insitu_thread.hpp),
  // when MPI takes calls from two threads at once.
  std::optional<InSituThread> consumer;
  if (cfg.insitu.requested()) {
    if (solver.communicator().concurrent_threads())
      consumer.emplace();
    else
      console.note("in situ: this MPI library gives no MPI_THREAD_MULTIPLE, so the in-situ pipelines run on the "
                   "run's thread, which waits for each call");
  }
  // A pipeline that fails as it loads ends the run before its first step; the folder then says
  // why in its summary, as for any other failure.
  const auto t_insitu = Clock::now();
  InSitu insitu = [&] {
    try {
      return consumer ? consumer->call(make_insitu) : make_insitu();
    } catch (const std::exception& e) {
      RunReport failed;
      failed.status = RunReport::Status::Failed;
      failed.message = e.what();
      failed.first_step = failed.last_step = solver.step();
      failed.wall_seconds = seconds_since(t_insitu);
      failed.final_checkpoint = cfg.restart;
      // Rank 0 alone, with no collective: the other ranks may not have failed the same way.
      try {
        if (solver.communicator().rank() == 0) write_summary(out, cfg, solver, failed, command_line);
      } catch (const std::exception&) {
        // The pipeline's error is the one to report.
      }
      throw;
    }
  }();
  struct CloseOnItsThread {  // also when the run ends by an exception
    InSitu& insitu;
    InSituThread* consumer;
    ~CloseOnItsThread() {
      if (!consumer) return;
      try {
        consumer->call([this] { insitu.close(); });
      } catch (const std::exception& e) {
        std::fprintf(stderr, "plume: warning: ending the in-situ pipelines: %s\n", e.what());
      }
    }
  } close_on_its_thread{insitu, consumer ? &*consumer : nullptr};
  console.note(fmt::format("steps {} -> {}; output in {}", solver.step(), std::max<long long>(cfg.steps, solver.step()),
                           out.dir()));

  RunReport r = Loop(cfg, solver, out, insitu, console, consumer ? &*consumer : nullptr, &command_line).run();
  // The sinks end before the summary, so that it says how they ended (a pipeline's failing
  // catalyst_finalize fails the run).
  try {
    if (consumer)
      consumer->call([&] { insitu.finalize(console); });
    else
      insitu.finalize(console);
  } catch (const InSituFailure& e) {
    if (r.status == RunReport::Status::Completed) {
      r.status = RunReport::Status::Failed;
      r.message = e.what();
    } else {
      console.warning(e.what());
    }
  }
  note_late_signal(r, solver);
  if (r.insitu_calls > 0 || r.insitu_skipped > 0) console.note("in situ: " + insitu_text(r));
  return finish(cfg, solver, out, console, r, command_line);
}

}  // namespace plume::app

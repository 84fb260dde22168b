// The time loop of a batch run: advance the solver, and at the right steps write images and
// diagnostics, feed the in-situ sinks, write checkpoints; stop cleanly when the state becomes
// unphysical or on SIGINT/SIGTERM/SIGHUP.
#pragma once
#include <functional>
#include <string>
#include "insitu.hpp"
#include "output.hpp"
#include "plume/config/run_config.hpp"
#include "plume/solver.hpp"
#include "summary.hpp"

namespace plume::app {

class Console;

// From the solver's current step up to cfg.steps. The sinks run on a thread of their own beside
// the steps (docs/insitu.md, "The consumer thread") unless `sinks_thread` is false or MPI cannot
// take calls from two threads at once; then on this one, which waits for each call.
RunReport run_loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console,
                   bool sinks_thread = true);

// The whole run: initial state or restart, then the output folder (Output::begin: a refused
// restart leaves it as it was) with a summary that says "running", and the in-situ sinks
// (make_insitu, which may write there too; it runs on the sinks' thread, which also ends them),
// the loop, the sinks' end (a failure there fails the run), the summary. A signal at any point
// up to the summary makes the run interrupted. Returns the exit code.
int run(const config::RunConfig& cfg, Solver& solver, Output& out, const std::function<InSitu()>& make_insitu,
        const std::string& command_line);

// Whether SIGINT, SIGTERM or SIGHUP has reached this process during the run; may be called from any thread.
bool stop_requested();

// The step that the run's thread has reached (at the end of its last chunk of steps): a sink on
// the sinks' own thread may look at how far the run went on meanwhile. -1 before any run.
long long run_step();

// For an in-situ sink stuck in a call that cannot be interrupted, from another thread (a watchdog)
// while the thread that runs the sinks is blocked in it: stops the run's thread where the solver
// holds still (when the sinks have their own thread), saves what the run still can (on one rank,
// the checkpoint of the state handed to the sinks if the solver is still there; the summary on
// rank 0), prints why and ends the process at once: status 130 when a signal asked the run to
// stop, else 1.
[[noreturn]] void abandon_run(const std::string& why);

}  // namespace plume::app

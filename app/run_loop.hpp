// The time loop of a batch run: advance the solver, and at the right steps write images and
// diagnostics, feed the in-situ sinks, write checkpoints; stop cleanly when the state becomes
// unphysical or on SIGINT/SIGTERM.
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

// From the solver's current step up to cfg.steps.
RunReport run_loop(const config::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console);

// The whole run: initial state or restart, then the output folder (Output::begin: a refused
// restart leaves it as it was) and the in-situ sinks (make_insitu, which may write there too), the
// loop, the summary. Returns the exit code.
int run(const config::RunConfig& cfg, Solver& solver, Output& out, const std::function<InSitu()>& make_insitu,
        const std::string& command_line);

// Whether SIGINT or SIGTERM has reached this process during the run; may be called from any thread.
bool stop_requested();

// For an in-situ sink stuck in a call that cannot be interrupted, from another thread while the
// run's thread is blocked in it: saves what the run still can (on one rank, the checkpoint of the
// state handed to the sinks if the solver is still there; the summary on rank 0), prints why and
// ends the process at once: status 130 when a signal asked the run to stop, else 1.
[[noreturn]] void abandon_run(const std::string& why);

}  // namespace plume::app

// The time loop of a batch run: advance the solver, and at the right steps write images and
// diagnostics, feed the in-situ sinks, write checkpoints; stop cleanly when the state becomes
// unphysical or on SIGINT/SIGTERM.
#pragma once
#include <string>
#include "insitu.hpp"
#include "output.hpp"
#include "plume/io/config.hpp"
#include "plume/solver.hpp"
#include "summary.hpp"

namespace plume::app {

class Console;

// From the solver's current step up to cfg.steps.
RunReport run_loop(const io::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, Console& console);

// The whole run: initial state or restart, the loop, the summary. Returns the exit code.
int run(const io::RunConfig& cfg, Solver& solver, Output& out, InSitu& insitu, const std::string& command_line);

// Whether SIGINT or SIGTERM has arrived during the current run; safe to call from any thread.
bool interrupted();

}  // namespace plume::app

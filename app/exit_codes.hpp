// Exit status of the `plume` command (docs/running.md lists them).
#pragma once

namespace plume::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;      // a run-time failure: I/O, backend, in-situ pipeline
inline constexpr int kExitUsage = 2;        // bad command line, configuration or input file; an output
                                            // folder that holds another run's files
inline constexpr int kExitDiverged = 3;     // the state became unphysical (NaN, rho <= 0, T <= 0)
// SIGINT, SIGTERM or SIGHUP (SIGTERM too: one status for "stopped on request"; 128 + N is left to a
// process that signal N killed); a checkpoint of the last step was written
inline constexpr int kExitInterrupted = 130;

}  // namespace plume::app

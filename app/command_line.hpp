// The command line of `plume`: commands, options, and the configuration they produce.
#pragma once
#include <stdexcept>
#include <string>
#include "plume/io/config.hpp"

namespace plume::app {

struct Command {
  enum class Kind { Run, Check, Defaults };
  Kind kind = Kind::Run;
  io::RunConfig config;     // loaded, overridden and (for run and check) validated
  std::string config_path;  // empty when the configuration comes from the restart checkpoint
  std::string text;         // the command line as typed, for the summary
};

// A command line that cannot be understood.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Help or version was printed: exit with this code.
struct ExitRequest {
  int code;
};

// Throws UsageError, io::ConfigError, io::CheckpointError or ExitRequest.
Command parse_command_line(int argc, const char* const* argv);

// Commands other than `run`: check, defaults. Returns the exit code.
int run_command(const Command& cmd);

// Runs f and turns what it throws into one clear message on stderr and an exit code
// (docs/running.md): never a stack trace.
int guarded(int (*f)(int, const char* const*), int argc, const char* const* argv);

}  // namespace plume::app

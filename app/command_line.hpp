// The command line of `plume`: commands, options, and the configuration they produce.
#pragma once
#include <stdexcept>
#include <string>
#include "plume/config/run_config.hpp"
#include "plume/io/memory.hpp"
#include "plume/parallel/communicator.hpp"
#include "seed001.hpp"

namespace plume::app {

struct Command {
  enum class Kind { Run, Check, Defaults, Seed001 };
  Kind kind = Kind::Run;
  config::RunConfig config;     // loaded, overridden and (for run and check) validated
  std::string config_path;  // empty when the configuration comes from the restart checkpoint
  std::string text;         // the command line as typed, for the summary
  io::MemoryNeed memory;    // estimated for run and check (docs/running.md)
  Seed001Run seed001;       // the seed001 command's files and options
};

// The job that a command line is parsed for: how many ranks it has, and how many of them share
// rank 0's host (and so its memory).
struct Job {
  int ranks = 1;
  int ranks_on_host = 1;
};

// A command line that cannot be understood.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The command ends here with this exit code, on every rank alike: help or version was printed
// (no message), or an error that every rank knows of, which rank 0 prints.
struct ExitRequest {
  int code;
  std::string message;
};

// Throws UsageError, config::ConfigError, io::CheckpointError or ExitRequest.
Command parse_command_line(int argc, const char* const* argv, const Job& job = {});
// Collective: rank 0 reads the command line and the files it names, and the other ranks take the
// configuration it arrived at, so that every rank runs one configuration and a problem is reported
// once. Throws ExitRequest on every rank when the command ends there (help, or bad input).
Command parse_command_line(parallel::Communicator& world, int argc, const char* const* argv);

// Commands other than `run`: check, defaults (on rank 0; the other ranks have nothing to do) and
// seed001 (on every rank).
// Returns the exit code.
int run_command(const Command& cmd, parallel::Communicator& world);

// Runs f and turns what it throws into one clear message on stderr and an exit code
// (docs/running.md): never a stack trace. With several ranks an error that only some of them
// saw ends the whole job (parallel::handle_fatal), so that no rank waits for ever.
int guarded(parallel::Communicator& world, int (*f)(parallel::Communicator&, int, const char* const*), int argc,
            const char* const* argv);

}  // namespace plume::app

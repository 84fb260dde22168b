// summary.json and summary.txt: what ran (build, backend, parameters), how it ended and how fast.
#pragma once
#include <optional>
#include <string>
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/solver.hpp"

namespace plume::app {

class Output;

struct RunReport {
  enum class Status { Completed, Diverged, Interrupted, Failed };
  Status status = Status::Completed;
  std::string message;  // why it did not complete
  long long first_step = 0, last_step = 0;
  double wall_seconds = 0;     // the whole run, output included
  double compute_seconds = 0;  // inside Solver::advance
  std::string final_checkpoint;
  std::optional<io::Diagnostics> last_diagnostics;

  double site_updates_per_second(double sites) const;  // compute only
};

const char* status_name(RunReport::Status s);

void write_summary(const Output& out, const config::RunConfig& cfg, Solver& solver, const RunReport& r,
                   const std::string& command_line);

}  // namespace plume::app

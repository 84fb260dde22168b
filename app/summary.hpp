// summary.json and summary.txt: what ran (build, backend, parameters), how it ended and how fast.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/solver.hpp"

namespace plume::app {

class Output;

struct RunReport {
  // Running: the summary a run writes as it starts, replaced at its end; one that still says so
  // once the process has gone is that of a run that did not end normally.
  enum class Status { Completed, Diverged, Interrupted, Failed, Running };
  Status status = Status::Completed;
  std::string message;  // why it did not complete
  long long first_step = 0, last_step = 0;
  double wall_seconds = 0;     // the whole run, output included
  double compute_seconds = 0;  // inside Solver::advance
  // The in-situ sinks (all 0 without them): the calls, the seconds they took (on their own thread
  // beside the steps, unless insitu_thread is false), the seconds the run waited for them, and the
  // in-situ steps left out because the sinks were still busy (insitu.when_busy = "skip").
  bool insitu_thread = false;
  long long insitu_calls = 0, insitu_skipped = 0;
  double insitu_seconds = 0, insitu_wait_seconds = 0;
  std::string final_checkpoint;
  std::optional<io::Diagnostics> last_diagnostics;
  // The histories of the model's reported diagnostics (Model::reported_histories), one sample per
  // diagnostics row, and the model's report made from them at the end.
  std::vector<TimeSeries> histories;
  EndReport end_report;

  double site_updates_per_second(double sites) const;  // compute only
};

const char* status_name(RunReport::Status s);

// The in-situ sinks' calls, their time per call and the time the solver waited for them (one line).
std::string insitu_text(const RunReport& r);

// The end report as text, one line of title, state and note, then one line per value (empty when
// the model has none): what the run prints at its end and summary.txt holds.
std::string end_report_text(const EndReport& e);

void write_summary(const Output& out, const config::RunConfig& cfg, Solver& solver, const RunReport& r,
                   const std::string& command_line);

}  // namespace plume::app

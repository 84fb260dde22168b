// What the in-situ adaptor runs, how often, where extracts go, and ParaView Live.
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "plume/insitu/policy.hpp"

namespace plume::catalyst {

// What happens when a pipeline fails to load or raises while it runs (the one policy of
// plume/insitu/policy.hpp): Stop: the Adaptor's constructor or execute() throws Error with the
// script's error; Disable: that pipeline is dropped with a warning, the others and the run go on.
using OnError = insitu::OnError;
OnError parse_on_error(std::string_view s);  // "stop" | "disable"; throws Error otherwise
const char* to_string(OnError e);

// A ParaView Catalyst Python script ("# script-version: 2") and its frequency in steps.
struct Script {
  std::string path;
  long every = 0;  // 0: Options::every
};

struct Options {
  std::vector<Script> scripts;
  // The point sets the run hands over (plume/point_set.hpp: "tracers"), each as a Catalyst channel
  // of its name beside the grid's 'input' (a vtkPolyData: docs/insitu.md). Declared when the
  // adaptor starts, so that pipelines find them as they load. Empty: the run has none.
  std::vector<std::string> point_sets;
  long every = insitu::defaults::every;  // default frequency (steps) of scripts
  std::string output_dir = "insitu";  // extracts directory (created); relative to the working directory

  // ParaView Live: the run connects to a ParaView that listens on live_host:live_port (the GUI's
  // Catalyst > Connect). With no client attached each Live call costs one refused connection.
  bool live = false;
  std::string live_host = insitu::defaults::live_host;
  int live_port = insitu::defaults::live_port;
  long live_every = insitu::defaults::live_every;  // 0: `every`
  // A Live call during which no byte has moved to or from the client for this long drops the
  // client, and the run goes on without it.
  double live_timeout = insitu::defaults::live_timeout;  // seconds
  std::string live_script;          // empty: the Live pipeline shipped with plume (pipelines/live.py)

  OnError on_error = insitu::defaults::on_error;

  // Longest a call of a pipeline script (its import, catalyst_initialize, catalyst_execute,
  // catalyst_finalize) may take, in seconds; 0: no limit. A call past it is interrupted and
  // fails (on_error). The Live pipeline has none: it waits for its client by design.
  double timeout = insitu::defaults::timeout;
  // Polled from other threads (e.g. the driver's SIGINT/SIGTERM flag), so it must be thread-safe:
  // true interrupts a pipeline running at a step, which then ends without failing, skips the
  // pipelines not yet run at that step, and makes a Live call that waits for its client return at
  // once. Loading and catalyst_finalize are bounded by `timeout` only. Empty: never.
  std::function<bool()> stop_requested;
  // A call that has not returned 5 s after it was interrupted is stuck outside Python (C++ code
  // of VTK, MPI, a socket) and will not come back: this is called, from another thread, with the
  // reason, and must end the process (after saving what it can; the calling thread stays
  // blocked). Empty: the reason is printed and the process ends with status 1.
  std::function<void(const std::string&)> on_stuck;

  // Written with the grid's description into output_dir/insitu.json, which says what the extracts
  // hold: e.g. {"plume_version", "0.1.0"}, the case, the run's parameters.
  std::vector<std::pair<std::string, std::string>> metadata;

  // Warnings and notes (a disabled pipeline, Live settings a script had that were overridden).
  // Empty: printed to stderr by rank 0.
  std::function<void(const std::string&)> log;
};

// Directory of the pipelines shipped with plume (the source tree's pipelines/).
std::string pipelines_dir();

}  // namespace plume::catalyst

// What every in-situ consumer of a run agrees on, stated once: what a failure does, what a run
// does while its consumer is busy, and the in-situ defaults. When they run is the run's schedule
// (plume/io/schedule.hpp). The application's configuration (insitu.on_error, insitu.when_busy),
// its in-situ hook (app/insitu.cpp) and the Catalyst adaptor and its demo all take them from
// here. Header only, without dependencies: the configuration uses it in a build without Catalyst.
#pragma once
#include <string>
#include <vector>

namespace plume::insitu {

// What happens when a pipeline (or any in-situ consumer) fails.
enum class OnError : int {
  Stop = 0,     // the run stops with the error
  Disable = 1,  // the failing consumer is dropped with a warning; the others and the run go on
};
// "stop", "disable" (insitu.on_error), in the order of the values.
inline const std::vector<std::string>& on_error_names() {
  static const std::vector<std::string> n{"stop", "disable"};
  return n;
}

// What a run does at an in-situ step while its consumer thread is still busy with the previous
// snapshot (app/insitu_thread.hpp).
enum class WhenBusy : int {
  Wait = 0,  // the run waits for it: every in-situ step reaches the sinks
  Skip = 1,  // the run goes on: this step's snapshot is not taken, the sinks miss it
};
// "wait", "skip" (insitu.when_busy), in the order of the values.
inline const std::vector<std::string>& when_busy_names() {
  static const std::vector<std::string> n{"wait", "skip"};
  return n;
}

// The in-situ defaults, stated once: the application's [insitu] keys (config::InSituConfig) and
// the adaptor's catalyst::Options start from these.
namespace defaults {
constexpr long every = 100;                 // steps between calls of the pipelines
constexpr long live_every = 100;            // steps between ParaView Live updates
constexpr const char* live_host = "localhost";
constexpr int live_port = 22222;
constexpr double live_timeout = 5.0;        // seconds a Live update waits without a byte from the client
constexpr double timeout = 1800;            // seconds a pipeline call may take (0: no limit)
constexpr OnError on_error = OnError::Stop;
}  // namespace defaults

}  // namespace plume::insitu

// The in-situ hook of the batch driver: every insitu.every steps the run hands its fields to each
// sink (ParaView Catalyst pipelines, ParaView Live, or anything else that implements InSituSink).
// A sink sees the local block and where it sits in the global lattice, so the same interface
// serves a distributed run.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/io/config.hpp"

namespace plume::app {

class Console;

struct InSituSink {
  virtual ~InSituSink() = default;
  virtual std::string name() const = 0;
  // Throws on failure; the run then stops or disables in-situ output (insitu.on_error).
  virtual void execute(long long step, double time, const Fields& fields, const Domain& domain) = 0;
};

class InSitu {
 public:
  // Creates the sinks that the configuration asks for; a request that this build cannot serve
  // (pipelines without Catalyst) is a configuration error.
  explicit InSitu(const io::InSituConfig& cfg);
  void add(std::unique_ptr<InSituSink> sink);

  // Whether this build can run Catalyst pipelines (insitu.scripts, insitu.live).
  static bool catalyst_available();
  bool active() const { return !sinks_.empty(); }
  long long every() const { return cfg_.every; }
  // Runs every sink. A failing sink throws InSituFailure under on_error = "stop"; under
  // "disable" it is reported on the console and dropped.
  void execute(long long step, double time, const Fields& fields, const Domain& domain, Console& console);

 private:
  io::InSituConfig cfg_;
  std::vector<std::unique_ptr<InSituSink>> sinks_;
};

struct InSituFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace plume::app

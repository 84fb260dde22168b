// The in-situ hook of the batch driver: every insitu.every steps the run hands its fields to each
// sink (ParaView Catalyst pipelines, ParaView Live, or anything else that implements InSituSink).
// A sink sees the local block and where it sits in the global lattice: in a run on several MPI
// ranks every rank calls its sinks with its own piece (nothing is gathered).
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/config/run_config.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/point_set.hpp"

namespace plume::app {

class Console;

struct InSituSink {
  virtual ~InSituSink() = default;
  virtual std::string name() const = 0;
  // Throws on failure; the run then stops or disables in-situ output (insitu.on_error).
  virtual void execute(long long step, double time, const Fields& fields, const Domain& domain) = 0;
  // The same with the run's points of that step (this rank's, as Snapshot::point_sets gives
  // them): a sink that shows points (Catalyst's point channels) overrides it; the others get the
  // fields alone.
  virtual void execute_with_points(long long step, double time, const Fields& fields,
                                   const std::vector<PointSet>& points, const Domain& domain) {
    (void)points;
    execute(step, time, fields, domain);
  }
  // Ends the sink at the end of a run (Catalyst: the pipelines' catalyst_finalize); throws on
  // failure, which fails the run like a failed call (insitu.on_error).
  virtual void finalize() {}
};

class InSitu {
 public:
  // Creates the sinks that the configuration asks for (whether this build can serve them is
  // checked with the configuration). `world`: the ranks of the run (collective: the sinks agree
  // on failures through a communicator of their own, split from it, so that they may run on a
  // thread beside the run's own collectives).
  InSitu(const config::InSituConfig& cfg, parallel::Communicator& world);
  // The sinks a run's configuration asks for: ParaView Catalyst (insitu.scripts, insitu.live)
  // when this build has it, with extracts under output.dir/insitu.
  static InSitu for_run(const config::RunConfig& cfg, const Domain& domain, parallel::Communicator& world);
  void add(std::unique_ptr<InSituSink> sink);

  // Whether this build can run Catalyst pipelines (insitu.scripts, insitu.live).
  static bool catalyst_available();
  // The Python syntax errors of insitu.scripts (compiled, not run), one line each naming the key,
  // the file, the line and the error. Scripts that cannot be read are left to config::validate.
  static std::vector<std::string> script_problems(const config::InSituConfig& cfg);
  bool active() const { return !sinks_.empty(); }
  // When the sinks are due (insitu.every; insitu.live_every with Live on): the run's io::Schedule
  // takes it.
  io::InSituCadence cadence() const { return cfg_.cadence(); }
  // Runs every sink (collective). A sink failing on any rank throws InSituFailure on every rank
  // under on_error = "stop"; under "disable" it is reported on the console and dropped everywhere.
  void execute(long long step, double time, const Fields& fields, const Domain& domain, Console& console);
  // The same with the run's points of that step (this rank's: Snapshot::point_sets), handed to
  // every sink (execute_with_points).
  void execute(long long step, double time, const Fields& fields, const std::vector<PointSet>& points,
               const Domain& domain, Console& console);
  // The point sets a run of `cfg` hands over, by name ("tracers" with [tracers]): the Catalyst
  // channels declared when the pipelines load.
  static std::vector<std::string> point_set_names(const SolverConfig& cfg);
  // Ends every sink (collective; on the thread that made and ran them), before the run's summary
  // is written: a sink failing as it ends throws InSituFailure on every rank under on_error =
  // "stop"; under "disable" it is reported. The sinks are gone afterwards, however it went.
  void finalize(Console& console);
  // Ends every sink without a word (a run ended by an exception): on the thread that made them.
  void close() { sinks_.clear(); }
  insitu::WhenBusy when_busy() const { return cfg_.when_busy; }

 private:
  config::InSituConfig cfg_;
  std::unique_ptr<parallel::Communicator> comm_;  // the sinks' agreement
  std::vector<std::unique_ptr<InSituSink>> sinks_;
};

struct InSituFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace plume::app

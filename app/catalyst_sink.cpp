#include "catalyst_sink.hpp"
#include <cstdio>
#include "plume/catalyst/adaptor.hpp"
#include "plume/catalyst/virtual_display.hpp"
#include "plume/io/build_info.hpp"
#include "run_loop.hpp"

namespace plume::app {
namespace {

catalyst::Options options(const config::InSituConfig& c, const std::string& run_dir,
                          const std::vector<std::string>& point_sets) {
  catalyst::Options o;
  o.point_sets = point_sets;
  for (const std::string& s : c.scripts) o.scripts.push_back({s, 0});
  o.every = c.every;
  o.output_dir = run_dir + "/insitu";
  o.live = c.live;
  o.live_host = c.live_host;
  o.live_port = c.live_port;
  o.live_every = c.live_every;
  o.live_timeout = c.live_timeout;
  o.on_error = c.on_error;
  o.timeout = c.timeout;
  // SIGINT/SIGTERM interrupt a pipeline call, and one that cannot be interrupted ends the run with
  // what it can save.
  o.stop_requested = stop_requested;
  o.on_stuck = abandon_run;
  o.metadata = {{"plume", io::build_description()}};
  return o;
}

// Rendering pipelines need an X display; data-only ones do not, so a display that cannot be
// started is only a warning here (a rendering pipeline then reports its own error).
std::unique_ptr<catalyst::VirtualDisplay> display_if_possible() {
  try {
    return std::make_unique<catalyst::VirtualDisplay>();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plume: warning: no X display for rendering pipelines: %s\n", e.what());
    return nullptr;
  }
}

class CatalystSink final : public InSituSink {
 public:
  CatalystSink(const config::InSituConfig& c, const std::string& run_dir, const Domain& domain, const Model& model,
               const std::vector<std::string>& point_sets)
      : display_(display_if_possible()), adaptor_(options(c, run_dir, point_sets), domain, model) {}
  std::string name() const override { return "catalyst"; }
  void execute(long long step, double time, const Fields& f, const Domain& d) override {
    if (adaptor_.due(step)) adaptor_.execute(step, time, f, d);
  }
  void execute_with_points(long long step, double time, const Fields& f, const std::vector<PointSet>& points,
                           const Domain& d) override {
    if (adaptor_.due(step)) adaptor_.execute(step, time, f, d, points);
  }
  void finalize() override { adaptor_.finalize(); }

 private:
  std::unique_ptr<catalyst::VirtualDisplay> display_;  // first: outlives the adaptor
  catalyst::Adaptor adaptor_;
};

}  // namespace

std::unique_ptr<InSituSink> make_catalyst_sink(const config::InSituConfig& cfg, const std::string& run_dir,
                                               const Domain& domain, const Model& model,
                                               const std::vector<std::string>& point_sets) {
  return std::make_unique<CatalystSink>(cfg, run_dir, domain, model, point_sets);
}

}  // namespace plume::app

#include "insitu.hpp"
#include <fmt/format.h>
#include "console.hpp"

namespace plume::app {

bool InSitu::catalyst_available() {
#ifdef PLUME_HAVE_CATALYST
  return true;
#else
  return false;
#endif
}

InSitu::InSitu(const io::InSituConfig& cfg) : cfg_(cfg) {
  if (cfg.requested() && !catalyst_available())
    throw io::ConfigError(fmt::format(
        "{} set, but this plume was built without ParaView Catalyst (configure with -DPLUME_CATALYST=ON)",
        cfg.live ? "insitu.live is" : "insitu.scripts is"));
}

void InSitu::add(std::unique_ptr<InSituSink> sink) { sinks_.push_back(std::move(sink)); }

void InSitu::execute(long long step, double time, const Fields& fields, const Domain& domain, Console& console) {
  for (auto it = sinks_.begin(); it != sinks_.end();) {
    try {
      (*it)->execute(step, time, fields, domain);
      ++it;
    } catch (const std::exception& e) {
      const std::string what = fmt::format("in-situ sink '{}' failed at step {}: {}", (*it)->name(), step, e.what());
      if (cfg_.on_error == io::InSituErrorPolicy::Stop) throw InSituFailure(what);
      console.warning(what + "; it is disabled for the rest of the run (insitu.on_error = \"disable\")");
      it = sinks_.erase(it);
    }
  }
}

}  // namespace plume::app

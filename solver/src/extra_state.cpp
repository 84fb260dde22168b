// Model::make_extra_state's default: the passive tracers a run's configuration asks for.
#include <stdexcept>
#include "plume/model.hpp"
#include "plume/solver.hpp"

namespace plume {

const std::vector<std::string>& tracer_seeding_names() {
  static const std::vector<std::string> names{"none", "region", "line"};
  return names;
}

std::vector<std::unique_ptr<ExtraState>> Model::make_extra_state(const SolverConfig& cfg) const {
  if (cfg.tracers.any()) throw std::invalid_argument("tracers: not built into this plume");
  return {};
}

}  // namespace plume

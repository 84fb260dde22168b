// Model::make_extra_state's default: the passive tracers a run's configuration asks for
// (solver/tracers), carried by the model's stored velocity.
#include <stdexcept>
#include <string_view>
#include "plume/model.hpp"
#include "plume/solver.hpp"
#include "tracers.hpp"

namespace plume {

const std::vector<std::string>& tracer_seeding_names() {
  static const std::vector<std::string> names{"none", "region", "line"};
  return names;
}

std::vector<std::unique_ptr<ExtraState>> Model::make_extra_state(const SolverConfig& cfg) const {
  std::vector<std::unique_ptr<ExtraState>> states;
  if (!cfg.tracers.any()) return states;
  std::array<int, 3> velocity{-1, -1, -1};
  int solid = -1;
  const std::vector<FieldInfo>& f = fields();
  for (std::size_t k = 0; k < f.size(); ++k) {
    if (f[k].role == FieldRole::VelocityX) velocity[0] = int(k);
    if (f[k].role == FieldRole::VelocityY) velocity[1] = int(k);
    if (f[k].role == FieldRole::VelocityZ) velocity[2] = int(k);
    if (std::string_view(f[k].name) == "solid") solid = int(k);  // isothermal::kSolid: 1 at a solid site
  }
  if (velocity[0] < 0 || velocity[1] < 0 || (cfg.nz > 1 && velocity[2] < 0))
    throw std::invalid_argument("model '" + name() + "' has no velocity to carry tracers");
  states.push_back(std::make_unique<tracers::Tracers>(cfg.tracers, velocity, solid, cfg.global()));
  return states;
}

}  // namespace plume

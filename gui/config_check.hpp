// config::validate as the desktop applies it: problems that concern only the batch driver's output
// (its folder, in-situ scripts) do not stop a desktop run but are worth a note, since a saved
// configuration goes to the batch driver.
#pragma once
#include <string>
#include "plume/config/run_config.hpp"

namespace plume::gui {

// Returns "" or a note listing the batch-driver-only problems; throws config::ConfigError with the
// others.
std::string check_config(const config::RunConfig& c);

// Whether keys of `section` act from the next step (Solver::steer): every section of the model's
// parameters (Model::parameters(): physics, walls, ...) but its initial state, which a restart
// applies.
bool steered_section(const Model& m, const std::string& section);

}  // namespace plume::gui

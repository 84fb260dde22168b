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

}  // namespace plume::gui

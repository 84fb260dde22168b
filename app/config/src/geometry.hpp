// The rules of [geometry] that validate() applies (build_solids, run_config.hpp, makes the solids).
#pragma once
#include <string>
#include <vector>
#include "plume/config/run_config.hpp"

namespace plume::config::detail {

// A model without solid sites given a geometry key, a geometry file missing, a shape outside the
// lattice, a particle bed that cannot be built: one line each, naming the key.
void check_geometry(const RunConfig& c, std::vector<std::string>& problems);

}  // namespace plume::config::detail

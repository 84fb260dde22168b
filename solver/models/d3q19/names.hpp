// The names of the D3Q19 model's choices, each list once (the configuration, messages, logs).
#pragma once
#include <string>
#include <vector>
#include "isothermal/names.hpp"

namespace plume::d3q19 {

// BGK or TRT, compressible or incompressible: shared with D2Q9 (isothermal/names.hpp).
using isothermal::collision_names;
using isothermal::equilibrium_names;

// In the order of Start's values (cases.hpp).
inline const std::vector<std::string>& start_names() {
  static const std::vector<std::string> n{"uniform", "taylor_green"};
  return n;
}

}  // namespace plume::d3q19

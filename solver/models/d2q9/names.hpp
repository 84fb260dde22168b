// The names of the D2Q9 model's choices, each list once (the configuration, messages, logs).
#pragma once
#include <string>
#include <vector>
#include "isothermal/names.hpp"

namespace plume::d2q9 {

// BGK or TRT, compressible or incompressible: shared with D3Q19 (isothermal/names.hpp).
using isothermal::collision_names;
using isothermal::equilibrium_names;

// In the order of the enums' values (params.hpp, cases.hpp).
inline const std::vector<std::string>& bounce_names() {
  static const std::vector<std::string> n{"half-way", "full-way", "interpolated"};
  return n;
}
inline const std::vector<std::string>& profile_names() {
  static const std::vector<std::string> n{"uniform", "parabolic"};
  return n;
}
inline const std::vector<std::string>& start_names() {
  static const std::vector<std::string> n{"uniform", "taylor_green"};
  return n;
}

}  // namespace plume::d2q9

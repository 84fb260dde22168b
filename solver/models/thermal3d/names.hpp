// The names of the thermal convection model's choices, each list once.
#pragma once
#include <string>
#include <vector>

namespace plume::thermal3d {

// In the order of Start's values (cases.hpp).
inline const std::vector<std::string>& start_names() {
  static const std::vector<std::string> n{"rayleigh_benard", "rayleigh_taylor"};
  return n;
}

}  // namespace plume::thermal3d

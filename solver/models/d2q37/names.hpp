// The names of D2Q37's choices, each list written once, in the order of its enum's values (name i
// is value i): its parameter table (parameters.cpp) and the front ends (the GUI's panels) read them.
#pragma once
#include <string>
#include <vector>

namespace plume::d2q37 {

inline const std::vector<std::string>& collision_names() {  // CollisionModel
  static const std::vector<std::string> n{"rtrt", "bgk"};
  return n;
}
inline const std::vector<std::string>& wall_kind_names() {  // WallKind
  static const std::vector<std::string> n{"fixed", "adiabatic"};
  return n;
}
inline const std::vector<std::string>& perturbation_names() {  // Perturbation
  static const std::vector<std::string> n{"single", "multi", "random"};
  return n;
}

}  // namespace plume::d2q37

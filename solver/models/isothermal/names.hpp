// The names of the isothermal models' shared choices (D2Q9, D3Q19), in the order of the enums'
// values (isothermal/collision.hpp): the configuration, messages, logs.
#pragma once
#include <string>
#include <vector>

namespace plume::isothermal {

inline const std::vector<std::string>& collision_names() {
  static const std::vector<std::string> n{"bgk", "trt"};
  return n;
}
inline const std::vector<std::string>& equilibrium_names() {
  static const std::vector<std::string> n{"compressible", "incompressible"};
  return n;
}

}  // namespace plume::isothermal

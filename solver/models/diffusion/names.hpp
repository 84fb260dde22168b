// The names of the diffusion model's choices, each list once (the configuration, messages, logs).
#pragma once
#include <string>
#include <vector>

namespace plume::diffusion {

// In the order of Start (cases.hpp).
inline const std::vector<std::string>& start_names() {
  static const std::vector<std::string> n{"sine", "blob"};
  return n;
}

// In the order of Scheme (params.hpp).
inline const std::vector<std::string>& scheme_names() {
  static const std::vector<std::string> n{"explicit", "implicit"};
  return n;
}

}  // namespace plume::diffusion

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

}  // namespace plume::diffusion

// Built when CUDA is off: the CPU backend is the only one.
#include "backend.hpp"

namespace plume {
int cuda_device_count(std::string* why) {
  if (why) *why = "plume was built without CUDA";
  return 0;
}
}  // namespace plume

// Built when CUDA is off: the CPU backend is the only one.
#include <stdexcept>
#include "plume/backend.hpp"

namespace plume {
int cuda_device_count(std::string* why) {
  if (why) *why = "plume was built without CUDA";
  return 0;
}
std::unique_ptr<Backend> make_cuda_backend(const Domain&, const PhysicsParams&, Precision, int) {
  throw std::runtime_error("plume was built without CUDA");
}
}  // namespace plume

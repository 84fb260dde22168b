// Every CUDA call is checked: a failure becomes a std::runtime_error that names the call, the
// error and where it happened (an exit code of 0 from a program that ignored an error proves nothing).
#pragma once
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace plume::cuda {

inline void check(cudaError_t e, const char* what, const char* file, int line) {
  if (e == cudaSuccess) return;
  throw std::runtime_error(std::string("CUDA error ") + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                           ") in " + what + " at " + file + ":" + std::to_string(line));
}

}  // namespace plume::cuda

#define PLUME_CUDA_CHECK(call) ::plume::cuda::check((call), #call, __FILE__, __LINE__)
// After a kernel launch: a launch error (bad configuration, no image for this device) shows at once.
#define PLUME_CUDA_CHECK_LAUNCH() ::plume::cuda::check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

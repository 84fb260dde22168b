// How many CUDA devices this process can use, and why none when there are none.
#include <cuda_runtime.h>
#include <string>
#include "backend.hpp"

namespace plume {

int cuda_device_count(std::string* why) {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (why) *why = std::string("cudaGetDeviceCount: ") + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
    return 0;
  }
  if (n == 0 && why) *why = "the CUDA driver reports no device";
  return n;
}

}  // namespace plume

// The device's copy bandwidth, measured in the same process as the rate it is compared with:
// ten device-to-device copies of `bytes` (4 GiB unless said; read and write counted). 0 when the
// buffers do not fit.
#pragma once
#include <cuda_runtime.h>
#include <chrono>
#include <cstddef>

inline double copy_bandwidth(std::size_t bytes = std::size_t(4) << 30) {
  void *a = nullptr, *b = nullptr;
  if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
    cudaFree(a);  // the one that fitted, if any (a null pointer is ignored)
    cudaGetLastError();  // an allocation that failed leaves no error behind for the caller
    return 0;
  }
  cudaMemset(a, 1, bytes);
  cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
  cudaDeviceSynchronize();
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < 10; ++k) cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
  cudaDeviceSynchronize();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  cudaFree(a);
  cudaFree(b);
  return 10 * 2.0 * double(bytes) / s;
}

// The device's copy bandwidth, measured in the same process as the rate it is compared with:
// device-to-device copies of `bytes` (4 GiB unless said; read and write counted), the best of
// three batches of five. 0 when the buffers do not fit.
//
// Best of batches, because one batch of ten varied from 2.6 to 3.0 TB/s on one H100 between
// processes of one call (2026-11-27; lower right after a large lattice was freed), which moved
// every ratio by up to 15 %; the best is the device's bandwidth, and a ratio against it the
// conservative one. Callers that can measure it twice (before the lattice exists and after it is
// freed: model_rate) keep the larger.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
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
  constexpr int kBatches = 3, kCopies = 5;
  double best = 0;
  for (int batch = 0; batch < kBatches; ++batch) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < kCopies; ++k) cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
    cudaDeviceSynchronize();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, kCopies * 2.0 * double(bytes) / s);
  }
  cudaFree(a);
  cudaFree(b);
  return best;
}

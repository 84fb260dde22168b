// Timing of GPU work with CUDA events, shared by the GPU benchmarks.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <vector>
#include "cuda_check.hpp"

namespace plume::bench {

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The times (ms) of `reps` runs of work() on stream s, after one untimed run.
template <class F>
std::vector<double> times_ms(cudaStream_t s, int reps, F&& work) {
  cudaEvent_t a, b;
  PLUME_CUDA_CHECK(cudaEventCreate(&a));
  PLUME_CUDA_CHECK(cudaEventCreate(&b));
  work();
  PLUME_CUDA_CHECK(cudaGetLastError());
  PLUME_CUDA_CHECK(cudaStreamSynchronize(s));
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    PLUME_CUDA_CHECK(cudaEventRecord(a, s));
    work();
    PLUME_CUDA_CHECK(cudaEventRecord(b, s));
    PLUME_CUDA_CHECK(cudaEventSynchronize(b));
    float ms = 0;
    PLUME_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  PLUME_CUDA_CHECK(cudaGetLastError());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return t;
}

// Median time (ms) of `reps` runs of work() on stream s, after one untimed run.
template <class F>
double time_ms(cudaStream_t s, int reps, F&& work) {
  return median(times_ms(s, reps, work));
}

// The best of them: a kernel's own rate with the least interference, as the copy bandwidth it is
// compared with is a best (copy_bandwidth.hpp).
template <class F>
double best_ms(cudaStream_t s, int reps, F&& work) {
  const std::vector<double> t = times_ms(s, reps, work);
  return *std::min_element(t.begin(), t.end());
}

}  // namespace plume::bench

// A kernel's registers and local memory as the CUDA runtime reports them, for the benchmark tables.
#pragma once
#include <cuda_runtime.h>
#include <string>
#include "cuda_check.hpp"

template <class K>
std::string resources(K* kernel) {
  cudaFuncAttributes a;
  PLUME_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  return std::to_string(a.numRegs) + " regs, " + std::to_string(a.localSizeBytes) + " B local";
}

// The diffusion model's GPU tuning (Traits<Dim>::Tuning; solver/src/cuda/kernels.cuh reads it): the
// register budget of its step kernels, and the stencil kernel of the 3-D update without walls.
#pragma once
#include "plume/grid/stencil_kernel.hpp"

namespace plume::diffusion {

struct Tuning {
  // A handful of registers: 16 blocks of 128 threads a multiprocessor, 12 % faster at 512^3 than 8
  // on an H200 (docs/benchmarks.md, "The 3-D models on one H200").
  static constexpr int registers(int /*variant*/) { return 32; }
  // By the storage's bytes per value: FP32 vectors of 4 sites (float4), 64 threads, 4 layers in 56
  // registers (docs/benchmarks.md, "The diffusion stencil, fifth pass"); FP64 vectors of 2 sites
  // (double2), 128 threads, 8 layers in 48 ("The diffusion stencil's kernels, third pass" and
  // "fourth pass"). Both read across the periodic boundaries of one block themselves (no halos).
  static constexpr StencilKernel stencil_kernel(int real_bytes) {
    return real_bytes == 4 ? StencilKernel::vector(64, 4, 4, 56) : StencilKernel::vector(128, 2, 8, 48);
  }
};

}  // namespace plume::diffusion

// The D2Q37 model's GPU tuning (Traits::Tuning; solver/src/cuda/kernels.cuh reads it): the register
// budget and block width of each variant's step kernel (0 RTRT, 1 BGK), measured on sm_90.
#pragma once

namespace plume::d2q37 {

struct Tuning {
  // RTRT 124, BGK 168 (-Xptxas -v): 4 and 3 blocks of 128 a multiprocessor (docs/benchmarks.md,
  // "The core redesign, before and after").
  static constexpr int registers(int variant) { return variant == 1 ? 168 : 124; }
  // RTRT with FP64 storage in blocks of 256, else 128 (docs/benchmarks.md, "On one H200,
  // 2026-11-28: the D2Q37 step at 0.92, rows on 256 bytes").
  static constexpr int step_threads(int variant, int bytes_per_value) {
    return variant == 0 && bytes_per_value == 8 ? 256 : 128;
  }
};

}  // namespace plume::d2q37

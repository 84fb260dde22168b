// The D3Q19 model's GPU tuning (Traits::Tuning; solver/src/cuda/kernels.cuh reads it): the register
// budgets of its step kernels, one site a thread and two rows a thread (update_rows, FP32 storage).
#pragma once

namespace plume::d3q19 {

struct Tuning {
  // 96: 5 blocks of 128 a multiprocessor; FP32 is fastest there, FP64 the same from 80 up, TRT
  // spills at 64 (docs/d3q19.md, "Performance").
  static constexpr int registers(int /*variant*/) { return 96; }
  // Two rows a thread in 128 (docs/benchmarks.md, "The 3-D kernels, second pass").
  static constexpr int pair_registers(int /*variant*/) { return 128; }
};

}  // namespace plume::d3q19

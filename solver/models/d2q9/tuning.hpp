// The D2Q9 model's GPU tuning (Traits::Tuning; solver/src/cuda/kernels.cuh reads it): the register
// budgets of its step kernels, one site a thread and two rows a thread (update_rows, FP32 storage).
#pragma once

namespace plume::d2q9 {

struct Tuning {
  // 64 (unbounded they take 94 and 120): 8 blocks of 128 a multiprocessor (docs/benchmarks.md,
  // "The core redesign, before and after").
  static constexpr int registers(int /*variant*/) { return 64; }
  // Two rows a thread in 80: 6 blocks (docs/benchmarks.md, "D2Q9 with FP32 storage: what limited
  // it, and the fix").
  static constexpr int pair_registers(int /*variant*/) {
#ifdef PLUME_D2Q9_PAIR_REGISTERS  // a benchmark's other budget (scripts/gpu-rate-ab.sh)
    return PLUME_D2Q9_PAIR_REGISTERS;
#else
    return 80;
#endif
  }
};

}  // namespace plume::d2q9

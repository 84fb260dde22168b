// The 3-D thermal convection model's GPU tuning (Traits::Tuning; solver/src/cuda/kernels.cuh reads
// it): the register budget of its step kernels for each storage, and whether they take snapshots.
#pragma once

namespace plume::thermal3d {

struct Tuning {
  // FP64 168 (3 blocks of 128 a multiprocessor; 96 spills), FP32 96 (5 blocks) (docs/benchmarks.md,
  // "thermal3d with FP32 storage: a register budget of its own").
  static constexpr int registers(int /*variant*/, int bytes_per_value) { return bytes_per_value == 4 ? 96 : 168; }
  // Snapshots in the step kernel with FP32 storage only; FP64 ones come from the fields kernel
  // (kernels.cuh, steps_write_fields; docs/benchmarks.md, "In situ every 10 steps: the step writes
  // the snapshot").
  static constexpr bool step_snapshots(int bytes_per_value) { return bytes_per_value == 4; }
};

}  // namespace plume::thermal3d

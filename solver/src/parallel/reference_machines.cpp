// The machines the automatic tiling assumes (docs/distributed.md, "Reference machines"). Both
// were measured on 2026-11-21 on the GPU node of the device tool (one H200, 16 Xeon cores, Open
// MPI 4.1.6 over shared memory) with `plume-scaling measure` and the staging probe described
// there. Replace them with a machine file from `plume-scaling measure` on the target cluster.
#include "plume/parallel/perf_model.hpp"

namespace plume::parallel {

// CPU backend, one single-threaded rank per core, all 16 cores busy (FP64 storage: the CPU rate
// is set by the collision arithmetic and changes little with FP32 storage).
MachineModel cpu_reference_machine(int value_bytes) {
  MachineModel m;
  m.name = "reference CPU: 16 single-thread ranks on a 16-core Xeon node, shared-memory MPI";
  m.site_rate = 2.61e6;
  m.row_overhead = 0.76;
  m.launch_overhead = 0;  // an OpenMP region of one thread: 0.4 us per call is all site work
  m.link_bandwidth = 5.49e9;
  m.link_latency = 1.77e-6;
  m.value_bytes = value_bytes;
  return m;
}

// One GPU per rank: the H200 roofline (measured device copy bandwidth 4.275 TB/s over the bytes a
// site update moves, 2 Q values: D2Q37's 592 in FP64 and 296 in FP32, D3Q19's 304 and 152) with
// no per-row or per-launch cost
// (seed 002's improved roofline with alpha = 0); halo phases staged through pinned host memory
// (cudaMemcpyAsync + synchronise: 55.0 GB/s, 8.1 us each way, PCIe 5 x16) and host MPI between 8
// ranks of the node (6.13 GB/s, 1.75 us).
MachineModel gpu_reference_machine(int value_bytes, const LatticeInfo& lattice) {
  MachineModel m;
  m.name = "reference GPU node: H200 roofline, PCIe staging, shared-memory MPI between 8 ranks";
  m.site_rate = 4.275e12 / (2.0 * lattice.Q * value_bytes);
  m.link_bandwidth = 6.13e9;
  m.link_latency = 1.75e-6;
  m.staging_bandwidth = 55.0e9;
  m.staging_latency = 8.1e-6;
  m.value_bytes = value_bytes;
  m.borders_beside_bulk = true;
  return m;
}

}  // namespace plume::parallel

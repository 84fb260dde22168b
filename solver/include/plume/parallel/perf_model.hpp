// Performance model of a decomposed step (docs/distributed.md), after seed 000 (eqs. 12-20) and
// seed 002 (B(s) = s / (s/B0 + t0)). One rank's step is
//   with overlap:     T = max(T_bulk, T_comm) + T_border
//                     or, where the borders run beside the bulk (a GPU's halo stream),
//                     T = max(T_bulk + W_border, T_comm + T_border)
//   without overlap:  T = T_bulk + T_comm + T_border
// where T_bulk and T_border are the site updates of the regions that step_regions() defines (the
// ones the stepper runs) at the single-device rate, each row costing `row_overhead` extra sites
// and each box `launch_overhead`,
// W_border is the borders' site updates alone, which take their share of the device from the bulk,
// and T_comm is the x, y and z phases of the halo exchange, each t0 + bytes/B0 plus the
// device<->host staging of a GPU whose MPI is not CUDA-aware. The step of a job is its slowest
// rank's. The same function ranks the tilings for the automatic choice.
#pragma once
#include <string>
#include <vector>
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume::parallel {

struct MachineModel {
  std::string name;
  double site_rate = 0;          // site updates/s of one rank on a large tile, every rank of a node busy
  double row_overhead = 0;       // extra cost of each row of a box, in site updates
  double launch_overhead = 0;    // seconds per box updated (a kernel launch, an OpenMP region)
  double link_bandwidth = 0;     // B0, bytes/s of the halo messages one rank sends in a phase
  double link_latency = 0;       // t0, seconds per phase
  double staging_bandwidth = 0;  // device->host and host->device copy per phase (0: none)
  double staging_latency = 0;
  int value_bytes = 8;           // storage precision: 8 (FP64) or 4 (FP32)
  // The border boxes run beside the bulk once their halos are in, not after it (the CUDA
  // backend with two population buffers: on its halo stream).
  bool borders_beside_bulk = false;
};

// The reference machines of docs/distributed.md, measured there: the CPU backend (one rank per
// core, host MPI) and a GPU node (roofline site rate of an H200, host-staged MPI over the node).
MachineModel cpu_reference_machine(int value_bytes);
// The GPU's site rate is its roofline for `lattice`: the copy bandwidth over the 2 Q values a site
// update moves.
MachineModel gpu_reference_machine(int value_bytes, const LatticeInfo& lattice);

// B(s) = s / (s/B0 + t0): the bandwidth an s-byte transfer achieves.
double effective_bandwidth(double bytes, double B0, double t0);
// One exchange phase that sends `bytes` in total: t0 + bytes/B0, plus 2 (ts + bytes/Bs) staging.
double phase_time(const MachineModel& m, double bytes);
// launch_overhead + rows * (columns + row_overhead) / site_rate (rows of every z layer).
double box_time(const MachineModel& m, const Box& b);

// One rank's step: max(bulk, comm) + border with overlap, bulk + comm + border without; with
// overlap and the borders beside the bulk, max(bulk + border_work, comm + border), border_work
// being the borders' site updates without their launches.
double step_time(double bulk, double border, double comm, bool overlap);
double step_time_beside(double bulk, double border, double border_work, double comm);

struct StepPrediction {
  double step = 0;                        // seconds: the slowest rank's step
  double bulk = 0, border = 0, comm = 0;  // seconds: the largest over the ranks
  double halo_bytes = 0;                  // bytes sent per step: the most any rank sends
  int messages = 0;                       // messages sent per step: the most any rank sends
};
// Predicted step of a decomposition of a lattice (its halos). Without overlap the stepper updates
// each tile as one box, so `bulk` is the whole tile and `border` 0.
StepPrediction predict_step(const Decomposition& d, const LatticeInfo& lattice, const MachineModel& m, bool overlap);

struct TilingChoice {
  Tiling tiling;
  StepPrediction prediction;
};
// Every tiling of `ranks` tiles that fits the lattice `global` (Domain::whole), fastest first;
// for equal times the one with fewer tiles along x (longer rows), then along y, first. A 2-D
// lattice (NZ = 1) is tiled in x and y only. Empty when none fits.
std::vector<TilingChoice> rank_tilings(const Domain& global, int ranks, const Periodic& periodic,
                                       const LatticeInfo& lattice, const MachineModel& m, bool overlap);
// The first of rank_tilings(); throws std::invalid_argument naming the lattice when none fits.
Tiling choose_tiling(const Domain& global, int ranks, const Periodic& periodic, const LatticeInfo& lattice,
                     const MachineModel& m, bool overlap);

// Tables of predicted strong scaling (the lattice `global`) and weak scaling (a tile of `tile`'s
// size per rank) for 1, 2, 4, ... max_ranks ranks, each with its best tiling.
std::string scaling_report(const MachineModel& m, const LatticeInfo& lattice, const Domain& global, const Domain& tile,
                           const Periodic& periodic, int max_ranks);

}  // namespace plume::parallel

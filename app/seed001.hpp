// `plume seed001 PARAMS OBSTACLES`: the seed-001 benchmark's files run unchanged (solver/io's
// plume/io/seed001.hpp reads and writes them). The benchmark's channel is a D2Q9 setup like any
// other: BGK with omega, full-way bounce-back at the obstacles, row ny - 2 accelerated, periodic
// both ways; this file only turns its files into that setup and its outputs back into its formats.
#pragma once
#include <memory>
#include <string>
#include "plume/io/seed001.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/solver.hpp"

namespace plume::app {

struct Seed001Run {
  std::string params, obstacles;  // the benchmark's input files
  std::string out = ".";          // folder of av_vels.dat and final_state.dat
  BackendKind backend = BackendKind::Auto;
  Precision precision = Precision::FP32;  // the benchmark stores single precision
  int threads = 0, device = -1;
  bool quiet = false;
};

// The D2Q9 solver configuration of a parameter file and its obstacles.
SolverConfig seed001_config(const io::Seed001Params& p, std::shared_ptr<const Geometry> obstacles);


// Everything that can be checked before any work, on rank 0 (parse_command_line), with every
// problem in one config::ConfigError (exit status 2): the two files (read and checked), the output
// folder (the checks of `plume run`'s output.dir) and the host memory the run needs on `ranks`
// ranks, `ranks_on_host` of them on rank 0's host (the estimate of `plume run`, docs/running.md,
// with the benchmark's per-step record).
void check_seed001(const Seed001Run& run, int ranks, int ranks_on_host);

// Collective: runs the benchmark, writes its outputs on rank 0 and prints its report (Reynolds
// number, times). Returns the exit code.
int run_seed001(const Seed001Run& run, parallel::Communicator& world);

}  // namespace plume::app

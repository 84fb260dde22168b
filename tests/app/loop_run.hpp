// The time loop of a batch run driven in-process, so that a test can add its own in-situ sinks:
// a run on the ranks of `world` (one process unless a test runs under mpirun).
#pragma once
#include "console.hpp"
#include "insitu.hpp"
#include "output.hpp"
#include "run_loop.hpp"

namespace plume::test {

inline parallel::Communicator& one_process() {
  static const std::unique_ptr<parallel::Communicator> self = parallel::self_communicator();
  return *self;
}

struct LoopRun {
  io::RunConfig cfg;
  Solver solver;
  app::Output out;
  app::InSitu insitu;
  app::Console console{true, false};
  explicit LoopRun(const io::RunConfig& c, parallel::Communicator& world = one_process())
      : cfg(c), solver(c.solver, world), out(c, world), insitu(c.insitu, world) {
    solver.initialize();
    out.begin(0, console);
  }
  app::RunReport go() { return app::run_loop(cfg, solver, out, insitu, console); }
};

}  // namespace plume::test

// The time loop of a batch run driven in-process, so that a test can add its own in-situ sinks:
// a run on the ranks of `world` (one process unless a test runs under mpirun).
#pragma once
#include <stdexcept>
#include "console.hpp"
#include "insitu.hpp"
#include "output.hpp"
#include "run_loop.hpp"

namespace plume::test {

inline parallel::Communicator& one_process() {
  static const std::unique_ptr<parallel::Communicator> self = parallel::self_communicator();
  return *self;
}

// A sink that counts its calls and throws from step 10 on, where `fails` (a test of several ranks
// makes it fail on some of them only).
struct FailingSink : app::InSituSink {
  int* calls;  // outlives the sink, which the run may drop
  bool fails;
  explicit FailingSink(int* c, bool fails_here = true) : calls(c), fails(fails_here) {}
  std::string name() const override { return "failing"; }
  void execute(long long step, double, const Fields&, const Domain&) override {
    ++*calls;
    if (step >= 10 && fails) throw std::runtime_error("pipeline exploded");
  }
};

struct LoopRun {
  config::RunConfig cfg;
  Solver solver;
  app::Output out;
  app::InSitu insitu;
  app::Console console{true, false};
  explicit LoopRun(const config::RunConfig& c, parallel::Communicator& world = one_process())
      : cfg(c), solver(c.solver, world), out(c, world), insitu(c.insitu, world) {
    solver.initialize();
    out.begin(0, console);
  }
  // own_thread: the sinks on a thread of their own (as plume runs them), else on the run's thread.
  app::RunReport go(bool own_thread = true) { return app::run_loop(cfg, solver, out, insitu, console, own_thread); }
};

}  // namespace plume::test

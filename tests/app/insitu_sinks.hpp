// In-situ sinks for tests of the run loop's hand-off to the sinks (tests/app, tests/gpu): one
// that keeps what it is handed, one as slow as a rendering pipeline, and the check that every
// call got exactly the fields of its step.
#pragma once
#include <chrono>
#include <cstring>
#include <thread>
#include <gtest/gtest.h>
#include "loop_run.hpp"
#include "run_loop.hpp"

namespace plume::test {

// Keeps every Fields it is handed, with its step and time.
struct Keeper : app::InSituSink {
  std::vector<long long> steps;
  std::vector<double> times;
  std::vector<Fields> fields;
  std::string name() const override { return "keeper"; }
  void execute(long long step, double time, const Fields& f, const Domain&) override {
    steps.push_back(step);
    times.push_back(time);
    fields.push_back(f);
  }
};

// A sink of type S added to the run; the run owns it.
template <class S>
S* add_sink(LoopRun& run) {
  auto* sink = new S;
  run.insitu.add(std::unique_ptr<app::InSituSink>(sink));
  return sink;
}

inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// Every call of the sink got exactly the fields of its step, as a separate run's fields() gives.
inline void expect_the_fields_of_their_steps(const Keeper& k, const config::RunConfig& c) {
  Solver reference(c.solver);
  reference.initialize();
  for (std::size_t i = 0; i < k.steps.size(); ++i) {
    reference.advance(k.steps[i] - reference.step());
    Fields f;
    reference.snapshot().fields(f);
    const Fields& got = k.fields[i];
    EXPECT_EQ(k.times[i], reference.time()) << "step " << k.steps[i];
    EXPECT_TRUE(same_bits(got["rho"], f["rho"]) && same_bits(got["ux"], f["ux"]) && same_bits(got["uy"], f["uy"]) &&
                same_bits(got["T"], f["T"]))
        << "step " << k.steps[i];
  }
}

// A sink as slow as a rendering pipeline: keeps what it is handed, then sleeps, and notes where
// the run's thread was when its call began and when it ended.
struct SlowSink : Keeper {
  std::chrono::milliseconds sleep{150};
  std::vector<long long> run_step_before, run_step_after;
  void execute(long long step, double time, const Fields& f, const Domain& d) override {
    run_step_before.push_back(app::run_step());
    std::this_thread::sleep_for(sleep);
    Keeper::execute(step, time, f, d);  // after the sleep: the fields are still those of `step`
    run_step_after.push_back(app::run_step());
  }
};

}  // namespace plume::test

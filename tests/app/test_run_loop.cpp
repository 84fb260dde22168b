// The in-situ hook, driven in-process: when sinks are called, with what, and what a failing
// sink does under each insitu.on_error policy.
#include <gtest/gtest.h>
#include <chrono>
#include <cstring>
#include <thread>
#include "insitu_sinks.hpp"
#include "loop_run.hpp"
#include "d2q37/lattice.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::FailingSink;
using plume::test::LoopRun;
using plume::test::TempDir;
using plume::test::Keeper;
using plume::test::SlowSink;
using plume::test::add_sink;
using plume::test::same_bits;
using plume::test::expect_the_fields_of_their_steps;

namespace {

struct Recorder : app::InSituSink {
  std::vector<long long> steps;
  std::vector<double> times, signatures;
  bool shapes_ok = true;
  std::string name() const override { return "recorder"; }
  void execute(long long step, double time, const Fields& f, const Domain& d) override {
    steps.push_back(step);
    times.push_back(time);
    shapes_ok = shapes_ok && f.nx == d.nx && f.ny == d.ny && d.NX == 32 && d.NY == 48 &&
                f["T"].size() == std::size_t(32 * 48);
    double s = 0;
    for (std::size_t i = 0; i < f["T"].size(); ++i) s += f["T"][i] * double(i % 7) + f["uy"][i];
    signatures.push_back(s);
  }
};

config::RunConfig loop_config(const TempDir& tmp) {
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 30;
  c.insitu.every = 10;
  c.output.every = 15;
  c.output.checkpoint_every = 0;
  return c;
}

}  // namespace

TEST(InSituHook, SinksSeeTheFieldsEveryInsituEverySteps) {
  TempDir tmp;
  LoopRun run(loop_config(tmp));
  auto* rec = new Recorder;
  run.insitu.add(std::unique_ptr<app::InSituSink>(rec));
  const app::RunReport r = run.go();
  EXPECT_EQ(r.status, app::RunReport::Status::Completed);
  EXPECT_EQ(rec->steps, (std::vector<long long>{0, 10, 20, 30}));
  for (std::size_t i = 0; i < rec->steps.size(); ++i) EXPECT_DOUBLE_EQ(rec->times[i], rec->steps[i] / d2q37::D2Q37::r);
  EXPECT_TRUE(rec->shapes_ok);
  for (std::size_t i = 1; i < rec->signatures.size(); ++i)
    EXPECT_NE(rec->signatures[i], rec->signatures[i - 1]) << "the sink sees the evolving state";
  // Output events (every 15) and in-situ events (every 10) interleave without disturbing each other.
  EXPECT_TRUE(std::filesystem::exists(tmp / "out/T_000000015.png"));
  EXPECT_FALSE(std::filesystem::exists(tmp / "out/T_000000010.png"));
}

TEST(InSituHook, PipelinesAndLiveFollowTheOneCadenceRule) {
  config::InSituConfig c;
  c.every = 10;
  c.live = true;
  c.live_every = 4;
  const auto world = parallel::self_communicator();
  const io::InSituCadence with_live = app::InSitu(c, *world).cadence();
  for (long long step : {0, 4, 8, 10, 12, 20}) EXPECT_TRUE(with_live.due(step)) << step;
  for (long long step : {1, 9, 11, 14}) EXPECT_FALSE(with_live.due(step)) << step;
  EXPECT_EQ(with_live.next(8), 10);
  EXPECT_EQ(with_live.next(10), 12);
  c.live = false;
  const io::InSituCadence without = app::InSitu(c, *world).cadence();
  EXPECT_FALSE(without.due(8));
  EXPECT_EQ(without.next(8), io::Every{10}.next(8));
}

TEST(InSituHook, DisablePolicyDropsTheFailingSinkAndCarriesOn) {
  TempDir tmp;
  config::RunConfig c = loop_config(tmp);
  c.insitu.on_error = insitu::OnError::Disable;
  LoopRun run(c);
  int bad_calls = 0;
  auto* rec = new Recorder;
  run.insitu.add(std::make_unique<FailingSink>(&bad_calls));
  run.insitu.add(std::unique_ptr<app::InSituSink>(rec));
  testing::internal::CaptureStderr();
  const app::RunReport r = run.go();
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(r.status, app::RunReport::Status::Completed);
  EXPECT_EQ(r.last_step, 30);
  EXPECT_EQ(bad_calls, 2) << "called at 0 and 10, then dropped";
  EXPECT_EQ(rec->steps, (std::vector<long long>{0, 10, 20, 30}));
  EXPECT_NE(err.find("in-situ sink 'failing' failed at step 10: pipeline exploded"), std::string::npos) << err;
}

// On their own thread the sinks fail while the run goes on: it stops where it learns of the
// failure (at the latest at the next in-situ step, where it waits for them), with a checkpoint of
// that step. On the run's thread (MPI without MPI_THREAD_MULTIPLE) it stops at the failing step.
TEST(InSituHook, StopPolicyEndsTheRunWithACheckpointToRestartFrom) {
  for (const bool own_thread : {true, false}) {
    TempDir tmp;
    LoopRun run(loop_config(tmp));
    int calls = 0;
    run.insitu.add(std::make_unique<FailingSink>(&calls));
    const app::RunReport r = run.go(own_thread);
    EXPECT_EQ(r.status, app::RunReport::Status::Failed) << own_thread;
    EXPECT_EQ(r.insitu_thread, own_thread);
    if (own_thread) {
      EXPECT_GE(r.last_step, 10);
      EXPECT_LE(r.last_step, 20) << "the in-situ step after the failing call waits for it";
    } else {
      EXPECT_EQ(r.last_step, 10);
    }
    EXPECT_EQ(calls, 2) << "at 0 and 10, where it failed";
    EXPECT_NE(r.message.find("pipeline exploded"), std::string::npos) << r.message;
    EXPECT_EQ(r.final_checkpoint, tmp / ("out/" + app::Output::checkpoint_name(r.last_step)));
    EXPECT_TRUE(std::filesystem::exists(r.final_checkpoint)) << r.final_checkpoint;
  }
}

// Steps 10 and 20 have no output: their fields reach the sinks through the asynchronous hand-off
// (Solver::request_snapshot), 0 and 30 through the output's synchronous fields; all must be what a
// separate run's fields() gives at that step, bit for bit.
TEST(InSituHook, HandedOffFieldsAreTheSynchronousFieldsOfTheirStep) {
  TempDir tmp;
  const config::RunConfig c = loop_config(tmp);
  LoopRun run(c);
  auto* keeper = add_sink<Keeper>(run);
  ASSERT_EQ(run.go().status, app::RunReport::Status::Completed);
  ASSERT_EQ(keeper->steps, (std::vector<long long>{0, 10, 20, 30}));
  expect_the_fields_of_their_steps(*keeper, c);
}

// The solver's asynchronous fields on the CPU: complete at once, and untouched by later steps.
TEST(InSituHook, RequestedFieldsStayThoseOfTheirStepWhileTheRunAdvances) {
  TempDir tmp;
  const config::RunConfig c = loop_config(tmp);
  Solver a(c.solver), b(c.solver);
  a.initialize();
  b.initialize();
  EXPECT_THROW(a.snapshot().wait(), std::logic_error);
  a.advance(5);
  b.advance(5);
  a.request_snapshot();
  EXPECT_TRUE(a.snapshot().ready());
  a.advance(3);
  Fields f;
  b.snapshot().fields(f);
  const Fields& got = a.snapshot().wait();
  EXPECT_EQ(a.snapshot().step(), 5);
  EXPECT_TRUE(same_bits(got["rho"], f["rho"]) && same_bits(got["ux"], f["ux"]) && same_bits(got["uy"], f["uy"]) && same_bits(got["T"], f["T"]));
}

namespace {

config::RunConfig slow_sink_config(const TempDir& tmp) {
  config::RunConfig c = loop_config(tmp);
  c.steps = 60;  // in situ at 0, 10, ..., 60; output at 15, 30, 45, 60 (synchronous fields)
  return c;
}

}  // namespace

// The sinks run on their own thread: the solver steps on during each call (up to the next in-situ
// step, where it waits for them: insitu.when_busy = "wait"), and every call still sees the
// fields of its own step, handed off (10, 20, 40, 50) or from an output step (0, 30, 60).
TEST(InSituThread, TheSolverStepsOnWhileASlowSinkRuns) {
  TempDir tmp;
  const config::RunConfig c = slow_sink_config(tmp);
  LoopRun run(c);
  auto* sink = add_sink<SlowSink>(run);
  const app::RunReport r = run.go();
  ASSERT_EQ(r.status, app::RunReport::Status::Completed);
  EXPECT_TRUE(r.insitu_thread);
  ASSERT_EQ(sink->steps, (std::vector<long long>{0, 10, 20, 30, 40, 50, 60}));
  for (std::size_t i = 0; i + 1 < sink->steps.size(); ++i) {
    const long long s = sink->steps[i];
    EXPECT_GE(sink->run_step_before[i], s) << "call at step " << s;
    EXPECT_GT(sink->run_step_after[i], s) << "the solver moved on during the call at step " << s;
    EXPECT_LE(sink->run_step_after[i], s + 10) << "and waited at the next in-situ step";
  }
  EXPECT_EQ(r.insitu_calls, 7);
  EXPECT_EQ(r.insitu_skipped, 0);
  EXPECT_GE(r.insitu_seconds, 7 * 0.15);
  EXPECT_GT(r.insitu_wait_seconds, 0.0) << "the solver is faster than the sink here";
  EXPECT_LT(r.insitu_wait_seconds, r.insitu_seconds);
  expect_the_fields_of_their_steps(*sink, c);
}

// insitu.when_busy = "skip": the run does not wait; in-situ steps that find the sink busy are
// left out, and the calls made still see the fields of their steps.
TEST(InSituThread, SkipPolicyLeavesOutTheStepsThatFindTheSinkBusy) {
  TempDir tmp;
  config::RunConfig c = slow_sink_config(tmp);
  c.insitu.when_busy = insitu::WhenBusy::Skip;
  LoopRun run(c);
  auto* sink = add_sink<SlowSink>(run);
  const app::RunReport r = run.go();
  ASSERT_EQ(r.status, app::RunReport::Status::Completed);
  EXPECT_EQ(r.insitu_calls + r.insitu_skipped, 7);
  EXPECT_GT(r.insitu_skipped, 0) << "a 32 x 48 lattice steps far faster than the sink";
  ASSERT_FALSE(sink->steps.empty());
  EXPECT_EQ(sink->steps.front(), 0);
  expect_the_fields_of_their_steps(*sink, c);
}

// The same calls, the same fields on either thread (the synchronous hand-off is today's path when
// MPI gives no MPI_THREAD_MULTIPLE).
TEST(InSituThread, OwnThreadAndRunsThreadGiveTheSinksTheSameCalls) {
  TempDir tmp;
  const config::RunConfig c = slow_sink_config(tmp);
  LoopRun run(c);
  auto* sink = add_sink<Keeper>(run);
  const app::RunReport r = run.go(false);
  ASSERT_EQ(r.status, app::RunReport::Status::Completed);
  EXPECT_FALSE(r.insitu_thread);
  EXPECT_EQ(sink->steps, (std::vector<long long>{0, 10, 20, 30, 40, 50, 60}));
  EXPECT_DOUBLE_EQ(r.insitu_wait_seconds, r.insitu_seconds) << "the run stood still during every call";
  expect_the_fields_of_their_steps(*sink, c);
}

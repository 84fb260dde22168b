// The batch driver's in-situ hand-off on the GPU with the sinks on their own thread: a sink slower
// than the in-situ period reads the solver's pinned snapshot (or the loop's second fields buffer)
// while the run steps on, requests no new snapshot meanwhile, and gets at every call, bit for
// bit, what fields() gives at its step on the same GPU.
#include <gtest/gtest.h>
#include "cuda_device.hpp"
#include "insitu_sinks.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::LoopRun;
using plume::test::SlowSink;
using plume::test::TempDir;

namespace {

// 512^2 on the GPU: in situ every 10 steps through the hand-off (10, 20, 40, 50, ...), with
// output every 30 (0, 30, 60: the synchronous fields); the sink sleeps 100 ms per call.
config::RunConfig gpu_config(const TempDir& tmp) {
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.solver.nx = c.solver.ny = 512;
  c.solver.backend = BackendKind::CUDA;
  c.steps = 60;
  c.insitu.every = 10;
  c.output.every = 30;
  c.output.checkpoint_every = 0;
  config::resolve(c);
  return c;
}

}  // namespace

TEST(GpuInSituThread, ASlowSinkGetsTheFieldsOfItsStepWhileTheRunStepsOn) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (const insitu::WhenBusy policy : {insitu::WhenBusy::Wait, insitu::WhenBusy::Skip}) {
    TempDir tmp;
    config::RunConfig c = gpu_config(tmp);
    c.insitu.when_busy = policy;
    LoopRun run(c);
    auto* sink = plume::test::add_sink<SlowSink>(run);
    sink->sleep = std::chrono::milliseconds(100);
    const app::RunReport r = run.go();
    ASSERT_EQ(r.status, app::RunReport::Status::Completed) << r.message;
    EXPECT_TRUE(r.insitu_thread);
    if (policy == insitu::WhenBusy::Wait) {
      EXPECT_EQ(sink->steps, (std::vector<long long>{0, 10, 20, 30, 40, 50, 60}));
      for (std::size_t i = 0; i + 1 < sink->steps.size(); ++i)
        EXPECT_GT(sink->run_step_after[i], sink->steps[i]) << "the run stepped on during the call at step "
                                                           << sink->steps[i];
    } else {
      EXPECT_EQ(r.insitu_calls + r.insitu_skipped, 7);
    }
    plume::test::expect_the_fields_of_their_steps(*sink, c);
  }
}

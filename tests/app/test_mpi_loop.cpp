// The time loop on several ranks, in-process (ctest runs this binary under mpirun): each rank's
// in-situ sinks get that rank's own block and its place in the lattice (nothing gathered), and a
// sink that fails on one rank only stops every rank, or is dropped by every rank, alike.
//
// Every rank makes the same collective calls whatever the checks find: EXPECT only, no ASSERT.
#include <gtest/gtest.h>
#include <filesystem>
#include <map>
#include "loop_run.hpp"
#include "plume/parallel/mpi.hpp"
#include "rank_report.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::FailingSink;
using plume::test::LoopRun;
using plume::test::TempDir;

namespace {

parallel::Communicator* world = nullptr;

// 2x1 tiles on two ranks, 2x2 on four: the blocks are cut across x, and across y too.
config::RunConfig loop_config(const TempDir& tmp) {
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  const int n = world->size();
  c.solver.tiles = n % 2 == 0 ? parallel::Tiling{2, n / 2} : parallel::Tiling{1, n};
  c.steps = 30;
  c.insitu.every = 10;
  c.output.every = 15;
  c.output.checkpoint_every = 0;
  return c;
}

struct Recorder : app::InSituSink {
  std::map<long long, Fields> seen;
  std::map<long long, Domain> domains;
  std::string name() const override { return "recorder"; }
  void execute(long long step, double, const Fields& f, const Domain& d) override {
    seen[step] = f;
    domains[step] = d;
  }
};

// A run whose sinks are one that fails on the last rank from step 10 on and a recorder.
struct RunWithAFailingSink {
  int calls = 0;             // of the failing sink on this rank
  std::size_t recorded = 0;  // steps the recorder saw
  app::RunReport report;
  RunWithAFailingSink(const TempDir& tmp, insitu::OnError policy, bool own_thread = true) {
    config::RunConfig c = loop_config(tmp);
    c.insitu.on_error = policy;
    LoopRun run(c, *world);
    auto* recorder = new Recorder;
    run.insitu.add(std::make_unique<FailingSink>(&calls, world->rank() == world->size() - 1));
    run.insitu.add(std::unique_ptr<app::InSituSink>(recorder));
    report = run.go(own_thread);
    recorded = recorder->seen.size();
  }
};

// The same value on every rank.
bool same_everywhere(long long v) {
  long long lo = v, hi = v;
  world->allreduce(&lo, 1, parallel::ReduceOp::Min);
  world->allreduce(&hi, 1, parallel::ReduceOp::Max);
  return lo == hi;
}

}  // namespace

TEST(LoopOnRanks, SinksGetTheirRanksOwnBlockOfTheOneProcessFields) {
  TempDir tmp;
  const config::RunConfig c = loop_config(tmp);
  LoopRun run(c, *world);
  auto* rec = new Recorder;
  run.insitu.add(std::unique_ptr<app::InSituSink>(rec));
  EXPECT_EQ(run.go().status, app::RunReport::Status::Completed);

  config::RunConfig alone = c;
  alone.solver.tiles = {};
  Solver reference(alone.solver);  // one process, on every rank
  reference.initialize();
  const Domain mine = run.solver.domain();
  EXPECT_TRUE(mine.nx < mine.NX || mine.ny < mine.NY) << "a block, not the lattice";
  for (long long step : {0, 10, 20, 30}) {
    reference.advance(step - reference.step());
    Fields whole;
    reference.snapshot().fields(whole);
    EXPECT_EQ(rec->seen.count(step), 1u) << "step " << step;
    if (!rec->seen.count(step)) continue;
    const Fields& f = rec->seen[step];
    const Domain& d = rec->domains[step];
    EXPECT_TRUE(d.x0 == mine.x0 && d.y0 == mine.y0 && d.nx == mine.nx && d.ny == mine.ny && d.NX == c.solver.nx &&
                d.NY == c.solver.ny);
    EXPECT_TRUE(f.nx == d.nx && f.ny == d.ny && f.x0 == d.x0 && f.y0 == d.y0);
    Fields block;  // this rank's block of the one-process fields
    block.resize(whole.model(), d.nx, d.ny);
    for (int y = 0; y < d.ny; ++y)
      for (int x = 0; x < d.nx; ++x) {
        const std::size_t l = block.at(x, y), g = whole.at(d.x0 + x, d.y0 + y);
        block["rho"][l] = whole["rho"][g], block["ux"][l] = whole["ux"][g], block["uy"][l] = whole["uy"][g], block["T"][l] = whole["T"][g];
      }
    EXPECT_EQ(plume::testing::first_difference(f, block), "") << "step " << step;
  }
}

// With the sinks on their own thread (as plume runs them: MPI_THREAD_MULTIPLE) every rank stops
// at the same step after the failing call (at the latest the next in-situ step); on the run's
// thread at the failing step itself.
TEST(LoopOnRanks, ASinkFailingOnOneRankStopsEveryRankWithACheckpoint) {
  EXPECT_TRUE(world->concurrent_threads()) << "MpiSession asks for MPI_THREAD_MULTIPLE";
  for (const bool own_thread : {true, false}) {
    TempDir tmp;
    const RunWithAFailingSink run(tmp, insitu::OnError::Stop, own_thread);
    EXPECT_EQ(run.report.status, app::RunReport::Status::Failed);
    EXPECT_EQ(run.report.insitu_thread, own_thread);
    EXPECT_TRUE(same_everywhere(run.report.last_step));
    if (own_thread) {
      EXPECT_GE(run.report.last_step, 10);
      EXPECT_LE(run.report.last_step, 20);
    } else {
      EXPECT_EQ(run.report.last_step, 10);
    }
    EXPECT_EQ(run.calls, 2) << "at 0 and 10, where it failed";
    const std::string culprit = "rank " + std::to_string(world->size() - 1) + " of " + std::to_string(world->size());
    EXPECT_NE(run.report.message.find(culprit + ": pipeline exploded"), std::string::npos) << run.report.message;
    if (world->rank() == 0)
      EXPECT_TRUE(std::filesystem::exists(tmp / ("out/" + app::Output::checkpoint_name(run.report.last_step))));
  }
}

TEST(LoopOnRanks, ASinkFailingOnOneRankIsDroppedByEveryRank) {
  TempDir tmp;
  const RunWithAFailingSink run(tmp, insitu::OnError::Disable);
  EXPECT_EQ(run.report.status, app::RunReport::Status::Completed);
  EXPECT_EQ(run.report.last_step, 30);
  EXPECT_EQ(run.calls, 2) << "called at steps 0 and 10 on rank " << world->rank() << ", then dropped";
  EXPECT_TRUE(same_everywhere(run.calls));
  EXPECT_EQ(run.recorded, 4u) << "the other sink goes on";
}

int main(int argc, char** argv) {
  parallel::MpiSession mpi(argc, argv);
  world = &mpi.world();
  ::testing::InitGoogleTest(&argc, argv);
  if (world->rank() != 0) {  // one full report per job; the other ranks print their failures only
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new plume::testing::FailurePrinter(world->rank()));
  }
  long long failed = RUN_ALL_TESTS();
  world->allreduce(&failed, 1, parallel::ReduceOp::Max);
  return int(failed);
}

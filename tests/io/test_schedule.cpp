// The run's cadences (plume/io/schedule.hpp): which outputs are due at which step, where the run
// stops next, the first and the last step's rules, and how the configuration's keys make them.
#include <gtest/gtest.h>
#include <vector>
#include "plume/config/run_config.hpp"
#include "plume/io/schedule.hpp"

using namespace plume;
using io::Due;
using io::Every;
using io::Schedule;

namespace {

// The steps a run from `s.first()` stops at (after the start), as the run loop walks them.
std::vector<long long> stops(const Schedule& s) {
  std::vector<long long> v;
  for (long long step = s.first(); step < s.last();) v.push_back(step = s.next(step));
  return v;
}

// The steps among `stops` where `what` is due.
template <class F>
std::vector<long long> where(const Schedule& s, F what) {
  std::vector<long long> v;
  for (long long step : stops(s))
    if (what(s.at(step))) v.push_back(step);
  return v;
}

io::Cadences outputs(long long images, long long diagnostics, long long checkpoints, long long vtk) {
  io::Cadences c;
  c.images = {images};
  c.diagnostics = {diagnostics};
  c.checkpoints = {checkpoints};
  c.vtk = {vtk};
  return c;
}

using Steps = std::vector<long long>;

}  // namespace

TEST(Schedule, EveryCountsFromStepZeroAndZeroIsNever) {
  EXPECT_TRUE(Every{10}.due(0));
  EXPECT_TRUE(Every{10}.due(30));
  EXPECT_FALSE(Every{10}.due(31));
  EXPECT_EQ(Every{10}.next(0), 10);
  EXPECT_EQ(Every{10}.next(29), 30);
  EXPECT_EQ(Every{10}.next(30), 40);
  EXPECT_FALSE(Every{0}.due(0));
  EXPECT_EQ(Every{0}.next(5), io::kNever);
}

TEST(Schedule, EachOutputIsDueAtItsOwnMultiplesAndTheRunStopsAtTheirUnion) {
  const Schedule s(outputs(10, 4, 15, 6), 0, 30);
  EXPECT_EQ(stops(s), (Steps{4, 6, 8, 10, 12, 15, 16, 18, 20, 24, 28, 30}));
  EXPECT_EQ(where(s, [](const Due& d) { return d.image; }), (Steps{10, 20, 30}));
  EXPECT_EQ(where(s, [](const Due& d) { return d.diagnostics; }), (Steps{4, 8, 12, 16, 20, 24, 28, 30}));
  EXPECT_EQ(where(s, [](const Due& d) { return d.checkpoint; }), (Steps{15, 30}));
  EXPECT_EQ(where(s, [](const Due& d) { return d.vtk; }), (Steps{6, 12, 18, 24, 30}));
  EXPECT_EQ(where(s, [](const Due& d) { return d.insitu; }), Steps{}) << "no in-situ consumer";
  for (long long step : stops(s)) EXPECT_TRUE(s.at(step).any()) << "a stop where nothing is due: " << step;
}

TEST(Schedule, TheFirstStepShowsTheStateAndKeepsNoCheckpoint) {
  io::Cadences c = outputs(10, 10, 10, 5);
  EXPECT_EQ(Schedule(c, 0, 30).start(), (Due{true, true, false, false, true}));
  EXPECT_EQ(Schedule(c, 7, 30).start(), (Due{true, true, false, false, false})) << "a restart off the VTK cadence";
  c.insitu = io::InSituCadence{{10}, {}};
  EXPECT_TRUE(Schedule(c, 7, 30).start().insitu) << "the sinks see the state a run starts from, on cadence or not";
}

TEST(Schedule, TheLastStepWritesEverythingButInSituOffItsCadence) {
  io::Cadences c = outputs(10, 10, 0, 0);
  c.insitu = io::InSituCadence{{10}, {}};
  const Schedule s(c, 0, 33);
  EXPECT_EQ(stops(s).back(), 33) << "the run stops at its last step, whatever the cadences";
  EXPECT_EQ(s.at(33), (Due{true, true, true, false, false})) << "no VTK file without a VTK cadence";
  c.vtk = {7};
  EXPECT_TRUE(Schedule(c, 0, 33).at(33).vtk) << "with one, the last state too";
  c.insitu = io::InSituCadence{{11}, {}};
  EXPECT_TRUE(Schedule(c, 0, 33).at(33).insitu);
  EXPECT_EQ(Schedule(outputs(0, 0, 0, 0), 0, 33).next(0), 33) << "zero cadences: first and last only";
  EXPECT_EQ(Schedule(c, 50, 33).last(), 50) << "a run past its steps has nothing to advance";
}

TEST(Schedule, TheFirstCheckpointIsOneMoreStopAhead) {
  io::Cadences c = outputs(10, 10, 10, 0);
  c.first_checkpoint = 7;
  const Schedule s(c, 0, 30);
  EXPECT_EQ(where(s, [](const Due& d) { return d.checkpoint; }), (Steps{7, 10, 20, 30}));
  EXPECT_EQ(s.at(7), (Due{false, false, true, false, false})) << "only the checkpoint at first_checkpoint";
  EXPECT_EQ(s.next(7), 10);
  EXPECT_EQ(where(Schedule(c, 8, 30), [](const Due& d) { return d.checkpoint; }), (Steps{10, 20, 30}))
      << "a restart past it does not go back to it";
  c.first_checkpoint = 0;
  EXPECT_EQ(where(Schedule(c, 0, 30), [](const Due& d) { return d.checkpoint; }), (Steps{10, 20, 30}))
      << "0: none";
}

TEST(Schedule, PipelinesFollowEveryAndLiveItsOwnLiveEvery) {
  config::InSituConfig cfg;
  cfg.every = 10;
  cfg.live_every = 4;
  cfg.live = true;
  io::Cadences c = outputs(0, 0, 0, 0);
  c.insitu = cfg.cadence();
  const Schedule s(c, 0, 22);
  EXPECT_EQ(where(s, [](const Due& d) { return d.insitu; }), (Steps{4, 8, 10, 12, 16, 20}));
  EXPECT_EQ(s.next(8), 10);
  EXPECT_EQ(s.next(10), 12);
  cfg.live = false;  // live_every means nothing without Live
  c.insitu = cfg.cadence();
  EXPECT_EQ(where(Schedule(c, 0, 22), [](const Due& d) { return d.insitu; }), (Steps{10, 20}));
  // The adaptor's pipelines run at their own `every` by the same rule.
  EXPECT_EQ(cfg.cadence().scripts.n, 10);
}

TEST(Schedule, TheConfigurationsKeysMakeTheCadences) {
  config::OutputConfig o;
  o.every = 50;
  o.checkpoint_every = 200;
  o.first_checkpoint = 30;
  o.vtk_every = 25;
  io::Cadences c = o.cadences();
  EXPECT_EQ(c.images.n, 50);
  EXPECT_EQ(c.diagnostics.n, 50) << "the diagnostics follow output.every unless set";
  EXPECT_EQ(c.checkpoints.n, 200);
  EXPECT_EQ(c.first_checkpoint, 30);
  EXPECT_EQ(c.vtk.n, 25);
  EXPECT_FALSE(c.insitu) << "the run loop adds the in-situ cadence where it has sinks";
  o.diagnostics_every = 10;
  EXPECT_EQ(o.cadences().diagnostics.n, 10);
}

TEST(Schedule, AStoppedRunKeepsWhatItNeedsToContinue) {
  EXPECT_EQ(Schedule::stop(), (Due{true, true, true, false, false}));
}

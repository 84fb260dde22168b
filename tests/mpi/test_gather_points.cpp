// Snapshot::gather_points under real MPI (ctest runs this binary on 1, 2 and 3 ranks): every
// rank's points of every set reach rank 0, each set in the order of its ids with its positions
// and arrays moved alongside; the other ranks get nothing; a point set that differs between the
// ranks is refused without leaving a message behind. The sets are made here, with values that
// tell every point and component apart, so nothing depends on how points come to be on a rank.
//
// Collective calls first, comparisons after, EXPECT only: a fatal assertion would leave the other
// ranks waiting.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"
#include "rank_report.hpp"

using namespace plume;

namespace {

parallel::Communicator* world = nullptr;

SolverConfig small_run() {
  SolverConfig c;
  c.model = "d2q9";
  c.nx = 24;
  c.ny = 18;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  return c;
}

// What point `id` holds: a position, a scalar and a 3-vector no other point or component has.
double x_of(std::int64_t id) { return 0.25 + double(id); }
double y_of(std::int64_t id) { return 100.5 - 0.125 * double(id); }
double speed_of(std::int64_t id) { return 1.0 / 3.0 + 0.001 * double(id); }
double u_of(std::int64_t id, int k) { return double(id) * (k + 1) + 0.0625 * k; }

// Rank r of n holds the tracers r, r + n, r + 2n, ... (3 + r of them), listed last first; and
// the set "beads", whose only point (id 7) is on the last rank.
std::vector<PointSet> local_sets(int r, int n) {
  PointSet t;
  t.name = "tracers";
  t.arrays = {{"speed", 1, {}}, {"u", 3, {}}};
  for (int k = 2 + r; k >= 0; --k) {
    const std::int64_t id = r + std::int64_t(n) * k;
    t.ids.push_back(id);
    t.xyz.insert(t.xyz.end(), {x_of(id), y_of(id), 0.0});
    t.arrays[0].values.push_back(speed_of(id));
    for (int c = 0; c < 3; ++c) t.arrays[1].values.push_back(u_of(id, c));
  }
  PointSet b;
  b.name = "beads";
  b.dimensions = 3;
  b.arrays = {{"radius", 1, {}}};
  if (r == n - 1) {
    b.ids = {7};
    b.xyz = {1.5, 2.5, 3.5};
    b.arrays[0].values = {0.75};
  }
  return {t, b};
}

TEST(GatherPoints, EveryRanksPointsReachRankZeroInTheOrderOfTheirIds) {
  Solver s(small_run(), *world);
  const int r = world->rank(), n = world->size();
  std::vector<PointSet> global;
  s.snapshot().gather_points(local_sets(r, n), global);
  if (r != 0) {
    EXPECT_TRUE(global.empty()) << "rank " << r << " got " << global.size() << " sets";
    return;
  }
  ASSERT_EQ(global.size(), 2u);
  const PointSet& t = global[0];
  EXPECT_EQ(t.name, "tracers");
  EXPECT_EQ(t.dimensions, 2);
  std::vector<std::int64_t> expected;  // every rank's ids, ascending
  for (int k = 0; k < 2 + n; ++k)
    for (int q = 0; q < n; ++q)
      if (k <= 2 + q) expected.push_back(q + std::int64_t(n) * k);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(t.ids, expected);
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0].name, "speed");
  EXPECT_EQ(t.arrays[1].name, "u");
  EXPECT_EQ(t.arrays[1].components, 3);
  ASSERT_NO_THROW(t.check());
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::int64_t id = t.ids[i];
    EXPECT_EQ(t.xyz[3 * i], x_of(id)) << "point " << id;
    EXPECT_EQ(t.xyz[3 * i + 1], y_of(id)) << "point " << id;
    EXPECT_EQ(t.xyz[3 * i + 2], 0.0) << "point " << id;
    EXPECT_EQ(t.arrays[0].values[i], speed_of(id)) << "point " << id;
    for (int c = 0; c < 3; ++c) EXPECT_EQ(t.arrays[1].values[3 * i + std::size_t(c)], u_of(id, c)) << "point " << id;
  }
  const PointSet& b = global[1];
  EXPECT_EQ(b.name, "beads");
  EXPECT_EQ(b.dimensions, 3);
  EXPECT_EQ(b.ids, std::vector<std::int64_t>{7});
  EXPECT_EQ(b.xyz, (std::vector<double>{1.5, 2.5, 3.5}));
  ASSERT_EQ(b.arrays.size(), 1u);
  EXPECT_EQ(b.arrays[0].values, std::vector<double>{0.75});
}

TEST(GatherPoints, SetsThatDifferBetweenRanksAreRefusedAndLeaveNoMessageBehind) {
  Solver s(small_run(), *world);
  const int r = world->rank(), n = world->size();
  std::vector<PointSet> mine = local_sets(r, n);
  if (r == n - 1 && n > 1) mine[0].arrays[1].name = "v";  // the last rank's vector is another array
  std::vector<PointSet> global;
  bool refused = false;
  std::string what;
  try {
    s.snapshot().gather_points(mine, global);
  } catch (const std::logic_error& e) {
    refused = true;
    what = e.what();
  }
  EXPECT_EQ(refused, r == 0 && n > 1) << what;
  if (refused) EXPECT_NE(what.find("array 'v'"), std::string::npos) << what;
  // A gather after it finds only its own messages.
  std::vector<PointSet> again;
  s.snapshot().gather_points(local_sets(r, n), again);
  if (r == 0) {
    ASSERT_EQ(again.size(), 2u);
    EXPECT_EQ(again[0].arrays[1].name, "u");
    EXPECT_NO_THROW(again[0].check());
  }
}

TEST(GatherPoints, ASnapshotOfARunWithoutExtraStateHasNoPointSets) {
  Solver s(small_run(), *world);
  s.initialize();
  s.advance(2);
  const Snapshot& snap = s.request_snapshot();
  EXPECT_TRUE(snap.point_sets().empty());
  std::vector<PointSet> global;
  s.snapshot().gather_points(snap.point_sets(), global);
  EXPECT_TRUE(global.empty());
}

}  // namespace

int main(int argc, char** argv) {
  parallel::MpiSession mpi(argc, argv);
  world = &mpi.world();
  return plume::testing::run_on_every_rank(*world, argc, argv);
}

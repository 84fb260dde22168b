// Tracers on decomposed runs under real MPI (ctest runs this binary on 1, 2 and 4 ranks): every
// tiling gives the one-process tracers bit for bit (their checkpoint bytes, which list every
// tracer in id order), with tracers crossing tile edges, a tile corner in one update and the
// periodic boundaries; a restart on another number of ranks continues them; bad bytes are refused
// on every rank.
//
// Collective calls come first and comparisons after, on rank 0, with EXPECT only: a fatal
// assertion would leave the other ranks waiting in a collective.
#include <gtest/gtest.h>
#include <memory>
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "plume/geometry/shapes.hpp"
#include "plume/parallel/mpi.hpp"
#include "rank_report.hpp"
#include "tracer_case.hpp"

using namespace plume;
using namespace plume::parallel;
using namespace plume::test;
using namespace plume::testing;
using Seeding = TracerConfig::Seeding;

namespace {

Communicator* world = nullptr;

// The tilings of the job's ranks of a 2-D lattice: along x, along y and (4 ranks) both.
std::vector<Tiling> tilings_2d() {
  switch (world->size()) {
    case 1: return {{1, 1, 1}};
    case 2: return {{2, 1, 1}, {1, 2, 1}};
    case 4: return {{2, 2, 1}, {4, 1, 1}, {1, 4, 1}};
    default: return {};
  }
}

// A periodic 32 x 24 lattice (tiles of 16 x 12 on 2 x 2) with a uniform flow of (0.08, 0.06) that
// meets a solid disc inside the first tile, or a Taylor–Green vortex that a body force carries.
SolverConfig obstacle_flow(const TracerConfig& t) {
  d2q9::Setup st;
  st.initial.ux = 0.08;
  st.initial.uy = 0.06;
  return d2q9_run(32, 24, st, t, std::make_shared<geometry::Circle>(7, 5, 2.5));
}
SolverConfig swirl(const TracerConfig& t) {
  d2q9::Setup st;
  st.initial.start = d2q9::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  st.physics.fx = 3e-5;
  st.physics.fy = 2e-5;
  return d2q9_run(32, 24, st, t, std::make_shared<geometry::Circle>(7, 5, 2.5));
}

std::vector<std::uint8_t> bytes_of(Solver& s) {
  const CheckpointState st = s.checkpoint_out();
  return st.extra.empty() ? std::vector<std::uint8_t>{} : st.extra[0].bytes;
}

}  // namespace

TEST(DistributedTracers, ALineAcrossTheTileCornersAndThePeriodicCornerIsTheOneProcessRunBitForBit) {
  // 17 tracers from (15.2, 11.2), next to the corner of the four tiles of 2 x 2, to (31, 23), the
  // lattice's last site; an update of 6 steps carries each about (0.48, 0.36): the first crosses
  // both tile edges in its first update, the last both periodic edges in its second.
  const SolverConfig c = obstacle_flow(seeded(Seeding::Line, 17, {15.2, 11.2, 0}, {31, 23, 0}, 6));
  std::vector<std::uint8_t> one6, one12, one120;
  if (world->rank() == 0) {
    Solver s(c);
    s.initialize();
    s.advance(6);
    one6 = bytes_of(s);
    s.advance(6);
    one12 = bytes_of(s);
    s.advance(108);
    one120 = bytes_of(s);
  }
  for (const Tiling& t : tilings_2d()) {
    SolverConfig k = c;
    k.tiles = t;
    Solver s(k, *world);
    s.initialize();
    s.advance(6);
    const std::vector<std::uint8_t> at6 = bytes_of(s);
    s.advance(6);
    const std::vector<std::uint8_t> at12 = bytes_of(s);
    s.advance(108);
    const std::vector<std::uint8_t> at120 = bytes_of(s);
    if (world->rank() == 0) {
      EXPECT_EQ(at6, one6) << s.decomposition().describe();
      EXPECT_EQ(at12, one12) << s.decomposition().describe();
      EXPECT_EQ(at120, one120) << s.decomposition().describe();
    }
  }
  if (world->rank() == 0) {
    const tracers::Lattice l = lattice_of(Solver(c));
    const tracers::Record after6 = tracers::decode(one6, l), after12 = tracers::decode(one12, l);
    ASSERT_EQ(after6.tracers.size(), 17u);
    ASSERT_EQ(after12.tracers.size(), 17u);
    const tracers::Tracer &corner = after6.tracers.front(), &before = after6.tracers.back(),
                          &wrapped = after12.tracers.back();
    EXPECT_GT(corner.p[0], 15.5);  // now nearest to site (16, 12): the tile across the corner
    EXPECT_GT(corner.p[1], 11.5);
    EXPECT_GT(before.p[0], 31.0);  // still nearest to site (31, 23) after the first update...
    EXPECT_GT(before.p[1], 23.0);
    EXPECT_LT(wrapped.p[0], 0.0);  // ...and to (0, 0) across both periodic edges after the second
    EXPECT_LT(wrapped.p[1], 0.0);
    EXPECT_GE(wrapped.p[0], -0.5);
    EXPECT_GE(wrapped.p[1], -0.5);
  }
}

TEST(DistributedTracers, ARegionInAnUnsteadyFlowIsTheOneProcessRunBitForBitOnEveryTiling) {
  const SolverConfig c = swirl(seeded(Seeding::Region, 300, {0, 0, 0}, {31, 23, 0}, 2, 5));
  std::vector<std::uint8_t> one, start;
  if (world->rank() == 0) {
    Solver s(c);
    s.initialize();
    start = bytes_of(s);
    s.advance(200);
    one = bytes_of(s);
  }
  for (const Tiling& t : tilings_2d()) {
    SolverConfig k = c;
    k.tiles = t;
    Solver s(k, *world);
    s.initialize();
    s.advance(200);
    const std::vector<std::uint8_t> mine = bytes_of(s);
    if (world->rank() == 0) EXPECT_EQ(mine, one) << s.decomposition().describe();
  }
  if (world->rank() == 0) {
    // They went somewhere: many crossed the middle lines x = 15.5 and y = 11.5 (the 2 x 2 tiles' edges).
    const tracers::Lattice l = lattice_of(Solver(c));
    const tracers::Record a = tracers::decode(start, l), b = tracers::decode(one, l);
    ASSERT_EQ(a.tracers.size(), b.tracers.size());
    EXPECT_LT(a.tracers.size(), 300u);  // those seeded in the disc are left out
    int crossed = 0;
    for (std::size_t k = 0; k < a.tracers.size(); ++k)
      crossed += (a.tracers[k].p[0] < 15.5) != (b.tracers[k].p[0] < 15.5) ||
                 (a.tracers[k].p[1] < 11.5) != (b.tracers[k].p[1] < 11.5);
    EXPECT_GT(crossed, 20);
  }
}

TEST(DistributedTracers, ABoundedChannelHoldsTheTracersOnItsSitesOnEveryTilingAsInOneProcess) {
  // Walls across y, a parabolic inlet at x = 0 and an outlet at x = 31: no direction is
  // periodic. Tracers along the inlet's column reach the outlet, where they stay on its column.
  d2q9::Setup st;
  st.physics.collision = d2q9::Collision::TRT;
  st.physics.walls = true;
  st.physics.inlet = {true, 0.08, d2q9::Profile::Parabolic};
  st.physics.outlet = {true, 1.0};
  const SolverConfig c = d2q9_run(32, 24, st, seeded(Seeding::Line, 24, {0, 0, 0}, {0, 23, 0}, 4));
  std::vector<std::uint8_t> one;
  if (world->rank() == 0) {
    Solver s(c);
    s.initialize();
    s.advance(800);
    one = bytes_of(s);
  }
  for (const Tiling& t : tilings_2d()) {
    SolverConfig k = c;
    k.tiles = t;
    Solver s(k, *world);
    s.initialize();
    s.advance(800);
    const std::vector<std::uint8_t> mine = bytes_of(s);
    if (world->rank() == 0) EXPECT_EQ(mine, one) << s.decomposition().describe();
  }
  if (world->rank() == 0) {
    const tracers::Record r = tracers::decode(one, lattice_of(Solver(c)));
    ASSERT_EQ(r.tracers.size(), 24u);
    int at_outlet = 0;
    for (const tracers::Tracer& t : r.tracers) {
      EXPECT_GE(t.p[0], 0.0);
      EXPECT_LE(t.p[0], 31.0);
      EXPECT_GE(t.p[1], 0.0);
      EXPECT_LE(t.p[1], 23.0);
      at_outlet += t.p[0] == 31.0;
    }
    EXPECT_GT(at_outlet, 10);  // the centre's tracers, at up to 0.12 sites per step, got there first
  }
}

TEST(DistributedTracers, ARestartOnAnotherNumberOfRanksContinuesTheTracersBitForBit) {
  const SolverConfig c = swirl(seeded(Seeding::Region, 200, {0, 0, 0}, {31, 23, 0}, 3, 8));
  std::vector<std::uint8_t> whole;
  CheckpointState at_one;  // rank 0: a one-process run's state at step 50
  if (world->rank() == 0) {
    Solver s(c);
    s.initialize();
    s.advance(50);
    at_one = s.checkpoint_out();
    s.advance(50);
    whole = bytes_of(s);
  }
  // N ranks continue the one-process state...
  {
    Solver s(c, *world);
    s.checkpoint_in(at_one);
    s.advance(50);
    const std::vector<std::uint8_t> mine = bytes_of(s);
    if (world->rank() == 0) EXPECT_EQ(mine, whole);
  }
  // ...and one process continues the state of N ranks.
  Solver s(c, *world);
  s.initialize();
  s.advance(50);
  const CheckpointState at_n = s.checkpoint_out();
  if (world->rank() == 0) {
    Solver one(c);
    one.checkpoint_in(at_n);
    one.advance(50);
    EXPECT_EQ(bytes_of(one), whole);
  }
}

TEST(DistributedTracers, A3DRunTiledAlongZIsTheOneProcessRunBitForBit) {
  d3q19::Setup st;
  st.initial.start = d3q19::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  st.physics.fz = 2e-5;
  SolverConfig c;
  c.model = "d3q19";
  c.nx = 12;
  c.ny = 10;
  c.nz = 8;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  c.setup = AnySetup(st);
  d3q19::parameters().derive(c.setup);
  c.tracers = seeded(Seeding::Region, 150, {0, 0, 0}, {11, 9, 7}, 2, 4);
  std::vector<std::uint8_t> one;
  if (world->rank() == 0) {
    Solver s(c);
    s.initialize();
    s.advance(60);
    one = bytes_of(s);
  }
  const Tiling t = world->size() == 4 ? Tiling{2, 1, 2} : world->size() == 2 ? Tiling{1, 1, 2} : Tiling{1, 1, 1};
  SolverConfig k = c;
  k.tiles = t;
  Solver s(k, *world);
  s.initialize();
  s.advance(60);
  const std::vector<std::uint8_t> mine = bytes_of(s);
  if (world->rank() == 0) EXPECT_EQ(mine, one) << s.decomposition().describe();
}

TEST(DistributedTracersErrors, BytesThatDoNotReadAreRefusedOnEveryRank) {
  Solver s(swirl(seeded(Seeding::Region, 20, {0, 0, 0}, {31, 23, 0}, 1)), *world);
  s.initialize();
  CheckpointState st = s.checkpoint_out();
  if (world->rank() == 0) st.extra[0].bytes.resize(40);
  EXPECT_THROW(s.checkpoint_in(st), CollectiveError);
}

int main(int argc, char** argv) {
  MpiSession mpi(argc, argv);
  world = &mpi.world();
  return run_on_every_rank(*world, argc, argv);
}

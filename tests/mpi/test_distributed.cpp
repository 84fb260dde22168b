// Decomposed runs under real MPI (ctest runs this binary on 1, 2, 3 and 4 ranks): the result is
// the one-process result bit for bit, whatever the tiling, the overlap and the rank count of a
// restart; errors on one rank reach every rank.
//
// Collective calls come first and comparisons after, on rank 0, with EXPECT only: a fatal
// assertion would leave the other ranks waiting in a collective.
#include <gtest/gtest.h>
#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include "d2q37/lattice.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "diffusion/model.hpp"
#include "plume/geometry/shapes.hpp"
#include "plume/geometry/union.hpp"
#include "plume/parameters.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"
#include "thermal3d/model.hpp"
#include "rank_report.hpp"
#include "site_geometry.hpp"
#include "every_model.hpp"
#include "in_place_cases.hpp"

using namespace plume;
using namespace plume::parallel;
using namespace plume::testing;

namespace {

Communicator* world = nullptr;

// 63 x 51 splits unevenly in every tiling of 2, 3 and 4 ranks but 1x2 / 2x1 along one side.
SolverConfig small_case(bool walls, Precision precision) {
  SolverConfig c = seam_case(63, 51, walls, precision);
  c.backend = BackendKind::CPU;
  c.threads = 1;  // up to 4 ranks share 2 cores
  return c;
}

// D2Q9 on the same 63 x 51 lattice; channel(): TRT between walls, a parabolic inlet and an outlet.
d2q9::Setup channel() {
  d2q9::Setup st;
  st.physics.collision = d2q9::Collision::TRT;
  st.initial.start = d2q9::Start::Uniform;
  st.physics.walls = true;
  st.physics.inlet = {true, 0.05, d2q9::Profile::Parabolic};
  st.physics.outlet = {true, 1.0};
  return st;
}
SolverConfig d2q9_case(const d2q9::Setup& st, std::shared_ptr<const Geometry> solids) {
  SolverConfig c;
  c.model = "d2q9";
  c.nx = 63;
  c.ny = 51;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  c.setup = AnySetup(st);
  d2q9::parameters().derive(c.setup);
  c.solids = std::move(solids);
  return c;
}

}  // namespace

TEST(Distributed, EveryTilingGivesTheOneProcessPopulationsAndFieldsBitForBit) {
  const long steps = 200;
  struct Case {
    Tiling tiles;
    bool walls, overlap;
    Precision precision;
  };
  std::vector<Case> cases;
  for (const Tiling t : tilings_of(world->size(), small_case(true, Precision::FP64), d2q37::D2Q37::reach))
    for (bool walls : {true, false})
      for (bool overlap : {true, false}) cases.push_back({t, walls, overlap, Precision::FP64});
  cases.push_back({Tiling{}, true, true, Precision::FP32});  // the automatic tiling, FP32 storage

  for (const Case& k : cases) {
    SolverConfig c = small_case(k.walls, k.precision);
    c.tiles = k.tiles;
    c.overlap = k.overlap;
    Solver s(c, *world);
    s.initialize();
    s.advance(steps);
    EXPECT_EQ(s.step(), steps);
    const std::vector<double> global = s.checkpoint_out().populations;
    Fields local, F;
    s.snapshot().fields(local);
    s.snapshot().gather(local, F);
    const std::string what = s.decomposition().describe() + (k.walls ? ", walls" : ", periodic y") +
                             (k.overlap ? ", overlap" : ", no overlap") +
                             (k.precision == Precision::FP32 ? ", FP32" : "");
    if (s.communicator().rank() != 0) {
      EXPECT_TRUE(global.empty());
      EXPECT_EQ(F.nx * F.ny, 0);
      continue;
    }
    const Reference& ref = reference(c, steps);
    EXPECT_EQ(first_difference(global, ref.populations, c.nx, c.ny), "") << what;
    EXPECT_EQ(first_difference(F, ref.fields), "") << what;
    // The run is not trivially at rest, and not blown up.
    double umax = 0;
    for (double u : F["uy"]) umax = std::max(umax, std::fabs(u));
    EXPECT_GT(umax, 1e-6) << what;
    EXPECT_TRUE(std::isfinite(umax)) << what;
  }
}

TEST(Distributed, LocalBlocksAreTheDecompositionsDomains) {
  SolverConfig c = small_case(true, Precision::FP64);
  Solver s(c, *world);
  s.initialize();
  const Domain d = s.decomposition().domain(world->rank());
  EXPECT_EQ(s.domain().x0, d.x0);
  EXPECT_EQ(s.domain().y0, d.y0);
  EXPECT_EQ(s.domain().nx, d.nx);
  EXPECT_EQ(s.domain().ny, d.ny);
  EXPECT_EQ(s.populations().size(), std::size_t(d2q37::D2Q37::Q) * d.nx * d.ny);
  Fields F;
  s.snapshot().fields(F);
  EXPECT_EQ(F.x0, d.x0);
  EXPECT_EQ(F.nx, d.nx);
  // Reductions see every rank: the local masses sum to the global mass.
  const std::vector<double> f = s.populations();
  double mass = 0;
  for (double v : f) mass += v;
  world->allreduce(&mass, 1, ReduceOp::Sum);
  const std::vector<double> all = s.checkpoint_out().populations;
  double total = 0;
  for (double v : all) total += v;
  world->allreduce(&total, 1, ReduceOp::Max);  // rank 0's value everywhere (the others hold 0)
  EXPECT_NEAR(mass, total, 1e-12 * total);
}

TEST(Distributed, GatherThenScatterOnFewerRanksContinuesAsOneUninterruptedRun) {
  const long k_steps = 60, l_steps = 40;
  for (bool walls : {true, false}) {
    SolverConfig c = small_case(walls, Precision::FP64);
    Solver first(c, *world);  // all ranks, automatic tiling
    first.initialize();
    first.advance(k_steps);
    const std::vector<double> saved = first.checkpoint_out().populations;  // what a checkpoint holds

    // The first m ranks continue (m < n, the largest whose tiles fit; 1 for n = 1), with a 1-D
    // tiling along the other axis than the automatic one chose when that fits, else the
    // automatic tiling of m.
    int m = std::max(1, world->size() - 1);
    while (m > 1 && tilings_of(m, c, d2q37::D2Q37::reach).empty()) --m;
    const std::unique_ptr<Communicator> part = world->split(world->rank() < m ? 0 : -1);
    std::vector<double> resumed;
    if (part) {
      SolverConfig c2 = c;
      const Tiling other = first.decomposition().px() == 1 ? Tiling{m, 1} : Tiling{1, m};
      c2.tiles = tiling_problem(Domain::whole(c.nx, c.ny), other, d2q37::D2Q37::reach).empty() ? other : Tiling{};
      Solver second(c2, *part);
      second.checkpoint_in({first.step(), saved, {}});
      EXPECT_EQ(second.step(), k_steps);
      second.advance(l_steps);
      EXPECT_EQ(second.step(), k_steps + l_steps);
      resumed = second.checkpoint_out().populations;
    }
    if (world->rank() == 0)
      EXPECT_EQ(first_difference(resumed, reference(c, k_steps + l_steps).populations, c.nx, c.ny), "")
          << world->size() << " ranks, then " << m << (walls ? ", walls" : ", periodic y");
  }
}

TEST(DistributedErrors, AProblemOnOneRankStopsEveryRankNamingIt) {
  const int last = world->size() - 1;
  EXPECT_NO_THROW(agree(*world, "", "nothing wrong"));
  try {
    agree(*world, world->rank() == last ? "disk full" : "", "cannot write the checkpoint");
    ADD_FAILURE() << "no error on rank " << world->rank();
  } catch (const CollectiveError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find("cannot write the checkpoint: "), 0u) << m;
    EXPECT_NE(m.find("disk full"), std::string::npos) << m;
    if (world->size() > 1) EXPECT_NE(m.find("rank " + std::to_string(last) + " of "), std::string::npos) << m;
  }
}

TEST(DistributedErrors, ATilingThatDoesNotFitIsRefusedOnEveryRank) {
  SolverConfig c = small_case(true, Precision::FP64);
  c.tiles = {world->size() + 1, 1};  // needs one rank more than the job has
  try {
    Solver s(c, *world);
    ADD_FAILURE() << "accepted tiling " << to_string(c.tiles);
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("needs " + std::to_string(world->size() + 1) + " ranks"), std::string::npos)
        << e.what();
  }
  if (world->size() > 1) {
    c.tiles = {world->size(), 1};
    c.nx = 7 * world->size() - 1;  // the last tile is 6 sites wide
    try {
      Solver s(c, *world);
      ADD_FAILURE() << "accepted " << c.nx << " columns on " << world->size() << " tiles";
    } catch (const CollectiveError& e) {
      EXPECT_NE(std::string(e.what()).find("6 sites wide"), std::string::npos) << e.what();
    }
  }
}

// The transports between device buffers (CUDA-aware MPI, NCCL, CUDA IPC) asked for on the CPU
// backend: refused on every rank, naming the transport and the one that can run.
TEST(DistributedErrors, ADeviceTransportOnTheCpuBackendIsRefusedOnEveryRank) {
  if (world->size() == 1) GTEST_SKIP() << "one rank exchanges no halos";
  SolverConfig c = small_case(true, Precision::FP64);
  c.backend = BackendKind::CPU;
  for (TransportKind t : {TransportKind::CudaAware, TransportKind::Nccl, TransportKind::CudaIpc}) {
    c.transport = t;
    try {
      Solver s(c, *world);
      ADD_FAILURE() << "accepted transport " << to_string(t) << " on the cpu backend";
    } catch (const CollectiveError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("halo transport " + to_string(t) + ": it needs halos in device memory"), std::string::npos) << m;
      EXPECT_NE(m.find("use host"), std::string::npos) << m;
    }
  }
}

// A second model through the same decomposition and halo code: D2Q9 with a moving wall, a body
// force and the Taylor–Green start (flow across every seam), on every tiling, equal to one process
// bit for bit.
TEST(Distributed, D2Q9OnEveryTilingGivesTheOneProcessPopulationsBitForBit) {
  const long steps = 150;
  for (bool walls : {true, false}) {
    d2q9::Setup st;
    st.physics.collision = d2q9::Collision::TRT;
    st.physics.walls = walls;
    st.physics.top.u = walls ? 0.05 : 0.0;
    st.physics.fx = 1e-5;
    st.physics.fy = walls ? 0.0 : -2e-5;
    st.initial.start = d2q9::Start::TaylorGreen;
    st.initial.amplitude = 0.05;
    const SolverConfig c = d2q9_case(st, nullptr);
    std::vector<double> one;
    if (world->rank() == 0) {
      Solver s(c);  // one process
      s.initialize();
      s.advance(steps);
      one = s.populations();
    }
    for (const Tiling t : tilings_of(world->size(), c, d2q9::D2Q9::reach))
      for (bool overlap : {true, false}) {
        SolverConfig k = c;
        k.tiles = t;
        k.overlap = overlap;
        Solver s(k, *world);
        s.initialize();
        s.advance(steps);
        const std::vector<double> global = s.checkpoint_out().populations;
        if (s.communicator().rank() == 0)
          EXPECT_EQ(first_difference(global, one, c.nx, c.ny), "")
              << s.decomposition().describe() << (walls ? ", walls" : ", periodic y")
              << (overlap ? ", overlap" : ", no overlap");
      }
  }
}

// D3Q19 through the decomposition along x, y and z: a duct (walls across y and z, one of them
// moving) with a body force, the same duct open at both ends (Zou-He inlet and outlet: x not
// periodic), and a periodic box with solid blocks across the tiles' seams and the periodic sides,
// all from the Taylor–Green start (flow across every face, edge and corner of the tiles); every
// tiling of the job's ranks into x, y and z tiles, with and without overlapped halos, equal to one
// process bit for bit.
TEST(Distributed, D3Q19OnTilingsAlongXYAndZGivesTheOneProcessPopulationsBitForBit) {
  const long steps = 40;
  for (int which : {0, 1, 2}) {
    const bool duct = which != 2, open = which == 1;
    d3q19::Setup st;
    st.physics.collision = d3q19::Collision::TRT;
    st.physics.inlet = {open, 0.03};
    st.physics.outlet = {open, 1.0};
    st.physics.walls_y = st.physics.walls_z = duct;
    st.physics.y_high.u = duct ? 0.05 : 0.0;
    st.physics.fx = 1e-5;
    st.physics.fz = duct ? 0.0 : -2e-5;
    st.initial.start = d3q19::Start::TaylorGreen;
    st.initial.amplitude = 0.05;
    SolverConfig c;
    c.model = "d3q19";
    c.nx = 15;  // uneven splits in every tiling of 2, 3 and 4 ranks but halves of 12
    c.ny = 13;
    c.nz = 12;
    c.backend = BackendKind::CPU;
    c.threads = 1;
    c.setup = AnySetup(st);
    d3q19::parameters().derive(c.setup);
    if (!duct)
      c.solids = std::make_shared<plume::test::SitesWhere>([](int x, int y, int z) {
        return (x + y + z) % 7 == 0 && z > 2 && z < 9 && (x < 3 || x > 6);  // sheets across seams and sides
      });
    const int with_z_tiles = expect_every_tiling_is_one_process(
        *world, c, steps, d3q19::D3Q19::reach, open ? "open duct" : duct ? "duct" : "periodic with solids");
    if (world->size() > 1) EXPECT_GT(with_z_tiles, 0) << "no tiling along z was tried";
  }
}

// A model that is no lattice Boltzmann model through the same decomposition and halo code: the
// diffusion stencil reads T at every axis neighbour, so T crosses every face (a halo plan of its
// reads, not of velocities). A hot blob where the tiles meet and a sine mode, on a 2-D lattice
// (5-point stencil) and a 3-D one (7-point) tiled along x, y and z, periodic and between fixed-value
// walls (on y, and on z in 3-D), equal to one process bit for bit.
TEST(Distributed, DiffusionOnEveryTilingInXYAndZGivesTheOneProcessTBitForBit) {
  const long steps = 40;
  for (int nz : {1, 17})
    for (diffusion::Start start : {diffusion::Start::Blob, diffusion::Start::Sine}) {
      const bool walls = start == diffusion::Start::Sine;
      diffusion::Setup st;
      st.physics.walls_y = walls;
      st.physics.walls_z = walls && nz > 1;
      st.physics.y_low = 1.0;
      st.physics.y_high = -0.5;
      st.physics.z_low = 0.25;
      st.physics.z_high = 2.0;
      st.physics.kappa = nz > 1 ? 0.15 : 0.2;
      st.initial.start = start;
      st.initial.width = 5.0;
      st.initial.k[0] = 3;
      st.initial.k[1] = 2;
      st.initial.k[2] = 1;
      SolverConfig c;
      c.model = "diffusion";
      c.nx = nz > 1 ? 23 : 63;  // uneven splits
      c.ny = nz > 1 ? 19 : 51;
      c.nz = nz;
      c.backend = BackendKind::CPU;
      c.threads = 1;
      c.setup = AnySetup(st);
      // Every way to cut the lattice into the job's ranks: along z too in 3-D.
      expect_every_tiling_is_one_process(*world, c, steps, 1, nz > 1 ? "3-D" : "2-D");
    }
}

// 3-D thermal convection (26 planes: D3Q19 and D3Q7) on every tiling of the job into x, y and z
// tiles, equal to one process bit for bit: Rayleigh-Benard above onset, with a perturbation along
// x and y, so that flow and heat cross every seam and the walls' layers lie in z tiles.
TEST(Distributed, Thermal3dOnEveryTilingWithZTilesGivesTheOneProcessPopulationsBitForBit) {
  const long steps = 120;
  thermal3d::Setup st;
  st.physics.collision = thermal3d::Collision::TRT;
  st.physics.reference = {5000, 1, 12, 0.1, 0};
  st.initial.amplitude = 0.05;
  st.initial.kx = st.initial.ky = 1;
  SolverConfig c;
  c.model = "thermal3d";
  c.nx = 12, c.ny = 12, c.nz = 12;  // 3 sites per tile at least: 4 tiles along any axis
  c.setup = AnySetup(st);
  thermal3d::parameters().derive(c.setup);
  expect_every_tiling_is_one_process(*world, c, steps, thermal3d::D3Q19D3Q7::reach, "Rayleigh-Benard");
}

// D2Q9 with solid sites on every tiling, equal to one process bit for bit: a cylinder and a block
// that straddle the tiles' seams, with half-way and interpolated bounce-back in a Zou-He channel
// (x not periodic), with interpolated bounce-back in a periodic box driven by a body force (a
// second cylinder across the periodic side), and with full-way bounce-back under the seed-001
// driving (periodic); then solids drawn and erased across the seams while the flow runs (the
// links of interpolated walls follow).
TEST(Distributed, D2Q9WithSolidsOnEveryTilingGivesTheOneProcessPopulationsBitForBit) {
  const long steps = 120;
  auto solids = std::make_shared<geometry::Solids>();
  solids->add(std::make_shared<geometry::Circle>(31.3, 25.6, 7.2));
  solids->add(std::make_shared<geometry::Rectangle>(0, 0, 63, 1));  // a wall row, through the x seams
  solids->add(std::make_shared<geometry::Rectangle>(45, 10, 53, 40));
  auto periodic_solids = std::make_shared<geometry::Solids>(*solids);
  periodic_solids->add(std::make_shared<geometry::Circle>(61.8, 44.3, 4.6));
  enum Case { Channel, InterpolatedChannel, InterpolatedPeriodic, Seed001 };
  const char* names[] = {"channel", "channel, interpolated walls", "periodic, interpolated walls",
                         "seed-001 driving"};
  for (Case which : {Channel, InterpolatedChannel, InterpolatedPeriodic, Seed001}) {
    const bool channel = which == Channel || which == InterpolatedChannel;
    d2q9::Setup st = channel ? ::channel() : d2q9::Setup{};
    if (which == InterpolatedChannel) st.physics.bounce = d2q9::Bounce::Interpolated;
    if (!channel) {
      st.physics.collision = d2q9::Collision::BGK;
      st.initial.start = d2q9::Start::Uniform;
    }
    if (which == InterpolatedPeriodic) {
      st.physics.bounce = d2q9::Bounce::Interpolated;
      st.physics.fx = 2e-5;
      st.physics.fy = 1e-5;
      st.initial.ux = 0.03;
    } else if (which == Seed001) {
      st.physics.bounce = d2q9::Bounce::FullWay;
      st.physics.tau = 1 / 1.85;
      st.physics.accelerate.row = 49;
      st.physics.accelerate.a = 0.005;
      st.initial.rho = 0.1;
    }
    const SolverConfig c = d2q9_case(st, which == InterpolatedPeriodic ? periodic_solids : solids);
    const auto run = [&](Solver& s) {
      s.initialize();
      s.advance(steps);
      s.edit_solids(Box{20, 43, 24, 28, 0, 1}, true);   // across the x seam and the y seams
      s.advance(20);
      s.edit_solids(Box{28, 35, 20, 32, 0, 1}, false);  // erase through the cylinder
      s.advance(20);
    };
    std::vector<double> one;
    if (world->rank() == 0) {
      Solver s(c);
      run(s);
      one = s.populations();
    }
    for (const Tiling t : tilings_of(world->size(), c, d2q9::D2Q9::reach)) {
      SolverConfig k = c;
      k.tiles = t;
      Solver s(k, *world);
      run(s);
      const std::vector<double> global = s.checkpoint_out().populations;
      if (s.communicator().rank() == 0)
        EXPECT_EQ(first_difference(global, one, c.nx, c.ny), "")
            << s.decomposition().describe() << ", " << names[which];
    }
  }
}

TEST(Distributed, D2Q9SolidsDrawnBeforeACheckpointSurviveARestartOnAnyTiling) {
  // Checkpoints are gathered on rank 0 (io::save_checkpoint): the mask too, drawn sites included;
  // a restart on any tiling scatters it with the populations.
  const SolverConfig c = d2q9_case(channel(), std::make_shared<geometry::Circle>(31.3, 25.6, 7.2));
  const long after = 40;
  const auto draw = [&](Solver& s) {
    s.initialize();
    s.advance(60);
    s.edit_solids(Box{20, 43, 24, 28, 0, 1}, true);   // across the x seam and the y seams
    s.edit_solids(Box{28, 35, 20, 32, 0, 1}, false);  // erase through the cylinder
    s.advance(20);
  };
  std::vector<double> one;
  if (world->rank() == 0) {
    Solver s(c);
    draw(s);
    s.advance(after);
    one = s.populations();
  }
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("plume_mpi_solids_" + std::to_string(::getpid()) + ".ckpt")).string();  // rank 0's
  const std::vector<Tiling> tilings = tilings_of(world->size(), c, d2q9::D2Q9::reach);
  for (std::size_t i = 0; i < tilings.size(); ++i) {
    SolverConfig k = c;
    k.tiles = tilings[i];
    {
      Solver s(k, *world);
      draw(s);
      io::save_checkpoint(path, s, "model = \"d2q9\"\n");
    }
    // Restarted on another tiling (the next one), set up from the configuration alone.
    k.tiles = tilings[(i + 1) % tilings.size()];
    Solver r(k, *world);
    io::restore_checkpoint(path, r, k);
    r.advance(after);
    const std::vector<double> global = r.checkpoint_out().populations;
    if (r.communicator().rank() == 0)
      EXPECT_EQ(first_difference(global, one, c.nx, c.ny), "")
          << "written on " << to_string(tilings[i]) << ", restarted on " << r.decomposition().describe();
  }
  if (world->rank() == 0) {
    // And on one process, from the last file.
    Solver r(c);
    io::restore_checkpoint(path, r, c);
    r.advance(after);
    EXPECT_EQ(first_difference(r.populations(), one, c.nx, c.ny), "") << "restarted on one process";
    std::filesystem::remove(path);
  }
}

// In-place streaming (plume/grid/planes.hpp) through the decomposition: after a step that
// leaves each border site's populations in the halos, the next exchange returns them to the
// tiles they belong to (z, then y, then x). Every lattice Boltzmann case of the in-place tests
// (tests/physics/in_place_cases.hpp: walls, solids across the seams, the seed-001 driving, Zou-He
// ends, moving walls, an open duct, thermal3d) after an odd number of steps, and with sites
// painted and solids drawn after odd steps, on every tiling of the job, with and without
// overlap: the one-process in-place run bit for bit (which is the two-buffer run's:
// tests/physics/test_in_place.cpp).
TEST(Distributed, InPlaceStreamingOnEveryTilingGivesTheOneProcessPopulationsBitForBit) {
  int with_z_tiles = 0;
  for (const test::ModelCase& mc : test::lbm_cases(Precision::FP64)) {
    SolverConfig c = test::in_place(mc.config);
    c.threads = 1;  // up to 4 ranks share 2 cores
    const int reach = c.model->lattice().reach;
    with_z_tiles += expect_every_tiling_is_one_process(*world, c, 41, reach, "in place, " + mc.what);
    expect_every_tiling_is_one_process(*world, c, 0, reach, "in place, painted and drawn, " + mc.what,
                                       {TransportKind::Auto}, test::paint_and_draw);
  }
  if (world->size() > 1) EXPECT_GT(with_z_tiles, 0) << "no tiling along z was tried";
}

TEST(DistributedErrors, ANonFiniteValueOnOneRankIsReportedByEveryRank) {
  SolverConfig c = small_case(true, Precision::FP64);
  Solver s(c, *world);
  s.initialize();
  s.advance(2);
  const int last = world->size() - 1;
  if (world->rank() == last) {
    std::vector<double> f = s.populations();
    const std::size_t k = std::size_t(s.domain().nx) * (s.domain().ny / 2) + 4;  // site (4, ny/2)
    f[k] = std::nan("");
    s.set_populations(f, s.step());
  }
  s.advance(1);
  Fields F;
  s.snapshot().fields(F);
  // Every rank learns of the fault, at the same global site: the one the last rank holds.
  const auto fault = io::find_fault(F, s.domain(), *world, s.step());
  ASSERT_TRUE(fault.has_value()) << "no fault seen on rank " << world->rank();
  EXPECT_EQ(fault->step, 3);
  const Domain& d = s.decomposition().domain(last);
  // Within the lattice's reach of the poisoned site (a step spreads it that far).
  EXPECT_LE(std::abs(fault->x - (d.x0 + 4)), 3);
  EXPECT_LE(std::abs(fault->y - (d.y0 + d.ny / 2)), 3);
  // The same site on every rank.
  long long where[2] = {fault->x, fault->y}, lo[2] = {where[0], where[1]};
  world->allreduce(where, 2, ReduceOp::Max);
  world->allreduce(lo, 2, ReduceOp::Min);
  EXPECT_EQ(where[0], lo[0]);
  EXPECT_EQ(where[1], lo[1]);
}

// The diagnostics' row sums and the fault computed where the populations are and combined over
// the ranks (Snapshot::diagnostic_sums, Snapshot::find_fault) equal io's from the same local fields,
// every model on the job's tiling: rows summed alone and then over the ranks, extremes exact, the
// first bad site of the lattice with the count of all.
TEST(Distributed, TheSolversReductionsAreIosOnEveryModel) {
  for (const test::ModelCase& mc : test::every_model_case()) {
    SolverConfig c = mc.config;
    c.threads = 1;
    Solver s(c, *world);
    s.initialize();
    s.advance(6);
    const int last = world->size() - 1;
    if (world->rank() == last) {  // a NaN site on the last rank only
      std::vector<double> f = s.populations();
      const Domain& d = s.domain();
      test::poison_site(f, d, d.nx / 2, d.ny / 2, d.nz / 2, 0.0, std::nan(""));
      s.set_populations(f, s.step());
    }
    Fields F;
    s.snapshot().fields(F);
    const RowSums mine = s.snapshot().diagnostic_sums();
    io::PartialSums theirs = io::partial_sums(F, s.domain());
    allreduce_row_sums(theirs, *world);
    const auto fault = s.snapshot().find_fault();
    const auto io_fault = io::find_fault(F, s.domain(), *world, s.step());
    const auto bits = [](const std::vector<double>& a, const std::vector<double>& b) {
      return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
    };
    for (std::size_t k = 0; k < mine.field.size(); ++k) EXPECT_TRUE(bits(mine.field[k], theirs.field[k])) << mc.what;
    for (std::size_t q = 0; q < mine.own.size(); ++q) EXPECT_TRUE(bits(mine.own[q], theirs.own[q])) << mc.what;
    EXPECT_TRUE(bits(mine.sites, theirs.sites)) << mc.what;
    EXPECT_EQ(mine.min, theirs.min) << mc.what;
    EXPECT_EQ(mine.max, theirs.max) << mc.what;
    EXPECT_EQ(mine.any, theirs.any) << mc.what;
    EXPECT_TRUE(fault.has_value() && io_fault.has_value()) << mc.what << " on rank " << world->rank();
    if (fault && io_fault) {
      EXPECT_EQ(fault->x, io_fault->x) << mc.what;
      EXPECT_EQ(fault->y, io_fault->y) << mc.what;
      EXPECT_EQ(fault->z, io_fault->z) << mc.what;
      EXPECT_EQ(fault->field, io_fault->field) << mc.what;
      EXPECT_EQ(fault->count, io_fault->count) << mc.what;
      EXPECT_EQ(fault->step, io_fault->step) << mc.what;
    }
  }
}

TEST(DistributedErrors, ScatteringTheWrongNumberOfValuesFailsOnEveryRank) {
  SolverConfig c = small_case(true, Precision::FP64);
  Solver s(c, *world);
  EXPECT_THROW(s.checkpoint_in({0, std::vector<double>(10, 1.0), {}}), CollectiveError);
}

int main(int argc, char** argv) {
  MpiSession mpi(argc, argv);
  world = &mpi.world();
  return run_on_every_rank(*world, argc, argv);
}

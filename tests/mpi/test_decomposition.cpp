// The arithmetic of a decomposition, without MPI: tiles, neighbours, halo plans, bulk and
// borders, the performance model's choice of tiling, and what the stepper of one tile asks of
// its backend.
#include <gtest/gtest.h>
#include <array>
#include <memory>
#include <set>
#include <vector>
#include "d2q37/lattice.hpp"
#include "parallel/tile_stepper.hpp"
#include "plume/grid/planes.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "plume/parallel/perf_model.hpp"

using namespace plume;
using namespace plume::parallel;

namespace {
constexpr int R = d2q37::D2Q37::reach;
const LatticeInfo kD2Q37 = describe_lattice<d2q37::D2Q37>();

// A 2-D lattice, periodic in x, and in y when `periodic_y`.
Decomposition plane(int NX, int NY, Tiling t, bool periodic_y) {
  return Decomposition(Domain::whole(NX, NY), t, {true, periodic_y, false}, R);
}
std::string plane_problem(int NX, int NY, Tiling t) { return tiling_problem(Domain::whole(NX, NY), t, R); }
Tiling choose(int NX, int NY, int ranks, const MachineModel& m) {
  return choose_tiling(Domain::whole(NX, NY), ranks, {true, false, false}, kD2Q37, m, true);
}

// A 3-D lattice for the tests of the z direction: the 6 neighbours and the 12 edge neighbours of
// a site, reach 1 (D3Q19's velocity set).
struct D3Q19Set {
  static constexpr const char* name = "D3Q19";
  static constexpr int D = 3, Q = 19, reach = 1;
  static constexpr int e(int i, int a) {
    constexpr int t[Q][3] = {{0, 0, 0},  {1, 0, 0},  {-1, 0, 0}, {0, 1, 0},   {0, -1, 0},  {0, 0, 1},  {0, 0, -1},
                             {1, 1, 0},  {-1, -1, 0}, {1, -1, 0}, {-1, 1, 0},  {1, 0, 1},   {-1, 0, -1}, {1, 0, -1},
                             {-1, 0, 1}, {0, 1, 1},  {0, -1, -1}, {0, 1, -1}, {0, -1, 1}};
    return t[i][a];
  }
};

// A stencil that is no lattice of velocities: one plane, read at the site and at its six axis
// neighbours (the 7-point diffusion stencil's reads).
struct Stencil7 {
  static constexpr const char* name = "7-point";
  static constexpr int D = 3, Q = 1, reach = 1;
  static constexpr int e(int, int) { return 0; }
  static constexpr int reads(int) { return 7; }
  static constexpr int read(int, int k, int a) {
    constexpr int t[7][3] = {{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    return t[k][a];
  }
};

MachineModel machine(double site_rate, double row_overhead, double launch, double B0, double t0) {
  MachineModel m;
  m.site_rate = site_rate;
  m.row_overhead = row_overhead;
  m.launch_overhead = launch;
  m.link_bandwidth = B0;
  m.link_latency = t0;
  return m;
}
}  // namespace

TEST(Decomposition, SplitsDifferByAtMostOneAndCoverTheRange) {
  for (int n : {7, 50, 63, 1000})
    for (int parts = 1; parts <= 9 && parts <= n; ++parts) {
      int next = 0, lo = n, hi = 0;
      for (int k = 0; k < parts; ++k) {
        const Range r = split(n, parts, k);
        EXPECT_EQ(r.begin, next) << n << " in " << parts;
        next += r.size;
        lo = std::min(lo, r.size);
        hi = std::max(hi, r.size);
      }
      EXPECT_EQ(next, n);
      EXPECT_LE(hi - lo, 1);
    }
}

TEST(Decomposition, TilesCoverEverySiteOnce) {
  for (const Tiling t : {Tiling{1, 1}, Tiling{3, 1}, Tiling{1, 4}, Tiling{2, 3}, Tiling{4, 2}}) {
    const Decomposition d = plane(63, 51, t, false);
    std::vector<int> hits(63 * 51, 0);
    for (int r = 0; r < d.ranks(); ++r) {
      const Domain dom = d.domain(r);
      EXPECT_EQ(dom.NX, 63);
      EXPECT_EQ(dom.NY, 51);
      EXPECT_EQ(r, d.rank_of(d.tile(r, 0), d.tile(r, 1)));
      EXPECT_EQ(dom.nz, 1);
      for (int y = 0; y < dom.ny; ++y)
        for (int x = 0; x < dom.nx; ++x) ++hits[(dom.y0 + y) * 63 + dom.x0 + x];
    }
    for (int h : hits) ASSERT_EQ(h, 1) << to_string(t);
  }
}

TEST(Decomposition, NeighboursArePeriodicInXAndWalledInY) {
  const Decomposition walls = plane(63, 51, Tiling{3, 2}, false);
  // Tile (0, 0): left neighbour is the rightmost tile of its row; nothing below, tile (0, 1) above.
  Neighbours nb = walls.neighbours(walls.rank_of(0, 0));
  EXPECT_EQ(nb[XLow].link, Link::Remote);
  EXPECT_EQ(nb[XLow].rank, walls.rank_of(2, 0));
  EXPECT_EQ(nb[XHigh].rank, walls.rank_of(1, 0));
  EXPECT_EQ(nb[YLow].link, Link::None);
  EXPECT_EQ(nb[YHigh].link, Link::Remote);
  EXPECT_EQ(nb[YHigh].rank, walls.rank_of(0, 1));
  nb = walls.neighbours(walls.rank_of(2, 1));
  EXPECT_EQ(nb[XHigh].rank, walls.rank_of(0, 1));
  EXPECT_EQ(nb[YHigh].link, Link::None);
  EXPECT_EQ(nb[YLow].rank, walls.rank_of(2, 0));

  const Decomposition periodic = plane(63, 51, Tiling{1, 2}, true);
  nb = periodic.neighbours(0);
  EXPECT_EQ(nb[XLow].link, Link::Self);  // one tile across x: its own neighbour
  EXPECT_EQ(nb[YLow].link, Link::Remote);
  EXPECT_EQ(nb[YLow].rank, 1);  // two tiles across periodic y: both faces face the other tile
  EXPECT_EQ(nb[YHigh].rank, 1);

  const Decomposition single = plane(63, 51, Tiling{2, 1}, true);
  EXPECT_EQ(single.neighbours(1)[YLow].link, Link::Self);
  EXPECT_EQ(plane(63, 51, Tiling{2, 1}, false).neighbours(1)[YHigh].link, Link::None);
}

TEST(Decomposition, TilesSmallerThanTwiceTheReachPlusOneAreRefusedByName) {
  EXPECT_EQ(plane_problem(63, 51, Tiling{9, 7}), "");  // 7 x 7..8
  const std::string p = plane_problem(62, 51, Tiling{9, 1});
  EXPECT_NE(p.find("62x51 lattice"), std::string::npos) << p;
  EXPECT_NE(p.find("tile x=8 is 6 sites wide"), std::string::npos) << p;  // 62 = 8 x 7 + 6
  EXPECT_NE(p.find("at least 7"), std::string::npos) << p;
  const std::string q = plane_problem(63, 20, Tiling{1, 3});
  EXPECT_NE(q.find("tall"), std::string::npos) << q;
  EXPECT_THROW(plane(20, 20, Tiling{3, 1}, false), std::invalid_argument);
  // A single tile across a direction keeps any size, as one process does.
  EXPECT_EQ(plane_problem(5, 40, Tiling{1, 2}), "");
}

TEST(Decomposition, TilingsParseFromText) {
  EXPECT_EQ(parse_tiling("2x3").px, 2);
  EXPECT_EQ(parse_tiling("2x3").py, 3);
  EXPECT_TRUE(parse_tiling("auto").automatic());
  for (const char* bad : {"", "2", "x2", "2x", "2x0", "ax2", "-1x2"})
    EXPECT_THROW(parse_tiling(bad), std::invalid_argument) << bad;
  EXPECT_EQ(to_string(Tiling{4, 1}), "4x1");
}

TEST(HaloPlan, OnlyTheCrossingPopulationsTravel26PerRowPerSide) {
  static_assert(describe_lattice<d2q37::D2Q37>().crossing[0] == 26, "15 + 8 + 3");
  static_assert(describe_lattice<d2q37::D2Q37>().crossing[2] == 0, "nothing crosses z in 2-D");
  const Decomposition d = plane(63, 51, Tiling{2, 2}, false);
  const Domain dom = d.domain(0);
  const HaloPlan plan = make_halo_plan(kD2Q37, dom, d.neighbours(0));
  for (Face f : {XLow, XHigh, YHigh}) {
    const FacePlan& fp = plan.face[f];
    ASSERT_EQ(fp.send.size(), 26u) << face_name(f);
    ASSERT_EQ(fp.recv.size(), 26u) << face_name(f);
    const int axis = axis_of(f), out = (f & 1) ? 1 : -1, n = axis == 0 ? dom.nx : dom.ny;
    for (std::size_t k = 0; k < fp.send.size(); ++k) {
      const int i = fp.send[k].pop;
      const int e = axis == 0 ? d2q37::D2Q37::ex(i) : d2q37::D2Q37::ey(i);
      // depth of the boundary layer it leaves from: it must reach the neighbour
      const int depth = out > 0 ? n - fp.send[k].layer : fp.send[k].layer + 1;
      EXPECT_GE(e * out, depth) << face_name(f) << " slab " << k;
    }
  }
  EXPECT_EQ(plan.face[YLow].send.size(), 0u);  // the bottom wall: nothing travels
  EXPECT_EQ(plan.face[XLow].length[0], dom.ny);
  EXPECT_EQ(plan.face[XLow].length[1], 1);
  EXPECT_EQ(plan.face[YHigh].length[0], dom.nx + 2 * R);  // whole rows: the x halos carry the corners
  EXPECT_EQ(plan.face[XHigh].values(), std::size_t(26) * dom.ny);
}

TEST(HaloPlan, WhatOneFaceSendsIsWhatTheOppositeFaceReceivesSlabBySlab) {
  const Decomposition d = plane(63, 51, Tiling{2, 2}, true);
  for (int r = 0; r < d.ranks(); ++r) {
    const HaloPlan mine = make_halo_plan(kD2Q37, d.domain(r), d.neighbours(r));
    for (int f = 0; f < kFaces; ++f) {
      const Neighbour peer = mine.face[f].peer;
      if (axis_of(Face(f)) == 2) {
        EXPECT_EQ(peer.link, Link::None) << "a 2-D lattice has no z neighbours";
        continue;
      }
      const HaloPlan theirs = make_halo_plan(kD2Q37, d.domain(peer.rank), d.neighbours(peer.rank));
      const FacePlan& s = mine.face[f];
      const FacePlan& t = theirs.face[opposite(Face(f))];
      ASSERT_EQ(s.send.size(), t.recv.size());
      EXPECT_EQ(s.length, t.length);
      const int axis = axis_of(Face(f));
      const int n_mine = axis == 0 ? d.domain(r).nx : d.domain(r).ny;
      const int n_theirs = axis == 0 ? d.domain(peer.rank).nx : d.domain(peer.rank).ny;
      for (std::size_t k = 0; k < s.send.size(); ++k) {
        EXPECT_EQ(s.send[k].pop, t.recv[k].pop);
        // The same global layer: the receiver's halo layer is the sender's boundary layer.
        const int from = s.send[k].layer, into = t.recv[k].layer;
        if (f & 1)
          EXPECT_EQ(from - n_mine, into) << "slab " << k;
        else
          EXPECT_EQ(from, into - n_theirs) << "slab " << k;
      }
    }
  }
}

TEST(StepRegions, BulkAvoidsOnlyTheHalosThatArriveDuringTheStepAndBordersCompleteTheTile) {
  const Decomposition d = plane(63, 51, Tiling{2, 3}, false);
  for (int r = 0; r < d.ranks(); ++r) {
    const Domain dom = d.domain(r);
    const Neighbours nb = d.neighbours(r);
    const StepRegions reg = step_regions(dom, nb, R);
    EXPECT_EQ(reg.bulk.x0, R);  // x is remote in a 2-wide tiling
    EXPECT_EQ(reg.bulk.x1, dom.nx - R);
    EXPECT_EQ(reg.bulk.y0, nb[YLow].link == Link::None ? 0 : R);  // no halo at a wall
    EXPECT_EQ(reg.bulk.y1, nb[YHigh].link == Link::None ? dom.ny : dom.ny - R);
    std::vector<int> hits(std::size_t(dom.nx) * dom.ny, 0);
    std::vector<Box> boxes = reg.borders;
    boxes.push_back(reg.bulk);
    for (const Box& b : boxes)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) ++hits[std::size_t(y) * dom.nx + x];
    for (int h : hits) ASSERT_EQ(h, 1);
  }
  // One tile across x: the periodic copy happens before the bulk, which spans whole rows.
  const Decomposition rows = plane(63, 51, Tiling{1, 3}, false);
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R).bulk.x0, 0);
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R).borders.size(), 2u);
  // One tile across periodic y with x remote: the y copy waits for the x corners.
  const Decomposition cols = plane(63, 51, Tiling{3, 1}, true);
  EXPECT_EQ(step_regions(cols.domain(0), cols.neighbours(0), R).bulk.y0, R);
  // Returning pushed values (in-place streaming) the axes go the other way round: now the x copy
  // of the row tiles comes after the y messages and the y copy of the column tiles before the x
  // ones.
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R, true).bulk.x0, R);
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R, true).borders.size(), 4u);
  EXPECT_EQ(step_regions(cols.domain(0), cols.neighbours(0), R, true).bulk.y0, 0);
}

TEST(PerfModel, StepTimeIsTheOverlapOrTheSumOfItsParts) {
  const MachineModel m = machine(1e8, 8, 2e-6, 1e9, 5e-6);
  const Decomposition d = plane(64, 64, Tiling{2, 2}, false);
  const StepPrediction p = predict_step(d, kD2Q37, m, true);
  // Every tile is 32x32 with a wall on one side: bulk 26 wide (x remote) x 29 tall.
  EXPECT_DOUBLE_EQ(p.bulk, 2e-6 + 29 * (26 + 8) / 1e8);
  // x phase: two faces of 26 x 32 values; y phase: one face of 26 x (32 + 6) values.
  const double x_bytes = 2.0 * 26 * 32 * 8, y_bytes = 26.0 * 38 * 8;
  EXPECT_DOUBLE_EQ(p.halo_bytes, x_bytes + y_bytes);
  EXPECT_EQ(p.messages, 3);
  EXPECT_DOUBLE_EQ(p.comm, 2 * 5e-6 + (x_bytes + y_bytes) / 1e9);
  // Borders: the top strip 32 x 3, the side strips 3 x 29.
  EXPECT_DOUBLE_EQ(p.border, 3 * 2e-6 + (3 * (32 + 8) + 2 * 29 * (3 + 8)) / 1e8);
  EXPECT_DOUBLE_EQ(p.step, std::max(p.bulk, p.comm) + p.border);
  const StepPrediction serial = predict_step(d, kD2Q37, m, false);
  EXPECT_DOUBLE_EQ(serial.bulk, 2e-6 + 32 * (32 + 8) / 1e8);  // one box, the whole tile
  EXPECT_DOUBLE_EQ(serial.step, serial.bulk + p.comm);
  EXPECT_DOUBLE_EQ(effective_bandwidth(1e6, 1e9, 1e-3), 0.5e9);  // s/B0 = t0: half of B0
}

// A GPU's borders run beside the bulk once the halos are in: the bulk then shares the device with
// the borders' site updates, and the step ends when the later of the two ends.
TEST(PerfModel, BordersBesideTheBulkAddTheirSitesToItAndFollowTheExchange) {
  // A fast network: the halos are in long before the bulk ends.
  MachineModel m = machine(1e8, 8, 2e-6, 1e12, 1e-7);
  const Decomposition d = plane(64, 64, Tiling{2, 2}, false);
  const StepPrediction after = predict_step(d, kD2Q37, m, true);
  m.borders_beside_bulk = true;
  const StepPrediction beside = predict_step(d, kD2Q37, m, true);
  // Three border boxes (the top strip and two side strips): their work without the launches.
  const double work = after.border - 3 * 2e-6;
  EXPECT_DOUBLE_EQ(beside.step, after.bulk + work);
  EXPECT_GT(after.bulk + work, after.comm + after.border);
  EXPECT_LT(beside.step, after.step);  // the launches of the borders hide behind the bulk
  // A slow network: the borders wait for it, and follow it.
  m.link_bandwidth = 1e6;
  const StepPrediction slow = predict_step(d, kD2Q37, m, true);
  EXPECT_DOUBLE_EQ(slow.step, slow.comm + slow.border);
  EXPECT_GT(slow.comm, slow.bulk);
  // Without overlap nothing runs beside anything.
  EXPECT_DOUBLE_EQ(predict_step(d, kD2Q37, m, false).step, predict_step(d, kD2Q37, m, false).bulk + slow.comm);
}

TEST(PerfModel, AutomaticTilingKeepsRowsLongUntilHaloBytesCostMoreThanShorterRows) {
  const MachineModel m = machine(5e9, 16, 3e-6, 1e10, 5e-6);
  // Few ranks on a tall lattice: cutting rows only adds halo messages and row overheads.
  EXPECT_EQ(to_string(choose(1024, 4096, 4, m)), "1x4");
  // Many ranks on a square lattice: 1-D strips send whole 4096-site rows; 2-D tiles send less.
  const Tiling many = choose(4096, 4096, 256, m);
  EXPECT_GT(many.px, 1);
  EXPECT_GT(many.py, 1);
  // The choice is the fastest of the candidates.
  const std::vector<TilingChoice> all = rank_tilings(Domain::whole(4096, 4096), 256, {true, false, false}, kD2Q37, m, true);
  for (const TilingChoice& c : all) EXPECT_LE(all.front().prediction.step, c.prediction.step);
  EXPECT_THROW(choose(20, 20, 7, m), std::invalid_argument);
  for (const TilingChoice& c : all) EXPECT_EQ(c.tiling.pz, 1) << "a 2-D lattice is one tile thick";
}

// --- three dimensions -------------------------------------------------------------------------

TEST(Decomposition3D, TilesOfEveryAxisCoverEverySiteOnceAndNeighboursCloseRings) {
  const Domain g = Domain::whole(13, 11, 9);
  EXPECT_EQ(parse_tiling("2x3x4").pz, 4);
  EXPECT_EQ(to_string(Tiling{2, 1, 3}), "2x1x3");
  for (const Tiling t : {Tiling{1, 1, 3}, Tiling{2, 1, 2}, Tiling{1, 3, 3}, Tiling{2, 2, 2}}) {
    const Decomposition d(g, t, {true, false, true}, 1);
    std::vector<int> hits(13 * 11 * 9, 0);
    for (int r = 0; r < d.ranks(); ++r) {
      const Domain dom = d.domain(r);
      EXPECT_EQ(r, d.rank_of(d.tile(r, 0), d.tile(r, 1), d.tile(r, 2)));
      for (int z = 0; z < dom.nz; ++z)
        for (int y = 0; y < dom.ny; ++y)
          for (int x = 0; x < dom.nx; ++x) ++hits[((dom.z0 + z) * 11 + dom.y0 + y) * 13 + dom.x0 + x];
      const Neighbours nb = d.neighbours(r);
      // z periodic: every tile has both z neighbours, themselves across the ring when pz = 1.
      for (Face f : {ZLow, ZHigh}) {
        EXPECT_EQ(nb[f].link, t.pz == 1 ? Link::Self : Link::Remote) << to_string(t);
        if (t.pz > 1) {
          EXPECT_EQ(d.tile(nb[f].rank, 0), d.tile(r, 0));
          EXPECT_EQ(d.tile(nb[f].rank, 1), d.tile(r, 1));
          EXPECT_EQ(d.tile(nb[f].rank, 2), (d.tile(r, 2) + (f == ZHigh ? 1 : t.pz - 1)) % t.pz);
        }
      }
      // y bounded: no neighbour below the first row of tiles.
      if (d.tile(r, 1) == 0) EXPECT_EQ(nb[YLow].link, Link::None);
    }
    for (int h : hits) ASSERT_EQ(h, 1) << to_string(t);
  }
  // A 2-D lattice is never cut or wrapped in z.
  const Decomposition flat(Domain::whole(13, 11), Tiling{1, 1, 1}, {true, true, true}, 1);
  EXPECT_EQ(flat.neighbours(0)[ZLow].link, Link::None);
  EXPECT_NE(tiling_problem(Domain::whole(13, 11), Tiling{1, 1, 2}, 1), "");
}

TEST(HaloPlan3D, FacesCarryEarlierAxesHalosAndMatchTheirOppositeSlabBySlab) {
  const Decomposition d(Domain::whole(12, 10, 8), Tiling{2, 2, 2}, {true, true, true}, 1);
  constexpr LatticeInfo info = describe_lattice<D3Q19Set>();
  static_assert(info.crossing[0] == 5 && info.crossing[1] == 5 && info.crossing[2] == 5, "5 of 19 cross a face");
  for (int r = 0; r < d.ranks(); ++r) {
    const Domain dom = d.domain(r);
    const HaloPlan mine = make_halo_plan(info, dom, d.neighbours(r));
    // x: interior y and z; y: x with halos, interior z; z: x and y with halos.
    EXPECT_EQ(mine.face[XLow].length[0], dom.ny);
    EXPECT_EQ(mine.face[XLow].length[1], dom.nz);
    EXPECT_EQ(mine.face[YLow].begin[0], -1);
    EXPECT_EQ(mine.face[YLow].length[0], dom.nx + 2);
    EXPECT_EQ(mine.face[YLow].length[1], dom.nz);
    EXPECT_EQ(mine.face[ZHigh].length[0], dom.nx + 2);
    EXPECT_EQ(mine.face[ZHigh].length[1], dom.ny + 2);
    for (int f = 0; f < kFaces; ++f) {
      const Neighbour peer = mine.face[f].peer;
      ASSERT_EQ(peer.link, Link::Remote);
      const HaloPlan theirs = make_halo_plan(info, d.domain(peer.rank), d.neighbours(peer.rank));
      const FacePlan& s = mine.face[f];
      const FacePlan& t = theirs.face[opposite(Face(f))];
      ASSERT_EQ(s.send.size(), 5u);
      ASSERT_EQ(s.send.size(), t.recv.size());
      EXPECT_EQ(s.length, t.length) << face_name(Face(f));
      for (std::size_t k = 0; k < s.send.size(); ++k) EXPECT_EQ(s.send[k].pop, t.recv[k].pop);
    }
  }
  // The bulk of a tile with every face remote keeps one site from each face; six borders
  // complete it, each site once.
  const Domain dom = d.domain(0);
  const StepRegions reg = step_regions(dom, d.neighbours(0), 1);
  EXPECT_EQ(reg.bulk.z0, 1);
  EXPECT_EQ(reg.bulk.z1, dom.nz - 1);
  EXPECT_EQ(reg.borders.size(), 6u);
  std::vector<int> hits(std::size_t(dom.sites()), 0);
  std::vector<Box> boxes = reg.borders;
  boxes.push_back(reg.bulk);
  for (const Box& b : boxes)
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) ++hits[(std::size_t(z) * dom.ny + y) * dom.nx + x];
  for (int h : hits) ASSERT_EQ(h, 1);
}

// A transport that copies faces state to state (cuda-ipc) moves each slab of a y or z face as one
// 2-D region: its rows must be exactly the positions the packing kernel would move, in its order.
TEST(HaloPlan3D, FacesAlongYAndZAreRegionsOfTheSitesTheirSlabsHold) {
  constexpr LatticeInfo info = describe_lattice<D3Q19Set>();
  const Decomposition d(Domain::whole(13, 11, 9), Tiling{2, 2, 2}, {true, true, true}, 1);
  for (const std::size_t bytes : {std::size_t(4), std::size_t(8)})
    for (int r = 0; r < d.ranks(); ++r) {
      const Domain dom = d.domain(r);
      const Layout l = make_layout(dom.nx, dom.ny, dom.nz, info.halo(0), info.halo(2), info.Q, bytes);
      const PlaneOffsets plane = plane_offsets(info, l, PlaneMap::Plain);
      const HaloPlan plan = make_halo_plan(info, dom, d.neighbours(r));
      for (int f = 0; f < kFaces; ++f) {
        const FacePlan& fp = plan.face[f];
        const int axis = axis_of(Face(f));
        DirectSlabs ds;
        ASSERT_EQ(direct_slabs(l, fp, axis, plane.at, bytes, ds), axis != 0) << face_name(Face(f));
        if (axis == 0) continue;
        EXPECT_FALSE(ds.any()) << "the state buffers are the caller's to give";
        ASSERT_EQ(ds.send.size(), fp.send.size());
        ASSERT_EQ(ds.recv.size(), fp.recv.size());
        EXPECT_EQ(ds.rows * ds.row_bytes, fp.positions() * bytes);
        EXPECT_LE(ds.row_bytes, ds.pitch);
        const auto check = [&](const std::vector<HaloSlab>& slabs, const std::vector<std::size_t>& at) {
          for (std::size_t k = 0; k < slabs.size(); ++k)
            for (std::size_t j = 0; j < fp.positions(); ++j) {
              const std::size_t row = j / std::size_t(fp.length[0]), col = j % std::size_t(fp.length[0]);
              const long long packed =
                  plane[slabs[k].pop] + face_offset(l, axis, slabs[k].layer, fp.begin.data(), fp.length.data(), int(j));
              ASSERT_EQ((at[k] + row * ds.pitch) / bytes + col, std::size_t(packed))
                  << face_name(Face(f)) << " slab " << k << " position " << j;
            }
        };
        check(fp.send, ds.send);
        check(fp.recv, ds.recv);
      }
    }
  // Faces of more slabs than a transport describes stay packed.
  FacePlan many;
  many.length = {4, 4};
  many.send.assign(DirectSlabs::kMaxSlabs + 1, HaloSlab{0, 0});
  const Layout l = make_layout(4, 4, 4, 1, 1, 1, 8);
  const long long zero[1] = {0};
  DirectSlabs ds;
  EXPECT_FALSE(direct_slabs(l, many, 2, zero, 8, ds));
}

TEST(HaloPlan3D, AStencilSendsItsOnePlaneThroughEveryFaceAtDepthOne) {
  constexpr LatticeInfo info = describe_lattice<Stencil7>();
  static_assert(info.crossing[0] == 1 && info.crossing[1] == 1 && info.crossing[2] == 1, "T, one layer deep");
  static_assert(info.reads(0, 2, +1) == 1 && info.reads(0, 2, -1) == 1, "T is read at both z neighbours");
  const Decomposition d(Domain::whole(12, 10, 8), Tiling{2, 2, 2}, {true, true, true}, 1);
  for (int r = 0; r < d.ranks(); ++r) {
    const Domain dom = d.domain(r);
    const HaloPlan mine = make_halo_plan(info, dom, d.neighbours(r));
    for (int f = 0; f < kFaces; ++f) {
      const FacePlan& fp = mine.face[f];
      const int n = dom.size(axis_of(Face(f)));
      ASSERT_EQ(fp.send.size(), 1u) << face_name(Face(f));
      ASSERT_EQ(fp.recv.size(), 1u) << face_name(Face(f));
      EXPECT_EQ(fp.send[0].pop, 0);
      EXPECT_EQ(fp.recv[0].pop, 0);
      // The boundary layer goes out, the first halo layer comes in.
      EXPECT_EQ(fp.send[0].layer, (f & 1) ? n - 1 : 0) << face_name(Face(f));
      EXPECT_EQ(fp.recv[0].layer, (f & 1) ? n : -1) << face_name(Face(f));
    }
    EXPECT_EQ(mine.face[ZLow].values(), std::size_t(dom.nx + 2) * (dom.ny + 2));
  }
  // A lattice of velocities states no reads: plane i is read at x - e_i alone.
  constexpr LatticeInfo d3q19 = describe_lattice<D3Q19Set>();
  static_assert(d3q19.reads(1, 0, -1) == 1 && d3q19.reads(1, 0, +1) == 0, "e_1 = (1, 0, 0) pulls from x - 1");
  static_assert(d3q19.reads(0, 0, -1) == 0 && d3q19.reads(0, 0, +1) == 0, "the rest population stays");
}

TEST(PerfModel3D, ChoosesAmongSlabsPencilsAndBlocksAndCountsCrossSections) {
  const MachineModel m = machine(5e9, 16, 3e-6, 1e10, 5e-6);
  constexpr LatticeInfo info = describe_lattice<D3Q19Set>();
  const Domain cube = Domain::whole(512, 512, 512);
  const std::vector<TilingChoice> all = rank_tilings(cube, 8, {true, true, true}, info, m, true);
  bool slabs = false, blocks = false;
  for (const TilingChoice& c : all) {
    EXPECT_EQ(c.tiling.count(), 8);
    slabs |= c.tiling.px == 1 && c.tiling.py == 1;
    blocks |= c.tiling.px == 2 && c.tiling.py == 2 && c.tiling.pz == 2;
  }
  EXPECT_TRUE(slabs);
  EXPECT_TRUE(blocks);
  // Two tiles along x: both x faces send the 5 crossing values of each site of a 512 x 512 face.
  const Decomposition two(cube, Tiling{2, 1, 1}, {true, true, true}, 1);
  const StepPrediction p = predict_step(two, info, m, true);
  EXPECT_DOUBLE_EQ(p.halo_bytes, 2.0 * 5 * 512 * 512 * m.value_bytes);
}

// --- the stepper of one tile (solver/src/parallel/tile_stepper.hpp) -----------------------------

namespace {
// A tile's halo operations, recorded: the periodic copies the exchange makes and the boxes it
// updates, as bulk (update) or border (update_border).
class RecordedTile final : public HaloOps {
 public:
  explicit RecordedTile(std::array<bool, 3> across) : across_(across) {}
  void setup_halos(const HaloPlan&, HaloMemory) override {}
  HaloBuffer halo_buffer(Face) override { return {}; }
  void pack(Face) override {}
  void unpack(Face) override {}
  void copy_periodic(int axis) override { copied.push_back(axis); }
  bool reads_across(int axis) const override { return across_[axis]; }
  void update(const Box& b) override { bulk.push_back(b); }
  void update_border(const Box& b) override { borders.push_back(b); }
  void swap() override { ++swaps; }
  int bulk_pieces() const override { return 1; }

  std::vector<int> copied;
  std::vector<Box> bulk, borders;
  int swaps = 0;

 private:
  std::array<bool, 3> across_;
};
}  // namespace

TEST(TileStepper, CopiesThePeriodicHalosOfTheSpannedAxesThatTheTileDoesNotReadAcross) {
  const LatticeInfo stencil = describe_lattice<Stencil7>();
  const Decomposition d(Domain::whole(16, 12, 8), Tiling{1, 1, 1}, {true, true, true}, 1);
  const Neighbours nb = d.neighbours(0);
  const std::unique_ptr<Communicator> self = self_communicator();
  for (int mask = 0; mask < 8; ++mask) {
    const std::array<bool, 3> across{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0};
    std::vector<int> copies;
    for (int a = 0; a < 3; ++a)
      if (!across[a]) copies.push_back(a);
    for (bool overlap : {true, false}) {
      RecordedTile tile(across);
      TileStepper stepper(tile, make_halo_plan(stencil, d.domain(0), nb), step_regions(d.domain(0), nb, 1),
                          step_regions(d.domain(0), nb, 1, true), *self, TransportKind::Host);
      stepper.step(overlap);
      EXPECT_EQ(tile.copied, copies) << "reads across " << mask << ", overlap " << overlap;
      // Every face is Self: the whole tile is one bulk box, no border waits for a message.
      ASSERT_EQ(tile.bulk.size(), 1u);
      EXPECT_EQ(tile.bulk[0].sites(), 16LL * 12 * 8);
      EXPECT_TRUE(tile.borders.empty());
      EXPECT_EQ(tile.swaps, 1);
    }
  }
}

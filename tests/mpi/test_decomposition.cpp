// The arithmetic of a decomposition, without MPI: tiles, neighbours, halo plans, bulk and
// borders, and the performance model's choice of tiling.
#include <gtest/gtest.h>
#include <set>
#include <vector>
#include "plume/lattice/d2q37.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "plume/parallel/perf_model.hpp"

using namespace plume;
using namespace plume::parallel;

namespace {
constexpr int R = D2Q37::reach;

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
    const Decomposition d(63, 51, t, false, R);
    std::vector<int> hits(63 * 51, 0);
    for (int r = 0; r < d.ranks(); ++r) {
      const Domain dom = d.domain(r);
      EXPECT_EQ(dom.NX, 63);
      EXPECT_EQ(dom.NY, 51);
      EXPECT_EQ(r, d.rank_of(d.tile_x(r), d.tile_y(r)));
      for (int y = 0; y < dom.ny; ++y)
        for (int x = 0; x < dom.nx; ++x) ++hits[(dom.y0 + y) * 63 + dom.x0 + x];
    }
    for (int h : hits) ASSERT_EQ(h, 1) << to_string(t);
  }
}

TEST(Decomposition, NeighboursArePeriodicInXAndWalledInY) {
  const Decomposition walls(63, 51, Tiling{3, 2}, false, R);
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

  const Decomposition periodic(63, 51, Tiling{1, 2}, true, R);
  nb = periodic.neighbours(0);
  EXPECT_EQ(nb[XLow].link, Link::Self);  // one tile across x: its own neighbour
  EXPECT_EQ(nb[YLow].link, Link::Remote);
  EXPECT_EQ(nb[YLow].rank, 1);  // two tiles across periodic y: both faces face the other tile
  EXPECT_EQ(nb[YHigh].rank, 1);

  const Decomposition single(63, 51, Tiling{2, 1}, true, R);
  EXPECT_EQ(single.neighbours(1)[YLow].link, Link::Self);
  EXPECT_EQ(Decomposition(63, 51, Tiling{2, 1}, false, R).neighbours(1)[YHigh].link, Link::None);
}

TEST(Decomposition, TilesSmallerThanTwiceTheReachPlusOneAreRefusedByName) {
  EXPECT_EQ(tiling_problem(63, 51, Tiling{9, 7}, R), "");  // 7 x 7..8
  const std::string p = tiling_problem(62, 51, Tiling{9, 1}, R);
  EXPECT_NE(p.find("62x51 lattice"), std::string::npos) << p;
  EXPECT_NE(p.find("tile x=8 is 6 sites wide"), std::string::npos) << p;  // 62 = 8 x 7 + 6
  EXPECT_NE(p.find("at least 7"), std::string::npos) << p;
  const std::string q = tiling_problem(63, 20, Tiling{1, 3}, R);
  EXPECT_NE(q.find("tall"), std::string::npos) << q;
  EXPECT_THROW(Decomposition(20, 20, Tiling{3, 1}, false, R), std::invalid_argument);
  // A single tile across a direction keeps any size, as one process does.
  EXPECT_EQ(tiling_problem(5, 40, Tiling{1, 2}, R), "");
}

TEST(Decomposition, TilingsParseFromText) {
  EXPECT_EQ(parse_tiling("2x3").px, 2);
  EXPECT_EQ(parse_tiling("2x3").py, 3);
  EXPECT_TRUE(parse_tiling("auto").automatic());
  for (const char* bad : {"", "2", "x2", "2x", "2x0", "ax2", "2x3x4", "-1x2"})
    EXPECT_THROW(parse_tiling(bad), std::invalid_argument) << bad;
  EXPECT_EQ(to_string(Tiling{4, 1}), "4x1");
}

TEST(HaloPlan, OnlyTheCrossingPopulationsTravel26PerRowPerSide) {
  static_assert(crossing_values<D2Q37>() == 26, "15 + 8 + 3 (spec section 6)");
  const Decomposition d(63, 51, Tiling{2, 2}, false, R);
  const Domain dom = d.domain(0);
  const HaloPlan plan = make_halo_plan<D2Q37>(dom, d.neighbours(0));
  for (Face f : {XLow, XHigh, YHigh}) {
    const FacePlan& fp = plan.face[f];
    ASSERT_EQ(fp.send.size(), 26u) << face_name(f);
    ASSERT_EQ(fp.recv.size(), 26u) << face_name(f);
    const int axis = axis_of(f), out = (f & 1) ? 1 : -1, n = axis == 0 ? dom.nx : dom.ny;
    for (std::size_t k = 0; k < fp.send.size(); ++k) {
      const int i = fp.send[k].pop;
      const int e = axis == 0 ? D2Q37::ex(i) : D2Q37::ey(i);
      // depth of the boundary layer it leaves from: it must reach the neighbour
      const int depth = out > 0 ? n - fp.send[k].layer : fp.send[k].layer + 1;
      EXPECT_GE(e * out, depth) << face_name(f) << " slab " << k;
    }
  }
  EXPECT_EQ(plan.face[YLow].send.size(), 0u);  // the bottom wall: nothing travels
  EXPECT_EQ(plan.face[XLow].length, dom.ny);
  EXPECT_EQ(plan.face[YHigh].length, dom.nx + 2 * R);  // whole rows: the x halos carry the corners
  EXPECT_EQ(plan.face[XHigh].values(), std::size_t(26) * dom.ny);
}

TEST(HaloPlan, WhatOneFaceSendsIsWhatTheOppositeFaceReceivesSlabBySlab) {
  const Decomposition d(63, 51, Tiling{2, 2}, true, R);
  for (int r = 0; r < d.ranks(); ++r) {
    const HaloPlan mine = make_halo_plan<D2Q37>(d.domain(r), d.neighbours(r));
    for (int f = 0; f < kFaces; ++f) {
      const Neighbour peer = mine.face[f].peer;
      const HaloPlan theirs = make_halo_plan<D2Q37>(d.domain(peer.rank), d.neighbours(peer.rank));
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
  const Decomposition d(63, 51, Tiling{2, 3}, false, R);
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
  const Decomposition rows(63, 51, Tiling{1, 3}, false, R);
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R).bulk.x0, 0);
  EXPECT_EQ(step_regions(rows.domain(1), rows.neighbours(1), R).borders.size(), 2u);
  // One tile across periodic y with x remote: the y copy waits for the x corners.
  const Decomposition cols(63, 51, Tiling{3, 1}, true, R);
  EXPECT_EQ(step_regions(cols.domain(0), cols.neighbours(0), R).bulk.y0, R);
}

TEST(PerfModel, StepTimeIsTheOverlapOrTheSumOfItsParts) {
  const MachineModel m = machine(1e8, 8, 2e-6, 1e9, 5e-6);
  const Decomposition d(64, 64, Tiling{2, 2}, false, R);
  const StepPrediction p = predict_step(d, m, true);
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
  const StepPrediction serial = predict_step(d, m, false);
  EXPECT_DOUBLE_EQ(serial.bulk, 2e-6 + 32 * (32 + 8) / 1e8);  // one box, the whole tile
  EXPECT_DOUBLE_EQ(serial.step, serial.bulk + p.comm);
  EXPECT_DOUBLE_EQ(effective_bandwidth(1e6, 1e9, 1e-3), 0.5e9);  // s/B0 = t0: half of B0
}

TEST(PerfModel, AutomaticTilingKeepsRowsLongUntilHaloBytesCostMoreThanShorterRows) {
  const MachineModel m = machine(5e9, 16, 3e-6, 1e10, 5e-6);
  // Few ranks on a tall lattice: cutting rows only adds halo messages and row overheads.
  EXPECT_EQ(to_string(choose_tiling(1024, 4096, 4, false, m, true)), "1x4");
  // Many ranks on a square lattice: 1-D strips send whole 4096-site rows; 2-D tiles send less.
  const Tiling many = choose_tiling(4096, 4096, 256, false, m, true);
  EXPECT_GT(many.px, 1);
  EXPECT_GT(many.py, 1);
  // The choice is the fastest of the candidates.
  const std::vector<TilingChoice> all = rank_tilings(4096, 4096, 256, false, m, true);
  for (const TilingChoice& c : all) EXPECT_LE(all.front().prediction.step, c.prediction.step);
  EXPECT_THROW(choose_tiling(20, 20, 7, false, m, true), std::invalid_argument);
}

// Passive tracers carried by flows whose velocity is known: a uniform flow moves every tracer by
// u t to round-off (2-D and 3-D), a steady Poiseuille channel moves each along x at the parabola's
// velocity of its row and leaves its y alone; seeding (a line's ends, a region's box, solid sites
// left out), the limit of one site per update, and a model without velocity.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include "plume/geometry/shapes.hpp"
#include "plume/parallel/communicator.hpp"
#include "advect.hpp"
#include "tracer_case.hpp"

using namespace plume;
using namespace plume::test;
using Seeding = TracerConfig::Seeding;

namespace {

// Every site's value of field `name` is the one of site 0, bit for bit.
double uniform_value(const Fields& f, const char* name) {
  const std::vector<double>& v = f[name];
  for (double x : v) EXPECT_EQ(std::memcmp(&x, &v[0], sizeof x), 0) << name << " is not uniform";
  return v[0];
}

}  // namespace

TEST(TracerFlows, AUniformFlowMovesEveryTracerByUTimesTToRoundOff) {
  d2q9::Setup st;  // periodic in x and y
  st.initial.ux = 0.1;
  st.initial.uy = -0.07;
  const int NX = 32, NY = 24;
  Solver s(d2q9_run(NX, NY, st, seeded(Seeding::Region, 40, {0, 0, 0}, {31, 23, 0}, 3, 7)));
  s.initialize();
  const tracers::Record a = tracers_of(s);
  ASSERT_EQ(a.tracers.size(), 40u);
  const long steps = 120;  // 40 updates of 3 steps; every tracer wraps in x at least once (12 sites)
  s.advance(steps);
  const tracers::Record b = tracers_of(s);
  ASSERT_EQ(b.tracers.size(), 40u);
  EXPECT_EQ(b.step, steps);
  Fields f;
  s.snapshot().fields(f);
  const double ux = uniform_value(f, "ux"), uy = uniform_value(f, "uy");
  EXPECT_NEAR(ux, 0.1, 1e-15);
  EXPECT_NEAR(uy, -0.07, 1e-15);
  // 40 additions of 3 u to coordinates below 32 (an ulp 3.6e-15) and the wraps' N: within 2e-13.
  for (std::size_t k = 0; k < b.tracers.size(); ++k) {
    const tracers::Tracer &p = a.tracers[k], &q = b.tracers[k];
    EXPECT_EQ(p.id, long(k));
    EXPECT_EQ(q.id, long(k));
    EXPECT_NEAR(periodic_difference(q.p[0], p.p[0] + ux * steps, NX), 0.0, 2e-13) << "tracer " << k;
    EXPECT_NEAR(periodic_difference(q.p[1], p.p[1] + uy * steps, NY), 0.0, 2e-13) << "tracer " << k;
    EXPECT_EQ(q.p[2], 0.0);
    EXPECT_GE(q.p[0], -0.5);
    EXPECT_LT(q.p[0], NX - 0.5);
    // Its velocity is the flow's at its place: the uniform one, to the bit (a + f (b - a)).
    EXPECT_EQ(q.u[0], ux);
    EXPECT_EQ(q.u[1], uy);
    EXPECT_EQ(q.u[2], 0.0);
  }
}

TEST(TracerFlows, AUniformFlowIn3DMovesEveryTracerByUTimesT) {
  d3q19::Setup st;  // periodic along every axis
  st.initial.ux = 0.05;
  st.initial.uy = -0.04;
  st.initial.uz = 0.03;
  SolverConfig c;
  c.model = "d3q19";
  c.nx = 12;
  c.ny = 10;
  c.nz = 8;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  c.setup = AnySetup(st);
  d3q19::parameters().derive(c.setup);
  c.tracers = seeded(Seeding::Region, 30, {0, 0, 0}, {11, 9, 7}, 2, 3);
  Solver s(c);
  s.initialize();
  const tracers::Record a = tracers_of(s);
  const long steps = 60;
  s.advance(steps);
  const tracers::Record b = tracers_of(s);
  ASSERT_EQ(a.tracers.size(), 30u);
  ASSERT_EQ(b.tracers.size(), 30u);
  EXPECT_EQ(b.dims, 3);
  Fields f;
  s.snapshot().fields(f);
  const double u[3] = {uniform_value(f, "ux"), uniform_value(f, "uy"), uniform_value(f, "uz")};
  const int N[3] = {12, 10, 8};
  for (std::size_t k = 0; k < b.tracers.size(); ++k)
    for (int d = 0; d < 3; ++d) {
      EXPECT_NEAR(periodic_difference(b.tracers[k].p[d], a.tracers[k].p[d] + u[d] * steps, N[d]), 0.0, 1e-13)
          << "tracer " << k << " axis " << d;
      EXPECT_EQ(b.tracers[k].u[d], u[d]);
    }
}

TEST(TracerFlows, InAPoiseuilleChannelEachTracerMovesAtItsRowsParabolicVelocity) {
  // TRT with Lambda = 3/16 between half-way walls: the steady profile u(y) = F / (2 rho nu)
  // (y + 1/2) (NY - 1/2 - y) to round-off (tests/physics/test_d2q9_flows.cpp). The flow reaches
  // it first (4000 steps, the slowest mode down by 1e-27); the tracers then start from their
  // seeding at that step (a checkpoint without tracers), one on every row.
  d2q9::Setup st;
  st.physics.collision = d2q9::Collision::TRT;
  st.physics.magic = 3.0 / 16;
  st.physics.tau = 1.2;
  st.physics.walls = true;
  st.physics.fx = 1e-5;
  const int NX = 16, NY = 12;
  Solver flow(d2q9_run(NX, NY, st, {}));
  flow.initialize();
  flow.advance(4000);
  const CheckpointState steady = flow.checkpoint_out();
  Solver s(d2q9_run(NX, NY, st, seeded(Seeding::Line, NY, {5, 0, 0}, {5, NY - 1, 0}, 5)));
  s.checkpoint_in(steady);
  const tracers::Record a = tracers_of(s);
  EXPECT_EQ(a.step, 4000);
  const long steps = 1000;
  s.advance(steps);
  const tracers::Record b = tracers_of(s);
  ASSERT_EQ(b.tracers.size(), std::size_t(NY));
  Fields f;
  s.snapshot().fields(f);
  const double nu = (st.physics.tau - 0.5) / 3;
  const double umax = st.physics.fx / (2 * nu) * (NY / 2 + 0.5) * (NY - 0.5 - NY / 2);
  for (int y = 0; y < NY; ++y) {
    const tracers::Tracer &p = a.tracers[std::size_t(y)], &q = b.tracers[std::size_t(y)];
    EXPECT_NEAR(p.p[1], double(y), 1e-14);
    const double rho = f["rho"][f.at(0, y)];
    const double exact = st.physics.fx / (2 * rho * nu) * (y + 0.5) * (NY - 0.5 - y);
    // The field is the parabola to 1e-9 of its peak; the 200 updates add round-off only.
    EXPECT_NEAR(periodic_difference(q.p[0], p.p[0], NX), exact * steps, 1e-8 * umax * steps) << "row " << y;
    EXPECT_NEAR(q.p[1], p.p[1], 1e-11) << "row " << y;
    EXPECT_NEAR(q.u[0], exact, 1e-8 * umax) << "row " << y;
  }
  // The profile moved them apart: the centre row went furthest (0.7 sites), the walls' least.
  EXPECT_GT(periodic_difference(b.tracers[NY / 2].p[0], a.tracers[NY / 2].p[0], NX), 0.6);
}

TEST(TracerSeeding, ALineRunsEvenlyFromEndToEndAndOneTracerStandsAtFrom) {
  d2q9::Setup st;
  Solver s(d2q9_run(20, 16, st, seeded(Seeding::Line, 5, {1.5, 2, 0}, {13.5, 14, 0}, 1)));
  s.initialize();
  const tracers::Record r = tracers_of(s);
  ASSERT_EQ(r.tracers.size(), 5u);
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(r.tracers[std::size_t(k)].id, k);
    EXPECT_DOUBLE_EQ(r.tracers[std::size_t(k)].p[0], 1.5 + 3 * k);
    EXPECT_DOUBLE_EQ(r.tracers[std::size_t(k)].p[1], 2 + 3 * k);
  }
  EXPECT_EQ(r.tracers[4].p[0], 13.5);  // the last on `to` exactly
  EXPECT_EQ(r.tracers[4].p[1], 14.0);
  Solver one(d2q9_run(20, 16, st, seeded(Seeding::Line, 1, {3.25, 7.5, 0}, {13.5, 14, 0}, 1)));
  one.initialize();
  const tracers::Record o = tracers_of(one);
  ASSERT_EQ(o.tracers.size(), 1u);
  EXPECT_EQ(o.tracers[0].p[0], 3.25);
  EXPECT_EQ(o.tracers[0].p[1], 7.5);
}

TEST(TracerSeeding, ARegionFillsItsBoxAndItsSeedDecidesThePlaces) {
  d2q9::Setup st;
  const auto places = [&](std::uint64_t seed) {
    Solver s(d2q9_run(40, 30, st, seeded(Seeding::Region, 2000, {30, 25, 0}, {10, 5, 0}, 1, seed)));
    s.initialize();
    return tracers_of(s);
  };
  const tracers::Record a = places(1), b = places(1), c = places(2);
  ASSERT_EQ(a.tracers.size(), 2000u);
  double lo[2] = {1e9, 1e9}, hi[2] = {-1e9, -1e9}, mean[2] = {0, 0};
  std::size_t differ = 0;
  for (std::size_t k = 0; k < a.tracers.size(); ++k) {
    for (int d = 0; d < 2; ++d) {
      lo[d] = std::min(lo[d], a.tracers[k].p[d]);
      hi[d] = std::max(hi[d], a.tracers[k].p[d]);
      mean[d] += a.tracers[k].p[d] / 2000;
    }
    EXPECT_EQ(a.tracers[k].p, b.tracers[k].p);
    differ += a.tracers[k].p != c.tracers[k].p;
  }
  EXPECT_EQ(differ, 2000u);
  EXPECT_GE(lo[0], 10.0);
  EXPECT_LE(hi[0], 30.0);
  EXPECT_GE(lo[1], 5.0);
  EXPECT_LE(hi[1], 25.0);
  // Uniform over 20 x 20: the extremes near the sides, the mean at the centre within 4 standard errors
  // (20 / sqrt(12 * 2000) = 0.13).
  EXPECT_LT(lo[0], 10.1);
  EXPECT_GT(hi[0], 29.9);
  EXPECT_NEAR(mean[0], 20.0, 0.52);
  EXPECT_NEAR(mean[1], 15.0, 0.52);
}

TEST(TracerSeeding, TracersThatWouldStartInASolidSiteAreLeftOutAndTheOthersKeepTheirIds) {
  d2q9::Setup st;
  // A line along row 8 through a solid block of columns 6..9: tracers 6 to 9 start in it.
  auto block = std::make_shared<geometry::Rectangle>(6, 4, 10, 12);
  Solver s(d2q9_run(20, 16, st, seeded(Seeding::Line, 20, {0, 8, 0}, {19, 8, 0}, 1), block));
  s.initialize();
  const tracers::Record r = tracers_of(s);
  std::vector<long> ids;
  for (const tracers::Tracer& t : r.tracers) ids.push_back(long(t.id));
  const std::vector<long> expected{0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
  EXPECT_EQ(ids, expected);
}

TEST(TracerAdvect, ATracerThatWouldEnterASolidSiteStaysWhereItWas) {
  // The step of one tracer alone (advect.hpp), in a uniform flow of 0.3 sites per step along x
  // towards a solid column at x = 10: from 9.3 it would land at 9.6, whose nearest site is solid,
  // and stays; from 5 it moves to 5.3.
  tracers::Window w;
  w.resize(Domain::whole(20, 16), 2);
  std::fill(w.plane[tracers::Window::kUx].begin(), w.plane[tracers::Window::kUx].end(), 0.3);
  for (int y = 0; y < 16; ++y) w.plane[tracers::Window::kSolid][w.at_global({10, y, 0})] = 1;
  tracers::Lattice l;
  l.N = {20, 16, 1};
  l.periodic = {true, true, false};
  tracers::Tracer blocked{0, {9.3, 8, 0}, {}}, free{1, {5, 8, 0}, {}};
  EXPECT_EQ(tracers::advect(blocked, w, l, 1.0), "");
  EXPECT_EQ(tracers::advect(free, w, l, 1.0), "");
  EXPECT_EQ(blocked.p[0], 9.3);
  EXPECT_EQ(blocked.p[1], 8.0);
  EXPECT_EQ(free.p[0], 5.3);
  EXPECT_EQ(free.u[0], 0.3);
}

TEST(TracerAdvect, ABoundedAxisHoldsTracersOnTheLatticeAndAPeriodicOneWrapsThem) {
  // 0.4 sites per step along +x, 0.8 along -y; x bounded (0..19), y periodic (16 sites).
  tracers::Window w;
  w.resize(Domain::whole(20, 16), 2);
  std::fill(w.plane[tracers::Window::kUx].begin(), w.plane[tracers::Window::kUx].end(), 0.4);
  std::fill(w.plane[tracers::Window::kUy].begin(), w.plane[tracers::Window::kUy].end(), -0.8);
  tracers::Lattice l;
  l.N = {20, 16, 1};
  l.periodic = {false, true, false};
  tracers::Tracer t{3, {18.8, 0.1, 0}, {}};
  EXPECT_EQ(tracers::advect(t, w, l, 1.0), "");
  EXPECT_EQ(t.p[0], 19.0);  // held on the last column
  EXPECT_DOUBLE_EQ(t.p[1], 0.1 - 0.8 + 16);  // -0.7, nearest to site -1 = 15, wraps to 15.3
  EXPECT_EQ(t.id, 3);
}

TEST(TracerAdvect, BilinearInterpolationIsExactForALinearField) {
  // u = 0.01 x + 0.02 y: bilinear interpolation reproduces it at any point between the sites.
  tracers::Window w;
  w.resize(Domain::whole(10, 8), 2);
  for (int y = -2; y < 10; ++y)
    for (int x = -2; x < 12; ++x) w.plane[tracers::Window::kUx][w.at_global({x, y, 0})] = 0.01 * x + 0.02 * y;
  tracers::Lattice l;
  l.N = {10, 8, 1};
  l.periodic = {true, true, false};
  const std::array<double, 3> u = tracers::velocity_at(w, l, {3.25, 4.75, 0});
  EXPECT_NEAR(u[0], 0.01 * 3.25 + 0.02 * 4.75, 1e-15);
  EXPECT_EQ(u[1], 0.0);
}

TEST(TracerErrors, AFlowThatWouldCarryATracerMoreThanOneSitePerUpdateIsRefused) {
  d2q9::Setup st;
  st.initial.ux = 0.1;
  Solver s(d2q9_run(32, 16, st, seeded(Seeding::Region, 10, {1, 1, 0}, {30, 14, 0}, 12)));
  s.initialize();
  try {
    s.advance(12);
    ADD_FAILURE() << "no error";
  } catch (const parallel::CollectiveError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("which would carry it 1.2 sites in the 12 steps"), std::string::npos) << what;
    EXPECT_NE(what.find("tracers.every"), std::string::npos) << what;
  }
}

TEST(TracerErrors, AModelWithoutVelocityCannotCarryTracers) {
  SolverConfig c;
  c.model = "diffusion";
  c.nx = 16;
  c.ny = 16;
  c.backend = BackendKind::CPU;
  c.tracers = seeded(Seeding::Region, 10, {1, 1, 0}, {14, 14, 0}, 1);
  try {
    Solver s(c);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "model 'diffusion' has no velocity to carry tracers");
  }
  c.tracers.seeding = Seeding::None;
  EXPECT_NO_THROW(Solver{c});  // no tracers: nothing to carry
}

TEST(TracerErrors, TheSolverRefusesTracersOutsideTheLattice) {
  d2q9::Setup st;
  try {
    Solver s(d2q9_run(20, 16, st, seeded(Seeding::Line, 4, {0, 0, 0}, {20, 3, 0}, 1)));
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "tracers.to has x = 20, outside the lattice (0 to 19, where its sites are)");
  }
}

TEST(TracerPoints, ThePointSetIsSortedByIdWithTheVelocityAndSpeedOfEveryTracer) {
  d2q9::Setup st;
  st.initial.ux = 0.03;
  st.initial.uy = 0.04;
  const SolverConfig c = d2q9_run(20, 16, st, seeded(Seeding::Region, 25, {0, 0, 0}, {19, 15, 0}, 1));
  Solver s(c);
  s.initialize();
  // The state the model makes for the run, driven by hand on the same solver.
  auto states = s.model().make_extra_state(c);
  ASSERT_EQ(states.size(), 1u);
  ExtraState& t = *states[0];
  EXPECT_EQ(t.name(), "tracers");
  EXPECT_EQ(t.every(), 1);
  t.initialize(s);
  for (int k = 0; k < 4; ++k) {  // as the solver advances its own every step
    s.advance(1);
    t.advance(s, 1);
  }
  const PointSet p = t.points();
  EXPECT_NO_THROW(p.check());
  EXPECT_EQ(p.name, "tracers");
  EXPECT_EQ(p.dimensions, 2);
  ASSERT_EQ(p.size(), 25u);
  ASSERT_EQ(p.arrays.size(), 2u);
  EXPECT_EQ(p.arrays[0].name, "u");
  EXPECT_EQ(p.arrays[0].components, 3);
  EXPECT_EQ(p.arrays[1].name, "speed");
  EXPECT_EQ(p.arrays[1].components, 1);
  for (std::size_t k = 0; k < p.size(); ++k) {
    EXPECT_EQ(p.ids[k], long(k));
    EXPECT_NEAR(p.arrays[0].values[3 * k], 0.03, 1e-15);
    EXPECT_NEAR(p.arrays[0].values[3 * k + 1], 0.04, 1e-15);
    EXPECT_EQ(p.arrays[0].values[3 * k + 2], 0.0);
    EXPECT_NEAR(p.arrays[1].values[k], 0.05, 1e-15);
    EXPECT_EQ(p.xyz[3 * k + 2], 0.0);
  }
  // The same tracers as the run's own (the solver advanced its state with the flow).
  const tracers::Record r = tracers_of(s);
  for (std::size_t k = 0; k < p.size(); ++k) {
    EXPECT_EQ(p.xyz[3 * k], r.tracers[k].p[0]);
    EXPECT_EQ(p.xyz[3 * k + 1], r.tracers[k].p[1]);
  }
}

TEST(TracerFlows, SteeringWallsOnHoldsTheTracersThatWouldHaveWrapped) {
  // A flow of 0.05 sites per step towards y = 0 on a periodic lattice carries a tracer from y = 0.3
  // across the periodic edge in 20 steps; the same run steered to walls across y before its
  // first step keeps it on the lattice, near its first row (the flow, stopped by the wall, turns
  // back there).
  d2q9::Setup st;
  st.initial.uy = -0.05;
  const SolverConfig c = d2q9_run(16, 24, st, seeded(Seeding::Line, 1, {8, 0.3, 0}, {8, 0.3, 0}, 4));
  Solver periodic(c);
  periodic.initialize();
  periodic.advance(20);
  const tracers::Record p = tracers_of(periodic);
  ASSERT_EQ(p.tracers.size(), 1u);
  EXPECT_NEAR(p.tracers[0].p[1], 0.3 - 1.0 + 24, 1e-12);
  Solver walled(c);
  walled.initialize();
  d2q9::Setup with_walls = st;
  with_walls.physics.walls = true;
  walled.steer(AnySetup(with_walls));
  walled.advance(20);
  const tracers::Record w = tracers_of(walled);
  ASSERT_EQ(w.tracers.size(), 1u);
  EXPECT_GE(w.tracers[0].p[1], 0.0);
  EXPECT_LT(w.tracers[0].p[1], 1.0);
}

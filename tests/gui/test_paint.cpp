// Painting: the populations in the brush disc become the equilibrium at the raised or lowered
// temperature, at the same pressure and velocity; nothing outside the disc changes.
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "paint.hpp"
#include "d2q37/lattice.hpp"
#include "d2q37/collision.hpp"
#include "d2q37/registration.hpp"

using plume::d2q37::D2Q37;
using plume::gui::Brush;

namespace {

constexpr int NX = 40, NY = 30;

// A uniform lattice at rest, every site at the equilibrium of (rho, u, T).
std::vector<double> uniform(double rho, double ux, double uy, double T) {
  double feq[D2Q37::Q];
  plume::d2q37::equilibrium<D2Q37>(rho, ux, uy, T, feq);
  std::vector<double> f(std::size_t(D2Q37::Q) * NX * NY);
  for (int i = 0; i < D2Q37::Q; ++i)
    for (int s = 0; s < NX * NY; ++s) f[std::size_t(i) * NX * NY + s] = feq[i];
  return f;
}

plume::d2q37::Macro macro_at(const std::vector<double>& f, int x, int y) {
  double fs[D2Q37::Q];
  for (int i = 0; i < D2Q37::Q; ++i) fs[i] = f[std::size_t(i) * NX * NY + std::size_t(y) * NX + x];
  return plume::d2q37::macro<D2Q37>(fs);
}

bool site_equal(const std::vector<double>& a, const std::vector<double>& b, int x, int y) {
  for (int i = 0; i < D2Q37::Q; ++i) {
    const std::size_t k = std::size_t(i) * NX * NY + std::size_t(y) * NX + x;
    if (a[k] != b[k]) return false;
  }
  return true;
}

}  // namespace

TEST(Paint, HotBlobRaisesTemperatureAtConstantPressureAndVelocity) {
  const double rho0 = 1.02, ux = 0.01, uy = -0.005, T0 = 1.0;
  const std::vector<double> before = uniform(rho0, ux, uy, T0);
  std::vector<double> f = before;
  const Brush b{20.0, 15.0, 6.0, 0.05, true};
  const long changed = plume::gui::paint_populations(plume::d2q37::model(), f, NX, NY, false, b);

  const plume::d2q37::Macro c = macro_at(f, 20, 15);
  EXPECT_NEAR(c.T, T0 + 0.05, 1e-12);  // full strength at the centre
  EXPECT_NEAR(c.rho * c.T, rho0 * T0, 1e-12);
  EXPECT_NEAR(c.ux, ux, 1e-12);
  EXPECT_NEAR(c.uy, uy, 1e-12);

  // Half-way out the raised cosine gives half the strength; outside the disc nothing moves.
  const plume::d2q37::Macro h = macro_at(f, 23, 15);
  EXPECT_NEAR(h.T, T0 + plume::gui::brush_delta_T(b, 3.0), 1e-12);
  EXPECT_NEAR(plume::gui::brush_delta_T(b, 3.0), 0.025, 1e-12);
  long inside = 0;
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) {
      const double r = std::hypot(x - 20.0, y - 15.0);
      if (r < 6.0) {
        ++inside;
        EXPECT_GT(macro_at(f, x, y).T, T0) << x << "," << y;
      } else {
        EXPECT_TRUE(site_equal(f, before, x, y)) << x << "," << y;
      }
    }
  EXPECT_EQ(changed, inside);
}

TEST(Paint, ColdBlobLowersTemperatureAndIsClampedToTheStableBand) {
  std::vector<double> f = uniform(1.0, 0.0, 0.0, 1.0);
  plume::gui::paint_populations(plume::d2q37::model(), f, NX, NY, false, Brush{10.0, 10.0, 4.0, 0.03, false});
  EXPECT_NEAR(macro_at(f, 10, 10).T, 0.97, 1e-12);
  EXPECT_NEAR(macro_at(f, 10, 10).rho, 1.0 / 0.97, 1e-12);

  std::vector<double> g = uniform(1.0, 0.0, 0.0, 1.0);
  plume::gui::paint_populations(plume::d2q37::model(), g, NX, NY, false, Brush{10.0, 10.0, 4.0, 0.9, false});
  EXPECT_NEAR(macro_at(g, 10, 10).T, 0.5, 1e-12);
}

TEST(Paint, DiscWrapsInXAndIsClippedAtTheWalls) {
  const std::vector<double> before = uniform(1.0, 0.0, 0.0, 1.0);
  std::vector<double> f = before;
  // Centred on the first column and the first row: the disc continues at x = NX-1 (periodic)
  // but not below y = 0 (a wall).
  const long changed = plume::gui::paint_populations(plume::d2q37::model(), f, NX, NY, false, Brush{0.0, 0.0, 3.0, 0.05, true});
  EXPECT_GT(macro_at(f, NX - 1, 0).T, 1.0);
  EXPECT_GT(macro_at(f, NX - 2, 1).T, 1.0);
  EXPECT_TRUE(site_equal(f, before, 0, NY - 1));
  EXPECT_EQ(changed, 15);  // rows 0, 1 and 2 of the radius-3 disc hold 5 sites each (|dx| <= 2)

  std::vector<double> p = before;
  plume::gui::paint_populations(plume::d2q37::model(), p, NX, NY, true, Brush{0.0, 0.0, 3.0, 0.05, true});
  EXPECT_GT(macro_at(p, 0, NY - 1).T, 1.0);  // periodic in y as well
}

// The brush on a running solver reads and writes only its sites (Solver::populations of sites), and
// gives the populations that painting the whole population vector gives, bit for bit: brushes
// that overlap each other and wrap across periodic edges, on D2Q37 (2-D, FP32 storage too, whose
// values go to double and back) and on thermal3d (a ball in 3-D).
TEST(Paint, PaintingASolverChangesOnlyTheBrushesSitesAsPaintingItsPopulationsDoes) {
  struct Case {
    std::string model;
    int nx, ny, nz;
    plume::Precision precision;
  };
  for (const Case& k : {Case{"d2q37", 24, 20, 1, plume::Precision::FP64}, Case{"d2q37", 24, 20, 1, plume::Precision::FP32},
                        Case{"thermal3d", 12, 10, 9, plume::Precision::FP64}}) {
    plume::SolverConfig c;
    c.model = k.model;
    c.nx = k.nx, c.ny = k.ny, c.nz = k.nz;
    c.precision = k.precision;
    c.backend = plume::BackendKind::CPU;
    plume::Solver s(c);
    s.initialize();
    s.advance(3);
    Brush hot{1.0, 2.0, 4.0, 0.04, true}, cold{3.0, 3.0, 3.5, 0.03, false};
    if (k.nz > 1) hot.plane = cold.plane = plume::gui::Slice{2, 4};
    const std::vector<double> before = s.populations();
    std::vector<double> expected = before;
    const auto axes = s.model().periodic(s.config().setup);
    const bool periodic[3] = {k.nz == 1 || axes[0], axes[1], axes[2]};
    long want = 0;
    for (const Brush& b : {hot, cold}) want += plume::gui::paint_populations(s.model(), expected, k.nx, k.ny, k.nz, periodic, b);
    // Through FP32 storage the whole-vector path rounds every value; so does the solver's.
    if (k.precision == plume::Precision::FP32)
      for (double& v : expected) v = double(float(v));

    const long changed = plume::gui::paint(s, {hot, cold});
    EXPECT_EQ(changed, want) << k.model;
    EXPECT_GT(changed, 0) << k.model;
    EXPECT_EQ(s.populations(), expected) << k.model << (k.precision == plume::Precision::FP32 ? " FP32" : "");
  }
}

TEST(Paint, ASiteOutsideTheBlockIsRefusedByName) {
  plume::SolverConfig c;
  c.nx = 8, c.ny = 6;
  plume::Solver s(c);
  s.initialize();
  try {
    s.populations({plume::Site{8, 0, 0}});
    FAIL() << "no error";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("site (8, 0, 0) is outside the local block"), std::string::npos) << e.what();
  }
  EXPECT_THROW(s.set_populations({plume::Site{0, 0, 0}}, {1.0}), std::runtime_error);  // Q values a site
}

// A model without painting (D3Q19) refuses a dab instead of changing nothing without a word: a
// script that loaded such a case ran its paint lines and ended with exit status 0.
TEST(Paint, AModelWithoutPaintingRefusesNamingIt) {
  plume::SolverConfig c;
  c.model = "d3q19";
  c.nx = c.ny = c.nz = 8;
  c.backend = plume::BackendKind::CPU;
  plume::Solver s(c);
  s.initialize();
  try {
    plume::gui::paint(s, {Brush{4.0, 4.0, 2.0, 0.05, true}});
    FAIL() << "D3Q19 was painted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "model d3q19 offers no painting");
  }
}

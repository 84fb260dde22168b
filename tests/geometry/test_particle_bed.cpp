// Random particle beds: reproducible for a seed, no two particles overlap, the solid fraction
// reached, a million particles, any box marked like the whole lattice, jamming refused.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <random>
#include "marks.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/particle_bed.hpp"

using namespace plume;
using geometry::ParticleBed;
using geometry::ParticleBedSpec;

namespace {

ParticleBedSpec spec(double radius, double fraction, std::uint64_t seed, double gap = 0) {
  ParticleBedSpec s;
  s.radius = radius;
  s.solid_fraction = fraction;
  s.seed = seed;
  s.gap = gap;
  return s;
}

// Every pair of particles closer than 2 radius + gap, found through a grid of cells as wide as
// that distance (the periodic axes wrap); 0 when none is.
long long overlapping_pairs(const ParticleBed& bed, int nx, int ny, bool px, bool py) {
  const double reach = 2 * bed.spec().radius + bed.spec().gap;
  const int cx = std::max(1, int(nx / reach)), cy = std::max(1, int(ny / reach));
  std::vector<std::vector<int>> cells(std::size_t(cx) * cy);
  const auto cell = [&](double v, int n, int cells_along) { return std::min(cells_along - 1, std::max(0, int(v / n * cells_along))); };
  const auto& p = bed.particles();
  for (std::size_t i = 0; i < p.size(); ++i) cells[cell(p[i].y, ny, cy) * cx + cell(p[i].x, nx, cx)].push_back(int(i));
  long long bad = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const int kx = cell(p[i].x, nx, cx), ky = cell(p[i].y, ny, cy);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int jx = (kx + dx + cx) % cx, jy = (ky + dy + cy) % cy;
        for (int j : cells[jy * cx + jx]) {
          if (j <= int(i)) continue;
          double ex = p[j].x - p[i].x, ey = p[j].y - p[i].y;
          if (px) ex -= nx * std::round(ex / nx);
          if (py) ey -= ny * std::round(ey / ny);
          bad += ex * ex + ey * ey < reach * reach;
        }
      }
  }
  return bad;
}

std::string error_of(int nx, int ny, const ParticleBedSpec& s, bool px, bool py) {
  try {
    ParticleBed bed(nx, ny, s, px, py);
  } catch (const geometry::GeometryError& e) {
    EXPECT_EQ(ParticleBed::problem(nx, ny, s, px, py).empty(), std::string(e.what()).rfind("the particles cannot reach", 0) == 0)
        << "what problem() finds is what the constructor throws";
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ParticleBed, TheSameSeedGivesTheSameBedAndAnotherADifferentOne) {
  const ParticleBed a(200, 150, spec(3, 0.35, 7), true, true), b(200, 150, spec(3, 0.35, 7), true, true);
  const ParticleBed c(200, 150, spec(3, 0.35, 8), true, true);
  ASSERT_EQ(a.particles().size(), b.particles().size());
  for (std::size_t i = 0; i < a.particles().size(); ++i) {
    EXPECT_EQ(a.particles()[i].x, b.particles()[i].x);  // bitwise: the same doubles
    EXPECT_EQ(a.particles()[i].y, b.particles()[i].y);
  }
  EXPECT_EQ(test::whole(a, 200, 150), test::whole(b, 200, 150));
  EXPECT_NE(test::whole(a, 200, 150), test::whole(c, 200, 150));
  // The first particle of seed 7 is the engine's first two numbers, mapped to [0, 1) by their top
  // 53 bits: the bed does not depend on the standard library.
  std::mt19937_64 g(7);
  const double u = double(g() >> 11) * 0x1.0p-53, v = double(g() >> 11) * 0x1.0p-53;
  EXPECT_EQ(a.particles()[0].x, u * 200);
  EXPECT_EQ(a.particles()[0].y, v * 150);
}

// The fraction is of the region's sites and is reached by the last particle: it lies within one
// particle's sites (at most those of the lattice points within the radius) above the target.
TEST(ParticleBed, NoTwoParticlesOverlapAndTheFractionIsReached) {
  struct Case {
    int nx, ny;
    ParticleBedSpec s;
    bool px, py;
  };
  ParticleBedSpec region = spec(2.5, 0.3, 3, 1.0);
  region.x_min = 40;
  region.x_max = 160;
  const Case cases[] = {{300, 200, spec(4, 0.3, 1), true, true},
                        {300, 200, spec(4, 0.3, 2, 1.5), true, false},
                        {257, 131, spec(3.7, 0.4, 5), false, false},
                        {200, 100, region, true, true}};
  for (const Case& k : cases) {
    SCOPED_TRACE(::testing::Message() << k.nx << " x " << k.ny << ", radius " << k.s.radius << ", periodic " << k.px << k.py);
    const ParticleBed bed(k.nx, k.ny, k.s, k.px, k.py);
    EXPECT_EQ(overlapping_pairs(bed, k.nx, k.ny, k.px, k.py), 0);
    const std::vector<std::uint8_t> m = test::whole(bed, k.nx, k.ny);
    EXPECT_EQ(test::solid(m), bed.solid_sites()) << "the sites counted while placing are those marked";
    const double per_particle = (2 * k.s.radius + 1) * (2 * k.s.radius + 1) / double(bed.region_sites());
    EXPECT_GE(bed.solid_fraction(), k.s.solid_fraction);
    EXPECT_LE(bed.solid_fraction(), k.s.solid_fraction + per_particle);
    // Along a bounded axis, and outside the region, no disc crosses the edge.
    const int x0 = k.s.x_min, x1 = k.s.x_max.value_or(k.nx);
    for (const auto& p : bed.particles()) {
      if (!k.px || x0 > 0 || x1 < k.nx) {
        EXPECT_GE(p.x - k.s.radius, x0 - 0.5);
        EXPECT_LE(p.x + k.s.radius, x1 - 0.5);
      }
      if (!k.py) {
        EXPECT_GE(p.y - k.s.radius, -0.5);
        EXPECT_LE(p.y + k.s.radius, k.ny - 0.5);
      }
    }
    for (int y = 0; y < k.ny; ++y)
      for (int x = 0; x < k.nx; ++x)
        if (x < x0 || x >= x1) ASSERT_EQ(m[y * k.nx + x], 0) << "site (" << x << ", " << y << ") outside the region";
  }
}

TEST(ParticleBed, AnyBoxIsMarkedLikeTheWholeLattice) {
  // Periodic both ways: discs cross every edge and come back on the other side.
  const ParticleBed periodic(150, 90, spec(4.3, 0.4, 11), true, true);
  bool crosses = false;
  for (const auto& p : periodic.particles()) crosses = crosses || p.x < 4.3 || p.y > 90 - 4.3;
  EXPECT_TRUE(crosses);
  test::expect_boxes_agree(periodic, 150, 90);
  test::expect_boxes_agree(ParticleBed(150, 90, spec(3, 0.3, 12, 2), false, false), 150, 90);
  // A lattice of only two cells along an axis.
  test::expect_boxes_agree(ParticleBed(40, 17, spec(3.9, 0.2, 13, 0.2), true, true), 40, 17);
}

// Every link from a particle's site to a fluid neighbour crosses that particle's edge where
// link_fraction says, across the periodic sides too (where the neighbour lies beyond the lattice).
TEST(ParticleBed, EachLinkCrossesTheEdgeOfItsParticle) {
  const int nx = 80, ny = 60;
  const double r = 3.7;
  const ParticleBed bed(nx, ny, spec(r, 0.35, 5), true, true);
  const std::vector<std::uint8_t> m = test::whole(bed, nx, ny);
  int links = 0, across = 0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      for (int ex = -1; ex <= 1; ++ex)
        for (int ey = -1; ey <= 1; ++ey) {
          const int fx = x + ex, fy = y + ey;  // the fluid end, maybe beyond a side
          if (!m[y * nx + x] || m[((fy + ny) % ny) * nx + (fx + nx) % nx]) continue;
          const double q = bed.link_fraction(x, y, 0, ex, ey, 0);
          const double px = fx - q * ex, py = fy - q * ey;
          double nearest = 1e9;
          for (const auto& p : bed.particles())
            for (int sx = -1; sx <= 1; ++sx)
              for (int sy = -1; sy <= 1; ++sy)
                nearest = std::min(nearest, std::hypot(px - p.x - sx * nx, py - p.y - sy * ny));
          ASSERT_NEAR(nearest, r, 1e-12) << x << ", " << y << " towards " << ex << ", " << ey;
          ++links;
          across += fx < 0 || fx >= nx || fy < 0 || fy >= ny;
        }
  EXPECT_GT(links, 1000);
  EXPECT_GT(across, 0);
}

// Seed 003's bed: more than a million particles on one lattice, built in seconds.
TEST(ParticleBed, AMillionParticles) {
  const ParticleBed bed(16384, 16384, spec(4, 0.3, 1), true, true);
  EXPECT_GT(bed.particles().size(), 1000000u);
  EXPECT_GE(bed.solid_fraction(), 0.3);
  EXPECT_LT(bed.solid_fraction(), 0.3001);
  // A block of a decomposed run is marked from its own neighbourhood.
  const Box block{8192, 8192 + 1024, 4096, 4096 + 1024};
  const long long in_block = test::solid(test::marks(bed, block));
  EXPECT_NEAR(double(in_block) / double(block.sites()), 0.3, 0.02);
  EXPECT_EQ(bed.describe().rfind("particle bed: " + std::to_string(bed.particles().size()) +
                                     " particles of radius 4 in columns 0 <= x < 16384 (seed 1): solid fraction 0.300",
                                 0),
            0u)
      << bed.describe();
}

TEST(ParticleBed, AFractionThatCannotBeReachedIsAClearError) {
  const std::string m = error_of(64, 64, spec(4, 0.6, 1), true, true);
  EXPECT_EQ(m.rfind("the particles cannot reach the solid fraction 0.6: after ", 0), 0u) << m;
  EXPECT_NE(m.find("tries in a row found no room"), std::string::npos) << m;
  EXPECT_NE(m.find("gives up after 1000000 in a row or 1000 per particle wanted"), std::string::npos) << m;
  EXPECT_NE(m.find("jam at about 0.547"), std::string::npos) << m;
}

TEST(ParticleBed, ParametersThatDescribeNoBedAreRefused) {
  EXPECT_EQ(error_of(64, 64, spec(0, 0.3, 1), true, true), "the radius 0 is not > 0");
  EXPECT_EQ(error_of(64, 64, spec(4, 1.0, 1), true, true), "the solid fraction 1 is not > 0 and < 1");
  EXPECT_EQ(error_of(64, 64, spec(4, 0.3, 1, -1), true, true), "the gap -1 is not >= 0");
  EXPECT_EQ(error_of(15, 64, spec(4, 0.3, 1, 0), true, true),
            "nx = 15 is too small for periodic particles: it must be at least 2 (2 radius + gap) = 16");
  EXPECT_EQ(error_of(64, 7, spec(4, 0.3, 1, 0), true, false), "the bed is 7 sites along y, less than a particle's diameter 8");
  ParticleBedSpec s = spec(4, 0.3, 1);
  s.x_min = 50;
  s.x_max = 40;
  EXPECT_EQ(error_of(64, 64, s, true, true),
            "the columns 50 <= x < 40 are not a part of the lattice (0 <= x_min < x_max <= nx = 64)");
  s.x_min = 40;
  s.x_max = 46;
  EXPECT_EQ(error_of(64, 64, s, true, true), "the bed is 6 sites along x, less than a particle's diameter 8");
}

// A radius so small that the bed needs more particles than sites hung (1e-9: some 1e19 particles)
// or ended in std::bad_alloc (1e-6: the cell list); it is refused at once with the count and the
// least radius.
TEST(ParticleBed, ARadiusTooSmallForTheLatticeIsRefusedWithTheCountItWouldNeed) {
  EXPECT_EQ(error_of(32, 16, spec(1e-9, 0.3, 1), true, true),
            "the radius 1e-09 is too small: the bed would need about 4.9e+19 particles to cover 154 of its 512 sites "
            "(pi r^2 = 3.14e-18 sites each), more particles than sites; the radius must be at least 0.309");
  EXPECT_NE(error_of(32, 16, spec(1e-6, 0.3, 1), true, true).find("about 4.9e+13 particles"), std::string::npos);
  // A tiny fraction still needs a whole site: one site of 512 at r = 0.02 is 796 particles.
  EXPECT_NE(error_of(32, 16, spec(0.02, 1e-9, 1), true, true).find("to cover 1 of its 512 sites"), std::string::npos);
  // Just above the least radius the bed is built.
  const ParticleBed bed(32, 16, spec(0.31, 0.3, 1), true, true);
  EXPECT_GE(bed.solid_fraction(), 0.3);
  EXPECT_LE(double(bed.particles().size()), 512.0);
}

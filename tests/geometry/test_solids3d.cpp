// Spheres, boxes and cylinders of a 3-D lattice: exact small counts, volumes against the analytic
// ones within the discretisation, the symmetries of the shapes, any box of a decomposed run
// marked like the whole lattice, where round surfaces cross links; and their [geometry] keys.
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include "marks.hpp"
#include "plume/config/run_config.hpp"
#include "plume/geometry/solids3d.hpp"
#include "plume/geometry/union.hpp"
#include "test_support.hpp"

using namespace plume;
using namespace plume::geometry;
using plume::test::validate_error;

namespace {

struct Marks3 {
  int n[3];
  std::vector<std::uint8_t> m;
  std::uint8_t at(int x, int y, int z) const { return m[(std::size_t(z) * n[1] + y) * n[0] + x]; }
  long long solid() const { return test::solid(m); }
};

Marks3 whole(const Geometry& g, int nx, int ny, int nz) {
  return {{nx, ny, nz}, test::marks(g, Box{0, nx, 0, ny, 0, nz})};
}

// Every box of an uneven 3 x 2 x 2 tiling, and thin slabs along each face, agree with the whole.
void expect_boxes_agree(const Geometry& g, int nx, int ny, int nz) {
  const Marks3 all = whole(g, nx, ny, nz);
  ASSERT_GT(all.solid(), 0);
  std::vector<Box> boxes;
  const int xs[] = {0, nx / 3 + 1, 2 * nx / 3 - 2, nx}, ys[] = {0, ny / 2 + 3, ny}, zs[] = {0, nz / 2 - 1, nz};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 2; ++k) boxes.push_back(Box{xs[i], xs[i + 1], ys[j], ys[j + 1], zs[k], zs[k + 1]});
  boxes.push_back(Box{0, 1, 0, ny, 0, nz});
  boxes.push_back(Box{0, nx, ny - 2, ny, 0, nz});
  boxes.push_back(Box{0, nx, 0, ny, nz - 1, nz});
  long long seen = 0;  // in the tiles
  for (std::size_t t = 0; t < boxes.size(); ++t) {
    const Box& b = boxes[t];
    const std::vector<std::uint8_t> m = test::marks(g, b);
    std::size_t i = 0;
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x, ++i) {
          ASSERT_EQ(m[i], all.at(x, y, z)) << "site (" << x << ", " << y << ", " << z << ")";
          if (t < 12) seen += m[i];
        }
  }
  EXPECT_EQ(seen, all.solid()) << "the tiles hold every solid site once";
}

}  // namespace

// The lattice points strictly inside a ball about a site: those at squared distances 0, 1, 2, 3
// (1 + 6 + 12 + 8) for radius 2; 0, 1, 2 for radius 1.5; the site alone for radius 1.
TEST(Solids3D, ASphereHoldsTheSitesStrictlyInside) {
  EXPECT_EQ(whole(Sphere(5, 5, 5, 1), 11, 11, 11).solid(), 1);
  EXPECT_EQ(whole(Sphere(5, 5, 5, 1.5), 11, 11, 11).solid(), 19);
  EXPECT_EQ(whole(Sphere(5, 5, 5, 2), 11, 11, 11).solid(), 27);
  // Centred between eight sites: the 8 about it for radius 1 (squared distance 3/4 < 1).
  EXPECT_EQ(whole(Sphere(4.5, 4.5, 4.5, 1), 10, 10, 10).solid(), 8);
  // Cut by the lattice's edge: the part inside (the ball of radius 2 about a corner site: 1/8 of
  // it and the halves of the axes and faces: 1 + 3 + 3 + 1 sites).
  EXPECT_EQ(whole(Sphere(0, 0, 0, 2), 8, 8, 8).solid(), 8);
  EXPECT_EQ(Sphere(1, 2, 3.5, 4).describe(), "sphere at (1, 2, 3.5) radius 4");
}

// The count of sites approaches the ball's volume 4/3 pi r^3; the discretisation's error falls
// faster than the surface's share of the sites (~ 3/r).
TEST(Solids3D, ASpheresSitesApproachItsVolume) {
  for (double r : {6.3, 10.0, 15.5}) {
    const int n = int(2 * r) + 6;
    const double c = n / 2 - 0.25;  // off the lattice's symmetry points
    const double volume = 4.0 / 3.0 * M_PI * r * r * r;
    const long long sites = whole(Sphere(c, c + 0.1, c - 0.2, r), n, n, n).solid();
    EXPECT_NEAR(sites / volume, 1.0, 0.3 / r) << "r = " << r << ": " << sites << " sites";
  }
}

TEST(Solids3D, ASphereHasTheCubesSymmetries) {
  const int n = 24;
  const double c = 11.5;  // mirror: 23 - s along each axis
  const Marks3 m = whole(Sphere(c, c, c, 8.7), n, n, n);
  ASSERT_GT(m.solid(), 2000);
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const std::uint8_t s = m.at(x, y, z);
        ASSERT_EQ(s, m.at(23 - x, y, z));
        ASSERT_EQ(s, m.at(x, 23 - y, z));
        ASSERT_EQ(s, m.at(x, y, 23 - z));
        ASSERT_EQ(s, m.at(y, x, z));  // the axes' permutations
        ASSERT_EQ(s, m.at(z, y, x));
        ASSERT_EQ(s, m.at(x, z, y));
      }
}

TEST(Solids3D, ABoxIsItsSitesExactly) {
  const Cuboid b(2, 3, 4, 7, 5, 10);  // 5 x 2 x 6 sites
  const Marks3 m = whole(b, 12, 8, 14);
  EXPECT_EQ(m.solid(), 60);
  for (int z = 0; z < 14; ++z)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 12; ++x)
        ASSERT_EQ(m.at(x, y, z), x >= 2 && x < 7 && y >= 3 && y < 5 && z >= 4 && z < 10) << x << y << z;
  EXPECT_EQ(b.describe(), "box 2 <= x < 7, 3 <= y < 5, 4 <= z < 10");
  EXPECT_EQ(b.link_fraction(6, 4, 9, 1, 0, 1), 0.5) << "made of sites: its faces lie half-way";
}

// A cylinder along any axis is the same shape turned: its sites are the disc's in every layer of
// its length, and along x, y and z they map onto one another.
TEST(Solids3D, CylindersAlongEachAxisAreOneShapeTurned) {
  const int n = 20;
  const double a = 9.3, b = 10.6, r = 5.2;
  const Marks3 cx = whole(Cylinder(0, a, b, r, 3, 17), n, n, n);  // (y, z) = (a, b)
  const Marks3 cy = whole(Cylinder(1, a, b, r, 3, 17), n, n, n);  // (x, z) = (a, b)
  const Marks3 cz = whole(Cylinder(2, a, b, r, 3, 17), n, n, n);  // (x, y) = (a, b)
  // The disc's sites, counted by hand, times the 14 layers.
  long long disc = 0;
  for (int v = 0; v < n; ++v)
    for (int u = 0; u < n; ++u) disc += (u - a) * (u - a) + (v - b) * (v - b) < r * r;
  EXPECT_EQ(cz.solid(), 14 * disc);
  EXPECT_NEAR(double(disc) / (M_PI * r * r), 1.0, 0.05);
  for (int s = 0; s < n; ++s)
    for (int v = 0; v < n; ++v)
      for (int u = 0; u < n; ++u) {
        ASSERT_EQ(cx.at(s, u, v), cz.at(u, v, s));
        ASSERT_EQ(cy.at(u, s, v), cz.at(u, v, s));
      }
  EXPECT_EQ(Cylinder(1, 2, 3, 4, 0, 8).describe(), "cylinder along y at x = 2, z = 3 radius 4, 0 <= y < 8");
}

TEST(Solids3D, AnyBoxIsMarkedLikeTheWholeLattice) {
  Solids s;
  s.add(std::make_shared<Sphere>(10.3, 7.5, 6, 5.5));
  s.add(std::make_shared<Sphere>(0, 15, 11, 3));  // cut by two faces
  s.add(std::make_shared<Cuboid>(20, 0, 2, 24, 4, 9));
  s.add(std::make_shared<Cylinder>(0, 12, 3, 2.5, 0, 24));
  s.add(std::make_shared<Cylinder>(1, 18, 9, 3, 4, 12));
  s.add(std::make_shared<Cylinder>(2, 5, 5, 2, 6, 13));
  expect_boxes_agree(s, 24, 16, 14);
}

// Where round surfaces cross links: by hand for a few, then every link out of a sphere meets it.
TEST(Solids3D, RoundSurfacesCrossEachLinkWhereTheyAre) {
  EXPECT_NEAR(Sphere(0, 0, 0, 2.2).link_fraction(0, 0, 2, 0, 0, 1), 0.8, 1e-15);
  EXPECT_NEAR(Sphere(0, 0, 0, 2).link_fraction(1, 0, 1, 1, 0, 1), 2 - std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(Sphere(0, 0, 0, std::sqrt(3.0) + 0.1).link_fraction(1, 1, 1, 1, 1, 1), 1 - 0.1 / std::sqrt(3.0), 1e-14);
  EXPECT_EQ(Sphere(0, 0, 0, 2).link_fraction(5, 5, 5, 1, 0, 0), 0.5) << "not a site of the sphere";
  const Sphere ball(7.2, 6.9, 7.4, 4.6);
  int links = 0;
  for (int z = 0; z < 15; ++z)
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x)
        for (int ez = -1; ez <= 1; ++ez)
          for (int ey = -1; ey <= 1; ++ey)
            for (int ex = -1; ex <= 1; ++ex) {
              const auto inside = [&](double px, double py, double pz) {
                return (px - 7.2) * (px - 7.2) + (py - 6.9) * (py - 6.9) + (pz - 7.4) * (pz - 7.4) < 4.6 * 4.6;
              };
              if (!inside(x, y, z) || inside(x + ex, y + ey, z + ez)) continue;
              const double q = ball.link_fraction(x, y, z, ex, ey, ez);
              ASSERT_GE(q, 0.0);
              ASSERT_LE(q, 1.0);
              // The point q of the link from the fluid site lies on the sphere.
              const double px = x + ex - q * ex - 7.2, py = y + ey - q * ey - 6.9, pz = z + ez - q * ez - 7.4;
              ASSERT_NEAR(std::sqrt(px * px + py * py + pz * pz), 4.6, 1e-12);
              ++links;
            }
  EXPECT_GT(links, 500);
  // A cylinder: its side where the circle is, its flat ends half-way.
  const Cylinder c(2, 0, 0, 2.2, 0, 5);
  EXPECT_NEAR(c.link_fraction(2, 0, 3, 1, 0, 0), 0.8, 1e-15);
  EXPECT_NEAR(c.link_fraction(0, -2, 3, 0, -1, 1), 0.8, 1e-15) << "the side, not the end";
  EXPECT_EQ(c.link_fraction(0, 0, 4, 0, 0, 1), 0.5) << "the flat end";
  EXPECT_NEAR(c.link_fraction(2, 0, 4, 1, 0, 1), 0.8, 1e-15) << "both: the side is met first from the solid site";
}

// --- The keys ---

namespace {

config::RunConfig box_3d() {
  return config::parse_config(R"(model = "d3q19"
[lattice]
nx = 32
ny = 24
nz = 16
)",
                              "case.toml");
}

}  // namespace

TEST(Solids3DKeys, TheyParseRoundTripAndBuildTheSolids) {
  config::RunConfig c = box_3d();
  config::apply_override(c, "geometry.spheres", "[[16, 12, 8, 4.5]]");
  config::apply_override(c, "geometry.boxes", "[[0, 0, 0, 4, 24, 16]]");
  config::apply_override(c, "geometry.cylinders_x", "[[12, 8, 2, 20, 32]]");
  config::apply_override(c, "geometry.cylinders_y", "[[5, 8, 2, 0, 24]]");
  config::apply_override(c, "geometry.cylinders_z", "[[28, 4, 1.5, 2, 14]]");
  EXPECT_EQ(validate_error(c), "");
  const std::string toml = config::to_toml(c);
  EXPECT_HAS(toml, "spheres = [[16, 12, 8, 4.5]]");
  EXPECT_HAS(toml, "cylinders_y = [[5, 8, 2, 0, 24]]");
  EXPECT_EQ(config::parse_config(toml, "written").geometry.cylinders[0], c.geometry.cylinders[0]);
  config::build_solids(c);
  ASSERT_TRUE(c.solver.solids);
  EXPECT_EQ(c.solver.solids->describe(),
            "sphere at (16, 12, 8) radius 4.5; box 0 <= x < 4, 0 <= y < 24, 0 <= z < 16; cylinder along x at y = 12, "
            "z = 8 radius 2, 20 <= x < 32; cylinder along y at x = 5, z = 8 radius 2, 0 <= y < 24; cylinder along z at "
            "x = 28, y = 4 radius 1.5, 2 <= z < 14");
}

TEST(Solids3DKeys, BadShapesNameTheKey) {
  config::RunConfig c = box_3d();
  c.geometry.spheres = {{16, 12, 8, 4}, {16, 12, 16, 4}, {1, 1, 1, 0}};
  c.geometry.boxes = {{0, 0, 0, 4, 24, 17}};
  c.geometry.cylinders[0] = {{12, 8, 2, 20, 33}};
  c.geometry.cylinders[1] = {{5, 8, 2, 0.5, 10}};
  c.geometry.cylinders[2] = {{40, 4, 2, 0, 16}};
  const std::string m = validate_error(c);
  EXPECT_HAS(m, "geometry.spheres[1] = [16, 12, 16, 4] is not a sphere of the lattice");
  EXPECT_HAS(m, "geometry.spheres[2] = [1, 1, 1, 0] is not a sphere of the lattice");
  EXPECT_EQ(m.find("geometry.spheres[0]"), std::string::npos) << m;
  EXPECT_HAS(m, "geometry.boxes[0] = [0, 0, 0, 4, 24, 17] is not a box of the lattice: it must have 0 <= x0 < x1 <= nx "
                "= 32, 0 <= y0 < y1 <= ny = 24 and 0 <= z0 < z1 <= nz = 16");
  EXPECT_HAS(m, "geometry.cylinders_x[0] = [12, 8, 2, 20, 33] is not a cylinder of the lattice");
  EXPECT_HAS(m, "0 <= x0 < x1 <= nx = 32");
  EXPECT_HAS(m, "geometry.cylinders_y[0] = [5, 8, 2, 0.5, 10] is not a cylinder");
  EXPECT_HAS(m, "geometry.cylinders_z[0] = [40, 4, 2, 0, 16] is not a cylinder of the lattice: its axis must lie "
                "between the sites, 0 <= x <= 31 and 0 <= y <= 23");
  // A row of the wrong length is refused when parsed.
  EXPECT_HAS(plume::test::config_error_of([&] { config::apply_override(c, "geometry.spheres", "[[1, 2, 3]]"); }),
             "geometry.spheres");
  EXPECT_HAS(plume::test::config_error_of([&] { config::apply_override(c, "geometry.boxes", "[[1, 2, 3, 4.5, 5, 6]]"); }),
             "geometry.boxes");
}

TEST(Solids3DKeys, AThreeDShapeOnATwoDLatticeIsRefused) {
  config::RunConfig c = config::parse_config(R"(model = "d2q9"
[lattice]
nx = 64
ny = 32
)",
                                             "case.toml");
  c.geometry.spheres = {{10, 10, 0, 3}};
  c.geometry.cylinders[1] = {{10, 0, 3, 0, 32}};
  const std::string m = validate_error(c);
  EXPECT_HAS(m, "geometry.spheres: a 3-D shape needs a 3-D lattice, and this one is 2-D (lattice.nz = 1)");
  EXPECT_HAS(m, "geometry.cylinders_y: a 3-D shape needs a 3-D lattice");
  EXPECT_EQ(m.find("is not a sphere"), std::string::npos) << "one error per key: " << m;
  // D3Q19 on one layer too.
  config::RunConfig d = box_3d();
  d.solver.nz = 1;
  d.geometry.boxes = {{0, 0, 0, 4, 4, 1}};
  EXPECT_HAS(validate_error(d), "geometry.boxes: a 3-D shape needs a 3-D lattice");
}

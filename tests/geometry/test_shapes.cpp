// Rectangles, circles and their unions: exact sites, symmetry, and any box marked like the whole.
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include "marks.hpp"
#include "plume/geometry/shapes.hpp"
#include "plume/geometry/union.hpp"

using namespace plume;
using namespace plume::geometry;

TEST(Shapes, ARectangleIsItsSitesExactly) {
  const Rectangle r(3, 5, 10, 7);  // 7 x 2 sites
  const std::vector<std::uint8_t> m = test::whole(r, 16, 12);
  EXPECT_EQ(test::solid(m), 14);
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 16; ++x) EXPECT_EQ(m[y * 16 + x], x >= 3 && x < 10 && y >= 5 && y < 7) << x << ", " << y;
  EXPECT_EQ(r.describe(), "rectangle 3 <= x < 10, 5 <= y < 7");
}

// Lattice points strictly inside a circle about a site: 1, 9, 69, 305 for radii 1, 2, 5, 10 (the
// Gauss circle counts of r^2 - 1: the points on the circle are not inside).
TEST(Shapes, ACircleHoldsTheSitesStrictlyInside) {
  EXPECT_EQ(test::solid(test::whole(Circle(8, 8, 1), 20, 20)), 1);
  EXPECT_EQ(test::solid(test::whole(Circle(8, 8, 2), 20, 20)), 9);
  EXPECT_EQ(test::solid(test::whole(Circle(8, 9, 5), 20, 20)), 69);
  EXPECT_EQ(test::solid(test::whole(Circle(20, 30, 10), 48, 48)), 305);
  EXPECT_EQ(test::solid(test::whole(Circle(10.5, 10.5, 5), 24, 24)), 80);
  // Cut by the lattice's edge: the part inside.
  EXPECT_EQ(test::solid(test::whole(Circle(0, 10, 2), 20, 20)), 6);
  EXPECT_EQ(Circle(200, 205, 20).describe(), "circle at (200, 205) radius 20");
}

TEST(Shapes, ACirclesSitesAreSymmetricAboutItsCentre) {
  const int n = 40;
  const double cx = 19.5, cy = 17;  // mirror x: 39 - x; mirror y: 34 - y
  const std::vector<std::uint8_t> m = test::whole(Circle(cx, cy, 7.3), n, n);
  ASSERT_GT(test::solid(m), 100);
  for (int y = 0; y <= 34; ++y)
    for (int x = 0; x < n; ++x) {
      EXPECT_EQ(m[y * n + x], m[y * n + (39 - x)]) << x << ", " << y;
      EXPECT_EQ(m[y * n + x], m[(34 - y) * n + x]) << x << ", " << y;
    }
  const std::vector<std::uint8_t> c = test::whole(Circle(20, 20, 6.7), n, n);  // and across the diagonal
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) EXPECT_EQ(c[y * n + x], c[x * n + y]) << x << ", " << y;
}

TEST(Shapes, AUnionMarksEveryPartAndLeavesOtherMarks) {
  Solids s;
  EXPECT_TRUE(s.empty());
  s.add(std::make_shared<Rectangle>(0, 0, 10, 10));     // 100 sites
  s.add(std::make_shared<Circle>(10, 5, 2));            // 9 sites, 3 of them (x = 9) in the rectangle
  s.add(std::make_shared<Rectangle>(30, 0, 32, 2));     // 4 sites
  EXPECT_EQ(test::solid(test::whole(s, 40, 20)), 100 + 6 + 4);
  EXPECT_EQ(s.describe(), "rectangle 0 <= x < 10, 0 <= y < 10; circle at (10, 5) radius 2; rectangle 30 <= x < 32, 0 <= y < 2");
  // Marks are added to what is there: a site set before stays set.
  std::vector<std::uint8_t> m(40 * 20, 0);
  m[19 * 40 + 39] = 1;
  s.mark(Box{0, 40, 0, 20}, m.data());
  EXPECT_EQ(test::solid(m), 111);
}

TEST(Shapes, AnyBoxIsMarkedLikeTheWholeLattice) {
  Solids s;
  s.add(std::make_shared<Rectangle>(5, 0, 60, 3));
  s.add(std::make_shared<Circle>(30.25, 20.5, 9.5));
  s.add(std::make_shared<Circle>(0, 39, 4));
  test::expect_boxes_agree(s, 64, 40);
}

// Where a circle's edge crosses the links from its sites to their fluid neighbours (interpolated
// bounce-back's q): a few values by hand, then every link of a circle against the circle itself.
TEST(Shapes, ACircleCrossesEachLinkWhereTheCircleIs) {
  EXPECT_DOUBLE_EQ(Circle(0, 0, 2.5).link_fraction(2, 0, 0, 1, 0, 0), 0.5);
  EXPECT_NEAR(Circle(0, 0, 2.2).link_fraction(2, 0, 0, 1, 0, 0), 0.8, 1e-15);
  EXPECT_NEAR(Circle(0, 0, 2.2).link_fraction(0, -2, 0, 0, -1, 0), 0.8, 1e-15);
  EXPECT_NEAR(Circle(0, 0, 2).link_fraction(1, 1, 0, 1, 1, 0), 2 - std::sqrt(2.0), 1e-15);  // leaves at (√2, √2)
  EXPECT_DOUBLE_EQ(Circle(0, 0, 2).link_fraction(5, 5, 0, 1, 0, 0), 0.5) << "not a site of the circle";
  // Rectangles, files and images are made of sites: their walls lie half-way.
  EXPECT_EQ(Rectangle(0, 0, 4, 4).link_fraction(3, 3, 0, 1, 1, 0), 0.5);
  const double cx = 20.3, cy = 19.6, r = 8.45;
  const Circle c(cx, cy, r);
  const std::vector<std::uint8_t> m = test::whole(c, 40, 40);
  int links = 0;
  for (int y = 1; y < 39; ++y)
    for (int x = 1; x < 39; ++x)
      for (int ex = -1; ex <= 1; ++ex)
        for (int ey = -1; ey <= 1; ++ey) {
          if (!m[y * 40 + x] || m[(y + ey) * 40 + x + ex]) continue;
          const double q = c.link_fraction(x, y, 0, ex, ey, 0);
          ASSERT_GE(q, 0.0);
          ASSERT_LE(q, 1.0);
          const double px = x + ex - q * ex, py = y + ey - q * ey;  // from the fluid site, q of the link back
          EXPECT_NEAR(std::hypot(px - cx, py - cy), r, 1e-12) << x << ", " << y << " towards " << ex << ", " << ey;
          ++links;
        }
  EXPECT_GT(links, 150);
}

// A union's surface on a link is the nearest to the fluid site of the parts that hold the solid
// site; parts that do not hold it have no say.
TEST(Shapes, AUnionsLinkCrossesTheNearestSurfaceOfThePartsThatHoldTheSite) {
  Solids s;
  s.add(std::make_shared<Circle>(0, 0, 2.2));    // q 0.8 on the link (2, 0) -> (3, 0)
  s.add(std::make_shared<Circle>(0, 0, 2.6));    // q 0.4 on it
  s.add(std::make_shared<Circle>(3.5, 0, 0.7));  // holds the fluid end only
  EXPECT_NEAR(s.link_fraction(2, 0, 0, 1, 0, 0), 0.4, 1e-15);
  Solids t;
  t.add(std::make_shared<Rectangle>(0, 0, 3, 3));
  t.add(std::make_shared<Circle>(0, 0, 2.2));
  EXPECT_NEAR(t.link_fraction(2, 0, 0, 1, 0, 0), 0.5, 1e-15) << "the rectangle's wall is the nearer";
  EXPECT_NEAR(t.link_fraction(2, 0, 0, 0, -1, 0), 1 - std::sqrt(2.2 * 2.2 - 4), 1e-15) << "the circle's is";
}

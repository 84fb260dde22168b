// Rectangles, circles and their unions: exact sites, symmetry, and any box marked like the whole.
#include <gtest/gtest.h>
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

// What a geometry marks, as the tests look at it.
#pragma once
#include <gtest/gtest.h>
#include <cstdint>
#include <vector>
#include "plume/solids.hpp"

namespace plume::test {

// The marks of the box (fresh, all fluid), one byte per site, rows of b.x1 - b.x0.
inline std::vector<std::uint8_t> marks(const Geometry& g, const Box& b) {
  std::vector<std::uint8_t> m(std::size_t(b.sites()), 0);
  g.mark(b, m.data());
  return m;
}

inline std::vector<std::uint8_t> whole(const Geometry& g, int nx, int ny) { return marks(g, Box{0, nx, 0, ny}); }

inline long long solid(const std::vector<std::uint8_t>& m) {
  long long n = 0;
  for (std::uint8_t v : m) n += v;
  return n;
}

// Every box of a decomposed run sees what a single process sees: the tiles of an uneven 3 x 2
// tiling, thin strips along the edges (a halo's shape) and a box of two z layers agree with the
// whole lattice's marks, site by site.
inline void expect_boxes_agree(const Geometry& g, int nx, int ny) {
  const std::vector<std::uint8_t> all = whole(g, nx, ny);
  std::vector<Box> boxes;
  const int xs[] = {0, nx / 3 + 1, 2 * nx / 3 - 2, nx}, ys[] = {0, ny / 2 + 3, ny};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) boxes.push_back(Box{xs[i], xs[i + 1], ys[j], ys[j + 1]});
  boxes.push_back(Box{0, 1, 0, ny});
  boxes.push_back(Box{nx - 2, nx, 0, ny});
  boxes.push_back(Box{0, nx, ny - 3, ny});
  boxes.push_back(Box{0, nx, 0, 1});
  boxes.push_back(Box{nx / 4, nx / 2, ny / 5, ny / 2, 0, 2});
  long long seen = 0;
  for (const Box& b : boxes) {
    const std::vector<std::uint8_t> m = marks(g, b);
    const long long layer = (long long)(b.x1 - b.x0) * (b.y1 - b.y0);
    for (int z = 0; z < b.z1 - b.z0; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) {
          const std::uint8_t got = m[z * layer + (long long)(y - b.y0) * (b.x1 - b.x0) + (x - b.x0)];
          ASSERT_EQ(got, all[std::size_t(y) * nx + x]) << "site (" << x << ", " << y << ", " << z << ") of box ["
                                                        << b.x0 << ", " << b.x1 << ") x [" << b.y0 << ", " << b.y1 << ")";
          seen += got;
        }
  }
  EXPECT_GT(seen, 0) << "the boxes hold solid sites: the comparison tested something";
}

}  // namespace plume::test

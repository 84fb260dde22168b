#include "plume/geometry/site_bitmap.hpp"
#include <algorithm>
#include <bitset>

namespace plume::geometry {

SiteBitmap::SiteBitmap(int nx, int ny)
    : nx_(nx), ny_(ny), words_per_row_((std::size_t(nx) + 63) / 64), bits_(words_per_row_ * std::size_t(ny), 0) {}

long long SiteBitmap::count() const {
  long long n = 0;
  for (std::uint64_t w : bits_) n += static_cast<long long>(std::bitset<64>(w).count());
  return n;
}

void SiteBitmap::mark_plane(const Box& b, std::uint8_t* out) const {
  const int x0 = std::max(b.x0, 0), x1 = std::min(b.x1, nx_);
  const int y0 = std::max(b.y0, 0), y1 = std::min(b.y1, ny_);
  const std::size_t row = std::size_t(b.x1 - b.x0);
  for (int y = y0; y < y1; ++y) {
    std::uint8_t* line = out + std::size_t(y - b.y0) * row - b.x0;
    for (int x = x0; x < x1; ++x)
      if (test(x, y)) line[x] = 1;
  }
}

}  // namespace plume::geometry

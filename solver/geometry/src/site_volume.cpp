#include "plume/geometry/site_volume.hpp"
#include <algorithm>
#include <bitset>

namespace plume::geometry {

SiteVolume::SiteVolume(int nx, int ny, int nz)
    : n_{nx, ny, nz}, bits_((std::size_t(nx) * std::size_t(ny) * std::size_t(nz) + 63) / 64, 0) {}

long long SiteVolume::count() const {
  long long n = 0;
  for (std::uint64_t w : bits_) n += static_cast<long long>(std::bitset<64>(w).count());
  return n;
}

void SiteVolume::mark(const Box& b, std::uint8_t* out) const {
  const int x0 = std::max(b.x0, 0), x1 = std::min(b.x1, n_[0]);
  const int y0 = std::max(b.y0, 0), y1 = std::min(b.y1, n_[1]);
  const int z0 = std::max(b.z0, 0), z1 = std::min(b.z1, n_[2]);
  const std::size_t row = std::size_t(b.x1 - b.x0), layer = row * std::size_t(b.y1 - b.y0);
  for (int z = z0; z < z1; ++z)
    for (int y = y0; y < y1; ++y) {
      std::uint8_t* line = out + std::size_t(z - b.z0) * layer + std::size_t(y - b.y0) * row - b.x0;
      for (int x = x0; x < x1; ++x)
        if (test(x, y, z)) line[x] = 1;
    }
}

}  // namespace plume::geometry

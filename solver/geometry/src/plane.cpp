#include "plume/geometry/plane.hpp"
#include <algorithm>
#include <vector>

namespace plume::geometry {

void PlaneGeometry::mark(const Box& b, std::uint8_t* out) const {
  if (b.empty()) return;
  const std::size_t layer = std::size_t(b.x1 - b.x0) * std::size_t(b.y1 - b.y0);
  if (b.z1 - b.z0 == 1) return mark_plane(b, out);
  // Several layers: the plane is marked once, apart, so that what other geometries marked in
  // one layer is not copied into the others.
  std::vector<std::uint8_t> plane(layer, 0);
  mark_plane(b, plane.data());
  for (int z = 0; z < b.z1 - b.z0; ++z)
    for (std::size_t i = 0; i < layer; ++i) out[z * layer + i] |= plane[i];
}

}  // namespace plume::geometry

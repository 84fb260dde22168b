#include "plume/geometry/union.hpp"
#include <algorithm>

namespace plume::geometry {

void Solids::mark(const Box& b, std::uint8_t* out) const {
  for (const auto& g : parts_) g->mark(b, out);
}

double Solids::link_fraction(int x, int y, int z, int ex, int ey, int ez) const {
  double q = 2.0;
  for (const auto& g : parts_) {
    std::uint8_t solid = 0;
    g->mark(Box{x, x + 1, y, y + 1, z, z + 1}, &solid);
    if (solid) q = std::min(q, g->link_fraction(x, y, z, ex, ey, ez));
  }
  return q <= 1.0 ? q : 0.5;
}

std::string Solids::describe() const {
  std::string s;
  for (const auto& g : parts_) s += (s.empty() ? "" : "; ") + g->describe();
  return s;
}

}  // namespace plume::geometry

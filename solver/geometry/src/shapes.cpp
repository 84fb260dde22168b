#include "plume/geometry/shapes.hpp"
#include <fmt/format.h>
#include <algorithm>
#include "disc.hpp"

namespace plume::geometry {

void Rectangle::mark_plane(const Box& b, std::uint8_t* out) const {
  const int x0 = std::max(x0_, b.x0), x1 = std::min(x1_, b.x1);
  const int y0 = std::max(y0_, b.y0), y1 = std::min(y1_, b.y1);
  if (x0 >= x1) return;
  const std::size_t row = std::size_t(b.x1 - b.x0);
  for (int y = y0; y < y1; ++y)
    std::fill(out + std::size_t(y - b.y0) * row + (x0 - b.x0), out + std::size_t(y - b.y0) * row + (x1 - b.x0), 1);
}

std::string Rectangle::describe() const {
  return fmt::format("rectangle {} <= x < {}, {} <= y < {}", x0_, x1_, y0_, y1_);
}

void Circle::mark_plane(const Box& b, std::uint8_t* out) const { mark_disc(cx_, cy_, r_, b, b, out); }

double Circle::link_fraction(int x, int y, int /*z*/, int ex, int ey, int /*ez*/) const {
  return disc_link_fraction(x - cx_, y - cy_, r_, ex, ey);
}

std::string Circle::describe() const { return fmt::format("circle at ({}, {}) radius {}", cx_, cy_, r_); }

}  // namespace plume::geometry

#include "disc.hpp"
#include <algorithm>
#include <cmath>

namespace plume::geometry {

namespace {

// The sites [lo, hi] (clamped to [first, end)) that a disc spans along an axis; lo > hi: none.
void span(double c, double r, int first, int end, int& lo, int& hi) {
  lo = int(std::max(double(first), std::floor(c - r)));
  hi = int(std::min(double(end - 1), std::ceil(c + r)));
}

}  // namespace

void mark_disc(double cx, double cy, double r, const Box& b, const Box& within, std::uint8_t* out) {
  int x_lo, x_hi, y_lo, y_hi;
  span(cx, r, within.x0, within.x1, x_lo, x_hi);
  span(cy, r, within.y0, within.y1, y_lo, y_hi);
  const double r2 = r * r;
  const std::size_t row = std::size_t(b.x1 - b.x0);
  for (int y = y_lo; y <= y_hi; ++y) {
    std::uint8_t* line = out + std::size_t(y - b.y0) * row - b.x0;
    for (int x = x_lo; x <= x_hi; ++x)
      if (in_disc(x - cx, y - cy, r2)) line[x] = 1;
  }
}

long long disc_sites(double cx, double cy, double r) {
  const double r2 = r * r;
  long long n = 0;
  for (double y = std::floor(cy - r); y <= std::ceil(cy + r); ++y)
    for (double x = std::floor(cx - r); x <= std::ceil(cx + r); ++x) n += in_disc(x - cx, y - cy, r2);
  return n;
}

}  // namespace plume::geometry

#include "solid_brush.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace plume::gui {
namespace {

// Distance from (x, y) to the segment of the stroke.
double distance(const SolidStroke& s, double x, double y) {
  const double dx = s.x1 - s.x0, dy = s.y1 - s.y0, len2 = dx * dx + dy * dy;
  const double t = len2 > 0 ? std::clamp(((x - s.x0) * dx + (y - s.y0) * dy) / len2, 0.0, 1.0) : 0.0;
  return std::hypot(x - (s.x0 + t * dx), y - (s.y0 + t * dy));
}

}  // namespace

std::vector<Box> stroke_boxes(const SolidStroke& s, int nx, int ny) {
  std::vector<Box> out;
  const double r = std::max(0.0, s.radius);
  const int y_lo = std::max(0, int(std::ceil(std::min(s.y0, s.y1) - r)));
  const int y_hi = std::min(ny - 1, int(std::floor(std::max(s.y0, s.y1) + r)));
  const int x_lo = std::max(0, int(std::ceil(std::min(s.x0, s.x1) - r)));
  const int x_hi = std::min(nx - 1, int(std::floor(std::max(s.x0, s.x1) + r)));
  for (int y = y_lo; y <= y_hi; ++y) {
    int first = -1, last = -1;
    for (int x = x_lo; x <= x_hi; ++x)
      if (distance(s, x, y) <= r) {
        if (first < 0) first = x;
        last = x;
      }
    if (first >= 0) out.push_back(Box{first, last + 1, y, y + 1, 0, 1});
  }
  return out;
}

std::vector<Box> stroke_boxes(const SolidStroke& s, int nx, int ny, int nz) {
  const Plane p = plane_of(s.plane, nx, ny, nz);
  std::vector<Box> out = stroke_boxes(s, p.width, p.height);
  for (Box& b : out) {  // picture (a, b) to lattice boxes
    int lo[3], hi[3];
    p.site(b.x0, b.y0, lo);
    p.site(b.x1, b.y1, hi);
    hi[p.axis] = p.position + 1;
    b = Box{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]};
  }
  return out;
}

long edit_solids(Solver& solver, const SolidStroke& s) {
  if (!solver.model().supports_solids())
    throw std::invalid_argument("model " + solver.model().name() + " has no solid sites");
  const Domain& d = solver.domain();
  long sites = 0;
  for (const Box& b : stroke_boxes(s, d.NX, d.NY, d.NZ)) {
    solver.edit_solids(b, s.solid);
    sites += long(b.sites());
  }
  return sites;
}

}  // namespace plume::gui

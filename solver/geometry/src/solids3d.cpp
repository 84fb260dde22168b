#include "plume/geometry/solids3d.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include "plume/geometry/disc.hpp"

namespace plume::geometry {

namespace {

// The box's sites along one axis: [first, end).
void range(const Box& b, int axis, int& first, int& end) {
  first = axis == 0 ? b.x0 : axis == 1 ? b.y0 : b.z0;
  end = axis == 0 ? b.x1 : axis == 1 ? b.y1 : b.z1;
}

// The sites of [first, end) that a round shape about c of radius r may hold: [lo, hi).
void span(double c, double r, int first, int end, int& lo, int& hi) {
  lo = int(std::max(double(first), std::floor(c - r)));
  hi = int(std::min(double(end), std::ceil(c + r) + 1));
}

// Where site (x, y, z) of box b lies in the box's marks.
std::size_t at(const Box& b, int x, int y, int z) {
  return (std::size_t(z - b.z0) * std::size_t(b.y1 - b.y0) + std::size_t(y - b.y0)) * std::size_t(b.x1 - b.x0) +
         std::size_t(x - b.x0);
}

const char* axis_name(int axis) { return axis == 0 ? "x" : axis == 1 ? "y" : "z"; }

}  // namespace

// --- Cuboid ---

void Cuboid::mark(const Box& b, std::uint8_t* out) const {
  const int x0 = std::max(lo_[0], b.x0), x1 = std::min(hi_[0], b.x1);
  const int y0 = std::max(lo_[1], b.y0), y1 = std::min(hi_[1], b.y1);
  const int z0 = std::max(lo_[2], b.z0), z1 = std::min(hi_[2], b.z1);
  if (x0 >= x1) return;
  for (int z = z0; z < z1; ++z)
    for (int y = y0; y < y1; ++y) std::fill(out + at(b, x0, y, z), out + at(b, x1 - 1, y, z) + 1, 1);
}

std::string Cuboid::describe() const {
  return fmt::format("box {} <= x < {}, {} <= y < {}, {} <= z < {}", lo_[0], hi_[0], lo_[1], hi_[1], lo_[2], hi_[2]);
}

// --- Sphere ---

void Sphere::mark(const Box& b, std::uint8_t* out) const {
  int lo[3], hi[3];
  for (int a = 0; a < 3; ++a) {
    int first, end;
    range(b, a, first, end);
    span(c_[a], r_, first, end, lo[a], hi[a]);
  }
  const double r2 = r_ * r_;
  for (int z = lo[2]; z < hi[2]; ++z)
    for (int y = lo[1]; y < hi[1]; ++y)
      for (int x = lo[0]; x < hi[0]; ++x) {
        const double dx = x - c_[0], dy = y - c_[1], dz = z - c_[2];
        if (dx * dx + dy * dy + dz * dz < r2) out[at(b, x, y, z)] = 1;
      }
}

double Sphere::link_fraction(int x, int y, int z, int ex, int ey, int ez) const {
  return ball_link_fraction(x - c_[0], y - c_[1], z - c_[2], r_, ex, ey, ez);
}

std::string Sphere::describe() const {
  return fmt::format("sphere at ({}, {}, {}) radius {}", c_[0], c_[1], c_[2], r_);
}

// --- Cylinder ---

void Cylinder::across(int x, int y, int z, double& u, double& v) const {
  u = (axis_ == 0 ? y : x) - a_;
  v = (axis_ == 2 ? y : z) - b_;
}

void Cylinder::mark(const Box& b, std::uint8_t* out) const {
  // The axis and the two across it, in order: the box's ranges along each, clipped to the shape.
  const int ua = axis_ == 0 ? 1 : 0, va = axis_ == 2 ? 1 : 2;
  int first, end, lo[3], hi[3];
  range(b, axis_, first, end);
  lo[axis_] = std::max(first, lo_);
  hi[axis_] = std::min(end, hi_);
  range(b, ua, first, end);
  span(a_, r_, first, end, lo[ua], hi[ua]);
  range(b, va, first, end);
  span(b_, r_, first, end, lo[va], hi[va]);
  const double r2 = r_ * r_;
  for (int z = lo[2]; z < hi[2]; ++z)
    for (int y = lo[1]; y < hi[1]; ++y)
      for (int x = lo[0]; x < hi[0]; ++x) {
        double u, v;
        across(x, y, z, u, v);
        if (in_disc(u, v, r2)) out[at(b, x, y, z)] = 1;
      }
}

double Cylinder::link_fraction(int x, int y, int z, int ex, int ey, int ez) const {
  double u, v;
  across(x, y, z, u, v);
  const int eu = axis_ == 0 ? ey : ex, ev = axis_ == 2 ? ey : ez;
  // A link that leaves through the side crosses the circle; one that leaves through a flat end
  // crosses it half-way. One that leaves through both meets the nearer to the solid site first,
  // the farther from the fluid site: the larger fraction.
  const int s = along(x + ex, y + ey, z + ez);
  const bool through_end = s < lo_ || s >= hi_;
  const double du = u + eu, dv = v + ev;
  const bool through_side = !in_disc(du, dv, r_ * r_);
  double q = 0.0;
  if (through_side) q = disc_link_fraction(u, v, r_, eu, ev);
  if (through_end) q = std::max(q, 0.5);
  return through_side || through_end ? q : 0.5;
}

std::string Cylinder::describe() const {
  const char* n = axis_name(axis_);
  const char* a = axis_ == 0 ? "y" : "x";
  const char* b = axis_ == 2 ? "y" : "z";
  return fmt::format("cylinder along {} at {} = {}, {} = {} radius {}, {} <= {} < {}", n, a, a_, b, b_, r_, lo_, n, hi_);
}

}  // namespace plume::geometry

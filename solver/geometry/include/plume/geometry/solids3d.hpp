// Shapes of a 3-D lattice, in lattice units: site (x, y, z) stands at the point (x, y, z). Unlike
// the plane shapes (plane.hpp), which every z layer sees alike, these mark each layer by itself.
#pragma once
#include "plume/solids.hpp"

namespace plume::geometry {

// The sites x0 <= x < x1, y0 <= y < y1, z0 <= z < z1. Its faces lie half a site beyond its outer
// sites, where half-way bounce-back puts them (link_fraction 1/2).
class Cuboid final : public Geometry {
 public:
  Cuboid(int x0, int y0, int z0, int x1, int y1, int z1) : lo_{x0, y0, z0}, hi_{x1, y1, z1} {}
  void mark(const Box& b, std::uint8_t* out) const override;
  std::string describe() const override;

 private:
  int lo_[3], hi_[3];
};

// The sites whose centre lies strictly inside the sphere: |(x, y, z) - c|^2 < r^2 (two spheres
// that only touch share no site). Its surface is the sphere itself.
class Sphere final : public Geometry {
 public:
  Sphere(double cx, double cy, double cz, double r) : c_{cx, cy, cz}, r_(r) {}
  void mark(const Box& b, std::uint8_t* out) const override;
  double link_fraction(int x, int y, int z, int ex, int ey, int ez) const override;
  std::string describe() const override;

 private:
  double c_[3], r_;
};

// A circular cylinder along a lattice axis (0: x, 1: y, 2: z): the sites lo <= s < hi along the
// axis whose centre lies strictly inside the circle of radius r about (a, b) in the other two
// coordinates, taken in order (x: (y, z); y: (x, z); z: (x, y)). Its side is the circle itself;
// its flat ends lie half a site beyond its first and last layers.
class Cylinder final : public Geometry {
 public:
  Cylinder(int axis, double a, double b, double r, int lo, int hi) : axis_(axis), a_(a), b_(b), r_(r), lo_(lo), hi_(hi) {}
  void mark(const Box& b, std::uint8_t* out) const override;
  double link_fraction(int x, int y, int z, int ex, int ey, int ez) const override;
  std::string describe() const override;

 private:
  // The two coordinates across the axis, in order.
  void across(int x, int y, int z, double& u, double& v) const;
  int along(int x, int y, int z) const { return axis_ == 0 ? x : axis_ == 1 ? y : z; }
  int axis_;
  double a_, b_, r_;
  int lo_, hi_;
};

}  // namespace plume::geometry

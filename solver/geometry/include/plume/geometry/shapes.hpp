// Shapes given in lattice units. A site (x, y) stands at the point (x, y): site 0 is at 0, and
// the lattice's sites run from 0 to nx - 1 and ny - 1.
#pragma once
#include "plume/geometry/plane.hpp"

namespace plume::geometry {

// The sites x0 <= x < x1, y0 <= y < y1. Its surface lies half a site beyond its outer sites, so
// every link crosses it half-way (Geometry::link_fraction's 1/2).
class Rectangle final : public PlaneGeometry {
 public:
  Rectangle(int x0, int y0, int x1, int y1) : x0_(x0), y0_(y0), x1_(x1), y1_(y1) {}
  std::string describe() const override;

 protected:
  void mark_plane(const Box& b, std::uint8_t* out) const override;

 private:
  int x0_, y0_, x1_, y1_;
};

// The sites whose centre lies inside the circle: (x - cx)^2 + (y - cy)^2 < r^2 (strictly, so
// that two discs that only touch share no site). Its surface is the circle itself.
class Circle final : public PlaneGeometry {
 public:
  Circle(double cx, double cy, double r) : cx_(cx), cy_(cy), r_(r) {}
  std::string describe() const override;
  double link_fraction(int x, int y, int z, int ex, int ey, int ez) const override;

 protected:
  void mark_plane(const Box& b, std::uint8_t* out) const override;

 private:
  double cx_, cy_, r_;
};

}  // namespace plume::geometry

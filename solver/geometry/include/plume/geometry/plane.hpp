// A geometry of the plane (every geometry of plume so far): it marks the x-y rectangle of a box,
// and every z layer of a box gets the same sites (a 3-D lattice sees the shape extruded along z).
#pragma once
#include <cstdint>
#include "plume/solids.hpp"

namespace plume::geometry {

class PlaneGeometry : public Geometry {
 public:
  void mark(const Box& b, std::uint8_t* out) const final;

 protected:
  // Sets out[(y - b.y0) * (b.x1 - b.x0) + (x - b.x0)] = 1 for every solid site (x, y) of the
  // rectangle of b (its z range ignored); leaves the other entries as they are.
  virtual void mark_plane(const Box& b, std::uint8_t* out) const = 0;
};

}  // namespace plume::geometry

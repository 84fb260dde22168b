// Solid sites: the obstacles of a lattice (walls, cylinders, particle beds, masks drawn or read
// from files). The solver holds one byte per site of its block and halo, 1 where the site is
// solid; a model that supports solids (Model::supports_solids) bounces its populations back
// there. What is solid is described by a Geometry, which marks the solid sites of any box of the
// global lattice: every rank asks it for its own block and halo, so no mask is ever exchanged
// and a decomposed run sees exactly the sites a single process sees.
#pragma once
#include <cstdint>
#include <string>
#include "plume/grid/domain.hpp"

namespace plume {

class Geometry {
 public:
  virtual ~Geometry() = default;
  // Sets out[((z - b.z0) * ny + (y - b.y0)) * nx + (x - b.x0)] = 1 (nx = b.x1 - b.x0,
  // ny = b.y1 - b.y0) for every solid site (x, y, z) of b, a box of global coordinates inside
  // the lattice; leaves the other entries as they are (several geometries mark one mask).
  virtual void mark(const Box& b, std::uint8_t* out) const = 0;
  // Where the surface crosses the link between solid site (x, y, z) (global coordinates, inside
  // the lattice) and its fluid neighbour (x + ex, y + ey, z + ez) (which may lie beyond a
  // periodic side): the distance from the fluid site to the surface, as a fraction q of the link,
  // 0 <= q <= 1. Interpolated bounce-back puts the wall there. A geometry made of sites (a file,
  // an image, a rectangle of sites) has no surface of its own: it lies half-way, q = 1/2, where
  // half-way bounce-back puts it.
  virtual double link_fraction(int /*x*/, int /*y*/, int /*z*/, int /*ex*/, int /*ey*/, int /*ez*/) const {
    return 0.5;
  }
  // One line for logs and summaries: "circle at (200, 205) radius 20; 1204 sites from obstacles.dat".
  virtual std::string describe() const = 0;
};

}  // namespace plume

// Marking discs (circles, particles) in a box of sites; the arithmetic of one disc is
// plume/geometry/disc.hpp.
#pragma once
#include <cstdint>
#include "plume/geometry/disc.hpp"
#include "plume/grid/domain.hpp"

namespace plume::geometry {

// Sets out[(y - b.y0) * (b.x1 - b.x0) + (x - b.x0)] = 1 for the sites (x, y) of `within` (a part
// of b's x-y rectangle) that lie in the disc.
void mark_disc(double cx, double cy, double r, const Box& b, const Box& within, std::uint8_t* out);
// The sites of an unbounded lattice that lie in the disc.
long long disc_sites(double cx, double cy, double r);

}  // namespace plume::geometry

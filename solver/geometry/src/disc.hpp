// The one test of every disc (circles, particles): a site lies in a disc when its centre is
// strictly inside, so that two discs that only touch share no site.
#pragma once
#include <cstdint>
#include "plume/grid/domain.hpp"

namespace plume::geometry {

inline bool in_disc(double dx, double dy, double r2) { return dx * dx + dy * dy < r2; }

// Sets out[(y - b.y0) * (b.x1 - b.x0) + (x - b.x0)] = 1 for the sites (x, y) of `within` (a part
// of b's x-y rectangle) that lie in the disc.
void mark_disc(double cx, double cy, double r, const Box& b, const Box& within, std::uint8_t* out);
// The sites of an unbounded lattice that lie in the disc.
long long disc_sites(double cx, double cy, double r);

}  // namespace plume::geometry

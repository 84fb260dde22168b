// The solid sites of one block as its backend holds them: a byte per site of the block's layout,
// halos included (StepArgs::solid), built from a Geometry and changed by a user's drawing. Each
// halo site is the site of the global lattice it images (across a periodic side) or fluid (beyond
// a bounded side), so every rank builds its own mask without messages.
#pragma once
#include <cstdint>
#include <vector>
#include "plume/grid/layout.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/solids.hpp"

namespace plume {

// The mask of block d (layout l) from geometry g.
std::vector<std::uint8_t> solid_mask(const Geometry& g, const Layout& l, const Domain& d, const parallel::Periodic& p);

// Sets the sites of the global box b (clamped to the lattice) to `solid` in the mask of block d,
// halo sites included; returns the box of local sites that changed, halo coordinates included
// (empty when none did).
Box edit_solid_mask(std::vector<std::uint8_t>& mask, const Layout& l, const Domain& d, const parallel::Periodic& p,
                    const Box& b, bool solid);

}  // namespace plume

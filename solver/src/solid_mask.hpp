// The solid sites of one block as its backend holds them: a byte per site of the block's layout,
// halos included (StepArgs::solid), built from a Geometry and changed by a user's drawing. Each
// halo site is the site of the global lattice it images (across a periodic side) or fluid (beyond
// a bounded side), so every rank builds its own mask without messages.
#pragma once
#include <cstdint>
#include <vector>
#include "plume/grid/layout.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/solids.hpp"

namespace plume {

// The mask of block d (layout l) from geometry g.
std::vector<std::uint8_t> solid_mask(const Geometry& g, const Layout& l, const Domain& d, const parallel::Periodic& p);

// Where the surface of geometry g crosses the links of the block's interior sites into the sites
// it marks (StepArgs::links; q holds Q planes of l.stride floats, set beforehand to 1/2): a link
// from site x to n = x - e_i takes g's link_fraction where `shape` (g's mask of the block, as
// solid_mask gives it) marks n and not x; the others keep 1/2. From global coordinates only, so
// every tiling gives the same numbers. From the geometry alone, not from the run's mask: a link
// into a drawn site or out of an erased one has an end g does not mark, and crosses half-way as
// without links; a link whose ends are both fluid or both solid is never read.
void place_links(const Geometry& g, const std::vector<std::uint8_t>& shape, const Layout& l, const Domain& d,
                 const parallel::Periodic& p, const LatticeInfo& lattice, std::vector<float>& q);

// Sets the sites of the global box b (clamped to the lattice) to `solid` in the mask of block d,
// halo sites included; returns the box of local sites that changed, halo coordinates included
// (empty when none did).
Box edit_solid_mask(std::vector<std::uint8_t>& mask, const Layout& l, const Domain& d, const parallel::Periodic& p,
                    const Box& b, bool solid);

}  // namespace plume

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

// Sets the sites of the global box b (clamped to the lattice) to `solid` in the mask of block d,
// halo sites included; returns the box of local sites that changed, halo coordinates included
// (empty when none did).
// Where the walls cross the links of the interior sites of local box b (halo coordinates
// allowed: clamped to the interior) into solid sites (StepArgs::links; q holds Q planes of
// l.stride floats). `mask` is the block's solid sites, `shape` the sites geometry g marks (empty
// or g null: none). A link from fluid site x to solid site n = x - e_i takes g's
// link_fraction when g marks n and not x, else 1/2; links that do not end in a solid site get 1/2
// (never read). From global coordinates only, so every tiling gives the same numbers.
void place_links(const Geometry* g, const std::vector<std::uint8_t>& shape, const std::vector<std::uint8_t>& mask,
                 const Layout& l, const Domain& d, const parallel::Periodic& p, const LatticeInfo& lattice, const Box& b,
                 std::vector<float>& q);

Box edit_solid_mask(std::vector<std::uint8_t>& mask, const Layout& l, const Domain& d, const parallel::Periodic& p,
                    const Box& b, bool solid);

}  // namespace plume

// Fills a Window's margins (window.hpp) from the neighbouring tiles: axis by axis, x, then y, then
// z, each axis' slabs spanning the margins the earlier axes filled, so that edges and corners
// arrive without messages of their own (as the populations' halo exchange does). Periodic
// directions of one tile copy the block's own opposite edge; bounded ones leave the margin at 0
// (the tracers clamp positions into the lattice and never read beyond it).
#pragma once
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/decomposition.hpp"
#include "window.hpp"

namespace plume::tracers {

// Collective over the ranks of `decomp`. `periodic`: the run's periodic directions now (a
// one-process run may be steered between walls and periodic sides; a decomposed one may not, so
// its neighbours stay the decomposition's).
void exchange_margins(Window& w, const parallel::Decomposition& decomp, const std::array<bool, 3>& periodic,
                      parallel::Communicator& comm);

}  // namespace plume::tracers

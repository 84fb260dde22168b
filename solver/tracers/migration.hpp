// Tracers that left this rank's block go to the tile that holds them now. An update moves a
// tracer by at most one site, so it lands in a neighbouring tile: the tracers move axis by axis
// (x, then y, then z), and one that crossed a corner takes two hops, the second with those that
// arrived. Per axis and direction, the count goes first, then the tracers.
#pragma once
#include <string>
#include <vector>
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/decomposition.hpp"
#include "tracer.hpp"

namespace plume::tracers {

// Whether the block of `d` holds p (its nearest site, tracer.hpp's rule).
bool holds(const Domain& d, int dims, const std::array<double, 3>& p);

// Collective. Returns the problem, if any, on this rank ("" when every tracer found its tile): a
// tracer beyond the neighbouring tiles, which no update makes.
std::string migrate(std::vector<Tracer>& tracers, const parallel::Decomposition& decomp, int dims,
                    parallel::Communicator& comm);

}  // namespace plume::tracers

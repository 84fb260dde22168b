// The implicit scheme's own tile stepper (Model::make_tile_stepper): a decomposed run's step of
// line solves whose lines cross tiles. Per axis (x, then y, then z, as one rank's step), the
// ranks whose blocks a line crosses (LineGroup) share out the lines of their blocks: each rank
// gathers the parts of its share of the lines from the others, solves each whole line with the
// one rank's line solve (line_solve.hpp, in the storage's type, so the bits are one rank's), and
// returns every part to the block it came from. On an axis that no tile cuts, each rank solves
// its own lines where they lie. The block crosses to the host for this (Backend::read_populations
// and write_populations): on a GPU that is slow, but it is the one rank's arithmetic.
// The halo exchange stays the generic one (the fields, and a step steered back to the explicit
// scheme, use it).
#pragma once
#include <memory>
#include "diffusion/implicit_backends.hpp"
#include "parallel/tile_stepper.hpp"

namespace plume::diffusion {

// Collective over `comm` (every rank makes its stepper; it splits `comm` once per axis).
std::unique_ptr<parallel::TileStepper> make_implicit_tile_stepper(ImplicitBackend& b, const LatticeInfo& lattice,
                                                                  const Domain& d, const parallel::Neighbours& nb,
                                                                  parallel::Communicator& comm,
                                                                  TransportKind transport);

}  // namespace plume::diffusion

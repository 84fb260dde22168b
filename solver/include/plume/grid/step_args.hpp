// What the per-site update of any model receives besides the site's coordinates: the populations
// to read and to write, their layout, the block's place in the lattice, the model's parameters and
// the solid sites (a plain struct, copied by value into CUDA kernels).
#pragma once
#include <cstdint>
#include "plume/grid/layout.hpp"

namespace plume {

template <class Real, class Params>
struct StepArgs {
  const Real* src;
  Real* dst;
  Layout layout;
  Domain domain;
  Params params;
  // One byte per site, indexed as the populations' planes (Layout::site, halos included): 1 where
  // the site is solid (plume/solids.hpp). Null when the run has no solid sites, so that a model's
  // code for solids costs nothing then.
  const std::uint8_t* solid = nullptr;
};

}  // namespace plume

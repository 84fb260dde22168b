// What the per-site update of any model receives besides the site's coordinates: the populations
// to read and to write, their layout, the block's place in the lattice and the model's parameters
// (a plain struct, copied by value into CUDA kernels).
#pragma once
#include "plume/grid/layout.hpp"

namespace plume {

template <class Real, class Params>
struct StepArgs {
  const Real* src;
  Real* dst;
  Layout layout;
  Domain domain;
  Params params;
};

}  // namespace plume

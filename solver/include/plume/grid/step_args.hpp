// What the per-site update of any model receives besides the site's coordinates: the populations
// to read and to write, where each population of a site lies in them (planes.hpp), their layout,
// the block's place in the lattice, the model's parameters, the solid sites, and where it reads
// across periodic boundaries itself (a plain struct, copied by value into CUDA kernels).
#pragma once
#include <cstdint>
#include "plume/grid/layout.hpp"
#include "plume/grid/planes.hpp"
#include "plume/grid/wrap.hpp"

namespace plume {

template <class Real, class Params>
struct StepArgs {
  // Population i of the site at index s (Layout::site) is src[i][s] in the current state and
  // dst[i][s] in the next: with two buffers plane i of each, in place the two ways the one buffer
  // holds a state (planes.hpp).
  Planes<const Real> src;
  Planes<Real> dst;
  Layout layout;
  Domain domain;
  Params params;
  // One byte per site, indexed as the populations' planes (Layout::site, halos included): 1 where
  // the site is solid (plume/solids.hpp). Null when the run has no solid sites, so that a model's
  // code for solids costs nothing then.
  const std::uint8_t* solid = nullptr;
  // Where the walls cross the links into solid sites (plume/solids.hpp, Geometry::link_fraction):
  // a plane of Q floats per population, indexed as the populations' planes; links[i * stride + s]
  // is the distance from fluid site s to the wall towards s - e_i, as a fraction of the link, read
  // only where solid[s - e_i] is set. Null unless the model asks for it (Model::uses_links).
  const float* links = nullptr;
  // The axes along which the update reads its neighbours across the periodic boundary itself
  // instead of from the ghost sites (plume/grid/wrap.hpp); set for a step of a model whose update
  // can (cuda::wrap_for), else all 0.
  Wrap wrap;
  // In place, a step into the shifted way (planes.hpp) of a model that can (Traits::pushes_across):
  // the axes along which the update stores the populations it pushes across the periodic boundary
  // into the sites at the block's other end, not into the ghost sites; else all 0.
  Wrap push;
};

// How a step's update reaches across the periodic boundaries: reading the ghost sites or across
// (wrap), or pushing across as well (push). A model may have its step kernels compiled for a
// reach each (Traits::update_reach, cuda/kernels.cuh).
enum class Reach : int { Across = 0, Pushes = 1 };

}  // namespace plume

// The diffusion stencil as a lattice: one stored plane, T, which the update of a site reads at the
// site and at its 2 D axis neighbours (the 5-point stencil in 2-D, the 7-point stencil in 3-D).
// It is no lattice of velocities (e is 0): it states the offsets it reads (reads, read), from
// which plume derives its halos: T crosses every face, one layer deep
// (plume/lattice/lattice_info.hpp).
#pragma once
#include "plume/hd.hpp"

namespace plume::diffusion {

template <int Dim>
struct Stencil {
  static_assert(Dim == 2 || Dim == 3, "a 2-D or a 3-D stencil");
  // One name for both: the model describes its lattice as the 3-D one and runs the 2-D one on a
  // lattice of one plane (model.cpp), and logs, summaries and checkpoints name it.
  static constexpr const char* name = "axis stencil";
  static constexpr int D = Dim;
  static constexpr int Q = 1;      // T
  static constexpr int reach = 1;  // the axis neighbours
  PLUME_HD static constexpr int e(int /*i*/, int /*a*/) { return 0; }
  // The site itself, then the neighbours -x, +x, -y, +y (, -z, +z): the order in which the update
  // adds them.
  PLUME_HD static constexpr int reads(int /*i*/) { return 1 + 2 * D; }
  PLUME_HD static constexpr int read(int /*i*/, int k, int a) {
    return k == 0 ? 0 : (k - 1) / 2 != a ? 0 : (k % 2 == 1 ? -1 : 1);
  }
};

}  // namespace plume::diffusion

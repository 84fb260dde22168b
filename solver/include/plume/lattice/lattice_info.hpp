// What the parts of plume that do not run per-site code need to know about a lattice, at run
// time: its name, dimensions, stored planes, reach, and how far each plane is read from a site,
// from which the halo plans (which planes cross which face, to which depth) and the number of
// values that cross a face per position (the halo messages' size, the performance model) follow.
// Made from the compile-time lattice type by describe_lattice<L>(), so every number is derived
// from the lattice's own tables, never typed twice.
//
// A model's lattice is a set of Q stored planes. For a lattice of velocities (D2Q37, D2Q9) plane
// i holds population i, and the pull of a site x reads it at one site, x - e_i. A model that is
// no lattice of velocities (the diffusion stencil reads its one plane T at the site and its axis
// neighbours) states, per plane, the offsets it reads: `reads(i)` offsets, `read(i, k, axis)`
// their components. PlaneReads<L> gives either, with the pull's -e_i as the default.
#pragma once
#include <array>
#include <type_traits>
#include "plume/grid/domain.hpp"
#include "plume/hd.hpp"

namespace plume {

template <class L, class = void>
struct PlaneReads {
  PLUME_HD static constexpr int count(int /*i*/) { return 1; }
  PLUME_HD static constexpr int offset(int i, int /*k*/, int a) { return -L::e(i, a); }
};
template <class L>
struct PlaneReads<L, std::void_t<decltype(L::reads(0))>> {
  PLUME_HD static constexpr int count(int i) { return L::reads(i); }
  PLUME_HD static constexpr int offset(int i, int k, int a) { return L::read(i, k, a); }
};

struct LatticeInfo {
  static constexpr int kMaxQ = 64;
  const char* name = "";
  int D = 0, Q = 0;
  int reach = 0;                      // largest distance a plane is read from a site: the ghost width
  std::array<int, kAxes> crossing{};  // values that cross a face of each axis (one way), per position
  std::array<std::array<int, kAxes>, kMaxQ> velocities{};  // e_i, integer lattice vectors (0 for a stencil)
  // [i][axis][side]: how many sites away from a site plane i is read towards the low (side 0) and
  // the high (side 1) end of the axis; 0 when it is not read beyond the site that way.
  std::array<std::array<std::array<int, 2>, kAxes>, kMaxQ> extent{};
  constexpr int halo(int axis) const { return axis < D ? reach : 0; }
  constexpr int e(int i, int axis) const { return velocities[i][axis]; }
  // How far plane i is read from a site in direction dir (+1 or -1) along axis.
  constexpr int reads(int i, int axis, int dir) const { return extent[i][axis][dir > 0 ? 1 : 0]; }
};

template <class L>
constexpr LatticeInfo describe_lattice() {
  using R = PlaneReads<L>;
  LatticeInfo info;
  info.name = L::name;
  info.D = L::D;
  info.Q = L::Q;
  info.reach = L::reach;
  static_assert(L::Q <= LatticeInfo::kMaxQ, "more planes than LatticeInfo holds");
  for (int i = 0; i < L::Q; ++i)
    for (int a = 0; a < kAxes; ++a) {
      info.velocities[i][a] = L::e(i, a);
      for (int k = 0; k < R::count(i); ++k) {
        const int o = R::offset(i, k, a);
        if (-o > info.extent[i][a][0]) info.extent[i][a][0] = -o;
        if (o > info.extent[i][a][1]) info.extent[i][a][1] = o;
      }
    }
  // One way across a face of axis a, towards its high side: plane i leaves the boundary layer at
  // depth d when a site beyond the face reads it d or more sites towards the low side.
  for (int a = 0; a < kAxes; ++a) {
    int n = 0;
    for (int d = 1; d <= L::reach; ++d)
      for (int i = 0; i < L::Q; ++i) n += info.reads(i, a, -1) >= d;
    info.crossing[a] = n;
  }
  return info;
}

}  // namespace plume

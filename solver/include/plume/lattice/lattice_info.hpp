// What the parts of plume that do not run per-site code need to know about a lattice, at run
// time: its name, dimensions, populations, reach, and how many values cross a face per position
// of it (the halo messages' size, the performance model). Made from the compile-time lattice type
// by describe_lattice<L>(), so every number is derived from the velocity table, never typed twice.
#pragma once
#include <array>
#include "plume/grid/domain.hpp"

namespace plume {

struct LatticeInfo {
  static constexpr int kMaxQ = 64;
  const char* name = "";
  int D = 0, Q = 0;
  int reach = 0;                      // largest |e_i| component: the ghost width
  std::array<int, kAxes> crossing{};  // values that cross a face of each axis, per position
  std::array<std::array<int, kAxes>, kMaxQ> velocities{};  // e_i, integer lattice vectors
  constexpr int halo(int axis) const { return axis < D ? reach : 0; }
  constexpr int e(int i, int axis) const { return velocities[i][axis]; }
};

template <class L>
constexpr LatticeInfo describe_lattice() {
  LatticeInfo info;
  info.name = L::name;
  info.D = L::D;
  info.Q = L::Q;
  info.reach = L::reach;
  static_assert(L::Q <= LatticeInfo::kMaxQ, "more velocities than LatticeInfo holds");
  for (int i = 0; i < L::Q; ++i)
    for (int a = 0; a < kAxes; ++a) info.velocities[i][a] = L::e(i, a);
  for (int a = 0; a < kAxes; ++a) {
    int n = 0;
    for (int d = 1; d <= L::reach; ++d)
      for (int i = 0; i < L::Q; ++i) n += L::e(i, a) >= d;
    info.crossing[a] = n;
  }
  return info;
}

}  // namespace plume

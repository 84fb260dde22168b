// The D3Q19 lattice: nineteen velocities (rest, the six axis vectors, the twelve edge vectors
// with two components +-1), c_s^2 = 1/3, lattice units (spacing 1, time step 1). Numbered so
// that each velocity and its opposite are neighbours: 0 rest; 1, 2 = +-x; 3, 4 = +-y; 5, 6 = +-z;
// then the pairs (1,1,0) (-1,-1,0), (1,-1,0) (-1,1,0), (1,0,1) (-1,0,-1), (1,0,-1) (-1,0,1),
// (0,1,1) (0,-1,-1), (0,1,-1) (0,-1,1).
#pragma once
#include "plume/hd.hpp"

namespace plume::d3q19 {

struct D3Q19 {
  static constexpr const char* name = "D3Q19";
  static constexpr int D = 3;
  static constexpr int Q = 19;
  static constexpr int reach = 1;  // largest |e_a|: width of every halo
  static constexpr double cs2 = 1.0 / 3.0;

  PLUME_HD static constexpr int ex(int i) {
    constexpr int t[Q] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    return t[i];
  }
  PLUME_HD static constexpr int ey(int i) {
    constexpr int t[Q] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
    return t[i];
  }
  PLUME_HD static constexpr int ez(int i) {
    constexpr int t[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
    return t[i];
  }
  // Component a (0: x, 1: y, 2: z) of e_i.
  PLUME_HD static constexpr int e(int i, int a) { return a == 0 ? ex(i) : a == 1 ? ey(i) : ez(i); }
  PLUME_HD static constexpr double w(int i) { return i == 0 ? 1.0 / 3.0 : i < 7 ? 1.0 / 18.0 : 1.0 / 36.0; }
  // Index of the velocity -e_i (bounce-back, and the antisymmetric part of TRT).
  PLUME_HD static constexpr int opposite(int i) { return i == 0 ? 0 : i % 2 == 1 ? i + 1 : i - 1; }
};

}  // namespace plume::d3q19

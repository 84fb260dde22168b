// The D2Q9 lattice: nine velocities (rest, four axes, four diagonals), c_s^2 = 1/3, lattice units
// (spacing 1, time step 1). Numbered as the seed-001 benchmark numbers them: 0 rest; 1 E, 2 N,
// 3 W, 4 S; 5 NE, 6 NW, 7 SW, 8 SE.
#pragma once
#include "plume/hd.hpp"

namespace plume::d2q9 {

struct D2Q9 {
  static constexpr const char* name = "D2Q9";
  static constexpr int D = 2;
  static constexpr int Q = 9;
  static constexpr int reach = 1;  // largest |e_a|: width of every halo
  static constexpr double cs2 = 1.0 / 3.0;

  PLUME_HD static constexpr int ex(int i) {
    constexpr int t[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
    return t[i];
  }
  PLUME_HD static constexpr int ey(int i) {
    constexpr int t[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
    return t[i];
  }
  // Component a (0: x, 1: y, 2: z) of e_i; a 2-D lattice has none along z.
  PLUME_HD static constexpr int e(int i, int a) { return a == 0 ? ex(i) : a == 1 ? ey(i) : 0; }
  PLUME_HD static constexpr double w(int i) { return i == 0 ? 4.0 / 9.0 : i < 5 ? 1.0 / 9.0 : 1.0 / 36.0; }
  // Index of the velocity -e_i (bounce-back, and the antisymmetric part of TRT).
  PLUME_HD static constexpr int opposite(int i) {
    constexpr int t[Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
    return t[i];
  }
};

}  // namespace plume::d2q9

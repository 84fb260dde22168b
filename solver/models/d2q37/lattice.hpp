// The D2Q37 lattice (spec section 1): 37 velocities c_i = r e_i in 8 shells, 8th-order isotropic.
#pragma once
#include "plume/hd.hpp"

namespace plume::d2q37 {

struct D2Q37 {
  static constexpr const char* name = "D2Q37";
  static constexpr int D = 2;
  static constexpr int Q = 37;
  static constexpr int reach = 3;           // largest |e_a|: width of every halo and wall layer
  static constexpr int hermite_order = 4;   // order of the equilibrium / regularisation
  static constexpr double r = 1.19697977039307435897239;

  // Ordered shell by shell (spec table), counter-clockwise inside a shell.
  PLUME_HD static constexpr int ex(int i) {
    constexpr int t[Q] = {0,  1, 0, -1, 0,  1, -1, -1, 1,  2, 0, -2, 0,  2, 1, -1, -2, -2, -1, 1, 2,
                          2, -2, -2, 2,  3, 0, -3, 0,  3, 1, -1, -3, -3, -1, 1, 3};
    return t[i];
  }
  PLUME_HD static constexpr int ey(int i) {
    constexpr int t[Q] = {0,  0, 1, 0, -1,  1, 1, -1, -1,  0, 2, 0, -2,  1, 2, 2, 1, -1, -2, -2, -1,
                          2, 2, -2, -2,  0, 3, 0, -3,  1, 3, 3, 1, -1, -3, -3, -1};
    return t[i];
  }
  PLUME_HD static constexpr int ez(int) { return 0; }
  // Component a (0: x, 1: y, 2: z) of e_i; a 2-D lattice has none along z.
  PLUME_HD static constexpr int e(int i, int a) { return a == 0 ? ex(i) : a == 1 ? ey(i) : 0; }
  PLUME_HD static constexpr int shell(int i) {
    constexpr int t[Q] = {0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4,
                          5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7};
    return t[i];
  }
  PLUME_HD static constexpr double shell_weight(int s) {
    constexpr double t[8] = {0.23315066913235250228650, 0.10730609154221900241246,
                             0.05766785988879488203006, 0.01420821615845075026469,
                             0.00535304900051377523273, 0.00101193759267357547541,
                             0.00024530102775771734547, 0.00028341425299419821740};
    return t[s];
  }
  PLUME_HD static constexpr double w(int i) { return shell_weight(shell(i)); }
  PLUME_HD static constexpr double cx(int i) { return r * ex(i); }
  PLUME_HD static constexpr double cy(int i) { return r * ey(i); }
  // Index of the velocity -e_i (used by the walls and by tests of symmetry).
  PLUME_HD static constexpr int opposite(int i) {
    for (int j = 0; j < Q; ++j)
      if (ex(j) == -ex(i) && ey(j) == -ey(i)) return j;
    return -1;
  }
};

}  // namespace plume::d2q37

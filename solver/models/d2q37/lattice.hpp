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
  // The Hermite polynomial He_n(e r), n = 0..4, e = -3..3: the correctly rounded value of the exact
  // expression in the spec's r (its decimals, to 23 digits). Evaluated in double instead, He_2(r) =
  // r*r - 1 cancels: 3 ulps off, and a gas at rest with T != 1 gained 2.7e-16 in T a step, since the
  // temperature is measured with the He_2 values the equilibrium is made with (docs/physics.md).
  PLUME_HD static constexpr double hermite(int n, int e) {
    constexpr double t[3][4] = {  // He_1 .. He_4 at e = 1, 2, 3
        {1.19697977039307435897239, 0.43276057073025701174585, -1.8759538921982698640560,
         -3.5437605713422502651508},
        {2.39395954078614871794478, 4.7310422829210280469834, 6.5380047294891795490548,
         1.4585919511025006032873},
        {3.59093931117922307691717, 11.894845136572313105713, 35.531788378948067516499,
         91.907960276748757596986}};
    // He_n(-c) = (-1)^n He_n(c); He_n(0) = 0, -1, 0, 3.
    if (n == 0) return 1.0;
    if (e == 0) return n == 2 ? -1.0 : n == 4 ? 3.0 : 0.0;
    const double v = t[(e < 0 ? -e : e) - 1][n - 1];
    return e < 0 && n % 2 == 1 ? -v : v;
  }
  // Index of the velocity -e_i (used by the walls and by tests of symmetry).
  PLUME_HD static constexpr int opposite(int i) {
    for (int j = 0; j < Q; ++j)
      if (ex(j) == -ex(i) && ey(j) == -ey(i)) return j;
    return -1;
  }
};

}  // namespace plume::d2q37

// Two-dimensional Hermite basis up to order 4, for lattices with D = 2.
//
// A symmetric rank-n tensor in 2-D has n+1 independent components, labelled by k = the number
// of y indices. Component m = 0..14 runs over (n, k) = (0,0) (1,0) (1,1) (2,0) ... (4,4).
// With unit variance the tensor Hermite polynomials factorise, H_{n,k}(c) = He_{n-k}(c_x) He_k(c_y),
// and so do the Maxwellian's coefficients, A_{n,k} = rho g_{n-k}(u_x) g_k(u_y) with
// g_m(u) = E[He_m(X)], X ~ N(u, 1 + th). Contracting two symmetric tensors counts each
// component binom(n,k) times, so a series  sum_n a_n:H_n/n!  becomes  sum_m a_m H_m / ((n-k)! k!).
#pragma once
#include "plume/hd.hpp"
#include "d2q37/lattice.hpp"

namespace plume::d2q37::hermite2d {

// The lattice's order (of its equilibrium and regularisation); the polynomials below are written
// out through order 4.
constexpr int order = D2Q37::hermite_order;
static_assert(order >= 2 && order <= 4, "the Hermite polynomials are written out through order 4");

PLUME_HD constexpr int first_of_order(int n) { return n * (n + 1) / 2; }
constexpr int M = first_of_order(order + 1);  // number of components through the order (15 for 4)
PLUME_HD constexpr int order_of(int m) {
  int n = 0;
  while (first_of_order(n + 1) <= m) ++n;
  return n;
}
PLUME_HD constexpr int ky_of(int m) { return m - first_of_order(order_of(m)); }
PLUME_HD constexpr int kx_of(int m) { return order_of(m) - ky_of(m); }
PLUME_HD constexpr double factorial(int n) { return n <= 1 ? 1.0 : n * factorial(n - 1); }
// 1 / ((n-k)! k!): the weight of component m in a Hermite series.
PLUME_HD constexpr double series_weight(int m) { return 1.0 / (factorial(kx_of(m)) * factorial(ky_of(m))); }

// E[He_n(X)] for X ~ N(u, 1 + th): the 1-D Maxwellian's Hermite coefficients.
PLUME_HD constexpr double g(int n, double u, double th) {
  return n == 0 ? 1.0 : n == 1 ? u : n == 2 ? u * u + th : n == 3 ? u * (u * u + 3.0 * th)
                                                           : u * u * (u * u + 6.0 * th) + 3.0 * th * th;
}

// H_m(c_i) for lattice L, a compile-time constant when i and m are: the product of the lattice's
// correctly rounded He_n(e r) (D2Q37::hermite), one rounding.
template <class L>
PLUME_HD constexpr double H(int i, int m) {
  return L::hermite(kx_of(m), L::ex(i)) * L::hermite(ky_of(m), L::ey(i));
}

// Maxwellian (equilibrium) coefficients A_m(rho, u, T), m = 0..14, spec section 3.
PLUME_HD PLUME_FORCEINLINE void equilibrium_coefficients(double rho, double ux, double uy, double T,
                                                         double A[M]) {
  const double th = T - 1.0;
  double gx[5], gy[5];
  for (int n = 0; n <= 4; ++n) {
    gx[n] = g(n, ux, th);
    gy[n] = g(n, uy, th);
  }
  for (int m = 0; m < M; ++m) A[m] = rho * gx[kx_of(m)] * gy[ky_of(m)];
}

}  // namespace plume::d2q37::hermite2d

// Independent reference implementations for the tests: the spec's scalar equilibrium formula and
// the population-space regularised collision built from full (unsymmetrised) Hermite tensors.
// Nothing here uses the factorised tables of d2q37/hermite2d.hpp.
#pragma once
#include <array>
#include <cmath>
#include <vector>
#include "d2q37/lattice.hpp"
#include "d2q37/params.hpp"

namespace plume::ref {

using L = d2q37::D2Q37;
constexpr int Q = L::Q;
using Pop = std::array<double, Q>;

// Spec section 3, first form.
inline double feq_scalar(int i, double rho, double ux, double uy, double T) {
  const double cx = L::cx(i), cy = L::cy(i);
  const double xi = cx * ux + cy * uy, c2 = cx * cx + cy * cy, u2 = ux * ux + uy * uy, th = T - 1.0;
  return L::w(i) * rho *
         (1.0 + xi + (xi * xi - u2) / 2.0 + th * (c2 - 2.0) / 2.0 +
          (xi / 6.0) * (xi * xi - 3.0 * u2 + 3.0 * th * (c2 - 4.0)) +
          (xi * xi * xi * xi - 6.0 * xi * xi * u2 + 3.0 * u2 * u2) / 24.0 +
          (th / 4.0) * ((c2 - 4.0) * (xi * xi - u2) - 2.0 * xi * xi) + (th * th / 8.0) * (c2 * c2 - 8.0 * c2 + 8.0));
}

inline Pop feq(double rho, double ux, double uy, double T) {
  Pop f;
  for (int i = 0; i < Q; ++i) f[i] = feq_scalar(i, rho, ux, uy, T);
  return f;
}

// Full Hermite tensor component H_n(c)_{a1..an}, indices as bits of `idx` (bit k = index k: 0 x, 1 y).
inline double hermite_full(int n, int idx, double cx, double cy) {
  auto c = [&](int k) { return ((idx >> k) & 1) ? cy : cx; };
  auto d = [&](int k, int l) { return (((idx >> k) & 1) == ((idx >> l) & 1)) ? 1.0 : 0.0; };
  switch (n) {
    case 0: return 1.0;
    case 1: return c(0);
    case 2: return c(0) * c(1) - d(0, 1);
    case 3: return c(0) * c(1) * c(2) - (c(0) * d(1, 2) + c(1) * d(0, 2) + c(2) * d(0, 1));
    default:
      return c(0) * c(1) * c(2) * c(3) -
             (d(0, 1) * c(2) * c(3) + d(0, 2) * c(1) * c(3) + d(0, 3) * c(1) * c(2) + d(1, 2) * c(0) * c(3) +
              d(1, 3) * c(0) * c(2) + d(2, 3) * c(0) * c(1)) +
             (d(0, 1) * d(2, 3) + d(0, 2) * d(1, 3) + d(0, 3) * d(1, 2));
  }
}

// Projector onto order n: (Pi_n f)_i = w_i sum_j [H_n(c_i) : H_n(c_j)] f_j / n!.
inline std::vector<double> projector(int n) {
  std::vector<double> P(Q * Q);
  double fact = 1;
  for (int k = 2; k <= n; ++k) fact *= k;
  for (int i = 0; i < Q; ++i)
    for (int j = 0; j < Q; ++j) {
      double s = 0;
      for (int idx = 0; idx < (1 << n); ++idx)
        s += hermite_full(n, idx, L::cx(i), L::cy(i)) * hermite_full(n, idx, L::cx(j), L::cy(j));
      P[i * Q + j] = L::w(i) * s / fact;
    }
  return P;
}

inline void moments(const Pop& f, double& rho, double& ux, double& uy, double& T) {
  rho = ux = uy = 0;
  for (int i = 0; i < Q; ++i) {
    rho += f[i];
    ux += f[i] * L::cx(i);
    uy += f[i] * L::cy(i);
  }
  ux /= rho;
  uy /= rho;
  double e = 0;
  for (int i = 0; i < Q; ++i) {
    const double dx = L::cx(i) - ux, dy = L::cy(i) - uy;
    e += f[i] * (dx * dx + dy * dy);
  }
  T = e / (2.0 * rho);
}

// The production form: per-population correction, re-projected onto orders 0..4.
//   f' = sum_n Pi_n f_eq(u_s, T_s) + (1 - 1/tau_n) Pi_n (f - f_eq),  tau_n = tau1 (n <= 2), tau2, tau3.
inline Pop collide_population_space(const Pop& f, const d2q37::PhysicsParams& p) {
  static const std::vector<double> Pn[5] = {projector(0), projector(1), projector(2), projector(3), projector(4)};
  double rho, ux, uy, T;
  moments(f, rho, ux, uy, T);
  const double tau1 = 0.5 + p.k1 / (rho * T), tau2 = 0.5 + p.k2 / (rho * T), tau3 = 0.5 + p.k3;
  const double dt = 1.0 / L::r;
  const double Fx = rho * p.gx * dt, Fy = rho * p.gy * dt;
  const Pop fe = feq(rho, ux + tau1 * Fx / rho, uy + tau1 * Fy / rho,
                     T + tau1 * (1 - tau1) * (Fx * Fx + Fy * Fy) / (2 * rho * rho));
  const double taus[5] = {tau1, tau1, tau1, tau2, tau3};
  Pop out{};
  for (int n = 0; n <= 4; ++n)
    for (int i = 0; i < Q; ++i) {
      double a = 0, b = 0;
      for (int j = 0; j < Q; ++j) {
        a += Pn[n][i * Q + j] * fe[j];
        b += Pn[n][i * Q + j] * (f[j] - fe[j]);
      }
      out[i] += a + (1.0 - 1.0 / taus[n]) * b;
    }
  return out;
}

}  // namespace plume::ref

// Per-site physics of one lattice site: moments, equilibrium and the two collision operators.
// Free of any storage layout, parallelism or I/O; compiled for host and device.
#pragma once
#include "plume/hd.hpp"
#include "plume/physics/hermite2d.hpp"
#include "plume/physics/params.hpp"

namespace plume::phys {

namespace h2 = plume::hermite2d;

// Macroscopic state computed from a set of populations (spec section 2).
struct Macro {
  double rho, ux, uy, T;
};

// Velocities come in pairs (c, -c), and H_m(-c) = (-1)^n H_m(c) for m of order n: moments and
// series are computed once per pair from the sum (even orders) and the difference (odd orders),
// which halves the arithmetic. The lattice's rest velocity is its own partner.
PLUME_HD constexpr bool odd_order(int m) { return h2::order_of(m) % 2 == 1; }

// P_m = sum_i f_i H_m(c_i), m = 0..14. Zero table entries are dropped at compile time.
template <class L>
PLUME_HD PLUME_FORCEINLINE void hermite_moments(const double* f, double P[h2::M]) {
  static_for<h2::M>([&](auto m) { P[m] = 0.0; });
  static_for<L::Q>([&](auto i) {
    constexpr int I = decltype(i)::value, J = L::opposite(I);
    if constexpr (I <= J) {
      const double even = I == J ? f[I] : f[I] + f[J];
      const double odd = I == J ? 0.0 : f[I] - f[J];
      static_for<h2::M>([&](auto m) {
        constexpr double h = h2::H<L>(I, decltype(m)::value);
        if constexpr (h != 0.0) P[m] += (odd_order(decltype(m)::value) ? odd : even) * h;
      });
    }
  });
}

// Calls out(i, f_i) for every i, with f_i = w_i sum_m b_m H_m(c_i), where b_m already carries the
// series weight 1/((n-k)! k!). Both members of a pair come out together.
template <class L, class Out>
PLUME_HD PLUME_FORCEINLINE void synthesize_with(const double b[h2::M], Out&& out) {
  static_for<L::Q>([&](auto i) {
    constexpr int I = decltype(i)::value, J = L::opposite(I);
    if constexpr (I <= J) {
      double even = 0.0, odd = 0.0;
      static_for<h2::M>([&](auto m) {
        constexpr double wh = L::w(I) * h2::H<L>(I, decltype(m)::value);
        if constexpr (wh != 0.0) {
          if constexpr (odd_order(decltype(m)::value))
            odd += b[m] * wh;
          else
            even += b[m] * wh;
        }
      });
      out(std::integral_constant<int, I>{}, even + odd);
      if constexpr (I != J) out(std::integral_constant<int, J>{}, even - odd);
    }
  });
}

template <class L>
PLUME_HD PLUME_FORCEINLINE void synthesize(const double b[h2::M], double* f) {
  synthesize_with<L>(b, [&](auto i, double v) { f[decltype(i)::value] = v; });
}

// rho, u, T from the Hermite moments; T = (tr P2 + 2 rho - rho |u|^2) / (2 rho).
PLUME_HD PLUME_FORCEINLINE Macro macro_from_moments(const double P[h2::M]) {
  Macro m;
  m.rho = P[0];
  m.ux = P[1] / P[0];
  m.uy = P[2] / P[0];
  m.T = (P[3] + P[5] + 2.0 * P[0] - P[0] * (m.ux * m.ux + m.uy * m.uy)) / (2.0 * P[0]);
  return m;
}

template <class L>
PLUME_HD PLUME_FORCEINLINE Macro macro(const double* f) {
  double P[h2::M];
  hermite_moments<L>(f, P);
  return macro_from_moments(P);
}

// Equilibrium populations through the Hermite series (spec section 3, second form), b_m = A_m / ((n-k)! k!).
PLUME_HD PLUME_FORCEINLINE void equilibrium_series(double rho, double ux, double uy, double T, double b[h2::M]) {
  h2::equilibrium_coefficients(rho, ux, uy, T, b);
  static_for<h2::M>([&](auto m) { b[m] *= h2::series_weight(decltype(m)::value); });
}

template <class L>
PLUME_HD PLUME_FORCEINLINE void equilibrium(double rho, double ux, double uy, double T, double* feq) {
  double b[h2::M];
  equilibrium_series(rho, ux, uy, T, b);
  synthesize<L>(b, feq);
}

// Time step and the hydrodynamic fields (spec section 2): u_H = u + dt g/2, T_H = T + dt^2 |g|^2/(4D).
template <class L>
PLUME_HD constexpr double dt() { return 1.0 / L::r; }

template <class L>
PLUME_HD PLUME_FORCEINLINE Macro hydrodynamic(const Macro& m, const PhysicsParams& p) {
  const double d = dt<L>();
  return {m.rho, m.ux + 0.5 * d * p.gx, m.uy + 0.5 * d * p.gy,
          m.T + d * d * (p.gx * p.gx + p.gy * p.gy) / (4.0 * L::D)};
}

// Regularised three-relaxation-time collision in moment form (spec section 5), in place.
// unit_tau: the wall rows relax every order with tau = 1.
template <class L>
PLUME_HD PLUME_FORCEINLINE void collide_rtrt(double* f, const PhysicsParams& p, bool unit_tau = false) {
  double P[h2::M];
  hermite_moments<L>(f, P);
  const Macro m = macro_from_moments(P);
  const double rhoT = m.rho * m.T;
  const double tau1 = unit_tau ? 1.0 : 0.5 + p.k1 / rhoT;
  const double tau2 = unit_tau ? 1.0 : 0.5 + p.k2 / rhoT;
  const double tau3 = unit_tau ? 1.0 : 0.5 + p.k3;
  const double d = dt<L>();
  const double Fx = m.rho * p.gx * d, Fy = m.rho * p.gy * d;
  const double usx = m.ux + tau1 * Fx / m.rho, usy = m.uy + tau1 * Fy / m.rho;
  const double Ts = m.T + tau1 * (1.0 - tau1) * (Fx * Fx + Fy * Fy) / (2.0 * m.rho * m.rho);
  double a[h2::M];
  h2::equilibrium_coefficients(m.rho, usx, usy, Ts, a);
  const double r1 = 1.0 / tau1, r2 = 1.0 / tau2, r3 = 1.0 / tau3;
  static_for<h2::M>([&](auto mi) {
    constexpr int k = decltype(mi)::value;
    constexpr int n = h2::order_of(k);
    double v;
    if constexpr (n == 0) v = m.rho;
    else if constexpr (k == 1) v = P[1] + Fx;
    else if constexpr (k == 2) v = P[2] + Fy;
    else {
      const double rr = n == 2 ? r1 : n == 3 ? r2 : r3;
      v = P[k] - (P[k] - a[k]) * rr;
    }
    a[k] = v * h2::series_weight(k);
  });
  synthesize<L>(a, f);
}

// BGK with shifted equilibrium (spec section 4), in place. Not projected: high orders relax with tau.
template <class L>
PLUME_HD PLUME_FORCEINLINE void collide_bgk(double* f, const PhysicsParams& p) {
  const Macro m = macro<L>(f);
  const double tau = p.tau, d = dt<L>();
  const double Fx = m.rho * p.gx * d, Fy = m.rho * p.gy * d;
  const double usx = m.ux + tau * Fx / m.rho, usy = m.uy + tau * Fy / m.rho;
  const double Ts = m.T + tau * (1.0 - tau) * (Fx * Fx + Fy * Fy) / (2.0 * m.rho * m.rho);
  double b[h2::M];
  equilibrium_series(m.rho, usx, usy, Ts, b);
  const double om = 1.0 / tau;
  // Each f_eq_i is used as it is made: no second array of 37 values is live.
  synthesize_with<L>(b, [&](auto i, double feq) { f[decltype(i)::value] += om * (feq - f[decltype(i)::value]); });
}

// Collision with the model fixed at compile time (what the GPU kernels instantiate).
template <class L, CollisionModel M>
PLUME_HD PLUME_FORCEINLINE void collide_with(double* f, const PhysicsParams& p) {
  if constexpr (M == CollisionModel::BGK)
    collide_bgk<L>(f, p);
  else
    collide_rtrt<L>(f, p);
}

template <class L>
PLUME_HD PLUME_FORCEINLINE void collide(double* f, const PhysicsParams& p) {
  if (p.model == CollisionModel::BGK)
    collide_with<L, CollisionModel::BGK>(f, p);
  else
    collide_with<L, CollisionModel::RTRT>(f, p);
}

}  // namespace plume::phys

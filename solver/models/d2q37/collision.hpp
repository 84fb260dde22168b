// Per-site physics of one lattice site: moments, equilibrium and the two collision operators.
// Free of any storage layout, parallelism or I/O; compiled for host and device.
#pragma once
#include "plume/hd.hpp"
#include "d2q37/hermite2d.hpp"
#include "d2q37/params.hpp"

namespace plume::d2q37 {

namespace h2 = hermite2d;

// Macroscopic state computed from a set of populations (spec section 2).
struct Macro {
  double rho, ux, uy, T;
};

// Velocities come in mirror groups {(a, b), (-a, b), (a, -b), (-a, -b)} (two members on an axis,
// one at rest), and H_m(c) = He_kx(c_x) He_ky(c_y) changes sign with c_x when kx is odd and with
// c_y when ky is odd. So a group enters moment m through one signed sum of its members, the one
// with m's parities, and a Hermite series gives the four members from four partial sums: a
// quarter of the multiply-adds of a plain 37 x 15 product, with a quarter of its constants.
PLUME_HD constexpr int parity(int m) { return (h2::kx_of(m) % 2) + 2 * (h2::ky_of(m) % 2); }  // 0..3

template <class L>
PLUME_HD constexpr int velocity_index(int ex, int ey) {
  for (int j = 0; j < L::Q; ++j)
    if (L::ex(j) == ex && L::ey(j) == ey) return j;
  return -1;
}

// Calls g(I, X, Y, XY) for the group of every velocity I with e_x >= 0 and e_y >= 0; X, Y and XY
// are its mirrors in x, in y and in both (equal to I where the mirror is I itself).
template <class L, class G>
PLUME_HD PLUME_FORCEINLINE void for_each_group(G&& g) {
  static_for<L::Q>([&](auto i) {
    constexpr int I = decltype(i)::value, ex = L::ex(I), ey = L::ey(I);
    if constexpr (ex >= 0 && ey >= 0)
      g(std::integral_constant<int, I>{}, std::integral_constant<int, velocity_index<L>(-ex, ey)>{},
        std::integral_constant<int, velocity_index<L>(ex, -ey)>{},
        std::integral_constant<int, velocity_index<L>(-ex, -ey)>{});
  });
}

// P_m = sum_i f_i H_m(c_i), m = 0..14. Zero table entries are dropped at compile time.
template <class L>
PLUME_HD PLUME_FORCEINLINE void hermite_moments(const double* f, double P[h2::M]) {
  static_for<h2::M>([&](auto m) { P[m] = 0.0; });
  for_each_group<L>([&](auto i, auto x, auto y, auto xy) {
    constexpr int I = decltype(i)::value, X = decltype(x)::value, Y = decltype(y)::value, XY = decltype(xy)::value;
    // c[p]: the members' sum signed by the parities p = (kx odd) + 2 (ky odd).
    double c[4] = {0.0, 0.0, 0.0, 0.0};
    if constexpr (X == I && Y == I) {
      c[0] = f[I];
    } else if constexpr (X == I) {
      c[0] = f[I] + f[Y];
      c[2] = f[I] - f[Y];
    } else if constexpr (Y == I) {
      c[0] = f[I] + f[X];
      c[1] = f[I] - f[X];
    } else {
      const double s = f[I] + f[X], d = f[I] - f[X], s2 = f[Y] + f[XY], d2 = f[Y] - f[XY];
      c[0] = s + s2;
      c[2] = s - s2;
      c[1] = d + d2;
      c[3] = d - d2;
    }
    static_for<h2::M>([&](auto m) {
      constexpr double h = h2::H<L>(I, decltype(m)::value);
      if constexpr (h != 0.0) P[m] += c[parity(decltype(m)::value)] * h;
    });
  });
}

// Calls out(i, f_i) for every i, with f_i = w_i sum_m b_m H_m(c_i), where b_m already carries the
// series weight 1/((n-k)! k!). The members of a mirror group come out together.
template <class L, class Out>
PLUME_HD PLUME_FORCEINLINE void synthesize_with(const double b[h2::M], Out&& out) {
  for_each_group<L>([&](auto i, auto x, auto y, auto xy) {
    constexpr int I = decltype(i)::value, X = decltype(x)::value, Y = decltype(y)::value;
    double a[4] = {0.0, 0.0, 0.0, 0.0};  // partial sums by parity
    static_for<h2::M>([&](auto m) {
      constexpr double wh = L::w(I) * h2::H<L>(I, decltype(m)::value);
      if constexpr (wh != 0.0) a[parity(decltype(m)::value)] += b[m] * wh;
    });
    if constexpr (X == I && Y == I) {
      out(i, a[0]);
    } else if constexpr (X == I) {
      out(i, a[0] + a[2]);
      out(y, a[0] - a[2]);
    } else if constexpr (Y == I) {
      out(i, a[0] + a[1]);
      out(x, a[0] - a[1]);
    } else {
      const double p = a[0] + a[2], q = a[1] + a[3], r = a[0] - a[2], t = a[1] - a[3];
      out(i, p + q);
      out(x, p - q);
      out(y, r + t);
      out(xy, r - t);
    }
  });
}

template <class L>
PLUME_HD PLUME_FORCEINLINE void synthesize(const double b[h2::M], double* f) {
  synthesize_with<L>(b, [&](auto i, double v) { f[decltype(i)::value] = v; });
}

// rho, u, T from the Hermite moments; T = (tr P2 + 2 rho - rho |u|^2) / (2 rho).
PLUME_HD PLUME_FORCEINLINE Macro macro_from_moments(const double P[h2::M]) {
  // One division: they cost a dozen instructions each on the GPU.
  const double inv_rho = 1.0 / P[0];
  Macro m;
  m.rho = P[0];
  m.ux = P[1] * inv_rho;
  m.uy = P[2] * inv_rho;
  m.T = (P[3] + P[5] + 2.0 * P[0] - P[0] * (m.ux * m.ux + m.uy * m.uy)) * (0.5 * inv_rho);
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
  const double inv_rhoT = 1.0 / (m.rho * m.T);
  const double tau1 = unit_tau ? 1.0 : 0.5 + p.k1 * inv_rhoT;
  const double tau2 = unit_tau ? 1.0 : 0.5 + p.k2 * inv_rhoT;
  const double tau3 = unit_tau ? 1.0 : 0.5 + p.k3;
  // F / rho = g dt: the shifts of u and T need no division by rho.
  const double d = dt<L>(), gdx = p.gx * d, gdy = p.gy * d;
  const double Fx = m.rho * gdx, Fy = m.rho * gdy;
  const double usx = m.ux + tau1 * gdx, usy = m.uy + tau1 * gdy;
  const double Ts = m.T + tau1 * (1.0 - tau1) * (gdx * gdx + gdy * gdy) * 0.5;
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
  const double tau = p.tau, d = dt<L>(), gdx = p.gx * d, gdy = p.gy * d;  // F / rho
  const double usx = m.ux + tau * gdx, usy = m.uy + tau * gdy;
  const double Ts = m.T + tau * (1.0 - tau) * (gdx * gdx + gdy * gdy) * 0.5;
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

}  // namespace plume::d2q37

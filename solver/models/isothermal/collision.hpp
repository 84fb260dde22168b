// The physics of one site of an isothermal lattice-Boltzmann model, for any lattice with the
// second-order equilibrium (c_s^2 = 1/3: D2Q9, D3Q19): moments, the equilibrium (compressible or
// incompressible), Guo's forcing term and the BGK and TRT collisions. A lattice type L gives D, Q,
// e(i, a), w(i) and opposite(i). Per-site code only, shared by the CPU and CUDA backends.
//
// Each dot product is written out for 2 and for 3 components, not looped over the axes: the 2-D
// forms are, operation for operation, the ones D2Q9 had before D3Q19 shared them, so D2Q9's
// results stay the same to the bit (checkpoints of old runs, tests/io/test_regression.cpp).
#pragma once
#include "plume/hd.hpp"

namespace plume::isothermal {

enum class Collision : int { BGK = 0, TRT = 1 };
// Compressible: the usual second-order equilibrium, u = sum f e / rho. Incompressible (He and
// Luo 1997): rho_0 = 1 replaces rho in the velocity terms, u = sum f e / rho_0.
enum class Equilibrium : int { Compressible = 0, Incompressible = 1 };

// The fields of a site: density and the velocity seen by the fluid (half the force added, as
// Guo's scheme defines it), in lattice units.
template <int D>
struct Macro;
template <>
struct Macro<2> {
  double rho, ux, uy;
};
template <>
struct Macro<3> {
  double rho, ux, uy, uz;
};

// A body force density.
template <int D>
struct Force;
template <>
struct Force<2> {
  double x, y;
};
template <>
struct Force<3> {
  double x, y, z;
};

// e_i . u and u . u.
template <class L>
PLUME_HD PLUME_FORCEINLINE double e_dot_u(int i, const Macro<2>& m) {
  return L::e(i, 0) * m.ux + L::e(i, 1) * m.uy;
}
template <class L>
PLUME_HD PLUME_FORCEINLINE double e_dot_u(int i, const Macro<3>& m) {
  return L::e(i, 0) * m.ux + L::e(i, 1) * m.uy + L::e(i, 2) * m.uz;
}
PLUME_HD PLUME_FORCEINLINE double u_dot_u(const Macro<2>& m) { return m.ux * m.ux + m.uy * m.uy; }
PLUME_HD PLUME_FORCEINLINE double u_dot_u(const Macro<3>& m) { return m.ux * m.ux + m.uy * m.uy + m.uz * m.uz; }

// (e_i - u) . F and (e_i . F), for Guo's term.
template <class L>
PLUME_HD PLUME_FORCEINLINE double guo_products(int i, const Macro<2>& m, const Force<2>& F, double& eF) {
  const double ex = L::e(i, 0), ey = L::e(i, 1);
  eF = ex * F.x + ey * F.y;
  return (ex - m.ux) * F.x + (ey - m.uy) * F.y;
}
template <class L>
PLUME_HD PLUME_FORCEINLINE double guo_products(int i, const Macro<3>& m, const Force<3>& F, double& eF) {
  const double ex = L::e(i, 0), ey = L::e(i, 1), ez = L::e(i, 2);
  eF = ex * F.x + ey * F.y + ez * F.z;
  return (ex - m.ux) * F.x + (ey - m.uy) * F.y + (ez - m.uz) * F.z;
}

PLUME_HD PLUME_FORCEINLINE bool nonzero(const Force<2>& F) { return F.x != 0.0 || F.y != 0.0; }
PLUME_HD PLUME_FORCEINLINE bool nonzero(const Force<3>& F) { return F.x != 0.0 || F.y != 0.0 || F.z != 0.0; }

// rho and u of populations f (u includes half of the force F per unit volume).
template <class L, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE Macro<L::D> moments(const double* f, const Force<L::D>& F) {
  double rho = 0, j[3] = {0, 0, 0};
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    rho += f[i];
    static_for<L::D>([&](auto ac) {
      constexpr int a = decltype(ac)::value;
      if constexpr (L::e(i, a) != 0) j[a] += L::e(i, a) * f[i];
    });
  });
  const double m = E == Equilibrium::Compressible ? rho : 1.0;  // the density that carries momentum
  if constexpr (L::D == 2) {
    return {rho, (j[0] + 0.5 * F.x) / m, (j[1] + 0.5 * F.y) / m};
  } else {
    return {rho, (j[0] + 0.5 * F.x) / m, (j[1] + 0.5 * F.y) / m, (j[2] + 0.5 * F.z) / m};
  }
}

// f_eq_i = w_i (rho + rho_u (e.u / cs2 + (e.u)^2 / (2 cs2^2) - u.u / (2 cs2))), rho_u = rho
// (compressible) or 1 (incompressible).
template <class L, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE double equilibrium(int i, const Macro<L::D>& m) {
  const double eu = e_dot_u<L>(i, m), uu = u_dot_u(m);
  const double rho_u = E == Equilibrium::Compressible ? m.rho : 1.0;
  return L::w(i) * (m.rho + rho_u * (3.0 * eu + 4.5 * eu * eu - 1.5 * uu));
}

// Guo's forcing term before its relaxation factor: w_i [(e_i - u) / cs2 + (e_i.u) e_i / cs2^2] . F.
template <class L>
PLUME_HD PLUME_FORCEINLINE double guo_source(int i, const Macro<L::D>& m, const Force<L::D>& F) {
  const double eu = e_dot_u<L>(i, m);
  double eF;
  const double relative = guo_products<L>(i, m, F, eF);
  return L::w(i) * (3.0 * relative + 9.0 * eu * eF);
}

// TRT's second relaxation time from the magic parameter Lambda = (tau - 1/2)(tau_minus - 1/2).
PLUME_HD PLUME_FORCEINLINE double tau_minus(double tau, double magic) { return 0.5 + magic / (tau - 0.5); }

// Collision in place: f_i <- f_i - (relaxation towards f_eq) + (1 - omega/2) S_i, with the
// relaxation time tau of the even moments and, for TRT, the magic parameter of the odd ones.
template <class L, Collision C, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE void collide(double* f, double tau, double magic, const Force<L::D>& F) {
  const Macro<L::D> m = moments<L, E>(f, F);
  const bool forced = nonzero(F);
  const double wp = 1.0 / tau;
  if constexpr (C == Collision::BGK) {
    static_for<L::Q>([&](auto i) {
      f[i] += wp * (equilibrium<L, E>(i, m) - f[i]) + (forced ? (1.0 - 0.5 * wp) * guo_source<L>(i, m, F) : 0.0);
    });
  } else {
    // Symmetric (even) and antisymmetric (odd) parts of each pair (i, opposite(i)) relax apart;
    // each pair is taken once and both of its populations written in place.
    const double wm = 1.0 / tau_minus(tau, magic);
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value, j = L::opposite(i);
      if constexpr (i <= j) {
        const double fp = 0.5 * (f[i] + f[j]), fm = 0.5 * (f[i] - f[j]);
        const double ei = equilibrium<L, E>(i, m), ej = equilibrium<L, E>(j, m);
        const double ep = 0.5 * (ei + ej), em = 0.5 * (ei - ej);
        double sp = 0.0, sm = 0.0;
        if (forced) {
          const double si = guo_source<L>(i, m, F), sj = guo_source<L>(j, m, F);
          sp = (1.0 - 0.5 * wp) * 0.5 * (si + sj);
          sm = (1.0 - 0.5 * wm) * 0.5 * (si - sj);
        }
        const double even = f[i] - wp * (fp - ep), odd = wm * (fm - em);
        if constexpr (i == j) {
          f[i] = even + sp;  // the rest population has no odd part
        } else {
          const double even_j = f[j] - wp * (fp - ep);
          f[i] = even - odd + (sp + sm);
          f[j] = even_j + odd + (sp - sm);
        }
      }
    });
  }
}

}  // namespace plume::isothermal

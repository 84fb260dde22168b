// The D2Q9 physics of one site: moments, equilibrium (compressible or incompressible), Guo's
// forcing term and the BGK and TRT collisions. Per-site code only, shared by the CPU and CUDA
// backends; no loops over sites, no storage.
#pragma once
#include "d2q9/lattice.hpp"
#include "d2q9/params.hpp"

namespace plume::d2q9 {

using L = D2Q9;

// The fields of a site: density and the velocity seen by the fluid (half the force added, as
// Guo's scheme defines it), in lattice units.
struct Macro {
  double rho, ux, uy;
};

// rho and u of populations f (u includes half of the force F per unit volume).
template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE Macro moments(const double* f, double fx, double fy) {
  double rho = 0, jx = 0, jy = 0;
  static_for<L::Q>([&](auto i) {
    rho += f[i];
    if constexpr (L::ex(decltype(i)::value) != 0) jx += L::ex(decltype(i)::value) * f[i];
    if constexpr (L::ey(decltype(i)::value) != 0) jy += L::ey(decltype(i)::value) * f[i];
  });
  const double m = E == Equilibrium::Compressible ? rho : 1.0;  // the density that carries momentum
  return {rho, (jx + 0.5 * fx) / m, (jy + 0.5 * fy) / m};
}

// f_eq_i = w_i (rho + rho_u (e.u / cs2 + (e.u)^2 / (2 cs2^2) - u.u / (2 cs2))), rho_u = rho
// (compressible) or 1 (incompressible).
template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE double equilibrium(int i, const Macro& m) {
  const double eu = L::ex(i) * m.ux + L::ey(i) * m.uy, uu = m.ux * m.ux + m.uy * m.uy;
  const double rho_u = E == Equilibrium::Compressible ? m.rho : 1.0;
  return L::w(i) * (m.rho + rho_u * (3.0 * eu + 4.5 * eu * eu - 1.5 * uu));
}

// Guo's forcing term before its relaxation factor: w_i [(e_i - u) / cs2 + (e_i.u) e_i / cs2^2] . F.
PLUME_HD PLUME_FORCEINLINE double guo_source(int i, const Macro& m, double fx, double fy) {
  const double ex = L::ex(i), ey = L::ey(i), eu = ex * m.ux + ey * m.uy;
  return L::w(i) * (3.0 * ((ex - m.ux) * fx + (ey - m.uy) * fy) + 9.0 * eu * (ex * fx + ey * fy));
}

// TRT's second relaxation time from the magic parameter Lambda = (tau - 1/2)(tau_minus - 1/2).
PLUME_HD PLUME_FORCEINLINE double tau_minus(const Params& p) { return 0.5 + p.magic / (p.tau - 0.5); }

// Collision in place: f_i <- f_i - (relaxation towards f_eq) + (1 - omega/2) S_i.
template <Collision C, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE void collide(double* f, const Params& p) {
  const Macro m = moments<E>(f, p.fx, p.fy);
  const bool forced = p.fx != 0.0 || p.fy != 0.0;
  const double wp = 1.0 / p.tau;
  if constexpr (C == Collision::BGK) {
    static_for<L::Q>([&](auto i) {
      f[i] += wp * (equilibrium<E>(i, m) - f[i]) + (forced ? (1.0 - 0.5 * wp) * guo_source(i, m, p.fx, p.fy) : 0.0);
    });
  } else {
    // Symmetric (even) and antisymmetric (odd) parts of each pair (i, opposite(i)) relax apart;
    // each pair is taken once and both of its populations written in place.
    const double wm = 1.0 / tau_minus(p);
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value, j = L::opposite(i);
      if constexpr (i <= j) {
        const double fp = 0.5 * (f[i] + f[j]), fm = 0.5 * (f[i] - f[j]);
        const double ei = equilibrium<E>(i, m), ej = equilibrium<E>(j, m);
        const double ep = 0.5 * (ei + ej), em = 0.5 * (ei - ej);
        double sp = 0.0, sm = 0.0;
        if (forced) {
          const double si = guo_source(i, m, p.fx, p.fy), sj = guo_source(j, m, p.fx, p.fy);
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

}  // namespace plume::d2q9

// The update of one D2Q9 site: pull-stream (with half-way bounce-back at the walls), collide,
// store. Storage is passed as a pointer plus a Layout; the loop over sites (OpenMP or CUDA)
// lives in the backends.
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/grid/step_args.hpp"
#include "d2q9/collision.hpp"

namespace plume::d2q9 {

template <class Real>
using StepArgs = plume::StepArgs<Real, Params>;

// Pull: f_i(x) <- src_i(x - e_i). With walls, a population whose source lies beyond the wall is
// the site's own opposite population bounced back half-way, plus the moving wall's momentum
// 2 w_i rho_0 (e_i . u_w) / cs2 (Ladd; rho_0 = 1).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const Real* __restrict__ src, const Layout& l, const Domain& d, const Params& p,
                                     int x, int y, double* f) {
  const int s = l.site(x, y), yg = d.y0 + y;
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value, ex = L::ex(i), ey = L::ey(i);
    if (p.walls && ey != 0 && (yg - ey < 0 || yg - ey >= d.NY)) {
      const Wall& w = yg - ey < 0 ? p.bottom : p.top;
      f[i] = double(load_ro(src + L::opposite(i) * l.stride + s)) + 6.0 * L::w(i) * ex * w.u;
    } else {
      f[i] = double(load_ro(src + i * l.stride + (s - ey * l.pitch - ex)));
    }
  });
}

template <class Real>
PLUME_HD PLUME_FORCEINLINE void store(Real* __restrict__ dst, const Layout& l, int x, int y, const double* f) {
  const int s = l.site(x, y);
  static_for<L::Q>([&](auto i) { dst[i * l.stride + s] = Real(f[i]); });
}

// One fused pull-stream + collide update of local site (x, y).
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y) {
  double f[L::Q];
  pull(a.src, a.layout, a.domain, a.params, x, y, f);
  collide<C, E>(f, a.params);
  store(a.dst, a.layout, x, y, f);
}

// The fields (rho, u) of local site (x, y) in the current state.
template <class Real>
PLUME_HD PLUME_FORCEINLINE Macro site_fields(const Real* __restrict__ src, const Layout& l, const Domain& d,
                                              const Params& p, int x, int y) {
  double f[L::Q];
  pull(src, l, d, p, x, y, f);
  return p.equilibrium == Equilibrium::Compressible ? moments<Equilibrium::Compressible>(f, p.fx, p.fy)
                                                    : moments<Equilibrium::Incompressible>(f, p.fx, p.fy);
}

// The populations of a site in equilibrium with (rho, u).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_equilibrium(Real* f, const Layout& l, int x, int y, Equilibrium e,
                                                  const Macro& m) {
  double feq[L::Q];
  static_for<L::Q>([&](auto i) {
    feq[i] = e == Equilibrium::Compressible ? equilibrium<Equilibrium::Compressible>(i, m)
                                            : equilibrium<Equilibrium::Incompressible>(i, m);
  });
  store(f, l, x, y, feq);
}

}  // namespace plume::d2q9

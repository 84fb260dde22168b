// The update of one D2Q9 site: pull-stream (with the walls, the solid sites, the inlet and the
// outlet), collide, store; and the fields of one site. Storage is passed as a pointer plus a
// Layout; the loop over sites (OpenMP or CUDA) lives in the backends.
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/grid/step_args.hpp"
#include "d2q9/boundaries.hpp"
#include "d2q9/collision.hpp"

namespace plume::d2q9 {

template <class Real>
using StepArgs = plume::StepArgs<Real, Params>;

template <class Real>
PLUME_HD PLUME_FORCEINLINE double load(const Real* __restrict__ src, const Layout& l, int i, int site) {
  return double(load_ro(src + i * l.stride + site));
}

// What the seed-001 driving (Params::accelerate) adds to population j of site t in row yt, the
// row it is pulled from, just before it streams.
template <class Real>
PLUME_HD PLUME_FORCEINLINE double accelerated(const StepArgs<Real>& a, int j, int t, int yt) {
  const Accelerate& ac = a.params.accelerate;
  if (yt != ac.row || (a.solid && a.solid[t])) return 0.0;
  const Real* src = a.src;
  const Layout& l = a.layout;
  if (!(load(src, l, 3, t) - ac.w1 > 0 && load(src, l, 6, t) - ac.w2 > 0 && load(src, l, 7, t) - ac.w2 > 0))
    return 0.0;
  return j == 1 ? ac.w1 : j == 3 ? -ac.w1 : (j == 5 || j == 8) ? ac.w2 : (j == 6 || j == 7) ? -ac.w2 : 0.0;
}

// Pull: f_i(x) <- src_i(x - e_i). A population whose source lies beyond a wall, or (half-way
// bounce-back) in a solid site, is the site's own opposite population sent back, plus a moving
// wall's momentum 2 w_i rho_0 (e_i . u_w) / cs2 (Ladd; rho_0 = 1). Then the inlet and the outlet
// set the populations that enter from outside the lattice.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const StepArgs<Real>& a, int x, int y, double* f) {
  const Layout& l = a.layout;
  const Domain& d = a.domain;
  const Params& p = a.params;
  const int s = l.site(x, y), yg = d.y0 + y;
  const bool half_way = a.solid != nullptr && p.bounce == Bounce::HalfWay;
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value, ex = L::ex(i), ey = L::ey(i);
    const int from = s - ey * l.pitch - ex;
    int j = i, t = from, yt = yg - ey;  // the population taken, its site and that site's global row
    double wall = 0.0;
    if (p.walls && ey != 0 && (yg - ey < 0 || yg - ey >= d.NY)) {
      j = L::opposite(i), t = s, yt = yg;
      wall = 6.0 * L::w(i) * ex * (yg - ey < 0 ? p.bottom.u : p.top.u);
    } else if (half_way && a.solid[from]) {
      j = L::opposite(i), t = s, yt = yg;
    }
    f[i] = load(a.src, l, j, t) + wall;
    if (p.accelerate.row >= 0) f[i] += accelerated(a, j, t, yt);
  });
  const int xg = d.x0 + x;
  if (p.inlet.on && xg == 0) velocity_inlet(f, p, yg, d.NY);
  if (p.outlet.on && xg == d.NX - 1) pressure_outlet(f, p);
}

template <class Real>
PLUME_HD PLUME_FORCEINLINE void store(Real* __restrict__ dst, const Layout& l, int x, int y, const double* f) {
  const int s = l.site(x, y);
  static_for<L::Q>([&](auto i) { dst[i * l.stride + s] = Real(f[i]); });
}

PLUME_HD PLUME_FORCEINLINE bool is_solid(const std::uint8_t* solid, const Layout& l, int x, int y) {
  return solid != nullptr && solid[l.site(x, y)] != 0;
}

// One fused pull-stream + collide update of local site (x, y). A solid site does nothing with
// half-way bounce-back (nothing reads it) and, with full-way, sends back what it received.
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y) {
  double f[L::Q];
  if (is_solid(a.solid, a.layout, x, y)) {
    if (a.params.bounce == Bounce::HalfWay) return;
    pull(a, x, y, f);
    double r[L::Q];
    static_for<L::Q>([&](auto i) { r[decltype(i)::value] = f[L::opposite(decltype(i)::value)]; });
    return store(a.dst, a.layout, x, y, r);
  }
  pull(a, x, y, f);
  collide<C, E>(f, a.params);
  store(a.dst, a.layout, x, y, f);
}

// The fields of a site: rho, u (with half the body force) and the force its populations exert on
// solid sites in this step (momentum exchange).
struct SiteFields {
  Macro m;
  double solid;   // 1: a solid site, 0: fluid
  double fx, fy;  // force on the solids
};

template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE Macro moments_of(const double* f, const Params& p) {
  return moments<E>(f, p.fx, p.fy);
}

// The fields of local site (x, y) in the current state. With half-way bounce-back they are the
// moments of the populations the next collision receives (after streaming), and the force on the
// solids is -2 e_i f_opp(i) summed over the site's links into solid sites. With full-way
// bounce-back (seed 001's scheme) they are the moments of the populations stored at the site
// (after the last collision: what seed-001 codes report), and a solid site carries the force:
// twice the momentum it takes in from fluid sites.
template <class Real>
PLUME_HD PLUME_FORCEINLINE SiteFields site_fields(const StepArgs<Real>& a, int x, int y) {
  const Params& p = a.params;
  const Layout& l = a.layout;
  const int s = l.site(x, y);
  double f[L::Q];
  SiteFields out{{p.rho0, 0.0, 0.0}, 0.0, 0.0, 0.0};
  if (is_solid(a.solid, l, x, y)) {
    out.solid = 1.0;
    if (p.bounce == Bounce::FullWay) {
      pull(a, x, y, f);  // what it takes in: full-way bounce-back reflects nothing on the way
      static_for<L::Q>([&](auto ic) {
        constexpr int i = decltype(ic)::value;
        if (!a.solid[s - L::ey(i) * l.pitch - L::ex(i)]) {
          out.fx += 2.0 * L::ex(i) * f[i];
          out.fy += 2.0 * L::ey(i) * f[i];
        }
      });
    }
    return out;
  }
  if (p.bounce == Bounce::FullWay) {
    static_for<L::Q>([&](auto i) { f[decltype(i)::value] = load(a.src, l, decltype(i)::value, s); });
    // The stored populations hold the whole force of the last collision: half of it is the
    // fluid's velocity, as for the pulled ones.
    out.m = p.equilibrium == Equilibrium::Compressible ? moments_of<Equilibrium::Compressible>(f, p)
                                                       : moments_of<Equilibrium::Incompressible>(f, p);
    const double m = p.equilibrium == Equilibrium::Compressible ? out.m.rho : 1.0;
    out.m.ux -= p.fx / m;
    out.m.uy -= p.fy / m;
    return out;
  }
  pull(a, x, y, f);
  out.m = p.equilibrium == Equilibrium::Compressible ? moments_of<Equilibrium::Compressible>(f, p)
                                                     : moments_of<Equilibrium::Incompressible>(f, p);
  if (a.solid) {
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      if (a.solid[s - L::ey(i) * l.pitch - L::ex(i)]) {
        const double back = load(a.src, l, L::opposite(i), s);
        out.fx -= 2.0 * L::ex(i) * back;
        out.fy -= 2.0 * L::ey(i) * back;
      }
    });
  }
  return out;
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

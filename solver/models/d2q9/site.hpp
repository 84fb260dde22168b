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

// Population i of the site at index `site` in the current state (StepArgs::src says where).
template <class Real>
PLUME_HD PLUME_FORCEINLINE double load(const StepArgs<Real>& a, int i, int site) {
  return double(load_ro(a.src[i] + site));
}

// The seed-001 driving (Params::accelerate) of local site (x, y), in place, before the step's
// streaming: a fluid site whose populations 3, 6, 7 exceed w1, w2, w2 moves w1 from 3 to 1 and w2
// from 6 to 5 and from 7 to 8.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void accelerate_site(const Planes<Real>& f, const Layout& l, const Params& p,
                                                const std::uint8_t* solid, int x, int y) {
  const int s = l.site(x, y);
  if (solid && solid[s]) return;
  const Accelerate& ac = p.accelerate;
  Real* g[9];
  for (int i = 0; i < 9; ++i) g[i] = f[i] + s;
  if (!(double(*g[3]) - ac.w1 > 0 && double(*g[6]) - ac.w2 > 0 && double(*g[7]) - ac.w2 > 0)) return;
  *g[1] = Real(double(*g[1]) + ac.w1);
  *g[5] = Real(double(*g[5]) + ac.w2);
  *g[8] = Real(double(*g[8]) + ac.w2);
  *g[3] = Real(double(*g[3]) - ac.w1);
  *g[6] = Real(double(*g[6]) - ac.w2);
  *g[7] = Real(double(*g[7]) - ac.w2);
}

// The nine pulled values of site s, with no boundary minded.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull_plain(const StepArgs<Real>& a, int s, double* f) {
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    f[i] = load(a, i, s - L::ey(i) * a.layout.pitch - L::ex(i));
  });
}

// The same for sites s and s + pitch (update_pair): both loads of a population from one address,
// computed once, so that the pair holds no plane's base across its two pulls (with FP32 storage
// and a base per plane, StepArgs::src, the two pulls one after the other ran 6 % slower on an
// H200: docs/benchmarks.md).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull_plain_pair(const StepArgs<Real>& a, int s, double* f, double* g) {
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    const Real* p = a.src[i] + (s - L::ey(i) * a.layout.pitch - L::ex(i));
    f[i] = double(load_ro(p));
    g[i] = double(load_ro(p + a.layout.pitch));
  });
}

// Whether site (x, y) has no boundary to mind: a run without solid sites, a row that is not next
// to a wall, a column that is neither the inlet nor the outlet. Rows are a block's (kernels.cuh),
// so the test is uniform over a block except at the inlet and outlet.
template <class Real>
PLUME_HD PLUME_FORCEINLINE bool plain_site(const StepArgs<Real>& a, int x, int y) {
  const Params& p = a.params;
  const Domain& d = a.domain;
  const int xg = d.x0 + x, yg = d.y0 + y;
  return a.solid == nullptr && !(p.walls && (yg == 0 || yg == d.NY - 1)) && !(p.inlet.on && xg == 0) &&
         !(p.outlet.on && xg == d.NX - 1);
}

// Interpolated bounce-back (Bouzidi, Firdaouss and Lallemand, Phys. Fluids 13 (2001) 3452) of
// population i at fluid site s = (x, y), whose source s - e_i is solid: the wall stands at
// q = links[i][s] of the link from s towards it. With o = opposite(i) and f* the populations
// after the last collision (src), what comes back is
//   q <  1/2: 2q f*_o(s) + (1 - 2q) f*_o(s + e_i)
//   q >= 1/2: (f*_o(s) + (2q - 1) f*_i(s)) / (2q)
// (q = 1/2: f*_o(s), half-way bounce-back, exactly). f*_o(s + e_i) is what the pull of o at s
// reads, so the halos hold it; where s + e_i is solid or beyond the lattice's bounded sides
// (walls, inlet, outlet: nothing after a collision there) the half-way value stands in.
template <int i, class Real>
PLUME_HD double interpolated_bounce(const StepArgs<Real>& a, int x, int y, int s) {
  constexpr int o = L::opposite(i), ex = L::ex(i), ey = L::ey(i);
  const Layout& l = a.layout;
  const Domain& d = a.domain;
  const double back = load(a, o, s);
  const double q = double(a.links[i * l.stride + s]);
  if (q >= 0.5) return (back + (2.0 * q - 1.0) * load(a, i, s)) / (2.0 * q);
  const int xg = d.x0 + x + ex, yg = d.y0 + y + ey, ahead = s + ey * l.pitch + ex;
  const bool open_x = a.params.inlet.on || a.params.outlet.on;
  if ((open_x && (xg < 0 || xg >= d.NX)) || (a.params.walls && (yg < 0 || yg >= d.NY)) || a.solid[ahead]) return back;
  return 2.0 * q * back + (1.0 - 2.0 * q) * load(a, o, ahead);
}

// Which of site s's sources are solid sites that bounce back (half-way or interpolated): bit i
// for s - e_i, the nine bytes read together. None with full-way bounce-back, whose solid sites
// send back what they received themselves (update_site).
template <class Real>
PLUME_HD PLUME_FORCEINLINE unsigned solid_sources(const StepArgs<Real>& a, int s) {
  unsigned links = 0;
  if (a.solid != nullptr && a.params.bounce != Bounce::FullWay)
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      links |= unsigned(a.solid[s - L::ey(i) * a.layout.pitch - L::ex(i)] != 0) << i;
    });
  return links;
}

// The boundaries of site (x, y) = s, on the nine values pull_plain gave it: a population whose
// source lies beyond a wall, or (half-way bounce-back) in a solid site (bit i of `links`), is
// the site's own opposite population sent back, plus a moving wall's momentum
// 2 w_i rho_0 (e_i . u_w) / cs2 (Ladd; rho_0 = 1); with interpolated bounce-back a solid site's
// is interpolated to where the wall crosses the link. Then the inlet and the outlet set the
// populations that enter from outside the lattice. A source beyond a wall or the inlet or
// outlet is a ghost site, in memory, whose value pull_plain read and this drops.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void apply_boundaries(const StepArgs<Real>& a, int x, int y, int s, unsigned links,
                                                 double* f) {
  const Domain& d = a.domain;
  const Params& p = a.params;
  const int yg = d.y0 + y;
  const bool interpolated = a.links != nullptr && p.bounce == Bounce::Interpolated;
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value, ex = L::ex(i), ey = L::ey(i);
    if (p.walls && ey != 0 && (yg - ey < 0 || yg - ey >= d.NY)) {
      f[i] = load(a, L::opposite(i), s) + 6.0 * L::w(i) * ex * (yg - ey < 0 ? p.bottom.u : p.top.u);
    } else if (links >> i & 1u) {
      f[i] = interpolated ? interpolated_bounce<i>(a, x, y, s) : load(a, L::opposite(i), s);
    }
  });
  const int xg = d.x0 + x;
  if (p.inlet.on && xg == 0) velocity_inlet(f, p, yg, d.NY);
  if (p.outlet.on && xg == d.NX - 1) pressure_outlet(f, p);
}

// Pull: f_i(x) <- src_i(x - e_i), with the boundaries (apply_boundaries). The nine loads come
// first, all of them, then the solid bytes, and only then the boundaries' branches: loads behind
// those branches went out one at a time, too few in flight for FP32 storage (0.43 of the copy
// bandwidth at 8192^2 on an H200, against 0.80 with them first; docs/benchmarks.md).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const StepArgs<Real>& a, int x, int y, double* f) {
  const int s = a.layout.site(x, y);
  pull_plain(a, s, f);
  apply_boundaries(a, x, y, s, solid_sources(a, s), f);
}

template <class Real>
PLUME_HD PLUME_FORCEINLINE void store(const Planes<Real>& dst, const Layout& l, int x, int y, const double* f) {
  const int s = l.site(x, y);
  static_for<L::Q>([&](auto i) { dst[i][s] = Real(f[i]); });
}

PLUME_HD PLUME_FORCEINLINE bool is_solid(const std::uint8_t* solid, const Layout& l, int x, int y) {
  return solid != nullptr && solid[l.site(x, y)] != 0;
}

// The rest of site (x, y) = s's update once its nine loads are in f, with `links` its solid
// sources (solid_sources) and `solid` whether it is solid itself: the boundaries, the collision,
// the store. A solid site does nothing with half-way bounce-back (nothing reads it) and, with
// full-way, sends back what it received.
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void finish_site(const StepArgs<Real>& a, int x, int y, int s, unsigned links, bool solid,
                                            double* f) {
  if (solid && a.params.bounce != Bounce::FullWay) return;
  apply_boundaries(a, x, y, s, links, f);
  if (solid) {  // full-way: what it received goes back whence it came
    double r[L::Q];
    static_for<L::Q>([&](auto i) { r[decltype(i)::value] = f[L::opposite(decltype(i)::value)]; });
    return store(a.dst, a.layout, x, y, r);
  }
  collide<C, E>(f, a.params);
  store(a.dst, a.layout, x, y, f);
}

// One fused pull-stream + collide update of local site (x, y).
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y) {
  double f[L::Q];
  const int s = a.layout.site(x, y);
  pull_plain(a, s, f);
  if (plain_site(a, x, y)) {  // the bulk of most runs, without the boundaries' code
    collide<C, E>(f, a.params);
    store(a.dst, a.layout, x, y, f);
    return;
  }
  // The site's loads, its own solid byte among them, all go out before the first branch: a
  // fluid site's pull used to wait for the branch on that byte, a memory round trip more
  // (docs/benchmarks.md). A solid site's loads are then wasted with half-way bounce-back.
  finish_site<C, E>(a, x, y, s, solid_sources(a, s), a.solid != nullptr && a.solid[s] != 0, f);
}

// Sites (x, y) and (x, y + 1) at once: with no boundary at either, both sites' loads go out
// before either collision, twice the bytes in flight per thread; else site by site. Each site's
// arithmetic is update_site's: the same bits. The CUDA backend gives a run with solid sites the
// kernel of one site a thread instead (launch_box). (A form that also loaded both sites' solid
// bytes first ran 3 % slower without solids at 8192^2 with FP32 storage on an H100.)
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void update_pair(const StepArgs<Real>& a, int x, int y) {
  if (!plain_site(a, x, y) || !plain_site(a, x, y + 1)) {
    update_site<C, E>(a, x, y);
    update_site<C, E>(a, x, y + 1);
    return;
  }
  double f[L::Q], g[L::Q];
  pull_plain_pair(a, a.layout.site(x, y), f, g);
  collide<C, E>(f, a.params);
  store(a.dst, a.layout, x, y, f);
  collide<C, E>(g, a.params);
  store(a.dst, a.layout, x, y + 1, g);
}

// The fields of a site: rho, u (with half the body force) and the force its populations exert on
// solid sites in this step (momentum exchange).
struct SiteFields {
  Macro m;
  double solid;   // 1: a solid site, 0: fluid
  double fx, fy;  // force on the solids
};

// rho and u of populations f under the setup's equilibrium, with half the force F added to the
// momentum (half = 1/2: populations before the collision) or taken from it (half = -1/2:
// populations after it, which hold the whole F of that collision).
PLUME_HD PLUME_FORCEINLINE Macro moments(const double* f, const Params& p, double half) {
  const double fx = 2.0 * half * p.fx, fy = 2.0 * half * p.fy;
  return p.equilibrium == Equilibrium::Compressible ? moments<Equilibrium::Compressible>(f, fx, fy)
                                                    : moments<Equilibrium::Incompressible>(f, fx, fy);
}

// The fields of local site (x, y) in the current state. With half-way bounce-back they are the
// moments of the populations the next collision receives (after streaming), and the force on the
// solids is the momentum each link into a solid site gives it: what left towards it, f*_o (o =
// opposite(i), after the last collision), minus what came back, f_i, i.e. -e_i (f*_o + f_i)
// summed over those links; half-way f_i = f*_o makes it -2 e_i f*_o. Interpolated bounce-back
// takes the f_i it interpolated (the momentum exchange of Mei, Yu, Shyy and Luo 2002). With full-way
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
    static_for<L::Q>([&](auto i) { f[decltype(i)::value] = load(a, decltype(i)::value, s); });
    out.m = moments(f, p, -0.5);
    return out;
  }
  pull(a, x, y, f);
  out.m = moments(f, p, 0.5);
  if (a.solid) {
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      if (a.solid[s - L::ey(i) * l.pitch - L::ex(i)]) {
        const double back = load(a, L::opposite(i), s);
        if (p.bounce == Bounce::Interpolated) {
          out.fx -= L::ex(i) * (back + f[i]);
          out.fy -= L::ey(i) * (back + f[i]);
        } else {
          out.fx -= 2.0 * L::ex(i) * back;
          out.fy -= 2.0 * L::ey(i) * back;
        }
      }
    });
  }
  return out;
}

// The populations of a site in equilibrium with (rho, u).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_equilibrium(const Planes<Real>& f, const Layout& l, int x, int y,
                                                  Equilibrium e, const Macro& m) {
  double feq[L::Q];
  static_for<L::Q>([&](auto i) {
    feq[i] = e == Equilibrium::Compressible ? equilibrium<Equilibrium::Compressible>(i, m)
                                            : equilibrium<Equilibrium::Incompressible>(i, m);
  });
  store(f, l, x, y, feq);
}

}  // namespace plume::d2q9

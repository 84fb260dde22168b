// The update of one D3Q19 site: pull-stream (with the walls and the solid sites), collide, store;
// and the fields of one site. Storage is passed as a pointer plus a Layout; the loop over sites
// (OpenMP or CUDA) lives in the backends.
#pragma once
#include <cstdint>
#include "plume/grid/layout.hpp"
#include "plume/grid/step_args.hpp"
#include "d3q19/boundaries.hpp"
#include "d3q19/collision.hpp"

namespace plume::d3q19 {

template <class Real>
using StepArgs = plume::StepArgs<Real, Params>;

// Population i of the site at index `site` in the current state of step arguments `a` (StepArgs::
// src says where; thermal3d passes its own, whose first nineteen planes are these).
template <class A>
PLUME_HD PLUME_FORCEINLINE double load(const A& a, int i, int site) {
  return double(load_ro(a.src[i] + site));
}

// Elements from a site to its neighbour along e_i, inside a population plane.
template <int i>
PLUME_HD PLUME_FORCEINLINE int offset(const Layout& l) {
  return L::ez(i) * (l.pitch * l.rows) + L::ey(i) * l.pitch + L::ex(i);
}

// The nineteen pulled values of site (x, y, z) = s, with no boundary minded. ReadsAcross: across
// the periodic boundaries that a.wrap names from the block's other end, else from the ghost sites;
// without it, from the ghost sites, without that index arithmetic: code that runs with its ghosts
// filled has no use for it, and compiled into thermal3d's FP64 step it cost 13 % (an H100,
// docs/benchmarks.md).
template <bool ReadsAcross, class Real>
PLUME_HD PLUME_FORCEINLINE void pull_plain(const StepArgs<Real>& a, int x, int y, int z, int s, double* f) {
  if constexpr (ReadsAcross) {
    const Across w(a.wrap, a.layout, x, y, z);
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      f[i] = load(a, i, s - offset<i>(a.layout) + w.of<L::ex(i), L::ey(i), L::ez(i)>());
    });
  } else {
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      f[i] = load(a, i, s - offset<i>(a.layout));
    });
  }
}

// Whether site (x, y, z) has no boundary to mind: a run without solid sites, and a site that is
// next to no wall and on neither the inlet nor the outlet.
template <class Real>
PLUME_HD PLUME_FORCEINLINE bool plain_site(const StepArgs<Real>& a, int x, int y, int z) {
  const Params& p = a.params;
  const Domain& d = a.domain;
  const int xg = d.x0 + x, yg = d.y0 + y, zg = d.z0 + z;
  return a.solid == nullptr && !(p.walls_y && (yg == 0 || yg == d.NY - 1)) &&
         !(p.walls_z && (zg == 0 || zg == d.NZ - 1)) && !(p.inlet.on && xg == 0) &&
         !(p.outlet.on && xg == d.NX - 1);
}

PLUME_HD PLUME_FORCEINLINE bool is_solid(const std::uint8_t* solid, int s) { return solid != nullptr && solid[s] != 0; }

// Which of site s's sources are solid sites: bit i for s - e_i, the nineteen bytes read together.
template <class Real>
PLUME_HD PLUME_FORCEINLINE unsigned solid_sources(const StepArgs<Real>& a, int s) {
  unsigned links = 0;
  if (a.solid != nullptr)
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      links |= unsigned(a.solid[s - offset<i>(a.layout)] != 0) << i;
    });
  return links;
}

// The boundaries of site (x, y, z) = s, on the nineteen values pull_plain gave it. A population
// whose source lies beyond a wall, or in a solid site (bit i of `links`), is the site's own
// opposite population sent back in the same step (half-way bounce-back: the wall lies half-way
// between the two sites), plus a moving wall's momentum 2 w_i rho_0 (e_i . u_w) / cs2 (Ladd;
// rho_0 = 1, u_w along x). A link that crosses a y wall and a z wall at once (a duct's edge) has
// no x component, so which wall's speed it takes does not matter. Then the inlet and the outlet
// set the populations that enter from outside the lattice. A source beyond a wall, the inlet or
// the outlet is a ghost site, in memory, whose value pull_plain read and this drops.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void apply_boundaries(const StepArgs<Real>& a, int x, int y, int z, int s, unsigned links,
                                                 double* f) {
  const Domain& d = a.domain;
  const Params& p = a.params;
  const int yg = d.y0 + y, zg = d.z0 + z;
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value, ey = L::ey(i), ez = L::ez(i);
    const bool beyond_y = p.walls_y && ey != 0 && (yg - ey < 0 || yg - ey >= d.NY);
    const bool beyond_z = p.walls_z && ez != 0 && (zg - ez < 0 || zg - ez >= d.NZ);
    if (beyond_y || beyond_z) {
      const double uw = beyond_y ? (yg - ey < 0 ? p.y_low.u : p.y_high.u) : (zg - ez < 0 ? p.z_low.u : p.z_high.u);
      f[i] = load(a, L::opposite(i), s) + 6.0 * L::w(i) * L::ex(i) * uw;
    } else if (links >> i & 1u) {
      f[i] = load(a, L::opposite(i), s);
    }
  });
  const int xg = d.x0 + x;
  if (p.inlet.on && xg == 0) velocity_inlet(f, p);
  if (p.outlet.on && xg == d.NX - 1) pressure_outlet(f, p);
}

// Pull: f_i(x) <- src_i(x - e_i), with the boundaries (apply_boundaries). All nineteen loads go
// out first (as D2Q9's do, for the loads in flight), then the solid bytes, then the branches.
template <bool ReadsAcross = true, class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const StepArgs<Real>& a, int x, int y, int z, double* f) {
  const int s = a.layout.site(x, y, z);
  pull_plain<ReadsAcross>(a, x, y, z, s, f);
  apply_boundaries(a, x, y, z, s, solid_sources(a, s), f);
}

template <class Real>
PLUME_HD PLUME_FORCEINLINE void store(const Planes<Real>& dst, int s, const double* f) {
  static_for<L::Q>([&](auto i) { dst[i][s] = Real(f[i]); });
}

// In place, into the shifted way: f_i goes to slot i of site s + e_i (planes.hpp), across the
// periodic boundaries that a.push names into the block's other end rather than into the ghost
// sites, which then need no copying back (CudaBackend::step_async).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_pushed(const StepArgs<Real>& a, int x, int y, int z, int s, const double* f) {
  const Across w(a.push, a.layout, x, y, z);
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    a.dst[i][s + w.of<-L::ex(i), -L::ey(i), -L::ez(i)>()] = Real(f[i]);  // s + e_i = s - (-e_i)
  });
}

// The store of a step that pushes across (Pushes: store_pushed) or not.
template <bool Pushes, class Real>
PLUME_HD PLUME_FORCEINLINE void store(const StepArgs<Real>& a, int x, int y, int z, int s, const double* f) {
  if constexpr (Pushes)
    store_pushed(a, x, y, z, s, f);
  else
    store(a.dst, s, f);
}

// One fused pull-stream + collide update of local site (x, y, z), reading across the boundaries
// that a.wrap names or not (pull_plain), that hands the site's index and its nineteen
// post-collision values to out(s, f) (the GPU's step into the shifted way of a whole row stages
// them: cuda/kernels.cuh, staged_push_kernel). A solid site does nothing: with half-way
// bounce-back nothing reads it.
template <Collision C, Equilibrium E, bool ReadsAcross, class Real, class Out>
PLUME_HD PLUME_FORCEINLINE void update_site_to(const StepArgs<Real>& a, int x, int y, int z, Out&& out) {
  double f[L::Q];
  const int s = a.layout.site(x, y, z);
  // Each branch has its own pull_plain: with one before the branch, the FP32 kernel (then two rows
  // a thread with solids too) ran 5 % slower in a bed of spheres on an H100 (docs/benchmarks.md).
  if (plain_site(a, x, y, z)) {  // the bulk of most runs, without the boundaries' code
    pull_plain<ReadsAcross>(a, x, y, z, s, f);
  } else {
    // The site's loads, its own solid byte among them, all go out before the first branch (as
    // D2Q9's): a fluid site's pull waited for the branch on that byte before, a memory round trip
    // more (docs/benchmarks.md). A solid site's loads are then wasted.
    pull_plain<ReadsAcross>(a, x, y, z, s, f);
    const unsigned links = solid_sources(a, s);
    if (is_solid(a.solid, s)) return;
    apply_boundaries(a, x, y, z, s, links, f);
  }
  collide<C, E>(f, a.params);
  out(s, static_cast<const double*>(f));
}

// The same, storing the values: pushing across the boundaries that a.push names or not (store).
template <Collision C, Equilibrium E, bool ReadsAcross, bool Pushes = false, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y, int z) {
  update_site_to<C, E, ReadsAcross>(a, x, y, z, [&](int s, const double* f) { store<Pushes>(a, x, y, z, s, f); });
}

// Sites (x, y, z) and (x, y + 1, z) at once: with no boundary at either, both sites' loads go out
// before either collision, twice the bytes in flight per thread; else site by site. Each site's
// arithmetic is update_site's: the same bits. (A run with solid sites gets the kernel of one site
// a thread instead: kernels.cuh, launch_box.)
template <Collision C, Equilibrium E, bool ReadsAcross, bool Pushes = false, class Real>
PLUME_HD PLUME_FORCEINLINE void update_pair(const StepArgs<Real>& a, int x, int y, int z) {
  if (!plain_site(a, x, y, z) || !plain_site(a, x, y + 1, z)) {
    update_site<C, E, ReadsAcross, Pushes>(a, x, y, z);
    update_site<C, E, ReadsAcross, Pushes>(a, x, y + 1, z);
    return;
  }
  double f[L::Q], g[L::Q];
  const int s = a.layout.site(x, y, z), t = s + a.layout.pitch;
  pull_plain<ReadsAcross>(a, x, y, z, s, f);
  pull_plain<ReadsAcross>(a, x, y + 1, z, t, g);
  collide<C, E>(f, a.params);
  store<Pushes>(a, x, y, z, s, f);
  collide<C, E>(g, a.params);
  store<Pushes>(a, x, y + 1, z, t, g);
}

// The fields of a site: rho, u (with half the body force) and the force its populations exert on
// solid sites in this step (momentum exchange).
struct SiteFields {
  Macro m;
  double solid;       // 1: a solid site, 0: fluid
  double fx, fy, fz;  // force on the solids
};

// The fields of local site (x, y, z) in the current state: the moments of the populations the
// next collision receives (after streaming), and the force on the solids, the momentum each link
// into a solid site gives it: what left towards it, f*_o (o = opposite(i), after the last
// collision), minus what came back, f_i = f*_o, i.e. -2 e_i f*_o summed over those links.
template <bool ReadsAcross, class Real>
PLUME_HD PLUME_FORCEINLINE SiteFields site_fields(const StepArgs<Real>& a, int x, int y, int z) {
  const Params& p = a.params;
  const Layout& l = a.layout;
  const int s = l.site(x, y, z);
  SiteFields out{{p.rho0, 0.0, 0.0, 0.0}, 0.0, 0.0, 0.0, 0.0};
  if (is_solid(a.solid, s)) {
    out.solid = 1.0;
    return out;
  }
  double f[L::Q];
  pull<ReadsAcross>(a, x, y, z, f);  // as the step that writes the snapshot reads (Traits::fields)
  out.m = moments(f, p, 0.5);
  if (a.solid) {
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      if (a.solid[s - offset<i>(l)]) {
        const double back = load(a, L::opposite(i), s);
        out.fx -= 2.0 * L::ex(i) * back;
        out.fy -= 2.0 * L::ey(i) * back;
        out.fz -= 2.0 * L::ez(i) * back;
      }
    });
  }
  return out;
}

// The populations of a site in equilibrium with (rho, u).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_equilibrium(const Planes<Real>& f, const Layout& l, int x, int y, int z,
                                                  Equilibrium e, const Macro& m) {
  double feq[L::Q];
  static_for<L::Q>([&](auto i) {
    feq[i] = e == Equilibrium::Compressible ? equilibrium<Equilibrium::Compressible>(i, m)
                                            : equilibrium<Equilibrium::Incompressible>(i, m);
  });
  store(f, l.site(x, y, z), feq);
}

}  // namespace plume::d3q19

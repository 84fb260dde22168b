// The update of one lattice site: pull-stream, walls, collide, store. Storage is passed as a
// pointer plus a Layout; the loop over sites (OpenMP or CUDA) lives in the backends.
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/grid/step_args.hpp"
#include "plume/grid/wrap.hpp"
#include "d2q37/collision.hpp"

namespace plume::d2q37 {

// Where site (x, y), at index s, pulls population I from: s - e_I, or across the periodic
// boundaries that w names (plume/grid/wrap.hpp; the CUDA backend reads across them instead of
// filling the ghosts): a source left of the first column lies nx sites right, one beyond the last
// nx sites left, and likewise along y. With no axis named (w.n all 0) it is s - e_I.
template <class L, int I>
PLUME_HD PLUME_FORCEINLINE int source(const Layout& l, const Wrap& w, int s, int x, int y) {
  constexpr int ex = L::ex(I), ey = L::ey(I);
  int k = s - ey * l.pitch - ex;
  if constexpr (ex > 0) k += x < ex ? w.n[0] : 0;
  if constexpr (ex < 0) k -= x - ex >= w.n[0] ? w.n[0] : 0;
  if constexpr (ey > 0) k += y < ey ? w.n[1] * l.pitch : 0;
  if constexpr (ey < 0) k -= y - ey >= w.n[1] ? w.n[1] * l.pitch : 0;
  return k;
}

// Whether site (x, y) has a source across a boundary that w names: within the reach of one.
template <class L>
PLUME_HD PLUME_FORCEINLINE bool near_across(const Wrap& w, int x, int y) {
  return (w.n[0] != 0 && (x < L::reach || x >= w.n[0] - L::reach)) ||
         (w.n[1] != 0 && (y < L::reach || y >= w.n[1] - L::reach));
}

// Pull: f_i(x) <- src_i(x - e_i), population i of a site being src[i][site] (StepArgs::src),
// across the boundaries that w names (source). Each plane is addressed from its own base with a
// 32-bit offset inside it; the 37 loads are independent, so all of them are in flight before the
// first use. Sites away from those boundaries (all but a few columns and rows) take s - e_i with
// no test per population.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const Planes<const Real>& src, const Layout& l, const Wrap& w, int x, int y,
                                     double* f) {
  const int s = l.site(x, y);
  if (near_across<L>(w, x, y)) {
    static_for<L::Q>([&](auto i) { f[i] = double(load_ro(src[i] + source<L, decltype(i)::value>(l, w, s, x, y))); });
  } else {
    static_for<L::Q>([&](auto i) {
      constexpr int ex = L::ex(decltype(i)::value), ey = L::ey(decltype(i)::value);
      f[i] = double(load_ro(src[i] + (s - ey * l.pitch - ex)));
    });
  }
}

// Store of the site's new state: one aligned, coalesced store per plane.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void store(const Planes<Real>& dst, const Layout& l, int x, int y, const double* f) {
  const int s = l.site(x, y);
  static_for<L::Q>([&](auto i) { dst[i][s] = Real(f[i]); });
}

// Distance (in rows) of global row yg from the nearer wall, and which wall: side = +1 for the
// bottom wall (y = 0), -1 for the top (y = NY-1). Returns false for rows outside the wall layers.
PLUME_HD inline bool wall_row(int yg, int NY, int reach, int& side, int& j) {
  if (yg < reach) { side = +1; j = yg; return true; }
  if (NY - 1 - yg < reach) { side = -1; j = NY - 1 - yg; return true; }
  return false;
}

// State of a wall-layer site after streaming (spec section 6).
//
// The rows next to a wall relax with tau = 1 in every order, so their post-collision state is the
// equilibrium of (rho, u_s, T) alone: rebuilding the missing populations and then colliding is
// the same as imposing those three moments directly. We impose
//   rho = (mass of the known populations) + N, N = mass this site sent out through the wall,
//   u_H = 0 (no slip), T_H = T_target,
// which keeps the total mass constant to round-off and is defined in every wall row (the
// population-rebuild form of the reference has one unknown per equation short in the third row,
// where all three missing velocities share c_y = 3r). The wall temperature is imposed as the raw
// temperature T of the wall rows, as the reference's energy equation does (it fixes
// M T + |P|^2/(2M) with the raw momentum P): their T_H is larger by dt^2 |g|^2 / (4 D). See
// docs/physics.md.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE Macro wall_state(const Planes<const Real>& src, const Layout& l, const Wrap& across, int x,
                                             int y, int side, int j, const PhysicsParams& p) {
  const int s0 = l.site(x, y);
  double mass = 0.0;
  static_for<L::Q>([&](auto i) {
    constexpr int ey = L::ey(decltype(i)::value);
    const int s = side * ey;
    if (s <= j) mass += double(load_ro(src[i] + source<L, decltype(i)::value>(l, across, s0, x, y)));  // known
    if (s < -j) mass += double(load_ro(src[i] + s0));  // leaves through the wall: comes back
  });
  const Wall& w = side > 0 ? p.bottom : p.top;
  double T = w.T;
  if (w.kind == WallKind::Adiabatic) {
    // Zero normal gradient: the raw T of the wall rows is T_H of the first fully known row.
    double f[L::Q];
    pull<L>(src, l, across, x, y + side * (L::reach - j), f);
    T = hydrodynamic<L>(macro<L>(f), p).T;
  }
  const double d = dt<L>();
  return {mass, -0.5 * d * p.gx, -0.5 * d * p.gy, T};
}

// Everything a site update needs besides its coordinates.
template <class Real>
using StepArgs = plume::StepArgs<Real, PhysicsParams>;

// Update of a site in a wall layer (side, j from wall_row): all relaxation times are 1, so the
// new state is the equilibrium of the imposed moments with the gravity shift (u_s = u + F/rho).
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void update_wall_site(const StepArgs<Real>& a, int x, int y, int side, int j) {
  const Macro m = wall_state<L>(a.src, a.layout, a.wrap, x, y, side, j, a.params);
  const double d = dt<L>();
  double f[L::Q];
  equilibrium<L>(m.rho, m.ux + a.params.gx * d, m.uy + a.params.gy * d, m.T, f);
  store<L>(a.dst, a.layout, x, y, f);
}

// Hydrodynamic fields (rho, u_H, T_H) of a bulk site's post-streaming populations f, computed
// from opaque copies of them (plume/hd.hpp): a step that snapshots the state it reads computes
// them beside its collision of the same f, and gets the bits the fields kernel gets.
// The gravity goes through opaque copies too: the collision computes the same products of it.
template <class L>
PLUME_HD PLUME_FORCEINLINE Macro bulk_fields(const double* f, const PhysicsParams& p) {
  double g[L::Q];
  static_for<L::Q>([&](auto i) { g[i] = opaque(f[i]); });
  PhysicsParams q = p;
  q.gx = opaque(p.gx);
  q.gy = opaque(p.gy);
  return hydrodynamic<L>(macro<L>(g), q);
}

// Fused pull-stream + collide update of a site away from the walls, collision model fixed at
// compile time (the GPU kernels are instantiated per model, so neither path costs the other
// registers). snapshot(fields): the hook of a step that also snapshots the state (plume/hd.hpp),
// given how to compute the site's fields from the populations just pulled.
template <class L, CollisionModel M, class Real, class Snapshot = NoSnapshot>
PLUME_HD PLUME_FORCEINLINE void update_bulk_site(const StepArgs<Real>& a, int x, int y, Snapshot&& snapshot = {}) {
  double f[L::Q];
  pull<L>(a.src, a.layout, a.wrap, x, y, f);
  if constexpr (sizeof(Real) == 8) {
    // FP64 on a GPU: the fields computed at every site of every step (opaque results: not moved
    // into the hook's branch), so that no population must outlive the branch; with the branch
    // around them the step without a snapshot lost 1.1 % (NVIDIA H200, docs/benchmarks.md). On the
    // host, without a hook, they are dead code.
    Macro m = bulk_fields<L>(f, a.params);
    m = {opaque(m.rho), opaque(m.ux), opaque(m.uy), opaque(m.T)};
    snapshot([&] { return m; });
  } else {
    snapshot([&] { return bulk_fields<L>(f, a.params); });
  }
  collide_with<L, M>(f, a.params);
  store<L>(a.dst, a.layout, x, y, f);
}

// One fused pull-stream + collide update of local site (x, y), wherever it is.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y) {
  int side, j;
  if (a.params.walls && wall_row(a.domain.y0 + y, a.domain.NY, L::reach, side, j))
    update_wall_site<L>(a, x, y, side, j);
  else if (a.params.model == CollisionModel::BGK)
    update_bulk_site<L, CollisionModel::BGK>(a, x, y);
  else
    update_bulk_site<L, CollisionModel::RTRT>(a, x, y);
}

// Hydrodynamic fields (rho, u_H, T_H) of local site (x, y), from the post-streaming populations.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE Macro site_fields(const Planes<const Real>& src, const Layout& l, const Wrap& w,
                                              const Domain& dom, const PhysicsParams& p, int x, int y) {
  int side, j;
  Macro m;
  if (p.walls && wall_row(dom.y0 + y, dom.NY, L::reach, side, j)) {
    m = wall_state<L>(src, l, w, x, y, side, j, p);
  } else {
    double f[L::Q];
    pull<L>(src, l, w, x, y, f);
    return bulk_fields<L>(f, p);
  }
  return hydrodynamic<L>(m, p);
}

}  // namespace plume::d2q37

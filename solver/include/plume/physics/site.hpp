// The update of one lattice site: pull-stream, walls, collide, store. Storage is passed as a
// pointer plus a Layout; the loop over sites (OpenMP or CUDA) lives in the backends.
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/physics/collision.hpp"

namespace plume::phys {

// Pull: f_i(x) <- src_i(x - e_i).
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void pull(const Real* __restrict__ src, const Layout& l, int x, int y, double* f) {
  const long long base = l.at(x, y);
  static_for<L::Q>([&](auto i) {
    constexpr int ex = L::ex(decltype(i)::value), ey = L::ey(decltype(i)::value);
    f[i] = double(src[i * l.stride + base - (long long)ey * l.pitch - ex]);
  });
}

template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void store(Real* __restrict__ dst, const Layout& l, int x, int y, const double* f) {
  const long long base = l.at(x, y);
  static_for<L::Q>([&](auto i) { dst[i * l.stride + base] = Real(f[i]); });
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
// where all three missing velocities share c_y = 3r). See docs/physics.md.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE Macro wall_state(const Real* __restrict__ src, const Layout& l, int x, int y, int side,
                                             int j, const PhysicsParams& p) {
  const long long base = l.at(x, y);
  double mass = 0.0;
  static_for<L::Q>([&](auto i) {
    constexpr int ex = L::ex(decltype(i)::value), ey = L::ey(decltype(i)::value);
    const int s = side * ey;
    if (s <= j) mass += double(src[i * l.stride + base - (long long)ey * l.pitch - ex]);  // known
    if (s < -j) mass += double(src[i * l.stride + base]);  // leaves through the wall: comes back
  });
  const Wall& w = side > 0 ? p.bottom : p.top;
  double TH = w.T;
  if (w.kind == WallKind::Adiabatic) {
    // Zero normal gradient: T_H of the first fully known row at this column.
    double f[L::Q];
    pull<L>(src, l, x, y + side * (L::reach - j), f);
    TH = hydrodynamic<L>(macro<L>(f), p).T;
  }
  const double d = dt<L>();
  return {mass, -0.5 * d * p.gx, -0.5 * d * p.gy, TH - d * d * (p.gx * p.gx + p.gy * p.gy) / (4.0 * L::D)};
}

// Everything a site update needs besides its coordinates.
template <class Real>
struct StepArgs {
  const Real* src;
  Real* dst;
  Layout layout;
  Domain domain;
  PhysicsParams params;
};

// One fused pull-stream + collide update of local site (x, y).
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y) {
  int side, j;
  double f[L::Q];
  if (a.params.walls && wall_row(a.domain.y0 + y, a.domain.NY, L::reach, side, j)) {
    const Macro m = wall_state<L>(a.src, a.layout, x, y, side, j, a.params);
    const double d = dt<L>();  // tau = 1: u_s = u + F/rho, T_s = T
    equilibrium<L>(m.rho, m.ux + a.params.gx * d, m.uy + a.params.gy * d, m.T, f);
  } else {
    pull<L>(a.src, a.layout, x, y, f);
    collide<L>(f, a.params);
  }
  store<L>(a.dst, a.layout, x, y, f);
}

// Hydrodynamic fields (rho, u_H, T_H) of local site (x, y), from the post-streaming populations.
template <class L, class Real>
PLUME_HD PLUME_FORCEINLINE Macro site_fields(const Real* __restrict__ src, const Layout& l, const Domain& dom,
                                              const PhysicsParams& p, int x, int y) {
  int side, j;
  Macro m;
  if (p.walls && wall_row(dom.y0 + y, dom.NY, L::reach, side, j)) {
    m = wall_state<L>(src, l, x, y, side, j, p);
  } else {
    double f[L::Q];
    pull<L>(src, l, x, y, f);
    m = macro<L>(f);
  }
  return hydrodynamic<L>(m, p);
}

}  // namespace plume::phys

// The update of one site of 3-D thermal convection: pull the flow's nineteen populations (D3Q19's
// pull, with its walls across z) and the temperature's seven (anti-bounce-back at the walls),
// collide both (the flow under the buoyancy of the site's temperature, the temperature advected
// by the flow's velocity), store both; and the fields of one site.
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/grid/step_args.hpp"
#include "d3q19/site.hpp"
#include "thermal3d/collision.hpp"

namespace plume::thermal3d {

template <class Real>
using StepArgs = plume::StepArgs<Real, Params>;

constexpr int kT0 = D3Q19D3Q7::kFlow;  // plane of the temperature's population 0

// The same storage seen as D3Q19's: its planes 0-18 are the flow's (d3q19/site.hpp reads them),
// always with resting walls across z and none across y.
template <class Real>
PLUME_HD PLUME_FORCEINLINE d3q19::StepArgs<Real> flow_args(const StepArgs<Real>& a) {
  d3q19::Params p = a.params;
  p.walls_y = false;
  p.walls_z = true;
  p.z_low.u = p.z_high.u = 0.0;
  return {a.src, a.dst, a.layout, a.domain, p, nullptr, nullptr, a.wrap, a.push};
}

// Pull the seven temperature populations of local site (x, y, z): g_i(x) <- g_i(x - e_i), or,
// from beyond a z wall, the anti-bounce-back of the site's own opposite population.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull_temperature(const StepArgs<Real>& a, int s, int z, double* g) {
  const Layout& l = a.layout;
  static_for<D3Q7::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    g[i] = d3q19::load(a, kT0 + i, s - d3q19::offset<i>(l));  // D3Q7's e_i are D3Q19's
  });
  const int zg = a.domain.z0 + z;
  if (zg == 0) g[5] = anti_bounce_back(5, d3q19::load(a, kT0 + 6, s), a.params.t_hot);
  if (zg == a.domain.NZ - 1) g[6] = anti_bounce_back(6, d3q19::load(a, kT0 + 5, s), a.params.t_cold);
}

template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_temperature(const Planes<Real>& dst, int s, const double* g) {
  static_for<D3Q7::Q>([&](auto i) { dst[kT0 + i][s] = Real(g[i]); });
}

// Both lattices' pulled populations of local site (x, y, z).
template <class Real>
PLUME_HD PLUME_FORCEINLINE void pull_site(const StepArgs<Real>& a, int x, int y, int z, double* f, double* g) {
  const d3q19::StepArgs<Real> fa = flow_args(a);
  const int s = a.layout.site(x, y, z);
  if (d3q19::plain_site(fa, x, y, z))
    d3q19::pull_plain<false>(fa, x, y, z, s, f);
  else
    d3q19::pull<false>(fa, x, y, z, f);
  pull_temperature(a, s, z, g);
}

// rho and T of the pulled populations, and the buoyancy they feel.
struct State {
  double rho, T;
  Force F;
};
PLUME_HD PLUME_FORCEINLINE State state(const Params& p, const double* f, const double* g) {
  double rho = 0;
  static_for<D3Q19::Q>([&](auto i) { rho += f[i]; });
  const double T = temperature(g);
  return {rho, T, buoyancy(p, rho, T)};
}

// One fused pull-stream + collide update of both lattices at local site (x, y, z).
template <Collision C, Equilibrium E, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real>& a, int x, int y, int z) {
  double f[D3Q19::Q], g[D3Q7::Q];
  const Params& p = a.params;
  pull_site(a, x, y, z, f, g);
  const State st = state(p, f, g);
  // The velocity that advects the temperature: the fluid's, with half the force (Guo).
  const Macro m = isothermal::moments<D3Q19, E>(f, st.F);
  isothermal::collide<D3Q19, C, E>(f, p.tau, p.magic, st.F);
  collide_temperature(g, st.T, m, p.tau_t);
  const int s = a.layout.site(x, y, z);
  d3q19::store(a.dst, s, f);
  store_temperature(a.dst, s, g);
}

// The fields of a site: rho, u (with half the buoyancy) and T of the populations the next
// collision receives.
struct SiteFields {
  Macro m;
  double T;
};
template <class Real>
PLUME_HD PLUME_FORCEINLINE SiteFields site_fields(const StepArgs<Real>& a, int x, int y, int z) {
  double f[D3Q19::Q], g[D3Q7::Q];
  const Params& p = a.params;
  pull_site(a, x, y, z, f, g);
  const State st = state(p, f, g);
  const Macro m = p.equilibrium == Equilibrium::Compressible
                      ? isothermal::moments<D3Q19, Equilibrium::Compressible>(f, st.F)
                      : isothermal::moments<D3Q19, Equilibrium::Incompressible>(f, st.F);
  return {m, st.T};
}

// The populations of a site in equilibrium with the fluid's (rho, u) and T under the buoyancy
// F. The stored populations are those after a collision, which has added F to the momentum the
// fluid had before it (rho u - F / 2): they carry rho u + F / 2, so that the fluid's velocity
// (Guo's, with half the force) is u from the first step. Equilibria with u itself would start a
// resting fluid moving, and its adjustment excites the lattice's staggered (odd-even in z),
// undamped mode: a u_z of +-4e-5 at Ra = 1000 on 8 layers that never decays.
template <class Real>
PLUME_HD PLUME_FORCEINLINE void store_equilibrium(const Planes<Real>& f, const Layout& l, int x, int y, int z,
                                                  Equilibrium e, const Macro& m, double T, const Force& F) {
  const double carrier = e == Equilibrium::Compressible ? m.rho : 1.0;  // the density u is taken with
  const Macro shifted{m.rho, m.ux + 0.5 * F.x / carrier, m.uy + 0.5 * F.y / carrier, m.uz + 0.5 * F.z / carrier};
  d3q19::store_equilibrium(f, l, x, y, z, e, shifted);
  double geq[D3Q7::Q];
  static_for<D3Q7::Q>([&](auto i) { geq[i] = temperature_equilibrium(i, T, m); });
  store_temperature(f, l.site(x, y, z), geq);
}

}  // namespace plume::thermal3d

// The D2Q9 physics of one site: moments, equilibrium (compressible or incompressible), Guo's
// forcing term and the BGK and TRT collisions, i.e. the isothermal per-site physics
// (isothermal/collision.hpp, shared with D3Q19) on the D2Q9 lattice, with D2Q9's Params.
#pragma once
#include "d2q9/lattice.hpp"
#include "d2q9/params.hpp"
#include "isothermal/collision.hpp"

namespace plume::d2q9 {

using L = D2Q9;
using Macro = isothermal::Macro<2>;

// rho and u of populations f (u includes half of the force F per unit volume).
template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE Macro moments(const double* f, double fx, double fy) {
  return isothermal::moments<L, E>(f, {fx, fy});
}

template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE double equilibrium(int i, const Macro& m) {
  return isothermal::equilibrium<L, E>(i, m);
}

template <Collision C, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE void collide(double* f, const Params& p) {
  isothermal::collide<L, C, E>(f, p.tau, p.magic, {p.fx, p.fy});
}

}  // namespace plume::d2q9

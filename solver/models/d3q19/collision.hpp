// The D3Q19 physics of one site: the isothermal moments, equilibria, Guo forcing and BGK and TRT
// collisions (isothermal/collision.hpp, shared with D2Q9) on the D3Q19 lattice, with its Params.
#pragma once
#include "d3q19/lattice.hpp"
#include "d3q19/params.hpp"
#include "isothermal/collision.hpp"

namespace plume::d3q19 {

using L = D3Q19;
using Macro = isothermal::Macro<3>;
using Force = isothermal::Force<3>;

PLUME_HD PLUME_FORCEINLINE Force force(const Params& p) { return {p.fx, p.fy, p.fz}; }

template <Equilibrium E>
PLUME_HD PLUME_FORCEINLINE double equilibrium(int i, const Macro& m) {
  return isothermal::equilibrium<L, E>(i, m);
}

template <Collision C, Equilibrium E>
PLUME_HD PLUME_FORCEINLINE void collide(double* f, const Params& p) {
  isothermal::collide<L, C, E>(f, p.tau, p.magic, force(p));
}

// rho and u of populations f under the setup's equilibrium, with half the force F added to the
// momentum (half = 1/2: populations before the collision) or taken from it (half = -1/2:
// populations after it, which hold the whole F of that collision).
PLUME_HD PLUME_FORCEINLINE Macro moments(const double* f, const Params& p, double half) {
  const Force F{2.0 * half * p.fx, 2.0 * half * p.fy, 2.0 * half * p.fz};
  return p.equilibrium == Equilibrium::Compressible ? isothermal::moments<L, Equilibrium::Compressible>(f, F)
                                                    : isothermal::moments<L, Equilibrium::Incompressible>(f, F);
}

}  // namespace plume::d3q19

// Zou and He's open boundaries (Phys. Fluids 9 (1997) 1591) on the first and last columns: the
// populations that enter from outside the lattice follow from the known ones, from mass and
// momentum, and from bounce-back of the non-equilibrium part normal to the boundary.
#pragma once
#include "d2q9/collision.hpp"

namespace plume::d2q9 {

// The inflow velocity at global row yg of NY: the mean, or the channel's parabola between walls
// half a site beyond the first and last rows.
PLUME_HD PLUME_FORCEINLINE double inflow_velocity(const Inlet& in, int yg, int NY) {
  if (in.profile == Profile::Uniform) return in.u;
  const double eta = (yg + 0.5) / NY;
  return 1.5 * in.u * 4.0 * eta * (1.0 - eta);
}

// Inlet on x = 0 with velocity (u, 0): f1, f5, f8 (entering from the left) from the others. With
// rest = f0 + f2 + f4 and out = f3 + f6 + f7 (known), sum f = rho and sum f e_x = j give
// rho = rest + 2 out + j; the momentum is j = rho u (compressible: rho = (rest + 2 out) / (1 - u))
// or j = u (incompressible: carried by rho_0 = 1).
PLUME_HD PLUME_FORCEINLINE void velocity_inlet(double* f, const Params& p, int yg, int NY) {
  const double u = inflow_velocity(p.inlet, yg, NY);
  const double rest = f[0] + f[2] + f[4], out = f[3] + f[6] + f[7];
  const double j = p.equilibrium == Equilibrium::Compressible ? (rest + 2.0 * out) / (1.0 - u) * u : u;
  const double half = 0.5 * (f[2] - f[4]);
  f[1] = f[3] + (2.0 / 3.0) * j;
  f[5] = f[7] - half + j / 6.0;
  f[8] = f[6] + half + j / 6.0;
}

// Outlet on x = NX - 1 with density rho_out and no transverse velocity: f3, f6, f7 (entering from
// the right) from the others; the momentum j = rest + 2 (f1 + f5 + f8) - rho_out holds for
// either equilibrium.
PLUME_HD PLUME_FORCEINLINE void pressure_outlet(double* f, const Params& p) {
  const double rest = f[0] + f[2] + f[4], in = f[1] + f[5] + f[8];
  const double j = rest + 2.0 * in - p.outlet.rho;
  const double half = 0.5 * (f[2] - f[4]);
  f[3] = f[1] - (2.0 / 3.0) * j;
  f[7] = f[5] + half - j / 6.0;
  f[6] = f[8] - half - j / 6.0;
}

}  // namespace plume::d2q9

// Zou and He's open boundaries (Phys. Fluids 9 (1997) 1591) in three dimensions (with the
// transverse corrections of Hecht and Harting, J. Stat. Mech. (2010) P01018) on the first and last
// layers along x: the five populations that enter from outside the lattice follow from the known
// ones, from mass and momentum, and from bounce-back of the non-equilibrium part normal to the
// boundary. Both impose a flow along x with no transverse velocity.
#pragma once
#include "d3q19/collision.hpp"

namespace plume::d3q19 {

// Half the y and z momentum of the populations that lie in the boundary's plane (e_x = 0): what
// the entering populations must cancel so that the boundary's flow has no transverse velocity.
PLUME_HD PLUME_FORCEINLINE void transverse(const double* f, double& ny, double& nz) {
  ny = 0.5 * (f[3] - f[4] + f[15] - f[16] + f[17] - f[18]);
  nz = 0.5 * (f[5] - f[6] + f[15] - f[16] - f[17] + f[18]);
}

// Inlet on x = 0 with velocity (u, 0, 0): f1, f7, f9, f11, f13 (e_x = +1) from the others. With
// rest the populations of e_x = 0 and out those of e_x = -1, mass and momentum give
// rho = rest + 2 out + j, with j = rho u (compressible: rho = (rest + 2 out) / (1 - u)) or j = u
// (incompressible: carried by rho_0 = 1).
PLUME_HD PLUME_FORCEINLINE void velocity_inlet(double* f, const Params& p) {
  const double u = p.inlet.u;
  const double rest = f[0] + f[3] + f[4] + f[5] + f[6] + f[15] + f[16] + f[17] + f[18];
  const double out = f[2] + f[8] + f[10] + f[12] + f[14];
  const double j = p.equilibrium == Equilibrium::Compressible ? (rest + 2.0 * out) / (1.0 - u) * u : u;
  double ny, nz;
  transverse(f, ny, nz);
  f[1] = f[2] + j / 3.0;
  f[7] = f[8] + j / 6.0 - ny;
  f[9] = f[10] + j / 6.0 + ny;
  f[11] = f[12] + j / 6.0 - nz;
  f[13] = f[14] + j / 6.0 + nz;
}

// Outlet on x = NX - 1 with density rho_out: f2, f8, f10, f12, f14 (e_x = -1) from the others;
// the momentum j = rest + 2 in - rho_out (in: the populations of e_x = +1) holds for either
// equilibrium.
PLUME_HD PLUME_FORCEINLINE void pressure_outlet(double* f, const Params& p) {
  const double rest = f[0] + f[3] + f[4] + f[5] + f[6] + f[15] + f[16] + f[17] + f[18];
  const double in = f[1] + f[7] + f[9] + f[11] + f[13];
  const double j = rest + 2.0 * in - p.outlet.rho;
  double ny, nz;
  transverse(f, ny, nz);
  f[2] = f[1] - j / 3.0;
  f[8] = f[7] - j / 6.0 + ny;
  f[10] = f[9] - j / 6.0 - ny;
  f[12] = f[11] - j / 6.0 + nz;
  f[14] = f[13] - j / 6.0 - nz;
}

}  // namespace plume::d3q19

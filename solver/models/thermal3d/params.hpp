// Plain parameter blocks handed to the per-site physics of 3-D thermal convection (no pointers,
// no containers: they are copied by value into CUDA kernels).
#pragma once
#include "d3q19/params.hpp"

namespace plume::thermal3d {

using isothermal::Collision;
using isothermal::Equilibrium;

// What the Rayleigh and Prandtl numbers are made into lattice units with (parameters.cpp,
// derive): the distance between the walls H (sites: the lattice's depth nz) and the free-fall
// velocity U = sqrt(beta g dT H) in lattice units; and, for a Rayleigh–Taylor layer, the Atwood
// number A = beta dT / 2, the density contrast of heavy and light fluid.
struct Reference {
  double rayleigh = 0.0;  // 0: physics.tau, tau_t and buoyancy as given
  double prandtl = 0.0;
  double height = 0.0;
  double velocity = 0.05;
  double atwood = 0.0;  // 0: not a Rayleigh–Taylor input
  bool height_given = false;  // false: height follows the lattice's depth nz (Parameters::fit)
  // physics.tau, tau_t and buoyancy given (their keys set): the Rayleigh number leaves them alone,
  // and a configuration with both is refused (parameters.cpp).
  bool tau_given = false, tau_t_given = false, buoyancy_given = false;
  // The Rayleigh number set those not given: they go back to their defaults when it is turned off
  // (a later reference.rayleigh = 0).
  bool derived = false;
};

// The flow's parameters are D3Q19's (the base: collision, equilibrium, tau, magic), with walls
// across z (half-way bounce-back, at rest), periodic in x and y; its body force is the buoyancy
// below, per site, not D3Q19's constant force (fx, fy, fz stay 0).
struct Params : d3q19::Params {
  double tau_t = 0.75;      // the temperature's relaxation time: kappa = (tau_t - 1/2) / 4
  double buoyancy = 0.0;    // beta |g|: F_z = rho buoyancy (T - t_ref), gravity along -z
  double t_ref = 0.5;       // the temperature without buoyancy
  double t_hot = 1.0;       // the wall below z = 0
  double t_cold = 0.0;      // the wall above z = nz - 1
  Reference reference;
};

inline double diffusivity(const Params& p) { return (p.tau_t - 0.5) / 4.0; }

}  // namespace plume::thermal3d

// Plain parameter blocks handed to the D3Q19 per-site physics (no pointers, no containers: they
// are copied by value into CUDA kernels).
#pragma once
#include "isothermal/collision.hpp"

namespace plume::d3q19 {

// BGK or TRT; compressible or incompressible (He and Luo) equilibrium: isothermal/collision.hpp.
using isothermal::Collision;
using isothermal::Equilibrium;

// A wall with half-way bounce-back, half a site beyond the first (or last) layer of the lattice
// along y or z, moving along x at speed u (Couette flow).
struct Wall {
  double u = 0.0;
};

// Zou and He's velocity inlet on the first layer along x (x = 0): the populations entering from
// the left follow from the known ones and the velocity (u, 0, 0).
struct Inlet {
  bool on = false;
  double u = 0.0;
};

// Zou and He's pressure outlet on the last layer along x (x = NX - 1): the density there is rho
// (the pressure rho c_s^2), the transverse velocity 0.
struct Outlet {
  bool on = false;
  double rho = 1.0;
};

struct Params {
  Collision collision = Collision::BGK;
  Equilibrium equilibrium = Equilibrium::Compressible;
  double tau = 0.8;                   // relaxation time of the shear modes: nu = (tau - 1/2) / 3
  double magic = 3.0 / 16;            // TRT: Lambda = (tau - 1/2)(tau_minus - 1/2)
  double fx = 0.0, fy = 0.0, fz = 0.0;  // body force density (Guo's forcing)
  bool walls_y = false;               // walls below y = 0 and above y = NY - 1; false: periodic in y
  bool walls_z = false;               // walls below z = 0 and above z = NZ - 1; false: periodic in z
  Wall y_low, y_high, z_low, z_high;
  Inlet inlet;
  Outlet outlet;
  // The density solid sites report and sites that turn fluid start with (the case's density).
  double rho0 = 1.0;
};

inline double viscosity(const Params& p) { return (p.tau - 0.5) / 3.0; }

}  // namespace plume::d3q19

// Plain parameter blocks handed to the D2Q9 per-site physics (no pointers, no containers: they
// are copied by value into CUDA kernels).
#pragma once

namespace plume::d2q9 {

enum class Collision : int { BGK = 0, TRT = 1 };
// Compressible: the usual second-order equilibrium, u = sum f e / rho. Incompressible (He and
// Luo 1997): rho_0 = 1 replaces rho in the velocity terms, u = sum f e / rho_0.
enum class Equilibrium : int { Compressible = 0, Incompressible = 1 };

// A wall along x bounding the lattice in y, with half-way bounce-back: it sits half a site
// beyond the first (or last) row and moves along x at speed u.
struct Wall {
  double u = 0.0;
};

struct Params {
  Collision collision = Collision::BGK;
  Equilibrium equilibrium = Equilibrium::Compressible;
  double tau = 0.8;          // relaxation time of the shear modes: nu = (tau - 1/2) / 3
  double magic = 3.0 / 16;   // TRT: Lambda = (tau - 1/2)(tau_minus - 1/2)
  double fx = 0.0, fy = 0.0; // body force density (Guo's forcing)
  bool walls = false;        // walls below row 0 and above row ny-1; false: periodic in y
  Wall bottom, top;
};

}  // namespace plume::d2q9

// Plain parameter blocks handed to the per-site physics (no pointers, no containers: they are
// copied by value into CUDA kernels).
#pragma once

namespace plume::d2q37 {

enum class CollisionModel : int { RTRT = 0, BGK = 1 };
enum class WallKind : int { Fixed = 0, Adiabatic = 1 };

struct Wall {
  WallKind kind = WallKind::Fixed;
  double T = 1.0;  // imposed raw temperature T of the wall rows, for a fixed wall
};

// Physical parameters of the update, in scaled lattice units (spacing 1, dt = 1/r, T0 = 1).
struct PhysicsParams {
  CollisionModel model = CollisionModel::RTRT;
  double gx = 0.0, gy = 0.0;           // gravity (acceleration)
  double k1 = 0.001, k2 = 0.001;       // tau1 = 1/2 + k1/(rho T), tau2 = 1/2 + k2/(rho T)
  double k3 = 0.5;                     // tau3 = 1/2 + k3
  double tau = 0.6;                    // BGK relaxation time (steps)
  bool walls = true;                   // walls at y = 0 and y = Ny-1; false: periodic in y
  Wall bottom{WallKind::Fixed, 1.05};
  Wall top{WallKind::Fixed, 0.95};
};

}  // namespace plume::d2q37

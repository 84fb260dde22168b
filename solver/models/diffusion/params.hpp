// The diffusion model's physics, a plain parameter block copied by value into CUDA kernels.
#pragma once

namespace plume::diffusion {

// dT/dt = kappa laplacian(T) in lattice units (spacing 1, time step 1), so that kappa is the
// number r = kappa dt / dx^2 of the explicit scheme.
struct Params {
  double kappa = 0.1;
  // Fixed-value (Dirichlet) walls half a site beyond the first and last layers along y and z, at
  // the temperatures below (walls.hpp); an axis without walls is periodic.
  bool walls_y = false, walls_z = false;
  double y_low = 0.0, y_high = 0.0, z_low = 0.0, z_high = 0.0;
};

// The explicit scheme damps every mode only while r <= 1 / (2 D): the checkerboard mode, whose
// factor per step is 1 - 4 D r, must not fall below -1.
inline double stability_limit(int dimensions) { return 1.0 / (2.0 * dimensions); }

}  // namespace plume::diffusion

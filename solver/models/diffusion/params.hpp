// The diffusion model's physics, a plain parameter block copied by value into CUDA kernels.
#pragma once

namespace plume::diffusion {

// In the order of scheme_names() (names.hpp).
enum class Scheme : int { Explicit = 0, Implicit = 1 };

// dT/dt = kappa laplacian(T) in lattice units (spacing 1, time step 1), so that kappa is the
// number r = kappa dt / dx^2 of the explicit scheme.
struct Params {
  double kappa = 0.1;
  // Fixed-value (Dirichlet) walls half a site beyond the first and last layers along y and z, at
  // the temperatures below (walls.hpp); an axis without walls is periodic.
  bool walls_y = false, walls_z = false;
  double y_low = 0.0, y_high = 0.0, z_low = 0.0, z_high = 0.0;
  // The time scheme: the explicit Euler step (site.hpp), or the implicit theta-scheme split by
  // axes, one tridiagonal solve per line (implicit.hpp, line_solve.hpp), chosen when the run starts.
  Scheme scheme = Scheme::Explicit;
  // The implicit scheme's weight of the new state: 1 backward Euler, 1/2 Crank-Nicolson.
  double theta = 1.0;
};

// The explicit scheme damps every mode only while r <= 1 / (2 D): the checkerboard mode, whose
// factor per step is 1 - 4 D r, must not fall below -1.
inline double stability_limit(int dimensions) { return 1.0 / (2.0 * dimensions); }

// The implicit theta-scheme damps every mode, whatever r, for theta >= 1/2: a mode's factor per
// axis, (1 - (1 - theta) a) / (1 + theta a) with a = 4 r sin^2(k/2) in [0, 4 r], stays in [-1, 1].
inline constexpr double kThetaMin = 0.5, kThetaMax = 1.0;

}  // namespace plume::diffusion

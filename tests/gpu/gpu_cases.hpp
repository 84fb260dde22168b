// The configuration the GPU tests start from: a Rayleigh–Taylor layer between fixed walls with a
// thin interface (eps = 4) and gravity strong enough that it moves within a few hundred steps.
#pragma once
#include "plume/solver.hpp"

namespace plume::testing {

inline SolverConfig rt_layer(int nx, int ny, double g, Precision prec = Precision::FP64,
                             BackendKind backend = BackendKind::CUDA) {
  SolverConfig c;
  c.nx = nx;
  c.ny = ny;
  c.precision = prec;
  c.backend = backend;
  c.physics.gy = -g;
  c.initial.eps = 4.0;
  c.initial.amplitude = 3.0;
  return c;
}

}  // namespace plume::testing

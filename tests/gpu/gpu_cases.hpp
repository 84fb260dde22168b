// The configuration the GPU tests start from: a Rayleigh–Taylor layer between fixed walls with a
// thin interface (eps = 4) and gravity strong enough that it moves within a few hundred steps.
#pragma once
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

namespace plume::testing {

inline SolverConfig rt_layer(int nx, int ny, double g, Precision prec = Precision::FP64,
                             BackendKind backend = BackendKind::CUDA) {
  SolverConfig c;
  c.nx = nx;
  c.ny = ny;
  c.precision = prec;
  c.backend = backend;
  d2q37::physics(c).gy = -g;
  d2q37::initial(c).eps = 4.0;
  d2q37::initial(c).amplitude = 3.0;
  return c;
}

}  // namespace plume::testing

// The Solver's backend, for the code inside the solver library that drives it directly (the
// box-update timings of plume-scaling) and for tests of backend internals. Not part of the public
// API: the app, the GUI and the adaptors see plume/solver.hpp only.
#pragma once
#include "backend.hpp"
#include "plume/solver.hpp"

namespace plume::internal {

struct SolverAccess {
  static Backend& backend(Solver& s) { return *s.backend_; }
};

}  // namespace plume::internal

// A small D2Q9 run on the CPU for the solids' tests: its configuration and its fields.
#pragma once
#include <memory>
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

namespace plume::test {

inline SolverConfig d2q9_case(int nx, int ny, const d2q9::Setup& s, std::shared_ptr<const Geometry> g = nullptr) {
  SolverConfig c;
  c.model = "d2q9";
  c.nx = nx;
  c.ny = ny;
  c.backend = BackendKind::CPU;
  c.threads = 1;  // small lattices: one thread runs them fastest
  c.setup = AnySetup(s);
  d2q9::parameters().derive(c.setup);  // what a configuration does: rho0 from initial.rho
  c.solids = std::move(g);
  return c;
}

inline Fields fields_of(Solver& s) {
  Fields f;
  s.snapshot().fields(f);
  return f;
}

}  // namespace plume::test

// A small D3Q19 run on the CPU for the model's tests, through the public solver: its
// configuration, and the run set up, advanced and read back.
#pragma once
#include <memory>
#include <vector>
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

namespace plume::test {

inline SolverConfig d3q19_case(int nx, int ny, int nz, const d3q19::Setup& s,
                               std::shared_ptr<const Geometry> g = nullptr) {
  SolverConfig c;
  c.model = "d3q19";
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.backend = BackendKind::CPU;
  c.threads = 1;  // small lattices: one thread runs them fastest
  c.setup = AnySetup(s);
  d3q19::parameters().derive(c.setup);  // what a configuration does: rho0 from initial.rho
  c.solids = std::move(g);
  return c;
}

// A run of that case, initialised.
class D3Q19Run {
 public:
  D3Q19Run(int nx, int ny, int nz, const d3q19::Setup& s, std::shared_ptr<const Geometry> g = nullptr)
      : s_(d3q19_case(nx, ny, nz, s, std::move(g))) {
    s_.initialize();
  }
  void advance(long n) { s_.advance(n); }
  // The fields of every site, [z][y][x] (the moments of the streamed populations, with half the
  // force).
  Fields fields() {
    Fields f;
    s_.snapshot().fields(f);
    return f;
  }
  // The stored populations, [i][z][y][x].
  std::vector<double> populations() { return s_.populations(); }
  void set_populations(const std::vector<double>& f) { s_.set_populations(f, s_.step()); }

 private:
  Solver s_;
};

}  // namespace plume::test

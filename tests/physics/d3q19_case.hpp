// A small D3Q19 run on the CPU for the model's tests: set up, advanced, and read back.
#pragma once
#include <memory>
#include <vector>
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

namespace plume::test {

class D3Q19Run {
 public:
  D3Q19Run(int nx, int ny, int nz, const d3q19::Setup& s) : d_(Domain::whole(nx, ny, nz)) {
    AnySetup a(s);
    d3q19::parameters().derive(a);  // what a configuration does: rho0 from initial.rho
    BackendPlace cpu;
    cpu.threads = 1;  // small lattices: one thread runs them fastest
    b_ = d3q19::model().make_backend(cpu, d_, a, Precision::FP64);
    b_->initialize();
  }
  void advance(long n) { b_->step(n); }
  // The fields of every site, [z][y][x] (the moments of the streamed populations, with half the
  // force).
  Fields fields() {
    Fields f;
    b_->fields(f);
    return f;
  }
  // The stored populations, [i][z][y][x].
  std::vector<double> populations() {
    std::vector<double> f(std::size_t(d3q19::L::Q) * std::size_t(d_.sites()));
    b_->read_populations(f.data());
    return f;
  }

 private:
  Domain d_;
  std::unique_ptr<Backend> b_;
};

}  // namespace plume::test

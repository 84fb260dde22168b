// A small 3-D thermal convection run on the CPU for the model's tests: set up (the physical
// inputs made into lattice values as a configuration does), advanced, and read back, with the
// model's diagnostics by name.
#pragma once
#include <cmath>
#include <memory>
#include <string>
#include <vector>
#include "backend.hpp"  // solver/src: this case drives the model's backend, below the Solver
#include "thermal3d/diagnostics.hpp"
#include "thermal3d/model.hpp"
#include "thermal3d/registration.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

namespace plume::test {

class Thermal3dRun {
 public:
  Thermal3dRun(int nx, int ny, int nz, const thermal3d::Setup& s) : d_(Domain::whole(nx, ny, nz)), s_(s) {
    thermal3d::parameters().derive(s_);
    BackendPlace cpu;
    cpu.threads = 1;  // small lattices: one thread runs them fastest
    b_ = thermal3d::model().make_backend(cpu, d_, s_, Precision::FP64);
    b_->initialize();
  }
  void advance(long n) { b_->step(n); }
  const thermal3d::Params& params() const { return s_.as<thermal3d::Setup>().physics; }
  // The fields of every site, [z][y][x].
  Fields fields() {
    Fields f;
    b_->fields(f);
    return f;
  }
  // The amplitude of the flow's perturbation mode: u_z projected on cos(2 pi (x + 1/2) / nx),
  // the x factor of the cases' perturbation with kx = 1.
  double mode_amplitude() {
    const Fields f = fields();
    double a = 0;
    for (int z = 0; z < f.nz; ++z)
      for (int y = 0; y < f.ny; ++y)
        for (int x = 0; x < f.nx; ++x)
          a += f["uz"][f.at(x, y, z)] * std::cos(2 * 3.14159265358979323846 * (x + 0.5) / f.nx);
    return std::abs(a);
  }
  // The model's diagnostic `name` (diagnostics.hpp) of the current state, from its row sums.
  double diagnostic(const std::string& name) {
    const Fields f = fields();
    const plume::Model& m = thermal3d::model();
    const int K = int(m.fields().size()), rows = d_.NY * d_.NZ;
    RowSums r;
    r.NX = d_.NX, r.NY = d_.NY, r.NZ = d_.NZ;
    r.field.assign(K, std::vector<double>(rows, 0.0));
    r.own.assign(m.own_row_sums(), std::vector<double>(rows, 0.0));
    r.sites.assign(rows, double(d_.NX));
    r.min.assign(K, 1e300), r.max.assign(K, -1e300), r.any.assign(K, 1);
    std::vector<double> own(m.own_row_sums());
    for (int z = 0; z < d_.NZ; ++z)
      for (int y = 0; y < d_.NY; ++y) {
        const int row = z * d_.NY + y;
        for (int k = 0; k < K; ++k)
          for (int x = 0; x < d_.NX; ++x) {
            const double v = f.data(k)[f.at(x, y, z)];
            r.field[k][row] += v;
            r.min[k] = std::min(r.min[k], v), r.max[k] = std::max(r.max[k], v);
          }
        m.sum_row(f, y, z, own.data());
        for (int q = 0; q < m.own_row_sums(); ++q) r.own[q][row] = own[q];
      }
    const std::vector<QuantityInfo> q = m.diagnostics();
    const std::vector<double> v = m.diagnose(r, s_);
    for (std::size_t k = 0; k < q.size(); ++k)
      if (q[k].name == name) return v[k];
    throw std::invalid_argument("no diagnostic " + name);
  }

 private:
  Domain d_;
  AnySetup s_;
  std::unique_ptr<Backend> b_;
};

}  // namespace plume::test

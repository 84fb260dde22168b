// CPU backend: OpenMP over rows, the per-site physics of physics/site.hpp inside.
#include <omp.h>
#include <stdexcept>
#include <utility>
#include "../aligned_buffer.hpp"
#include "plume/backend.hpp"
#include "plume/lattice/d2q37.hpp"
#include "plume/physics/site.hpp"

namespace plume {
namespace {

template <class L, class Real>
class CpuBackend final : public Backend {
 public:
  CpuBackend(const Domain& d, const PhysicsParams& p, int threads)
      : dom_(d), params_(p), lay_(make_layout(d.nx, d.ny, L::reach, L::Q, sizeof(Real))),
        a_(lay_.elements()), b_(lay_.elements()), threads_(threads > 0 ? threads : omp_get_max_threads()) {}

  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, OpenMP, " + std::to_string(threads_) + " thread" + (threads_ == 1 ? "" : "s") + ", " +
           (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage";
  }
  const Layout& layout() const override { return lay_; }
  void set_params(const PhysicsParams& p) override { params_ = p; }

  void initialize(const InitialState& s) override {
    Real* f = a_.data();
    const double g = -params_.gy;
    const Layout l = lay_;
    const Domain d = dom_;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int x = 0; x < d.nx; ++x) {
      rt_column(s, g, d.x0 + x, d.NX, d.NY, d.y0, d.y0 + d.ny, [&](int yg, double rho, double T) {
        double feq[L::Q];
        phys::equilibrium<L>(rho, 0.0, 0.0, T, feq);
        phys::store<L>(f, l, x, yg - d.y0, feq);
      });
    }
  }

  void step(long n) override {
    for (long s = 0; s < n; ++s) {
      fill_periodic_halos(a_.data());
      phys::StepArgs<Real> args{a_.data(), b_.data(), lay_, dom_, params_};
#pragma omp parallel for schedule(static) num_threads(threads_)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x) phys::update_site<L>(args, x, y);
      std::swap(a_, b_);
    }
  }

  void fields(Fields& out) override {
    fill_periodic_halos(a_.data());
    out.resize(dom_.nx, dom_.ny);
    out.x0 = dom_.x0;
    out.y0 = dom_.y0;
    const Real* f = a_.data();
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int y = 0; y < dom_.ny; ++y)
      for (int x = 0; x < dom_.nx; ++x) {
        const phys::Macro m = phys::site_fields<L>(f, lay_, dom_, params_, x, y);
        const std::size_t k = out.at(x, y);
        out.rho[k] = m.rho;
        out.ux[k] = m.ux;
        out.uy[k] = m.uy;
        out.T[k] = m.T;
      }
  }

  void read_populations(double* out) override {
    const Real* f = a_.data();
    for (int i = 0; i < L::Q; ++i)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x)
          out[(std::size_t(i) * dom_.ny + y) * dom_.nx + x] = double(f[lay_.at(i, x, y)]);
  }
  void write_populations(const double* in) override {
    Real* f = a_.data();
    for (int i = 0; i < L::Q; ++i)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x) f[lay_.at(i, x, y)] = Real(in[(std::size_t(i) * dom_.ny + y) * dom_.nx + x]);
  }

 private:
  // Single block: the halos are copies of the opposite edge. x first over the interior rows,
  // then y over whole rows, so that the corners are right when y is periodic too.
  void fill_periodic_halos(Real* f) {
    const int h = L::reach, nx = dom_.nx, ny = dom_.ny;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int i = 0; i < L::Q; ++i) {
      Real* p = f + i * lay_.stride;
      for (int y = 0; y < ny; ++y)
        for (int k = 1; k <= h; ++k) {
          p[lay_.at(-k, y)] = p[lay_.at(nx - k, y)];
          p[lay_.at(nx - 1 + k, y)] = p[lay_.at(k - 1, y)];
        }
      if (!params_.walls)
        for (int k = 1; k <= h; ++k)
          for (int x = -h; x < nx + h; ++x) {
            p[lay_.at(x, -k)] = p[lay_.at(x, ny - k)];
            p[lay_.at(x, ny - 1 + k)] = p[lay_.at(x, k - 1)];
          }
    }
  }

  Domain dom_;
  PhysicsParams params_;
  Layout lay_;
  AlignedBuffer<Real> a_, b_;  // current and next populations
  int threads_;
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend(const Domain& d, const PhysicsParams& p, Precision prec, int threads) {
  if (prec == Precision::FP32) return std::make_unique<CpuBackend<D2Q37, float>>(d, p, threads);
  return std::make_unique<CpuBackend<D2Q37, double>>(d, p, threads);
}

}  // namespace plume

// The implicit scheme on the CPU: the generic CPU backend of the diffusion traits keeps the state;
// a step solves every line of an axis (OpenMP over the lines, each thread with its own work),
// x, then y, then z (implicit.hpp).
#include <omp.h>
#include <vector>
#include "../../src/cpu/cpu_backend.hpp"
#include "diffusion/implicit.hpp"
#include "diffusion/implicit_backends.hpp"
#include "diffusion/model.hpp"

namespace plume::diffusion {
namespace {

template <int D, class Real>
class ImplicitCpuBackend final : public ImplicitBackend {
  using Inner = CpuBackend<Traits<D>, Real>;

 public:
  ImplicitCpuBackend(std::unique_ptr<Inner> in, const AnySetup& s, int threads)
      : ImplicitBackend(*in, s, sizeof(Real) == 4 ? Precision::FP32 : Precision::FP64, threads),
        in_(std::move(in)),
        threads_(threads > 0 ? threads : omp_get_max_threads()) {}

  void step(long n) override {
    if (params_.scheme == Scheme::Explicit) return in_->step(n);  // steered back to the explicit step
    for (long k = 0; k < n; ++k) {
      Real* t = in_->state_to_rewrite()[0];
      const Layout& l = in_->layout();
      for (int axis = 0; axis < D; ++axis) {
        const Lines lines = lines_along(l, axis);
        if (lines.n < 2) continue;  // a periodic axis of one site: its second difference is 0
        const LineSystem sys = line_system(params_, axis);
        // Each thread's work, sized once for the longest line (not allocated every step).
        const std::size_t per = std::size_t(line_work(sys, lines.n));
        if (work_.size() < per * std::size_t(threads_)) work_.assign(per * std::size_t(threads_), 0.0);
#pragma omp parallel num_threads(threads_)
        {
          double* work = work_.data() + per * std::size_t(omp_get_thread_num());
#pragma omp for schedule(static)
          for (int j = 0; j < lines.count; ++j)
            solve_line(t + line_start(l, axis, j), lines.stride, lines.n, sys, work, 1);
        }
      }
    }
  }

 private:
  std::unique_ptr<Inner> in_;
  int threads_;
  std::vector<double> work_;  // threads_ slices of the line solve's work
};

}  // namespace

template <int D>
std::unique_ptr<Backend> make_implicit_cpu_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st,
                                                   int threads) {
  if (p == Precision::FP32)
    return std::make_unique<ImplicitCpuBackend<D, float>>(std::make_unique<CpuBackend<Traits<D>, float>>(d, s, st, threads),
                                                          s, threads);
  return std::make_unique<ImplicitCpuBackend<D, double>>(std::make_unique<CpuBackend<Traits<D>, double>>(d, s, st, threads),
                                                         s, threads);
}

template std::unique_ptr<Backend> make_implicit_cpu_backend<2>(const Domain&, const AnySetup&, Precision, Streaming, int);
template std::unique_ptr<Backend> make_implicit_cpu_backend<3>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume::diffusion

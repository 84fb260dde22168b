// The implicit scheme on a GPU (built with CUDA): the generic CUDA backend of the diffusion traits
// keeps the state; a step launches, per axis (x, then y, then z: implicit.hpp), one kernel of a
// thread per line on the backend's compute stream, so that the state's other users (fields,
// snapshots, reductions) stay ordered with the steps as they are for the generic step.
// Along y and z consecutive threads take consecutive x: a warp's loads and stores of its lines'
// sites are one row piece each, coalesced. Along x each thread walks its own row and a warp's
// threads are rows apart (consecutive y): its loads are not coalesced, but each 32-byte sector a
// thread fetches holds its next sites, which it reads from the caches. The work (line_solve.hpp)
// is interleaved line by line, so that its accesses coalesce along every axis.
#include <algorithm>
#include "../../src/cuda/cuda_backend.cuh"
#include "diffusion/implicit.hpp"
#include "diffusion/implicit_backends.hpp"
#include "diffusion/model.hpp"

namespace plume::diffusion {
namespace {

constexpr int kLineThreads = 128;

template <class Real>
__global__ void solve_lines_kernel(Real* t, Layout l, int axis, Lines lines, LineSystem sys, double* work) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lines.count) return;
  solve_line(t + line_start(l, axis, j), lines.stride, lines.n, sys, work + j, lines.count);
}

template <int D, class Real>
class ImplicitCudaBackend final : public ImplicitBackend {
  using Inner = CudaBackend<Traits<D>, Real>;

 public:
  // Work for the longest need of an axis: 3 doubles a site on a periodic one (line_solve.hpp).
  ImplicitCudaBackend(std::unique_ptr<Inner> in, const AnySetup& s)
      : ImplicitBackend(*in, s, sizeof(Real) == 4 ? Precision::FP32 : Precision::FP64, 0),
        in_(std::move(in)), work_(3 * std::size_t(in_->layout().interior_sites())) {}

  void step(long n) override {
    step_async(n);
    in_->wait_steps();
  }
  void step_async(long n) override {
    if (params_.scheme == Scheme::Explicit) return in_->step_async(n);  // steered back to the explicit step
    for (long k = 0; k < n; ++k) {
      Real* t = in_->state_to_rewrite()[0];
      const Layout l = in_->layout();
      for (int axis = 0; axis < D; ++axis) {
        const Lines lines = lines_along(l, axis);
        if (lines.n < 2) continue;  // a periodic axis of one site: its second difference is 0
        const unsigned blocks = unsigned((lines.count + kLineThreads - 1) / kLineThreads);
        solve_lines_kernel<Real><<<blocks, kLineThreads, 0, in_->compute_stream()>>>(
            t, l, axis, lines, line_system(params_, axis), work_.data());
        PLUME_CUDA_CHECK(cudaGetLastError());
      }
    }
  }

 private:
  std::unique_ptr<Inner> in_;
  cuda::DeviceBuffer<double> work_;
};

}  // namespace

template <int D>
std::unique_ptr<Backend> make_implicit_cuda_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st,
                                                    int device) {
  if (p == Precision::FP32)
    return std::make_unique<ImplicitCudaBackend<D, float>>(
        std::make_unique<CudaBackend<Traits<D>, float>>(d, s, st, device), s);
  return std::make_unique<ImplicitCudaBackend<D, double>>(
      std::make_unique<CudaBackend<Traits<D>, double>>(d, s, st, device), s);
}

template std::unique_ptr<Backend> make_implicit_cuda_backend<2>(const Domain&, const AnySetup&, Precision, Streaming,
                                                                int);
template std::unique_ptr<Backend> make_implicit_cuda_backend<3>(const Domain&, const AnySetup&, Precision, Streaming,
                                                                int);

}  // namespace plume::diffusion

// CUDA backend: all populations resident on one device; a step is three kernel launches (halo,
// wall rows, bulk) on the backend's stream, with no transfer to the host inside the time loop.
#include <cuda_runtime.h>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "kernels.cuh"
#include "plume/backend.hpp"
#include "plume/lattice/d2q37.hpp"

namespace plume {
namespace {

std::string gib(double bytes) {
  char s[32];
  std::snprintf(s, sizeof s, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
  return s;
}

// Refuses, with both numbers, an allocation that would not fit in the device's free memory.
// The margin leaves room for the context's own allocations and the kernels' stacks.
void check_fits(std::size_t need, const std::string& what, int dev, const cudaDeviceProp& prop) {
  std::size_t free_b = 0, total_b = 0;
  PLUME_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const std::size_t margin = std::size_t(64) << 20;
  if (need + margin > free_b)
    throw std::runtime_error(what + " needs " + gib(double(need)) + " of device memory, but CUDA device " +
                             std::to_string(dev) + " (" + prop.name + ") has " + gib(double(free_b)) + " free of " +
                             gib(double(total_b)) +
                             ": use a smaller lattice, FP32 storage (half the bytes), or more GPUs");
}

template <class L, class Real>
class CudaBackend final : public Backend {
 public:
  CudaBackend(const Domain& d, const PhysicsParams& p, int device)
      : dom_(d), params_(p), lay_(make_layout(d.nx, d.ny, L::reach, L::Q, sizeof(Real))), dev_(device) {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    PLUME_CUDA_CHECK(cudaGetDeviceProperties(&prop_, dev_));
    // This build carries sm_90 machine code and compute_80 PTX: older devices have no image.
    cudaFuncAttributes attr;
    const cudaError_t e =
        cudaFuncGetAttributes(&attr, cuda::step_kernel<L, CollisionModel::RTRT, Real, cuda::DefaultStepShape::block_x,
                                                       cuda::DefaultStepShape::min_blocks>);
    if (e != cudaSuccess) {
      cudaGetLastError();
      throw std::runtime_error("CUDA device " + std::to_string(dev_) + " (" + prop_.name + ", compute capability " +
                               std::to_string(prop_.major) + "." + std::to_string(prop_.minor) +
                               ") cannot run plume's kernels (" + cudaGetErrorString(e) +
                               "): this build targets compute capability 8.0 and newer");
    }
    const std::size_t plane_bytes = std::size_t(lay_.elements()) * sizeof(Real);
    check_fits(2 * plane_bytes,
               "a " + std::to_string(d.nx) + " x " + std::to_string(d.ny) + " lattice with " +
                   (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage (two population buffers of " +
                   gib(double(plane_bytes)) + ")",
               dev_, prop_);
    a_ = cuda::DeviceBuffer<Real>(lay_.elements());
    b_ = cuda::DeviceBuffer<Real>(lay_.elements());
    PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    // Poison both buffers (0xff bytes are NaNs): a site the kernels fail to write shows at once.
    // On the backend's stream: a plain cudaMemset runs on the legacy stream, which a non-blocking
    // stream does not wait for, and would race with the initial state's kernels.
    PLUME_CUDA_CHECK(cudaMemsetAsync(a_.data(), 0xff, a_.bytes(), stream_));
    PLUME_CUDA_CHECK(cudaMemsetAsync(b_.data(), 0xff, b_.bytes(), stream_));
    sync();
  }
  ~CudaBackend() override {
    cudaSetDevice(dev_);
    if (stream_) cudaStreamDestroy(stream_);
  }

  std::string name() const override { return "cuda"; }
  std::string description() const override {
    return "CUDA device " + std::to_string(dev_) + ": " + prop_.name + " (compute capability " +
           std::to_string(prop_.major) + "." + std::to_string(prop_.minor) + ", " +
           std::to_string(prop_.multiProcessorCount) + " SMs, " + gib(double(prop_.totalGlobalMem)) + "), " +
           (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage";
  }
  const Layout& layout() const override { return lay_; }
  void set_params(const PhysicsParams& p) override { params_ = p; }

  void initialize(const InitialState& s) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    // The other buffer is free until the first step: it holds the columns' rho and T meanwhile.
    static_assert(L::Q * sizeof(Real) >= 2 * sizeof(double), "scratch of the initial state must fit");
    cuda::launch_initial_state<L>(a_.data(), reinterpret_cast<double*>(b_.data()), lay_, dom_, s, -params_.gy,
                                  stream_);
    sync();
  }

  void step(long n) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    for (long k = 0; k < n; ++k) {
      cuda::launch_step<L>(a_.data(), b_.data(), lay_, dom_, params_, stream_);
      std::swap(a_, b_);
    }
    sync();
  }

  void fields(Fields& out) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = std::size_t(dom_.nx) * dom_.ny;
    if (fields_.size() != 4 * n) {
      fields_ = cuda::DeviceBuffer<double>();
      check_fits(4 * n * sizeof(double), "the fields of a " + std::to_string(dom_.nx) + " x " +
                                             std::to_string(dom_.ny) + " block", dev_, prop_);
      fields_ = cuda::DeviceBuffer<double>(4 * n);
    }
    cuda::launch_halo<L>(a_.data(), lay_, !params_.walls, stream_);
    double* d = fields_.data();
    cuda::fields_kernel<L, Real><<<dim3((dom_.nx + 127) / 128, std::min(dom_.ny, 65535)), 128, 0, stream_>>>(
        a_.data(), lay_, dom_, params_, d, d + n, d + 2 * n, d + 3 * n);
    PLUME_CUDA_CHECK_LAUNCH();
    out.resize(dom_.nx, dom_.ny);
    out.x0 = dom_.x0;
    out.y0 = dom_.y0;
    double* host[4] = {out.rho.data(), out.ux.data(), out.uy.data(), out.T.data()};
    for (int k = 0; k < 4; ++k)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(host[k], d + k * n, n * sizeof(double), cudaMemcpyDeviceToHost, stream_));
    sync();
  }

  void read_populations(double* out) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = std::size_t(dom_.nx) * dom_.ny;
    std::vector<Real> plane(sizeof(Real) == sizeof(double) ? 0 : n);
    for (int i = 0; i < L::Q; ++i) {
      Real* host = sizeof(Real) == sizeof(double) ? reinterpret_cast<Real*>(out + i * n) : plane.data();
      PLUME_CUDA_CHECK(cudaMemcpy2DAsync(host, dom_.nx * sizeof(Real), a_.data() + lay_.at(i, 0, 0),
                                         lay_.pitch * sizeof(Real), dom_.nx * sizeof(Real), dom_.ny,
                                         cudaMemcpyDeviceToHost, stream_));
      sync();
      if (sizeof(Real) != sizeof(double))
        for (std::size_t k = 0; k < n; ++k) out[i * n + k] = double(plane[k]);
    }
  }

  void write_populations(const double* in) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = std::size_t(dom_.nx) * dom_.ny;
    std::vector<Real> plane(sizeof(Real) == sizeof(double) ? 0 : n);
    for (int i = 0; i < L::Q; ++i) {
      const Real* host = reinterpret_cast<const Real*>(in + i * n);
      if (sizeof(Real) != sizeof(double)) {
        for (std::size_t k = 0; k < n; ++k) plane[k] = Real(in[i * n + k]);
        host = plane.data();
      }
      PLUME_CUDA_CHECK(cudaMemcpy2DAsync(a_.data() + lay_.at(i, 0, 0), lay_.pitch * sizeof(Real), host,
                                         dom_.nx * sizeof(Real), dom_.nx * sizeof(Real), dom_.ny,
                                         cudaMemcpyHostToDevice, stream_));
      sync();
    }
  }

 private:
  void sync() { PLUME_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

  Domain dom_;
  PhysicsParams params_;
  Layout lay_;
  int dev_;
  cudaDeviceProp prop_{};
  cuda::DeviceBuffer<Real> a_, b_;  // current and next populations
  cuda::DeviceBuffer<double> fields_;
  cudaStream_t stream_ = nullptr;
};

}  // namespace

int cuda_device_count(std::string* why) {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (why) *why = std::string("cudaGetDeviceCount: ") + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
    return 0;
  }
  if (n == 0 && why) *why = "the CUDA driver reports no device";
  return n;
}

std::unique_ptr<Backend> make_cuda_backend(const Domain& d, const PhysicsParams& p, Precision prec, int device) {
  if (prec == Precision::FP32) return std::make_unique<CudaBackend<D2Q37, float>>(d, p, device);
  return std::make_unique<CudaBackend<D2Q37, double>>(d, p, device);
}

}  // namespace plume

#include "device_texels.hpp"
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace plume::gui {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string("device texels: ") + what + ": " + cudaGetErrorString(e));
}

// The value of `kind` at site (x, y), in the arithmetic of io::extract_field: explicit
// round-to-nearest operations, because nvcc would otherwise contract a*b - c into one FMA and
// round differently from the host.
__device__ double field_at(DeviceFields f, io::FieldKind kind, int x, int y) {
  const int nx = f.nx, ny = f.ny;
  const std::size_t i = std::size_t(y) * nx + x;
  switch (kind) {
    case io::FieldKind::T: return f.T[i];
    case io::FieldKind::Rho: return f.rho[i];
    case io::FieldKind::Ux: return f.ux[i];
    case io::FieldKind::Uy: return f.uy[i];
    case io::FieldKind::P: return __dmul_rn(f.rho[i], f.T[i]);
    case io::FieldKind::Speed: return hypot(f.ux[i], f.uy[i]);
    case io::FieldKind::Vorticity: {
      const int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
      const double hy = (yp - ym) > 0 ? double(yp - ym) : 1.0;
      const int xm = (x + nx - 1) % nx, xp = (x + 1) % nx;
      const double duy_dx = __ddiv_rn(__dsub_rn(f.uy[std::size_t(y) * nx + xp], f.uy[std::size_t(y) * nx + xm]), 2.0);
      const double dux_dy =
          yp > ym ? __ddiv_rn(__dsub_rn(f.ux[std::size_t(yp) * nx + x], f.ux[std::size_t(ym) * nx + x]), hy) : 0.0;
      return __dsub_rn(duy_dx, dux_dy);
    }
  }
  return 0.0;
}

__global__ void to_texels(DeviceFields f, io::FieldKind kind, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= tnx || y >= tny) return;
  out[std::size_t(y) * tnx + x] = __double2float_rn(__dsub_rn(field_at(f, kind, x * k, y * k), offset));
}

}  // namespace

bool device_texels_exact(io::FieldKind kind) { return kind != io::FieldKind::Speed; }

DeviceTexels::~DeviceTexels() { release(); }

void DeviceTexels::release() {
  if (data_ || stream_) cudaSetDevice(device_);
  if (data_) cudaFree(data_);
  if (stream_) cudaStreamDestroy(static_cast<cudaStream_t>(stream_));
  data_ = nullptr;
  stream_ = nullptr;
  capacity_ = 0;
}

void DeviceTexels::compute(const DeviceFields& f, io::FieldKind kind, double offset, int k, int tnx, int tny) {
  if (!f) throw std::logic_error("device texels: no device fields");
  if (k < 1 || tnx < 1 || tny < 1 || (tnx - 1) * k >= f.nx || (tny - 1) * k >= f.ny)
    throw std::invalid_argument("device texels: sampling outside the lattice");
  check(cudaSetDevice(f.device), "cudaSetDevice");
  const std::size_t n = std::size_t(tnx) * tny;
  if (f.device != device_) {
    release();  // buffer and stream belong to the other device
    device_ = f.device;
    check(cudaSetDevice(f.device), "cudaSetDevice");
  }
  if (!stream_) {
    cudaStream_t st = nullptr;
    check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    stream_ = st;
  }
  if (n > capacity_) {
    if (data_) cudaFree(data_);
    data_ = nullptr;
    capacity_ = 0;
    check(cudaMalloc(&data_, n * sizeof(float)), "cudaMalloc");
    capacity_ = n;
  }
  // The fields are complete once fields() or wait_fields() returned, so this stream needs no
  // order with the solver's; waiting here hands the window finished texels.
  const auto st = static_cast<cudaStream_t>(stream_);
  to_texels<<<dim3((tnx + 127) / 128, tny), 128, 0, st>>>(f, kind, offset, k, tnx, tny, data_);
  check(cudaGetLastError(), "conversion kernel");
  check(cudaStreamSynchronize(st), "conversion kernel");
  nx_ = tnx;
  ny_ = tny;
}

}  // namespace plume::gui

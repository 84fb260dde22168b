#include "device_texels.hpp"
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace plume::gui {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string("device texels: ") + what + ": " + cudaGetErrorString(e));
}

// What the kernel reads: a stored field, or the inputs of a derived one.
struct Source {
  const double* stored = nullptr;
  DerivedOp op = DerivedOp::Product;
  DerivedInputs in;
};

__global__ void to_texels(Source src, Plane plane, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= tnx || y >= tny) return;
  int c[3];
  plane.site(x * k, y * k, c);
  const double v = src.stored ? src.stored[plane.index(x * k, y * k, src.in.nx, src.in.ny)]
                              : derived_at(src.op, src.in, c[0], c[1], c[2]);
  out[std::size_t(y) * tnx + x] = __double2float_rn(__dsub_rn(v, offset));
}

// The same for the whole lattice, sampled every k-th site along each axis (gui/volume.cpp).
__global__ void to_volume_texels(Source src, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= tnx) return;
  const int sx = x * k, sy = y * k, sz = z * k;
  const double v = src.stored ? src.stored[(std::size_t(sz) * src.in.ny + sy) * src.in.nx + sx]
                              : derived_at(src.op, src.in, sx, sy, sz);
  out[(std::size_t(z) * tny + y) * tnx + x] = __double2float_rn(__dsub_rn(v, offset));
}

Source source_of(const DeviceFields& f, const io::FieldChoice& kind) {
  Source src;
  src.in.nx = f.nx;
  src.in.ny = f.ny;
  src.in.nz = f.nz;
  if (kind.derived()) {
    src.op = kind.op;
    src.in.count = kind.count;
    src.in.factor = kind.factor;
    for (int i = 0; i < kind.count; ++i) src.in.in[i] = f.field(kind.inputs[i]);
  } else {
    src.stored = f.field(kind.stored);
  }
  return src;
}

}  // namespace

bool device_texels_exact(const io::FieldChoice& kind) { return !kind.derived() || derived_exact_on_device(kind.op); }

DeviceTexels::~DeviceTexels() { release(); }

void DeviceTexels::release() {
  if (data_ || stream_) cudaSetDevice(device_);
  if (data_) cudaFree(data_);
  if (stream_) cudaStreamDestroy(static_cast<cudaStream_t>(stream_));
  data_ = nullptr;
  stream_ = nullptr;
  capacity_ = 0;
}

void DeviceTexels::compute(const DeviceFields& f, const io::FieldChoice& kind, double offset, int k, int tnx, int tny,
                           const Plane& plane) {
  if (!f) throw std::logic_error("device texels: no device fields");
  const int n3[3] = {f.nx, f.ny, f.nz};
  if (k < 1 || tnx < 1 || tny < 1 || (tnx - 1) * k >= n3[plane.u] || (tny - 1) * k >= n3[plane.v] ||
      plane.position < 0 || plane.position >= n3[plane.axis])
    throw std::invalid_argument("device texels: sampling outside the lattice");
  // The fields are complete once fields() or wait_fields() returned, so this stream needs no
  // order with the solver's; waiting here hands the window finished texels.
  const auto st = static_cast<cudaStream_t>(reserve(f.device, std::size_t(tnx) * tny));
  const Source src = source_of(f, kind);
  to_texels<<<dim3((tnx + 127) / 128, tny), 128, 0, st>>>(src, plane, offset, k, tnx, tny, data_);
  check(cudaGetLastError(), "conversion kernel");
  check(cudaStreamSynchronize(st), "conversion kernel");
  nx_ = tnx;
  ny_ = tny;
  nz_ = 1;
}

void DeviceTexels::compute_volume(const DeviceFields& f, const io::FieldChoice& kind, double offset, int k, int tnx,
                                  int tny, int tnz) {
  if (!f) throw std::logic_error("device texels: no device fields");
  if (k < 1 || tnx < 1 || tny < 1 || tnz < 1 || (tnx - 1) * k >= f.nx || (tny - 1) * k >= f.ny ||
      (tnz - 1) * k >= f.nz)
    throw std::invalid_argument("device texels: sampling outside the lattice");
  const auto st = static_cast<cudaStream_t>(reserve(f.device, std::size_t(tnx) * tny * tnz));
  to_volume_texels<<<dim3((tnx + 127) / 128, tny, tnz), 128, 0, st>>>(source_of(f, kind), offset, k, tnx, tny, data_);
  check(cudaGetLastError(), "volume conversion kernel");
  check(cudaStreamSynchronize(st), "volume conversion kernel");
  nx_ = tnx;
  ny_ = tny;
  nz_ = tnz;
}

void* DeviceTexels::reserve(int device, std::size_t n) {
  check(cudaSetDevice(device), "cudaSetDevice");
  if (device != device_) {
    release();  // buffer and stream belong to the other device
    device_ = device;
    check(cudaSetDevice(device), "cudaSetDevice");
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
  return stream_;
}

}  // namespace plume::gui

#include "device_texels.hpp"
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace plume::gui {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string("device texels: ") + what + ": " + cudaGetErrorString(e));
}

// What the kernels read: a stored field, or the inputs of a derived one (plume/derived.hpp).
using Source = FieldSource;

__global__ void to_texels(Source src, Plane plane, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= tnx || y >= tny) return;
  int c[3];
  plane.site(x * k, y * k, c);
  out[std::size_t(y) * tnx + x] = __double2float_rn(__dsub_rn(src.at(c[0], c[1], c[2]), offset));
}

// The same for the whole lattice, sampled every k-th site along each axis (gui/volume.cpp).
__global__ void to_volume_texels(Source src, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= tnx) return;
  out[(std::size_t(z) * tny + y) * tnx + x] = __double2float_rn(__dsub_rn(src.at(x * k, y * k, z * k), offset));
}

// The solid overlay's bytes at the texels of a plane (volume: false) or of the volume.
__global__ void to_solid_bytes(Source mask, Plane plane, bool volume, int k, int tnx, int tny, unsigned char* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= tnx) return;
  int c[3] = {x * k, y * k, z * k};
  if (!volume) plane.site(x * k, y * k, c);
  out[(std::size_t(z) * tny + y) * tnx + x] = mask.at(c[0], c[1], c[2]) != 0.0 ? 255 : 0;
}

Source source_of(const DeviceFields& f, const io::FieldChoice& kind) {
  return FieldSource::of(kind.formula(), f.nx, f.ny, f.nz, [&](int k) { return f.field(k); });
}

}  // namespace

bool device_texels_exact(const io::FieldChoice& kind) { return !kind.derived() || derived_exact_on_device(kind.op); }

DeviceTexels::~DeviceTexels() { release(); }

void DeviceTexels::release() {
  if (data_ || stream_) cudaSetDevice(device_);
  if (data_) cudaFree(data_);
  if (bytes_) cudaFree(bytes_);
  if (stream_) cudaStreamDestroy(static_cast<cudaStream_t>(stream_));
  data_ = nullptr;
  bytes_ = nullptr;
  stream_ = nullptr;
  capacity_ = 0;
  bytes_capacity_ = 0;
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

void DeviceTexels::solid_bytes(const DeviceFields& f, int field, int k, int tnx, int tny, int tnz, const Plane& plane,
                               bool volume, std::vector<unsigned char>& out) {
  if (!f) throw std::logic_error("device texels: no device fields");
  if (volume ? (tnx - 1) * k >= f.nx || (tny - 1) * k >= f.ny || (tnz - 1) * k >= f.nz : tnz != 1)
    throw std::invalid_argument("device texels: sampling outside the lattice");
  const std::size_t n = std::size_t(tnx) * tny * tnz;
  const auto st = static_cast<cudaStream_t>(reserve(f.device, 0));
  if (n > bytes_capacity_) {
    if (bytes_) cudaFree(bytes_);
    bytes_ = nullptr;
    bytes_capacity_ = 0;
    check(cudaMalloc(&bytes_, n), "cudaMalloc");
    bytes_capacity_ = n;
  }
  FieldFormula solid;
  solid.stored = field;
  const Source mask = FieldSource::of(solid, f.nx, f.ny, f.nz, [&](int j) { return f.field(j); });
  to_solid_bytes<<<dim3((tnx + 127) / 128, tny, tnz), 128, 0, st>>>(mask, plane, volume, k, tnx, tny, bytes_);
  check(cudaGetLastError(), "solid sites kernel");
  out.resize(n);
  check(cudaMemcpyAsync(out.data(), bytes_, n, cudaMemcpyDeviceToHost, st), "solid sites copy");
  check(cudaStreamSynchronize(st), "solid sites copy");
}

void* DeviceTexels::reserve(int device, std::size_t n) {
  check(cudaSetDevice(device), "cudaSetDevice");
  if (device != device_) {
    release();  // buffer and stream belong to the other device
    device_ = device;
    check(cudaSetDevice(device), "cudaSetDevice");
  }
  if (!stream_) {
    // The device's highest priority: these kernels run beside the steps queued behind a snapshot,
    // and the GUI thread waits for them; at the default priority their blocks wait for a step
    // kernel's (10.8 ms on 8192^2) to drain.
    cudaStream_t st = nullptr;
    int least = 0, greatest = 0;
    check(cudaDeviceGetStreamPriorityRange(&least, &greatest), "cudaDeviceGetStreamPriorityRange");
    check(cudaStreamCreateWithPriority(&st, cudaStreamNonBlocking, greatest), "cudaStreamCreateWithPriority");
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

#include "gl_interop.hpp"
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <stdexcept>

namespace plume::gui {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string("CUDA-OpenGL interop: ") + what + ": " + cudaGetErrorString(e));
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
    case io::FieldKind::Vorticity: {
      const int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
      const double hy = (yp - ym) > 0 ? double(yp - ym) : 1.0;
      const int xm = (x + nx - 1) % nx, xp = (x + 1) % nx;
      const double duy_dx = __ddiv_rn(__dsub_rn(f.uy[std::size_t(y) * nx + xp], f.uy[std::size_t(y) * nx + xm]), 2.0);
      const double dux_dy =
          yp > ym ? __ddiv_rn(__dsub_rn(f.ux[std::size_t(yp) * nx + x], f.ux[std::size_t(ym) * nx + x]), hy) : 0.0;
      return __dsub_rn(duy_dx, dux_dy);
    }
    default: return hypot(f.ux[i], f.uy[i]);  // Speed: refused by gl_interop_field_supported
  }
}

__global__ void to_texels(DeviceFields f, io::FieldKind kind, double offset, int k, int tnx, int tny, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= tnx || y >= tny) return;
  out[std::size_t(y) * tnx + x] = __double2float_rn(__dsub_rn(field_at(f, kind, x * k, y * k), offset));
}

}  // namespace

std::string gl_interop_unavailable(const std::string& gl_vendor, int device) {
  if (gl_vendor.find("NVIDIA") == std::string::npos)
    return "OpenGL is from " + gl_vendor + ": CUDA-OpenGL interop needs the NVIDIA driver's OpenGL";
  unsigned count = 0;
  int devices[8];
  const cudaError_t e = cudaGLGetDevices(&count, devices, 8, cudaGLDeviceListAll);
  if (e != cudaSuccess) return std::string("cudaGLGetDevices failed: ") + cudaGetErrorString(e);
  for (unsigned i = 0; i < count; ++i)
    if (devices[i] == device) return "";
  return "the OpenGL context is not on CUDA device " + std::to_string(device) + " (cudaGLGetDevices lists " +
         std::to_string(count) + " device(s))";
}

bool gl_interop_field_supported(io::FieldKind kind) { return kind != io::FieldKind::Speed; }

GlTextureInterop::~GlTextureInterop() { forget(); }

void GlTextureInterop::forget() {
  if (resource_) cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(resource_));
  if (staging_) cudaFree(staging_);
  resource_ = nullptr;
  staging_ = nullptr;
  staging_size_ = 0;
  texture_ = 0;
}

void GlTextureInterop::write(const DeviceFields& f, io::FieldKind kind, double offset, int k, int tnx, int tny,
                             unsigned texture) {
  if (!f) throw std::logic_error("CUDA-OpenGL interop: no device fields");
  if (!gl_interop_field_supported(kind)) throw std::logic_error("CUDA-OpenGL interop: field not supported");
  if (k < 1 || tnx < 1 || tny < 1 || (tnx - 1) * k >= f.nx || (tny - 1) * k >= f.ny)
    throw std::invalid_argument("CUDA-OpenGL interop: texture sampling outside the lattice");
  check(cudaSetDevice(f.device), "cudaSetDevice");
  if (texture != texture_ || f.device != device_) {
    forget();
    cudaGraphicsResource_t r = nullptr;
    check(cudaGraphicsGLRegisterImage(&r, texture, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsWriteDiscard),
          "cudaGraphicsGLRegisterImage");
    resource_ = r;
    texture_ = texture;
    device_ = f.device;
  }
  const std::size_t n = std::size_t(tnx) * tny;
  if (n > staging_size_) {
    if (staging_) cudaFree(staging_);
    staging_ = nullptr;
    check(cudaMalloc(&staging_, n * sizeof(float)), "cudaMalloc");
    staging_size_ = n;
  }
  auto r = static_cast<cudaGraphicsResource_t>(resource_);
  // The legacy stream: ordered after the backend's fields (complete once wait_fields() returned).
  to_texels<<<dim3((tnx + 127) / 128, tny), 128>>>(f, kind, offset, k, tnx, tny, staging_);
  check(cudaGetLastError(), "conversion kernel");
  check(cudaGraphicsMapResources(1, &r, 0), "cudaGraphicsMapResources");
  cudaArray_t array = nullptr;
  cudaError_t e = cudaGraphicsSubResourceGetMappedArray(&array, r, 0, 0);
  if (e == cudaSuccess)
    e = cudaMemcpy2DToArray(array, 0, 0, staging_, tnx * sizeof(float), tnx * sizeof(float), tny,
                            cudaMemcpyDeviceToDevice);
  const cudaError_t u = cudaGraphicsUnmapResources(1, &r, 0);
  check(e, "copy into the texture");
  check(u, "cudaGraphicsUnmapResources");
}

}  // namespace plume::gui

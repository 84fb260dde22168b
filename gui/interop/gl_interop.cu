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

GlTextureInterop::~GlTextureInterop() { forget(); }

void GlTextureInterop::forget() {
  for (const Registration& r : registered_)
    cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(r.resource));
  registered_.clear();
}

void* GlTextureInterop::resource(unsigned texture, bool volume, int device) {
  if (device != device_) forget();  // registrations belong to the other device
  device_ = device;
  for (const Registration& r : registered_)
    if (r.texture == texture && r.volume == volume) return r.resource;
  cudaGraphicsResource_t r = nullptr;
  check(cudaGraphicsGLRegisterImage(&r, texture, volume ? GL_TEXTURE_3D : GL_TEXTURE_2D,
                                    cudaGraphicsRegisterFlagsWriteDiscard),
        "cudaGraphicsGLRegisterImage");
  registered_.push_back(Registration{texture, volume, r});
  return r;
}

void GlTextureInterop::copy(const DeviceTexels& t, unsigned texture, bool volume) {
  if (!t.data()) throw std::logic_error("CUDA-OpenGL interop: no device texels");
  check(cudaSetDevice(t.device()), "cudaSetDevice");
  auto r = static_cast<cudaGraphicsResource_t>(resource(texture, volume, t.device()));
  check(cudaGraphicsMapResources(1, &r, 0), "cudaGraphicsMapResources");
  cudaArray_t array = nullptr;
  cudaError_t e = cudaGraphicsSubResourceGetMappedArray(&array, r, 0, 0);
  const std::size_t row = std::size_t(t.nx()) * sizeof(float);
  if (e == cudaSuccess && !volume) {
    e = cudaMemcpy2DToArray(array, 0, 0, t.data(), row, row, t.ny(), cudaMemcpyDeviceToDevice);
  } else if (e == cudaSuccess) {
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(const_cast<float*>(t.data()), row, t.nx(), t.ny());
    p.dstArray = array;
    p.extent = make_cudaExtent(t.nx(), t.ny(), t.nz());
    p.kind = cudaMemcpyDeviceToDevice;
    e = cudaMemcpy3D(&p);
  }
  const cudaError_t u = cudaGraphicsUnmapResources(1, &r, 0);
  check(e, "copy into the texture");
  check(u, "cudaGraphicsUnmapResources");
}

void GlTextureInterop::write(const DeviceTexels& t, unsigned texture) { copy(t, texture, false); }

void GlTextureInterop::write_volume(const DeviceTexels& t, unsigned texture) { copy(t, texture, true); }

}  // namespace plume::gui

// CUDA-OpenGL interop for the field texture (docs/gui.md, "GPU path"): texels already in device
// memory (DeviceTexels, made by the simulation thread) go into the GL_R32F texture by a
// device-to-device copy, without a host copy. Needs only CUDA and OpenGL (no window library), so
// that tests/gui/interop/interop_check.cu exercises the same code as plume-gui.
#pragma once
#include <string>
#include "device_texels.hpp"

namespace plume::gui {

// Why the current OpenGL context cannot take CUDA device `device`'s values directly ("" when it
// can): not the NVIDIA driver's OpenGL (vendor string), or cudaGLGetDevices does not list the device.
std::string gl_interop_unavailable(const std::string& gl_vendor, int device);

// Holds the CUDA registration of one texture at a time (registered on the first write to it). Use
// it with the OpenGL context that owns the texture current. OpenGL reuses the names of deleted
// textures, so the owner calls forget() before deleting or reallocating the texture: a
// registration of the old texture object would otherwise receive the writes.
class GlTextureInterop {
 public:
  GlTextureInterop() = default;
  ~GlTextureInterop();
  GlTextureInterop(const GlTextureInterop&) = delete;
  GlTextureInterop& operator=(const GlTextureInterop&) = delete;

  // Copies `t` into `texture`, a GL_R32F texture of exactly t.nx() x t.ny() texels; returns when
  // the texture holds them.
  void write(const DeviceTexels& t, unsigned texture);
  // Drops the registration.
  void forget();

 private:
  unsigned texture_ = 0;
  void* resource_ = nullptr;  // cudaGraphicsResource_t
  int device_ = -1;
};

}  // namespace plume::gui

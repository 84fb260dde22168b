// CUDA-OpenGL interop for the field texture (docs/gui.md, "GPU path"): texels already in device
// memory (DeviceTexels, made by the simulation thread) go into the GL_R32F texture by a
// device-to-device copy, without a host copy. Needs only CUDA and OpenGL (no window library), so
// that tests/gui/interop/interop_check.cu exercises the same code as plume-gui.
#pragma once
#include <string>
#include <vector>
#include "device_texels.hpp"

namespace plume::gui {

// Why the current OpenGL context cannot take CUDA device `device`'s values directly ("" when it
// can): not the NVIDIA driver's OpenGL (vendor string), or cudaGLGetDevices does not list the device.
std::string gl_interop_unavailable(const std::string& gl_vendor, int device);

// Holds the CUDA registrations of the textures it wrote to (each registered on the first write
// to it: the three planes and the volume of a 3-D run each have their own). Use it with the
// OpenGL context that owns the textures current. OpenGL reuses the names of deleted textures, so
// the owner calls forget() before deleting or reallocating one: a registration of the old texture
// object would otherwise receive the writes.
class GlTextureInterop {
 public:
  GlTextureInterop() = default;
  ~GlTextureInterop();
  GlTextureInterop(const GlTextureInterop&) = delete;
  GlTextureInterop& operator=(const GlTextureInterop&) = delete;

  // Copies `t` into `texture`, a GL_R32F texture of exactly t.nx() x t.ny() texels; returns when
  // the texture holds them.
  void write(const DeviceTexels& t, unsigned texture);
  // The same for a GL_TEXTURE_3D of t.nx() x t.ny() x t.nz() texels (DeviceTexels::compute_volume).
  void write_volume(const DeviceTexels& t, unsigned texture);
  // Drops the registrations.
  void forget();

 private:
  struct Registration {
    unsigned texture;
    bool volume;
    void* resource;  // cudaGraphicsResource_t
  };
  void* resource(unsigned texture, bool volume, int device);
  void copy(const DeviceTexels& t, unsigned texture, bool volume);

  std::vector<Registration> registered_;
  int device_ = -1;
};

}  // namespace plume::gui

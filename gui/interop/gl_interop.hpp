// CUDA-OpenGL interop for the field texture (docs/gui.md, "GPU path"): the CUDA backend's fields
// go from device memory into the GL_R32F texture without a host copy. The conversion kernel
// produces exactly the floats that the host path uploads (gui/shown_field.cpp with
// io::extract_field): same field formulas, same sampling, float(value - offset), with no fused
// multiply-add, so both paths colour-map identical texels. Needs only CUDA and OpenGL (no window
// library), so that tests/gui/interop_check.cu exercises the same code as plume-gui.
#pragma once
#include <string>
#include "plume/backend.hpp"
#include "plume/io/field_select.hpp"

namespace plume::gui {

// Why the current OpenGL context cannot take CUDA device `device`'s values directly ("" when it
// can): not the NVIDIA driver's OpenGL (vendor string), or cudaGLGetDevices does not list the device.
std::string gl_interop_unavailable(const std::string& gl_vendor, int device);

// Whether the device kernel reproduces the host path bit for bit for this field: the speed is
// std::hypot on the host, whose last bit CUDA's hypot does not promise to match.
bool gl_interop_field_supported(io::FieldKind kind);

// Holds the CUDA registration of one texture at a time (registered on the first write to it) and
// a staging buffer. Use it with the OpenGL context that owns the texture current. OpenGL reuses
// the names of deleted textures, so the owner calls forget() before deleting or reallocating the
// texture: a registration of the old texture object would otherwise receive the writes.
class GlTextureInterop {
 public:
  GlTextureInterop() = default;
  ~GlTextureInterop();
  GlTextureInterop(const GlTextureInterop&) = delete;
  GlTextureInterop& operator=(const GlTextureInterop&) = delete;

  // Writes float(field[y*k*nx + x*k] - offset) for x < tnx, y < ty into `texture`, a GL_R32F
  // texture of tnx x tny texels; returns when the texture holds them.
  void write(const DeviceFields& f, io::FieldKind kind, double offset, int k, int tnx, int tny, unsigned texture);
  // Drops the registration (and the staging buffer).
  void forget();

 private:
  unsigned texture_ = 0;
  void* resource_ = nullptr;  // cudaGraphicsResource_t
  float* staging_ = nullptr;
  std::size_t staging_size_ = 0;
  int device_ = -1;
};

}  // namespace plume::gui

// How the displayed scalar field reaches its OpenGL texture. The host path uploads texels from
// host memory with glTexSubImage2D. The GPU path (a CUDA run drawn by the NVIDIA driver's OpenGL
// on the simulating device) copies texels that the simulation thread made in device memory into
// the texture through CUDA-OpenGL interop (gui/interop), with no host copy; tests/gui/interop
// checks that both give the same texels.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "window.hpp"

namespace plume::gui {

class DeviceTexels;

// nx * ny texels, x fastest, y = 0 first, stored relative to `offset` (value - offset) so that
// single precision keeps the small variations of fields close to 1 (T_H, rho). Either in host
// memory (`host`) or in device memory (`device`).
struct ScalarFieldView {
  const float* host = nullptr;
  const DeviceTexels* device = nullptr;
  int nx = 0, ny = 0;
  int nz = 1;  // > 1 (or a volume of one layer): the texels of a 3-D texture, x fastest, then y
  double offset = 0.0;
};

// The view of texels prepared on the simulation thread: in device memory when `on_device`, else
// the host vector's.
inline ScalarFieldView texels_view(bool on_device, const DeviceTexels* device, const std::vector<float>& host, int nx,
                                   int ny, int nz, double offset) {
  ScalarFieldView v;
  if (on_device)
    v.device = device;
  else
    v.host = host.data();
  v.nx = nx;
  v.ny = ny;
  v.nz = nz;
  v.offset = offset;
  return v;
}

class TextureUpload {
 public:
  virtual ~TextureUpload() = default;
  virtual std::string name() const = 0;  // shown in the window
  virtual bool takes_device_texels() const = 0;
  // Writes the values into `texture`, a GL_R32F texture of exactly nx x ny texels.
  virtual void upload(const ScalarFieldView& v, unsigned texture) = 0;
  // The same into a GL_TEXTURE_3D GL_R32F texture of exactly nx x ny x nz texels.
  virtual void upload_volume(const ScalarFieldView& v, unsigned texture) = 0;
  // A texture written to is about to be deleted or reallocated.
  virtual void release() {}
};

struct UploadChoice {
  std::unique_ptr<TextureUpload> upload;
  std::string why;  // why this path, for the panel and the log
};

// Picks the upload path for a simulation on `backend_name` ("cpu", "cuda"; on CUDA device
// `cuda_device`) drawn by `gl`, the current context. `allow_device`: false keeps the host path
// (plume-gui --upload host).
UploadChoice choose_texture_upload(const GlInfo& gl, const std::string& backend_name, int cuda_device,
                                   bool allow_device);

// The host path, whatever the context.
std::unique_ptr<TextureUpload> host_texture_upload();

}  // namespace plume::gui

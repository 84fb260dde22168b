// How the displayed scalar field reaches its OpenGL texture. The host path uploads from host
// memory with glTexSubImage2D. The device-to-texture copy (CUDA-OpenGL interop, no host copy)
// is gui/interop/gl_interop.hpp, checked headless against this host path by
// tests/gui/interop/interop_check.cu; plume-gui selects the host path, with the reason below.
#pragma once
#include <memory>
#include <string>
#include "window.hpp"

namespace plume::gui {

enum class DataLocation { Host, Device };

// nx * ny values, x fastest, y = 0 first, stored relative to `offset` (value - offset) so that
// single precision keeps the small variations of fields close to 1 (T_H, rho).
struct ScalarFieldView {
  const float* data = nullptr;
  int nx = 0, ny = 0;
  double offset = 0.0;
  DataLocation where = DataLocation::Host;
};

class TextureUpload {
 public:
  virtual ~TextureUpload() = default;
  virtual std::string name() const = 0;         // shown in the window
  virtual DataLocation source() const = 0;      // where it expects the values
  // Writes the values into `texture`, a GL_R32F texture of exactly nx x ny texels.
  virtual void upload(const ScalarFieldView& v, unsigned texture) = 0;
};

struct UploadChoice {
  std::unique_ptr<TextureUpload> upload;
  std::string why;  // why this path, for the panel and the log
};

// Picks the upload path for a simulation on `backend_name` ("cpu", "cuda") drawn by `gl`.
UploadChoice choose_texture_upload(const GlInfo& gl, const std::string& backend_name);

}  // namespace plume::gui

#include "texture_upload.hpp"
#include <stdexcept>
#include "gl.hpp"

namespace plume::gui {
namespace {

class HostUpload final : public TextureUpload {
 public:
  std::string name() const override { return "host upload (glTexSubImage2D)"; }
  DataLocation source() const override { return DataLocation::Host; }
  void upload(const ScalarFieldView& v, unsigned texture) override {
    if (v.where != DataLocation::Host) throw std::logic_error("host upload given device values");
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, v.nx, v.ny, GL_RED, GL_FLOAT, v.data);
    glBindTexture(GL_TEXTURE_2D, 0);
  }
};

bool contains(const std::string& s, const char* word) { return s.find(word) != std::string::npos; }

}  // namespace

UploadChoice choose_texture_upload(const GlInfo& gl, const std::string& backend_name) {
  UploadChoice c;
  c.upload = std::make_unique<HostUpload>();
  if (backend_name != "cuda")
    c.why = "the simulation runs on the " + backend_name + " backend: its fields are in host memory";
  else if (!contains(gl.vendor, "NVIDIA"))
    c.why = "OpenGL is " + gl.renderer + " (" + gl.vendor +
            "): CUDA-OpenGL interop needs the NVIDIA driver's OpenGL on the simulating GPU";
  else
    c.why = "the simulation thread hands the window host snapshots only: the CUDA backend's device fields "
            "(Solver::device_fields) are rewritten by the thread's next snapshot while the window would read them";
  return c;
}

}  // namespace plume::gui

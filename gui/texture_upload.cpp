#include "texture_upload.hpp"
#include <stdexcept>
#include "gl.hpp"
#if PLUME_GUI_GL_INTEROP
#include "gl_interop.hpp"
#endif

namespace plume::gui {
namespace {

void host_upload(const ScalarFieldView& v, unsigned texture) {
  if (!v.host) throw std::logic_error("host upload given no host texels");
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, v.nx, v.ny, GL_RED, GL_FLOAT, v.host);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void host_upload_volume(const ScalarFieldView& v, unsigned texture) {
  if (!v.host) throw std::logic_error("host upload given no host texels");
  glBindTexture(GL_TEXTURE_3D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, v.nx, v.ny, v.nz, GL_RED, GL_FLOAT, v.host);
  glBindTexture(GL_TEXTURE_3D, 0);
}

class HostUpload final : public TextureUpload {
 public:
  std::string name() const override { return "host upload (glTexSubImage2D)"; }
  bool takes_device_texels() const override { return false; }
  void upload(const ScalarFieldView& v, unsigned texture) override { host_upload(v, texture); }
  void upload_volume(const ScalarFieldView& v, unsigned texture) override { host_upload_volume(v, texture); }
};

#if PLUME_GUI_GL_INTEROP
class InteropUpload final : public TextureUpload {
 public:
  std::string name() const override { return "CUDA-OpenGL interop (device to texture, no host copy)"; }
  bool takes_device_texels() const override { return true; }
  // Snapshots made before the simulation thread heard of this path still carry host texels.
  void upload(const ScalarFieldView& v, unsigned texture) override {
    if (v.device)
      interop_.write(*v.device, texture);
    else
      host_upload(v, texture);
  }
  void upload_volume(const ScalarFieldView& v, unsigned texture) override {
    if (v.device)
      interop_.write_volume(*v.device, texture);
    else
      host_upload_volume(v, texture);
  }
  void release() override { interop_.forget(); }

 private:
  GlTextureInterop interop_;
};
#endif

}  // namespace

std::unique_ptr<TextureUpload> host_texture_upload() { return std::make_unique<HostUpload>(); }

UploadChoice choose_texture_upload(const GlInfo& gl, const std::string& backend_name, int cuda_device,
                                   bool allow_device) {
  UploadChoice c;
  if (backend_name != "cuda") {
    c.why = "the simulation runs on the " + backend_name + " backend: its fields are in host memory";
  } else if (!allow_device) {
    c.why = "--upload host";
  } else {
#if PLUME_GUI_GL_INTEROP
    const std::string unavailable = gl_interop_unavailable(gl.vendor, cuda_device);
    if (unavailable.empty()) {
      c.upload = std::make_unique<InteropUpload>();
      c.why = "OpenGL (" + gl.renderer + ") runs on CUDA device " + std::to_string(cuda_device) +
              ", which holds the fields";
      return c;
    }
    c.why = unavailable;
#else
    (void)gl;
    (void)cuda_device;
    c.why = "this plume-gui was built without CUDA-OpenGL interop (no OpenGL development files for CUDA)";
#endif
  }
  c.upload = host_texture_upload();
  return c;
}

}  // namespace plume::gui

// plume-gui --offscreen: the same frames drawn into an EGL pbuffer (gui/egl), for machines with
// no display server, GPU nodes among them, where the NVIDIA driver's EGL gives an OpenGL context
// on the GPU and so the CUDA-OpenGL interop path. No input: steering comes from --script.
#pragma once
#include <chrono>
#include "headless_gl.hpp"
#include "window.hpp"

namespace plume::gui {

class OffscreenWindow final : public Window {
 public:
  explicit OffscreenWindow(const WindowOptions& opt);  // throws DisplayError
  ~OffscreenWindow() override;
  bool should_close() const override { return false; }  // --frames ends the run
  void begin_frame() override;
  void swap() override { ctx_.swap(); }
  void framebuffer_size(int& w, int& h) const override {
    w = ctx_.width();
    h = ctx_.height();
  }

 private:
  HeadlessGl ctx_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace plume::gui

// An OpenGL 3.3 core context with no window and no display server: EGL on a GPU device
// (EGL_EXT_platform_device: the NVIDIA driver's, or Mesa's software device), else EGL's default
// display, with a pbuffer of the requested size as its default framebuffer. plume-gui --offscreen
// draws into it on machines without X (a GPU node); the interop check uses it too. Needs only EGL
// and OpenGL, no window library.
#pragma once
#include <stdexcept>
#include <string>

namespace plume::gui {

struct HeadlessGlError : std::runtime_error {
  enum class Kind { NoDisplay, NoContext };
  HeadlessGlError(Kind k, const std::string& what) : std::runtime_error(what), kind(k) {}
  Kind kind;
};

class HeadlessGl {
 public:
  // Makes the context current on the calling thread. Throws HeadlessGlError: NoDisplay when EGL
  // finds nothing to render on, NoContext when it offers no OpenGL 3.3 core context of that size.
  HeadlessGl(int width, int height);
  ~HeadlessGl();
  HeadlessGl(const HeadlessGl&) = delete;
  HeadlessGl& operator=(const HeadlessGl&) = delete;

  int width() const { return width_; }
  int height() const { return height_; }
  void swap();                // eglSwapBuffers: the frame is finished
  std::string where() const;  // "EGL 1.5 (NVIDIA), device platform", for logs

 private:
  void* display_ = nullptr;
  void* surface_ = nullptr;
  void* context_ = nullptr;
  int width_, height_;
  std::string where_;
};

}  // namespace plume::gui

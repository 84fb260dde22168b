// Where plume-gui draws: an OpenGL 3.3 core context with Dear ImGui bound to it. Either a GLFW
// window on an X display (visible, or hidden for --frames runs) or, with --offscreen, an EGL
// pbuffer that needs no display server (a GPU node); both are real OpenGL contexts.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>

namespace plume::gui {

// No usable display (DISPLAY unset, X server unreachable, no GLX; or no EGL device with
// --offscreen): what() says what was reported and how to run the program instead.
struct DisplayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct WindowOptions {
  int width = 1400, height = 900;
  bool visible = true;     // false: hidden window for --frames runs (still a real GL context)
  bool offscreen = false;  // EGL pbuffer instead of a window: no display server, no input
  bool vsync = true;
  std::string title = "plume";
};

struct GlInfo {
  std::string vendor, renderer, version;
  std::string context;  // how the context was made ("GLX window", "EGL 1.5 (NVIDIA), device platform")
  int max_texture_size = 0;
};

class Window {
 public:
  virtual ~Window() = default;
  const GlInfo& gl() const { return gl_; }
  virtual bool should_close() const = 0;
  // Polls events and starts an ImGui frame.
  virtual void begin_frame() = 0;
  // Renders the ImGui draw data into the back buffer (not yet shown).
  void render();
  virtual void swap() = 0;
  // Size of the default framebuffer in pixels.
  virtual void framebuffer_size(int& w, int& h) const = 0;
  // The title a window manager shows (nothing to show offscreen).
  virtual void set_title(const std::string& /*title*/) {}

 protected:
  // With the context current: reads GlInfo, creates the ImGui context and its OpenGL3 renderer.
  void init_gl_and_imgui(const std::string& context);
  // Ends ImGui's renderer and context (the platform backend is the subclass's).
  void shut_down_imgui();
  GlInfo gl_;
};

// Opens what `opt` asks for; throws DisplayError.
std::unique_ptr<Window> open_window(const WindowOptions& opt);

}  // namespace plume::gui

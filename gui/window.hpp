// The GLFW window with its OpenGL 3.3 core context and Dear ImGui bound to it.
#pragma once
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace plume::gui {

// No usable display (DISPLAY unset, X server unreachable, no GLX): what() says what GLFW
// reported and how to run the program instead.
struct DisplayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct WindowOptions {
  int width = 1400, height = 900;
  bool visible = true;  // false: hidden window for --frames runs (still a real GL context)
  bool vsync = true;
  std::string title = "plume";
};

struct GlInfo {
  std::string vendor, renderer, version;
  int max_texture_size = 0;
};

class Window {
 public:
  explicit Window(const WindowOptions& opt);  // throws DisplayError
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return win_; }
  const GlInfo& gl() const { return gl_; }
  bool should_close() const;
  void request_close();
  // Polls events and starts an ImGui frame.
  void begin_frame();
  // Renders the ImGui draw data into the back buffer (not yet shown).
  void render();
  void swap();
  // Size of the default framebuffer in pixels.
  void framebuffer_size(int& w, int& h) const;

 private:
  GLFWwindow* win_ = nullptr;
  GlInfo gl_;
};

}  // namespace plume::gui

// The GLFW window on an X display, with GLFW's ImGui platform backend (mouse, keyboard).
#pragma once
#include "window.hpp"

struct GLFWwindow;

namespace plume::gui {

class GlfwWindow final : public Window {
 public:
  explicit GlfwWindow(const WindowOptions& opt);  // throws DisplayError
  ~GlfwWindow() override;
  bool should_close() const override;
  void begin_frame() override;
  void swap() override;
  void framebuffer_size(int& w, int& h) const override;
  void set_title(const std::string& title) override;

 private:
  GLFWwindow* win_ = nullptr;
};

}  // namespace plume::gui

#include "window.hpp"
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include "gl.hpp"
#include "glfw_window.hpp"
#if PLUME_GUI_OFFSCREEN
#include "offscreen_window.hpp"
#endif

namespace plume::gui {

void Window::init_gl_and_imgui(const std::string& context) {
  gl_.vendor = reinterpret_cast<const char*>(glGetString(GL_VENDOR));
  gl_.renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  gl_.version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  gl_.context = context;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &gl_.max_texture_size);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; do not litter the working folder
  ImGui::StyleColorsDark();
}

void Window::shut_down_imgui() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
}

void Window::render() {
  ImGui::Render();
  int w, h;
  framebuffer_size(w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, w, h);
  glClearColor(0.12f, 0.12f, 0.13f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

std::unique_ptr<Window> open_window(const WindowOptions& opt) {
  if (opt.offscreen) {
#if PLUME_GUI_OFFSCREEN
    return std::make_unique<OffscreenWindow>(opt);
#else
    throw DisplayError("this plume-gui was built without EGL (libegl-dev): --offscreen is not available");
#endif
  }
  return std::make_unique<GlfwWindow>(opt);
}

}  // namespace plume::gui

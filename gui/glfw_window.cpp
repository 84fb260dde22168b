#include "glfw_window.hpp"
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include "gl.hpp"

namespace plume::gui {
namespace {

// GLFW reports failures through a callback, before the failing call returns; keep the text so the
// exception can quote it.
std::string g_last_glfw_error;

void on_glfw_error(int code, const char* text) {
  g_last_glfw_error = std::string(text ? text : "unknown error") + " (GLFW error " + std::to_string(code) + ")";
}

[[noreturn]] void throw_display_error(const std::string& what) {
  throw DisplayError(
      what + ": " + (g_last_glfw_error.empty() ? std::string("no details from GLFW") : g_last_glfw_error) +
      "\nplume-gui needs an X display with OpenGL 3.3 (GLX). Without a screen, run it under a virtual one:\n"
      "  xvfb-run -a -s '-screen 0 1400x900x24' plume-gui --frames 600 --screenshot out.png\n"
      "or start `Xvfb :99 -noreset -screen 0 1400x900x24 &` and run with DISPLAY=:99;\n"
      "or draw without any display server through EGL (a GPU node):\n"
      "  plume-gui --offscreen --frames 600 --screenshot out.png");
}

}  // namespace

GlfwWindow::GlfwWindow(const WindowOptions& opt) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) throw_display_error("cannot initialise GLFW");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, opt.visible ? GLFW_TRUE : GLFW_FALSE);
  win_ = glfwCreateWindow(opt.width, opt.height, opt.title.c_str(), nullptr, nullptr);
  if (!win_) {
    glfwTerminate();
    throw_display_error("cannot open a window with an OpenGL 3.3 core context");
  }
  glfwMakeContextCurrent(win_);
  glfwSwapInterval(opt.vsync ? 1 : 0);
  init_gl_and_imgui("GLX window (GLFW)");
  ImGui_ImplGlfw_InitForOpenGL(win_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

GlfwWindow::~GlfwWindow() {
  ImGui_ImplGlfw_Shutdown();
  shut_down_imgui();
  glfwDestroyWindow(win_);
  glfwTerminate();
}

bool GlfwWindow::should_close() const { return glfwWindowShouldClose(win_); }

void GlfwWindow::begin_frame() {
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void GlfwWindow::swap() { glfwSwapBuffers(win_); }

void GlfwWindow::framebuffer_size(int& w, int& h) const { glfwGetFramebufferSize(win_, &w, &h); }

void GlfwWindow::set_title(const std::string& title) { glfwSetWindowTitle(win_, title.c_str()); }

}  // namespace plume::gui

#include "offscreen_window.hpp"
#include <imgui.h>
#include <algorithm>
#include <backends/imgui_impl_opengl3.h>

namespace plume::gui {

OffscreenWindow::OffscreenWindow(const WindowOptions& opt) try : ctx_(opt.width, opt.height) {
  init_gl_and_imgui(ctx_.where());
  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "plume offscreen (EGL)";
  ImGui_ImplOpenGL3_Init("#version 330 core");
  last_ = std::chrono::steady_clock::now();
} catch (const HeadlessGlError& e) {
  throw DisplayError(std::string("--offscreen: ") + e.what() +
                     "\nWith an X display (or Xvfb), run without --offscreen.");
}

OffscreenWindow::~OffscreenWindow() { shut_down_imgui(); }

void OffscreenWindow::begin_frame() {
  // What a platform backend would do, without a window: size, clock, no pointer.
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(ctx_.width()), float(ctx_.height()));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  const auto now = std::chrono::steady_clock::now();
  io.DeltaTime = std::max(1e-6f, std::chrono::duration<float>(now - last_).count());
  last_ = now;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
}

}  // namespace plume::gui

// The window as a PNG: the back buffer, read after the frame is drawn and before it is shown.
#pragma once
#include <string>
#include "plume/viz/image.hpp"

namespace plume::gui {

// Pixels of the bound framebuffer, top row first (OpenGL reads bottom-up).
viz::Image read_framebuffer(int width, int height);
// read_framebuffer + viz::write_png (temporary file and rename).
void save_screenshot(const std::string& path, int width, int height);

}  // namespace plume::gui

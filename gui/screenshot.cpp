#include "screenshot.hpp"
#include <cstring>
#include <vector>
#include "gl.hpp"

namespace plume::gui {

viz::Image read_framebuffer(int width, int height) {
  viz::Image img;
  img.resize(width, height);
  std::vector<std::uint8_t> rows(img.rgb.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
  const std::size_t row = std::size_t(width) * 3;
  for (int y = 0; y < height; ++y) std::memcpy(&img.rgb[y * row], &rows[(height - 1 - y) * row], row);
  return img;
}

void save_screenshot(const std::string& path, int width, int height) {
  viz::write_png(path, read_framebuffer(width, height));
}

}  // namespace plume::gui

#include "plume/viz/image.hpp"
#include <cmath>
#include <limits>
#include <cstdio>
#include <stdexcept>
#include <unistd.h>
#include "font5x7.hpp"

// Debian's libstb ships the implementation of stb_image_write; only the declarations here.
#include <stb/stb_image_write.h>

namespace plume::viz {
namespace {

void draw_text(Image& img, int x, int y, const std::string& s, RGB8 c) {
  for (char ch : s) {
    if (const std::uint8_t* g = glyph5x7(ch))
      for (int r = 0; r < 7; ++r)
        for (int b = 0; b < 5; ++b)
          if ((g[r] >> (4 - b)) & 1) {
            const int px = x + b, py = y + r;
            if (px >= 0 && px < img.width && py >= 0 && py < img.height) img.set(px, py, c);
          }
    x += 6;
  }
}

std::string label(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace

Range finite_range(const std::vector<double>& v) {
  // Over the threads: extremes do not depend on the order, and a large lattice's field (the
  // GUI's every snapshot) is millions of values.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  const long n = long(v.size());
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi)
  for (long i = 0; i < n; ++i)
    if (std::isfinite(v[i])) {
      lo = std::min(lo, v[i]);
      hi = std::max(hi, v[i]);
    }
  return lo <= hi ? Range{lo, hi} : Range{0.0, 0.0};
}

Image render_field(const std::vector<double>& v, int nx, int ny, Colormap map, Range range, int scale,
                   bool colorbar, const std::string& title) {
  if (scale < 1) scale = 1;
  const int fw = nx * scale, fh = ny * scale;
  const int bar_w = colorbar ? 16 : 0, text_w = colorbar ? 6 * 11 : 0, margin = colorbar ? 8 : 0;
  const int top = title.empty() ? 0 : 12;
  Image img;
  img.resize(fw + margin + bar_w + (colorbar ? 4 : 0) + text_w, fh + top);
  std::fill(img.rgb.begin(), img.rgb.end(), std::uint8_t(255));
  const double span = range.hi > range.lo ? range.hi - range.lo : 1.0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const RGB8 c = colormap(map, (v[std::size_t(y) * nx + x] - range.lo) / span);
      for (int sy = 0; sy < scale; ++sy)
        for (int sx = 0; sx < scale; ++sx) img.set(x * scale + sx, top + (ny - 1 - y) * scale + sy, c);
    }
  if (colorbar) {
    const int bx = fw + margin;
    for (int py = 0; py < fh; ++py) {
      const RGB8 c = colormap(map, 1.0 - double(py) / std::max(1, fh - 1));
      for (int px = 0; px < bar_w; ++px) img.set(bx + px, top + py, c);
    }
    const int tx = bx + bar_w + 4;
    const RGB8 black{0, 0, 0};
    draw_text(img, tx, top, label(range.hi), black);
    draw_text(img, tx, top + fh / 2 - 3, label(0.5 * (range.lo + range.hi)), black);
    draw_text(img, tx, top + fh - 7, label(range.lo), black);
  }
  if (!title.empty()) draw_text(img, 2, 2, title, RGB8{0, 0, 0});
  return img;
}

void write_png(const std::string& path, const Image& img) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  if (!stbi_write_png(tmp.c_str(), img.width, img.height, 3, img.rgb.data(), img.width * 3)) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write PNG '" + path + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "'");
  }
}

}  // namespace plume::viz

// RGB images of scalar fields, with an optional colour bar, and atomic PNG output.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "plume/viz/colormap.hpp"

namespace plume::viz {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, top row first, 3 bytes a pixel
  void resize(int w, int h) {
    width = w;
    height = h;
    rgb.assign(std::size_t(w) * h * 3, 0);
  }
  void set(int x, int y, RGB8 c) {
    std::uint8_t* p = &rgb[(std::size_t(y) * width + x) * 3];
    p[0] = c.r; p[1] = c.g; p[2] = c.b;
  }
};

struct Range {
  double lo = 0.0, hi = 1.0;
};
// Smallest and largest finite value (lo = hi = 0 when there is none).
Range finite_range(const std::vector<double>& v);

// Field of nx * ny values (x fastest, y = 0 at the bottom) to an image, y up, each site
// `scale` x `scale` pixels; with colorbar, a bar with the range's end values and mid value is
// drawn to the right.
Image render_field(const std::vector<double>& v, int nx, int ny, Colormap map, Range range, int scale = 1,
                   bool colorbar = true, const std::string& title = "");

// Writes a PNG through a temporary file and a rename, so a reader never sees half a file.
// Throws std::runtime_error naming the path on failure.
void write_png(const std::string& path, const Image& img);

}  // namespace plume::viz

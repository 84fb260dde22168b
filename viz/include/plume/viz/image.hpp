// RGB images of scalar fields, with an optional colour bar, and PNG output through the one checked,
// atomic write (plume/io/atomic_file.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include "plume/viz/colormap.hpp"

namespace plume::viz {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, top row first, 3 bytes a pixel
  // What the picture is (PNG text chunks, iTXt: UTF-8), keyword and text: "Title", "Software",
  // "Description", "Creation Time", "Comment" are the PNG standard's keywords that viewers show.
  std::vector<std::pair<std::string, std::string>> text;
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

// About `target` round values inside the range (1, 2 or 5 times a power of ten apart), for the
// ticks of a colour bar; one value when the range is empty.
std::vector<double> nice_ticks(Range r, int target = 5);
// Their labels, all with the same number of decimals (exponent notation for very large or small
// values): 0.90 0.95 1.00 1.05 1.10.
std::vector<std::string> tick_labels(const std::vector<double>& ticks);

// Field of nx * ny values (x fastest, y = 0 at the bottom) to an image, y up, each site
// `scale` x `scale` pixels, the title above it. With colorbar, a bar with ticks at round values
// is drawn to the right. Values outside the range take the colour of its ends: when there are
// any, a line under the field says so (the range, the share of sites clipped, the data's extremes).
Image render_field(const std::vector<double>& v, int nx, int ny, Colormap map, Range range, int scale = 1,
                   bool colorbar = true, const std::string& title = "");

// The size in pixels of the largest image render_field makes of an nx x ny field at `scale` with a
// colour bar and a title of `title_chars` characters, whatever the values: the widest tick labels,
// and with `clipped` (a fixed range, which values may leave) the line under the field that says
// what is clipped. Its text sets a least width, so that the image of a narrow field is far wider
// than nx * scale (a memory estimate reserves it).
struct ImageSize {
  long long width = 0, height = 0;
};
ImageSize largest_field_image(long long nx, long long ny, int scale, std::size_t title_chars, bool clipped);

// The image as PNG file content, its text chunks right after the header chunk.
std::string encode_png(const Image& img);
// Writes a PNG through io::AtomicFile: complete or not at all. Throws std::runtime_error naming
// the path on failure (a full disk included).
void write_png(const std::string& path, const Image& img);

}  // namespace plume::viz

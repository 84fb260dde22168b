// What the GUI tests read from plume-gui's screenshots: the pixels, and simple statistics of a
// rectangle (brightness, spread, number of colours) that tell a field from a flat fill and a
// panel with text from an empty one.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace plume::test {

struct Png {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[(std::size_t(y) * w + x) * 3]; }
  double luminance(int x, int y) const {
    const unsigned char* p = at(x, y);
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
  }
};

// An empty Png (0 x 0) when the file cannot be read.
Png read_png(const std::string& path);

struct RegionStats {
  double mean = 0, stddev = 0;
  std::size_t colours = 0;
  double bright_fraction = 0;  // luminance > 150: text on the dark panel
};

// Over x0 <= x < x1, y0 <= y < y1 (y down, as in the file).
RegionStats stats(const Png& p, int x0, int y0, int x1, int y1);

// Pixels that differ between a and b in the rectangle (all of it when the sizes differ).
std::size_t differing_pixels(const Png& a, const Png& b, int x0, int y0, int x1, int y1);

}  // namespace plume::test

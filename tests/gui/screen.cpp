#include "screen.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include <stb/stb_image.h>  // Debian's libstb carries the implementation

namespace plume::test {

Png read_png(const std::string& path) {
  Png p;
  int n = 0;
  unsigned char* data = stbi_load(path.c_str(), &p.w, &p.h, &n, 3);
  if (!data) return Png{};
  p.rgb.assign(data, data + std::size_t(p.w) * p.h * 3);
  stbi_image_free(data);
  return p;
}

RegionStats stats(const Png& p, int x0, int y0, int x1, int y1) {
  RegionStats s;
  std::set<unsigned> colours;
  double sum = 0, sum2 = 0, bright = 0, n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const double l = p.luminance(x, y);
      sum += l;
      sum2 += l * l;
      bright += l > 150;
      ++n;
      const unsigned char* c = p.at(x, y);
      colours.insert(unsigned(c[0]) << 16 | unsigned(c[1]) << 8 | c[2]);
    }
  s.mean = sum / n;
  s.stddev = std::sqrt(std::max(0.0, sum2 / n - s.mean * s.mean));
  s.colours = colours.size();
  s.bright_fraction = bright / n;
  return s;
}

std::size_t differing_pixels(const Png& a, const Png& b, int x0, int y0, int x1, int y1) {
  if (a.w != b.w || a.h != b.h || a.rgb.empty()) return std::size_t(std::max(0, x1 - x0)) * std::max(0, y1 - y0);
  std::size_t n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) n += std::memcmp(a.at(x, y), b.at(x, y), 3) != 0;
  return n;
}

}  // namespace plume::test

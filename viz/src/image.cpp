#include "plume/viz/image.hpp"
#include <array>
#include <cstdint>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include "font5x7.hpp"
#include "plume/io/atomic_file.hpp"

// Debian's libstb ships the implementation of stb_image_write; only the declarations here.
#include <stb/stb_image_write.h>

namespace plume::viz {
namespace {

constexpr int kCharW = 6, kCharH = 7, kLineH = 12;  // the 5x7 font: advance, height, a text line

void draw_text(Image& img, int x, int y, const std::string& s, RGB8 c) {
  for (char ch : s) {
    if (const std::uint8_t* g = glyph5x7(ch))
      for (int r = 0; r < 7; ++r)
        for (int b = 0; b < 5; ++b)
          if ((g[r] >> (4 - b)) & 1) {
            const int px = x + b, py = y + r;
            if (px >= 0 && px < img.width && py >= 0 && py < img.height) img.set(px, py, c);
          }
    x += kCharW;
  }
}

int text_width(const std::string& s) { return kCharW * int(s.size()); }

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// "clipped to [0.95, 1.05]: 12% of sites (data 0.879 to 1.111)"; `share` in percent.
std::string clipping_text(Range range, double share, Range data) {
  char pct[32];
  std::snprintf(pct, sizeof pct, share < 1 ? "%.2g" : "%.0f", share);
  return "clipped to [" + number(range.lo) + ", " + number(range.hi) + "]: " + pct + "% of sites (data " +
         number(data.lo) + " to " + number(data.hi) + ")";
}

// The clipping text of `v` in `range`, or "" when nothing is clipped.
std::string clipping_note(const std::vector<double>& v, Range range) {
  long below = 0, above = 0, finite = 0;
  const long n = long(v.size());
#pragma omp parallel for schedule(static) reduction(+ : below, above, finite)
  for (long i = 0; i < n; ++i)
    if (std::isfinite(v[i])) {
      ++finite;
      below += v[i] < range.lo;
      above += v[i] > range.hi;
    }
  if (below + above == 0) return "";
  const double share = 100.0 * double(below + above) / double(finite);
  return clipping_text(range, share, finite_range(v));
}

// The widest a tick label can be (tick_labels): a sign, 17 significant digits, the point and an
// exponent of three digits.
constexpr int kWidestLabel = 24;
// The width of an image of a field fw pixels wide with a colour bar whose labels are label_w
// wide, a title and the clipping note: the field and its bar, or the text when it is wider.
int image_width(long long fw, int label_w, int title_w, int note_w) {
  constexpr int bar_w = 16, margin = 8, gap = 3;
  return int(std::max({fw + margin + bar_w + gap + label_w + 2, (long long)title_w + 4, (long long)note_w + 4}));
}

}  // namespace

std::vector<double> nice_ticks(Range r, int target) {
  target = std::max(target, 2);
  const double span = r.hi - r.lo;
  // A span below the values' own resolution (a uniform field and its round-off) has no round
  // values inside: their multiples k would lie beyond the integers a double holds.
  const double scale = std::max(std::abs(r.lo), std::abs(r.hi));
  if (!(span > 0) || !std::isfinite(span) || span < 1e-12 * scale) return {r.lo};
  // Multiples k * step of a step 1, 2 or 5 times a power of ten: the step whose count of ticks
  // inside the range comes closest to `target` (the more on a tie). The tolerance keeps ends like
  // 0.9 that k * step misses by round-off.
  const double base = std::pow(10.0, std::floor(std::log10(span / target)));
  const double eps = 1e-9;
  double best_step = 0, best_first = 0, best_last = -1;
  for (double m : {0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0}) {
    const double step = m * base;
    const double first = std::ceil(r.lo / step - eps), last = std::floor(r.hi / step + eps);
    const double count = last - first + 1, best = best_last - best_first + 1;
    if (count >= 1 && (best_step == 0 || std::abs(count - target) < std::abs(best - target) ||
                       (std::abs(count - target) == std::abs(best - target) && count > best))) {
      best_step = step;
      best_first = first;
      best_last = last;
    }
  }
  std::vector<double> ticks;
  const long count = std::lround(best_last - best_first) + 1;  // about `target`, by the choice of step
  for (long i = 0; i < count; ++i) {
    const double k = best_first + double(i);
    ticks.push_back(k == 0 ? 0.0 : k * best_step);
  }
  return ticks;
}

std::vector<std::string> tick_labels(const std::vector<double>& ticks) {
  double largest = 0.0, step = 0.0;
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    largest = std::max(largest, std::abs(ticks[i]));
    if (i > 0) step = step > 0 ? std::min(step, ticks[i] - ticks[i - 1]) : ticks[i] - ticks[i - 1];
  }
  if (ticks.size() < 2) {  // an empty range: its one value as it is
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", ticks.empty() ? 0.0 : ticks[0]);
    return ticks.empty() ? std::vector<std::string>{} : std::vector<std::string>{buf};
  }
  const int step_exp = int(std::floor(std::log10(step) + 1e-9));
  const bool exponent = largest >= 1e5 || (largest > 0 && largest < 1e-3);
  std::vector<std::string> labels;
  char buf[48];
  for (double t : ticks) {
    if (exponent && t != 0.0) {
      const int digits = std::max(0, int(std::floor(std::log10(std::abs(t)) + 1e-9)) - step_exp);
      std::snprintf(buf, sizeof buf, "%.*e", digits, t);
    } else if (exponent) {
      std::snprintf(buf, sizeof buf, "0");
    } else {
      std::snprintf(buf, sizeof buf, "%.*f", std::max(0, -step_exp), t);
    }
    labels.push_back(buf);
  }
  return labels;
}

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
  const std::vector<double> ticks = colorbar ? nice_ticks(range, std::clamp(fh / (2 * kLineH), 2, 5)) : std::vector<double>{};
  const std::vector<std::string> labels = tick_labels(ticks);
  int label_w = 0;
  for (const auto& l : labels) label_w = std::max(label_w, text_width(l));
  const int bar_w = colorbar ? 16 : 0, margin = colorbar ? 8 : 0, gap = 3;
  const std::string note = clipping_note(v, range);
  const int top = title.empty() ? 0 : kLineH, bottom = note.empty() ? 0 : kLineH;
  Image img;
  img.resize(colorbar ? image_width(fw, label_w, text_width(title), text_width(note))
                      : std::max({fw, text_width(title) + 4, text_width(note) + 4}),
             top + fh + bottom);
  std::fill(img.rgb.begin(), img.rgb.end(), std::uint8_t(255));
  const double span = range.hi > range.lo ? range.hi - range.lo : 1.0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const RGB8 c = colormap(map, (v[std::size_t(y) * nx + x] - range.lo) / span);
      for (int sy = 0; sy < scale; ++sy)
        for (int sx = 0; sx < scale; ++sx) img.set(x * scale + sx, top + (ny - 1 - y) * scale + sy, c);
    }
  const RGB8 black{0, 0, 0};
  if (colorbar) {
    const int bx = fw + margin;
    for (int py = 0; py < fh; ++py) {
      const RGB8 c = colormap(map, 1.0 - double(py) / std::max(1, fh - 1));
      for (int px = 0; px < bar_w; ++px) img.set(bx + px, top + py, c);
    }
    // Each tick: a line across the bar at its value, black or white as the bar's colour there
    // needs (a short mark beside the label would read as a minus sign), and the label beside the
    // bar, centred on it.
    for (std::size_t i = 0; i < ticks.size(); ++i) {
      const double t = std::clamp((ticks[i] - range.lo) / span, 0.0, 1.0);
      const int py = top + int(std::lround((1.0 - t) * (fh - 1)));
      const RGB8 c = colormap(map, t);
      const RGB8 mark = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 128 ? black : RGB8{255, 255, 255};
      for (int px = 0; px < bar_w; ++px) img.set(bx + px, py, mark);
      const int ty = std::clamp(py - kCharH / 2, top, top + fh - kCharH);
      draw_text(img, bx + bar_w + gap, ty, labels[i], black);
    }
  }
  if (!title.empty()) draw_text(img, 2, 2, title, black);
  if (!note.empty()) draw_text(img, 2, top + fh + 3, note, black);
  return img;
}

ImageSize largest_field_image(long long nx, long long ny, int scale, std::size_t title_chars, bool clipped) {
  if (scale < 1) scale = 1;
  const double widest = -1.2345e-300;  // "%.4g": the longest number a clipping note holds
  const std::string note = clipped ? clipping_text({widest, widest}, 1.2345e-5, {widest, widest}) : "";
  return {image_width(nx * scale, kCharW * kWidestLabel, kCharW * int(title_chars), text_width(note)),
          (title_chars > 0 ? kLineH : 0) + ny * scale + (clipped ? kLineH : 0)};
}

namespace {

// The CRC of a PNG chunk (ISO 3309, over its type and data).
std::uint32_t png_crc(const std::string& bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(char((v >> shift) & 0xFF));
}

// An uncompressed iTXt chunk: keyword, no compression, no language, UTF-8 text.
std::string itxt_chunk(const std::string& keyword, const std::string& text) {
  std::string body = "iTXt" + keyword.substr(0, 79);
  body.push_back('\0');
  body += std::string("\0\0", 2);  // compression flag and method
  body.push_back('\0');              // language tag
  body.push_back('\0');              // translated keyword
  body += text;
  std::string chunk;
  put_u32(chunk, std::uint32_t(body.size() - 4));
  chunk += body;
  put_u32(chunk, png_crc(body));
  return chunk;
}

}  // namespace

std::string encode_png(const Image& img) {
  std::string png;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), std::size_t(size));
  };
  if (!stbi_write_png_to_func(append, &png, img.width, img.height, 3, img.rgb.data(), img.width * 3))
    throw std::runtime_error("cannot encode a PNG image of " + std::to_string(img.width) + " x " +
                             std::to_string(img.height) + " pixels");
  if (img.text.empty()) return png;
  // The signature (8 bytes) and IHDR (4 length, 4 type, 13 data, 4 CRC) come first.
  constexpr std::size_t kAfterHeader = 8 + 4 + 4 + 13 + 4;
  std::string chunks;
  for (const auto& [keyword, text] : img.text) chunks += itxt_chunk(keyword, text);
  png.insert(kAfterHeader, chunks);
  return png;
}

void write_png(const std::string& path, const Image& img) { io::write_file_atomic(path, encode_png(img)); }

}  // namespace plume::viz

// plume's own images: colour-bar ticks at round values with readable labels, clipping stated on
// the image, and PNG output through the checked, atomic write (a full disk is an error naming the
// file, never a cut image under the final name).
#include <gtest/gtest.h>
#include <cmath>
#include <filesystem>
#include <stb/stb_image.h>  // Debian's libstb carries the implementation
#include <zlib.h>
#include <algorithm>
#include <cstdint>
#include "plume/viz/image.hpp"
#include "small_filesystem.hpp"

using namespace plume;
using plume::test::read_file;
using plume::test::SmallFileSystem;

namespace {

void expect_ticks(viz::Range r, const std::vector<std::string>& expected) {
  const std::vector<double> t = viz::nice_ticks(r);
  EXPECT_EQ(viz::tick_labels(t), expected) << "range " << r.lo << " to " << r.hi;
  for (double v : t) {
    EXPECT_GE(v, r.lo - 1e-12);
    EXPECT_LE(v, r.hi + 1e-12);
  }
}

// A field rising linearly from 0 (bottom row) to 1 (top row).
std::vector<double> ramp(int nx, int ny) {
  std::vector<double> v(std::size_t(nx) * ny);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) v[std::size_t(y) * nx + x] = double(y) / (ny - 1);
  return v;
}

// Dark pixels (text) in rows [y0, y1) of the image.
int dark_pixels(const viz::Image& img, int y0, int y1) {
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < img.width; ++x) {
      const std::uint8_t* p = &img.rgb[(std::size_t(y) * img.width + x) * 3];
      n += p[0] < 64 && p[1] < 64 && p[2] < 64;
    }
  return n;
}

}  // namespace

TEST(ColourBar, TicksAreAboutFiveRoundValuesInsideTheRange) {
  // The data range of the default case's temperature at step 3000.
  expect_ticks({0.879, 1.111}, {"0.90", "0.95", "1.00", "1.05", "1.10"});
  expect_ticks({0.0, 1.0}, {"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"});
  expect_ticks({-3.2e-5, 3.2e-5}, {"-3e-05", "-2e-05", "-1e-05", "0", "1e-05", "2e-05", "3e-05"});
  expect_ticks({0.0, 0.0123}, {"0.000", "0.002", "0.004", "0.006", "0.008", "0.010", "0.012"});
  expect_ticks({1000, 25000}, {"5000", "10000", "15000", "20000", "25000"});
  expect_ticks({1.05, 1.05}, {"1.05"});  // an empty range: its one value
}

// A uniform field whose values differ by round-off only (2 and 2 + 4e-16): no tick between the
// ends (the multiples of a step that small lie beyond the integers a double holds; the loop over
// them never ended, and the image of such a state failed with std::bad_alloc).
TEST(ColourBar, ARangeOfRoundOffHasOneTickAndTheImageIsDrawn) {
  const viz::Range r{2.0, 2.0 + 4e-16};
  EXPECT_EQ(viz::nice_ticks(r), std::vector<double>{2.0});
  std::vector<double> v(64, 2.0);
  v[5] = 2.0 + 4e-16;
  const viz::Image img = viz::render_field(v, 8, 8, viz::Colormap::Inferno, r, 1, true, "T");
  EXPECT_GT(img.width, 8);
}

TEST(RenderField, ClippingByAFixedRangeIsStatedUnderTheField) {
  const int nx = 40, ny = 60, scale = 2;
  const std::vector<double> v = ramp(nx, ny);
  const viz::Image whole = viz::render_field(v, nx, ny, viz::Colormap::Inferno, {0.0, 1.0}, scale, true, "t");
  const viz::Image clipped = viz::render_field(v, nx, ny, viz::Colormap::Inferno, {0.25, 0.75}, scale, true, "t");
  const int field_bottom = 12 + ny * scale;
  EXPECT_EQ(whole.height, field_bottom) << "nothing clipped: no note";
  ASSERT_EQ(clipped.height, field_bottom + 12) << "a line for the note";
  EXPECT_GT(dark_pixels(clipped, field_bottom, clipped.height), 100) << "the note is written";
  // The note is long: the image is as wide as it needs to be for it.
  EXPECT_GT(clipped.width, whole.width);
}

TEST(RenderField, TheColourBarHasAMarkPerTick) {
  const int nx = 40, ny = 100, scale = 2;
  const viz::Range r{0.879, 1.111};
  std::vector<double> v = ramp(nx, ny);
  for (double& x : v) x = r.lo + (r.hi - r.lo) * x;
  const viz::Image img = viz::render_field(v, nx, ny, viz::Colormap::Inferno, r, scale, true);
  // The marks: black or white pixels at the bar's right edge (field, 8 px margin, 16 px bar).
  const int mark_x = nx * scale + 8 + 16 - 1;
  int marks = 0;
  for (int y = 0; y < img.height; ++y) {
    const std::uint8_t* p = &img.rgb[(std::size_t(y) * img.width + mark_x) * 3];
    marks += (p[0] == 0 && p[1] == 0 && p[2] == 0) || (p[0] == 255 && p[1] == 255 && p[2] == 255);
  }
  EXPECT_EQ(marks, 5) << "0.90 0.95 1.00 1.05 1.10";
}

TEST(WritePng, AFullDiskIsAnErrorNamingTheFileAndTheOldImageStays) {
  SmallFileSystem fs(64 * 1024);
  if (!fs.mounted()) GTEST_SKIP() << fs.reason();
  // Noise compresses badly: the PNG is larger than what is left.
  const int nx = 120, ny = 120;
  std::vector<double> v(std::size_t(nx) * ny);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::fmod(double(i) * 0.618033988749895, 1.0);
  const viz::Image img = viz::render_field(v, nx, ny, viz::Colormap::Viridis, {0, 1}, 1, false);
  const std::string path = fs / "T_000000100.png";
  viz::write_png(path, viz::render_field(ramp(8, 8), 8, 8, viz::Colormap::Viridis, {0, 1}, 1, false));
  const std::string old_image = read_file(path);
  fs.fill();
  try {
    viz::write_png(path, img);
    ADD_FAILURE() << "a PNG was written to a full disk";
  } catch (const std::runtime_error& e) {
    EXPECT_HAS(std::string(e.what()), "'" + path + "': No space left on device");
  }
  EXPECT_EQ(read_file(path), old_image);
  for (const auto& e : std::filesystem::directory_iterator(fs.path()))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
}

TEST(WritePng, TheFileHoldsTheEncodedImage) {
  plume::test::TempDir tmp;
  const viz::Image img = viz::render_field(ramp(16, 16), 16, 16, viz::Colormap::Grayscale, {0, 1}, 1, true, "x");
  viz::write_png(tmp / "a.png", img);
  const std::string png = read_file(tmp / "a.png");
  EXPECT_EQ(png, viz::encode_png(img));
  EXPECT_EQ(png.compare(0, 8, "\x89PNG\r\n\x1a\n"), 0);
  EXPECT_EQ(png.compare(png.size() - 8, 4, "IEND"), 0);
}

// The text chunks that say what a picture is (iTXt, after the header): each chunk's CRC is right
// (zlib's), viewers find the keywords and texts, and the pixels decode as before (stb_image).
TEST(WritePng, TextChunksSayWhatThePictureIsAndLeaveThePixels) {
  viz::Image img = viz::render_field(ramp(16, 8), 16, 8, viz::Colormap::Inferno, {0, 1}, 1, false, "");
  img.text = {{"Title", "temperature T_H, step 40"}, {"Comment", "model = \"d2q37\"\n[lattice]\nnx = 16 # ρ\n"}};
  const std::string png = viz::encode_png(img);
  std::vector<std::string> types;
  std::vector<std::pair<std::string, std::string>> texts;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const auto u32 = [&](std::size_t i) {
      return std::uint32_t(std::uint8_t(png[i])) << 24 | std::uint32_t(std::uint8_t(png[i + 1])) << 16 |
             std::uint32_t(std::uint8_t(png[i + 2])) << 8 | std::uint32_t(std::uint8_t(png[i + 3]));
    };
    const std::uint32_t n = u32(at);
    ASSERT_LE(at + 12 + n, png.size());
    const std::string type = png.substr(at + 4, 4), data = png.substr(at + 8, n);
    const auto* bytes = reinterpret_cast<const Bytef*>(png.data() + at + 4);
    EXPECT_EQ(u32(at + 8 + n), std::uint32_t(crc32(crc32(0L, Z_NULL, 0), bytes, uInt(n + 4)))) << type;
    types.push_back(type);
    if (type == "iTXt") {
      // keyword \0, compression flag and method, language \0, translated keyword \0, text
      const std::size_t k = data.find('\0');
      ASSERT_NE(k, std::string::npos);
      ASSERT_EQ(data.substr(k + 1, 2), std::string("\0\0", 2)) << "uncompressed";
      const std::size_t lang = data.find('\0', k + 3), translated = data.find('\0', lang + 1);
      texts.emplace_back(data.substr(0, k), data.substr(translated + 1));
    }
    at += 12 + n;
  }
  ASSERT_GE(types.size(), 5u);
  EXPECT_EQ(types[0], "IHDR");
  EXPECT_EQ(types[1], "iTXt");
  EXPECT_EQ(types[2], "iTXt");
  EXPECT_EQ(types.back(), "IEND");
  EXPECT_EQ(texts, img.text);
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()), int(png.size()), &w,
                                                &h, &channels, 3);
  ASSERT_NE(pixels, nullptr) << stbi_failure_reason();
  EXPECT_EQ(w, img.width);
  EXPECT_EQ(h, img.height);
  EXPECT_TRUE(std::equal(img.rgb.begin(), img.rgb.end(), pixels));
  stbi_image_free(pixels);
}

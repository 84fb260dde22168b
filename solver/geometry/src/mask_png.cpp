#include "plume/geometry/mask_png.hpp"
#include <fmt/format.h>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <zlib.h>
#include <memory>
#include "plume/geometry/error.hpp"
#include "plume/io/printable.hpp"
#include "read_file.hpp"
// Debian's libstb ships the implementation of stb_image; only the declarations here.
#include <stb/stb_image.h>

namespace plume::geometry {

namespace {

// Dark and opaque, in integers so that no rounding decides: 0.2126 R + 0.7152 G + 0.0722 B < 0.5
// of 255, and alpha >= 0.5 of 255.
bool solid_pixel(const unsigned char* rgba) {
  return 2126 * rgba[0] + 7152 * rgba[1] + 722 * rgba[2] < 5000 * 255 && 2 * rgba[3] >= 255;
}

std::uint32_t big_endian(const std::string& b, std::size_t at) {
  return std::uint32_t(static_cast<unsigned char>(b[at])) << 24 | std::uint32_t(static_cast<unsigned char>(b[at + 1])) << 16 |
         std::uint32_t(static_cast<unsigned char>(b[at + 2])) << 8 | std::uint32_t(static_cast<unsigned char>(b[at + 3]));
}

// Every chunk after the signature, up to IEND, whole and with the CRC of its type and data
// (stb_image checks none: a damaged file decodes to whatever its bytes give). "" or the problem.
std::string chunk_problem(const std::string& bytes) {
  std::size_t at = 8;
  for (int n = 1;; ++n) {
    if (bytes.size() - at < 12)
      return fmt::format("it ends inside chunk {} at byte {} (the file is cut short; no IEND chunk)", n, at);
    const std::uint32_t length = big_endian(bytes, at);
    const std::string type = io::printable(std::string_view(bytes).substr(at + 4, 4));
    if (length > bytes.size() - at - 12)
      return fmt::format("chunk {} ('{}', at byte {}) says it holds {} bytes, past the end of the file", n, type, at,
                         length);
    const auto* data = reinterpret_cast<const Bytef*>(bytes.data() + at + 4);
    const std::uint32_t crc = std::uint32_t(::crc32(::crc32(0L, Z_NULL, 0), data, uInt(4 + length)));
    const std::uint32_t stored = big_endian(bytes, at + 8 + length);
    if (crc != stored)
      return fmt::format("chunk {} ('{}', at byte {}) has a bad checksum (CRC {:08x}, its bytes give {:08x}): the file "
                         "is damaged",
                         n, type, at, stored, crc);
    if (type == "IEND") return "";
    at += 12 + std::size_t(length);
  }
}

}  // namespace

std::shared_ptr<SiteBitmap> read_mask_png(const std::string& path, int nx, int ny) {
  // stb_image takes the size as an int; a mask of a lattice's sites is far smaller than 1 GiB.
  const std::string bytes = read_input_file(path, "mask image", 1u << 30);
  // stb_image reads JPEG, BMP, GIF and others as well; a mask is a PNG (lossless: no compression
  // artefacts along the edges of the solids).
  static const char signature[8] = {'\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'};
  if (bytes.size() < 8 || std::memcmp(bytes.data(), signature, 8) != 0)
    throw GeometryError(fmt::format("mask image '{}' is not a PNG file (it does not start with the PNG signature)", path));
  int w = 0, h = 0, channels = 0;
  const std::unique_ptr<unsigned char, void (*)(void*)> pixels(
      stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()), int(bytes.size()), &w, &h,
                            &channels, 4),
      stbi_image_free);
  // stb_image's reasons are terse codes ("first not IHDR", "IDA"), and an unknown chunk's name is
  // the file's own bytes: said as what it means, the code quoted printable.
  if (!pixels)
    throw GeometryError(fmt::format("mask image '{}' is not a valid PNG file: it cannot be decoded (stb_image: {})",
                                    path, io::printable(stbi_failure_reason())));
  // What stb_image decoded may still be damaged: it checks no CRC.
  if (const std::string damaged = chunk_problem(bytes); !damaged.empty())
    throw GeometryError(fmt::format("mask image '{}' is not a valid PNG file: {}", path, damaged));
  auto bitmap = std::make_shared<SiteBitmap>(nx, ny);
  // Nearest neighbour: the pixel under each site's centre (mask_png.hpp).
  for (int y = 0; y < ny; ++y) {
    const long long row = (2LL * (ny - 1 - y) + 1) * h / (2LL * ny);
    for (int x = 0; x < nx; ++x) {
      const long long col = (2LL * x + 1) * w / (2LL * nx);
      if (solid_pixel(pixels.get() + 4 * (row * w + col))) bitmap->set(x, y);
    }
  }
  const std::string scaled =
      w == nx && h == ny ? "" : fmt::format(", scaled from {} x {} pixels by nearest neighbour", w, h);
  bitmap->set_description(fmt::format("{} solid sites from {}{}", bitmap->count(), path, scaled));
  return bitmap;
}

}  // namespace plume::geometry

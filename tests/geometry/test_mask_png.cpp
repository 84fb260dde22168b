// PNG masks: dark opaque pixels are solid, the image's top row is the lattice's top, other sizes
// are scaled by nearest neighbour, and anything that is not a PNG is refused by name.
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>
#include "marks.hpp"
#include "plume/geometry/error.hpp"
#include "plume/geometry/mask_png.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

// An RGBA image, row 0 at the top.
struct Picture {
  int w, h;
  std::vector<unsigned char> rgba;
  Picture(int w_, int h_) : w(w_), h(h_), rgba(std::size_t(4) * w * h, 255) {}  // white, opaque
  void set(int col, int row, unsigned char r, unsigned char g, unsigned char b, unsigned char a = 255) {
    unsigned char* p = &rgba[4 * (std::size_t(row) * w + col)];
    p[0] = r, p[1] = g, p[2] = b, p[3] = a;
  }
  void save(const std::string& path) const { ASSERT_NE(stbi_write_png(path.c_str(), w, h, 4, rgba.data(), 4 * w), 0); }
};

std::string error_of(const std::string& path) {
  try {
    geometry::read_mask_png(path, 8, 8);
  } catch (const geometry::GeometryError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(MaskPng, DarkOpaquePixelsAreSolidWithTheTopRowAtTheTop) {
  TempDir tmp;
  Picture p(12, 6);
  p.set(0, 0, 0, 0, 0);            // black, top left: site (0, 5)
  p.set(11, 5, 40, 40, 40);        // dark grey, bottom right: site (11, 0)
  p.set(5, 2, 127, 127, 127);      // luminance 127/255 < 0.5: solid, site (5, 3)
  p.set(6, 2, 128, 128, 128);      // 128/255 > 0.5: fluid
  p.set(7, 2, 255, 0, 0);          // pure red, luminance 0.2126: solid, site (7, 3)
  p.set(8, 2, 0, 255, 0);          // pure green, luminance 0.7152: fluid
  p.set(9, 4, 0, 0, 0, 100);       // black but mostly transparent: fluid
  p.set(10, 4, 0, 0, 0, 128);      // black, alpha 128/255 >= 0.5: solid, site (10, 1)
  p.save(tmp / "mask.png");
  const auto b = geometry::read_mask_png(tmp / "mask.png", 12, 6);
  const std::vector<std::uint8_t> m = test::whole(*b, 12, 6);
  EXPECT_EQ(test::solid(m), 5);
  for (auto [x, y] : {std::pair{0, 5}, {11, 0}, {5, 3}, {7, 3}, {10, 1}}) EXPECT_EQ(m[y * 12 + x], 1) << x << ", " << y;
  EXPECT_EQ(b->describe(), "5 solid sites from " + tmp / "mask.png") << "no scaling to report";
  test::expect_boxes_agree(*b, 12, 6);
}

TEST(MaskPng, AnotherSizeIsScaledByNearestNeighbour) {
  TempDir tmp;
  Picture p(20, 10);
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col) p.set(col, row, 0, 0, 0);  // the left half dark
  for (int col = 0; col < 20; ++col) p.set(col, 9, 0, 0, 0);      // and the bottom row
  p.save(tmp / "big.png");
  // Site x takes column floor((2x + 1) 20 / 14): 1, 4, 7, 10, ... so x = 0, 1, 2 are solid; site
  // y takes row floor((2 (2 - y) + 1) 10 / 6) from the top: 8, 5, 1, never the bottom row 9.
  const auto b = geometry::read_mask_png(tmp / "big.png", 7, 3);
  const std::vector<std::uint8_t> m = test::whole(*b, 7, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 7; ++x) EXPECT_EQ(m[y * 7 + x], x <= 2) << x << ", " << y;
  EXPECT_EQ(b->describe(), "9 solid sites from " + tmp / "big.png" + ", scaled from 20 x 10 pixels by nearest neighbour");
  // Smaller than the lattice: each pixel covers several sites.
  Picture q(2, 2);
  q.set(1, 0, 0, 0, 0);  // top right
  q.save(tmp / "small.png");
  const std::vector<std::uint8_t> s = test::whole(*geometry::read_mask_png(tmp / "small.png", 6, 4), 6, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) EXPECT_EQ(s[y * 6 + x], x >= 3 && y >= 2) << x << ", " << y;
}

TEST(MaskPng, WhatIsNotAPngIsRefusedByName) {
  TempDir tmp;
  EXPECT_EQ(error_of(tmp / "missing.png"), "cannot read mask image '" + tmp / "missing.png" + "': No such file or directory");
  plume::test::write_file(tmp / "text.png", "x y 1\n");
  EXPECT_EQ(error_of(tmp / "text.png"),
            "mask image '" + tmp / "text.png" + "' is not a PNG file (it does not start with the PNG signature)");
  // A BMP, which stb_image would read: not a mask.
  Picture p(4, 4);
  ASSERT_NE(stbi_write_bmp((tmp / "mask.bmp").c_str(), 4, 4, 4, p.rgba.data()), 0);
  EXPECT_NE(error_of(tmp / "mask.bmp").find("is not a PNG file"), std::string::npos);
  // The signature, then nothing a PNG decoder can use.
  plume::test::write_file(tmp / "cut.png", std::string("\x89PNG\r\n\x1a\n", 8) + "not a chunk");
  EXPECT_EQ(error_of(tmp / "cut.png").rfind("mask image '" + tmp / "cut.png" + "' is not a valid PNG file: it cannot "
                                            "be decoded (stb_image: ", 0), 0u)
      << error_of(tmp / "cut.png");
  // A chunk whose name is binary: stb_image's reason quotes the name, which is shown escaped.
  const std::string ihdr = std::string("\0\0\0\x0dIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0", 21) + std::string(4, '\0');
  plume::test::write_file(tmp / "binary.png", std::string("\x89PNG\r\n\x1a\n", 8) + ihdr + std::string(4, '\0') +
                                                 "I\x01\x02D" + std::string(4, '\0'));
  const std::string binary = error_of(tmp / "binary.png");
  EXPECT_NE(binary.find("is not a valid PNG file"), std::string::npos) << binary;
  EXPECT_NE(binary.find("I\\x01"), std::string::npos) << binary;
  for (const char c : binary) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "a raw byte " << int(c) << " in: " << binary;
}

// stb_image checks no chunk's CRC: a damaged file decoded to whatever its bytes gave. Every
// chunk's is checked, and a bad one refuses the file, naming the chunk.
TEST(MaskPng, AChunkWithABadChecksumIsRefused) {
  TempDir tmp;
  Picture p(8, 8);
  p.set(3, 4, 0, 0, 0);
  p.save(tmp / "good.png");
  ASSERT_EQ(error_of(tmp / "good.png"), "");
  const std::string good = plume::test::read_file(tmp / "good.png");
  const std::size_t idat = good.find("IDAT");
  ASSERT_NE(idat, std::string::npos);
  // The CRC alone (the pixels decode as before), then a byte of the compressed pixels.
  std::string crc = good;
  const std::size_t iend = good.find("IEND");
  crc[iend - 5] = char(crc[iend - 5] ^ 0x01);  // the last byte of IDAT's CRC, just before IEND's length
  plume::test::write_file(tmp / "crc.png", crc);
  EXPECT_EQ(error_of(tmp / "crc.png").rfind("mask image '" + tmp / "crc.png" + "' is not a valid PNG file: chunk 2 "
                                            "('IDAT', at byte 33) has a bad checksum",
                                            0),
            0u)
      << error_of(tmp / "crc.png");
  // A damaged byte of the compressed pixels: refused, by stb_image or by the checksum.
  std::string data = good;
  data[idat + 8] = char(data[idat + 8] ^ 0x10);
  plume::test::write_file(tmp / "data.png", data);
  EXPECT_NE(error_of(tmp / "data.png").find("is not a valid PNG file"), std::string::npos) << error_of(tmp / "data.png");
  // Cut short before IEND.
  plume::test::write_file(tmp / "short.png", good.substr(0, iend - 4));
  EXPECT_NE(error_of(tmp / "short.png").find("is not a valid PNG file"), std::string::npos)
      << error_of(tmp / "short.png");
}

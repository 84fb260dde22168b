// The memory estimate of a run and the check against what the host has (docs/running.md, "Memory").
#include <gtest/gtest.h>
#include "plume/io/memory.hpp"
#include "d2q37/lattice.hpp"
#include "plume/grid/layout.hpp"
#include "plume/viz/image.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

io::RunShape shape(long long nx, long long ny) {
  io::RunShape s;
  s.nx = nx;
  s.ny = ny;
  s.q = d2q37::D2Q37::Q;
  s.bytes_per_value = 8;
  s.halo = d2q37::D2Q37::reach;
  return s;
}

}  // namespace

// What a backend allocates for a tile of nx x ny sites: Q planes of the layout (make_layout), its
// rows padded to 256 bytes.
double tile_populations(int nx, int ny, int bytes) {
  return double(bytes) * double(make_layout(nx, ny, 1, d2q37::D2Q37::reach, 0, 37, std::size_t(bytes)).elements());
}

TEST(Memory, PopulationsAreTwoBuffersOfTheTileWithItsHalos) {
  io::RunShape s = shape(100, 200);
  EXPECT_DOUBLE_EQ(io::estimate_memory(s).populations, 2 * tile_populations(100, 200, 8));
  EXPECT_DOUBLE_EQ(io::estimate_memory(s).populations, 2.0 * 37 * 8 * 160 * 206) << "rows of 160 elements";
  s.bytes_per_value = 4;
  EXPECT_DOUBLE_EQ(io::estimate_memory(s).populations, 2 * tile_populations(100, 200, 4));
  s.tiles_x = 2;
  s.tiles_y = 3;  // tiles of 50 x 67 (the largest)
  EXPECT_DOUBLE_EQ(io::estimate_memory(s).populations, 2 * tile_populations(50, 67, 4));
}

// A tall, narrow lattice (2 x 300000 used 3.85 GiB where 588 MiB were estimated): its rows are
// padded to 256 bytes (2 sites in FP64 take 64 elements, not 2 + 2 halos), and its image is as wide
// as its text, whatever nx.
TEST(Memory, ATallNarrowLatticeCountsItsPaddedRowsAndTheImagesLeastWidth) {
  io::RunShape s = shape(2, 300000);
  const double estimated = io::estimate_memory(s).populations;
  EXPECT_DOUBLE_EQ(estimated, 2 * tile_populations(2, 300000, 8));
  EXPECT_GT(estimated, 7 * 2.0 * 37 * 8 * (2 + 6) * 300006) << "the padding is most of a row";
  // The image render_field makes of a 2 x 3000 field with a run's caption and a clipped range,
  // against the largest the estimate reserves for.
  const std::string title = "rho (lattice units)   step 3000   t = 3000";
  std::vector<double> v(2 * 3000);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = double(i % 7) - 3;
  const viz::Image img = viz::render_field(v, 2, 3000, viz::Colormap::Viridis, {-1, 1}, 2, true, title);
  const viz::ImageSize largest = viz::largest_field_image(2, 3000, 2, title.size(), true);
  EXPECT_EQ(img.height, largest.height) << "the caption and the clipping note";
  EXPECT_LE(img.width, largest.width);
  // An automatic range clips nothing: no note under the field.
  const viz::Image unclipped = viz::render_field(v, 2, 3000, viz::Colormap::Viridis, viz::finite_range(v), 2, true, title);
  const viz::ImageSize auto_range = viz::largest_field_image(2, 3000, 2, title.size(), false);
  EXPECT_EQ(unclipped.height, auto_range.height);
  EXPECT_LE(unclipped.width, auto_range.width);
  EXPECT_GE(unclipped.width, auto_range.width - 6 * 24) << "no wider than the widest tick labels need";
  EXPECT_GT(img.width, 50 * 2 * 2) << "the text, not the 4 pixels of the field, sets the width";
  io::RunShape small = shape(2, 3000);
  small.image_scale = 2;
  small.image_width = largest.width;
  small.image_height = largest.height;
  const io::MemoryNeed m = io::estimate_memory(small);
  // The fields and the extracted one, the RGB pixels, stb_image_write's filtered copy of them and
  // the compressed stream.
  EXPECT_DOUBLE_EQ(m.image, (small.fields + 1) * 8.0 * 6000 + 3 * 3.0 * largest.width * largest.height);
  EXPECT_GE(m.image, 3.0 * double(img.rgb.size()));
}

// In-place streaming keeps one buffer: half the populations, and the message offers it only to
// a run that has two.
TEST(Memory, InPlaceStreamingHoldsOneBufferAndIsOfferedWhenTwoDoNotFit) {
  io::RunShape s = shape(100, 200);
  s.buffers = 1;
  EXPECT_DOUBLE_EQ(io::estimate_memory(s).populations, tile_populations(100, 200, 8));
  io::RunShape big = shape(100000, 100000);
  EXPECT_HAS(io::host_memory_problem(big, io::estimate_memory(big), 1, 1e9), "run.streaming = \"in-place\"");
  big.buffers = 1;
  EXPECT_EQ(io::host_memory_problem(big, io::estimate_memory(big), 1, 1e9).find("in-place"), std::string::npos);
  SolverConfig c;
  c.streaming = Streaming::InPlace;
  EXPECT_EQ(io::run_shape(c, 1, 0).buffers, 1);
  c.streaming = Streaming::TwoBuffers;
  EXPECT_EQ(io::run_shape(c, 1, 0).buffers, 2);
}

TEST(Memory, RankZeroAlsoHoldsTheWholeLattice) {
  io::RunShape s = shape(4096, 4096);
  s.tiles_x = s.tiles_y = 2;
  const io::MemoryNeed m = io::estimate_memory(s);
  // The gathered populations (37 doubles a site) are rank 0's extra.
  EXPECT_GT(m.rank0 - m.other, 37.0 * 8 * 4096 * 4096);
  EXPECT_GT(m.other, m.populations) << "a rank holds its populations and more";
  EXPECT_DOUBLE_EQ(m.host(4), m.rank0 + 3 * m.other);
  EXPECT_EQ(m.device, 0.0);
  // With a GPU the populations move to the device; the host keeps the rest.
  s.populations_on_device = true;
  const io::MemoryNeed g = io::estimate_memory(s);
  EXPECT_GT(g.device, g.populations);
  EXPECT_GE(m.rank0 - g.rank0, m.populations);
}

TEST(Memory, AvailableMemoryIsMemAvailable) {
  TempDir tmp;
  plume::test::write_file(tmp / "meminfo", "MemTotal:       16384000 kB\nMemFree:  100 kB\nMemAvailable:    8192000 kB\n");
  EXPECT_EQ(io::available_host_memory(tmp / "meminfo"), 8192000.0 * 1024);
  plume::test::write_file(tmp / "old", "MemTotal: 16384000 kB\n");
  EXPECT_FALSE(io::available_host_memory(tmp / "old").has_value());
  EXPECT_FALSE(io::available_host_memory(tmp / "none").has_value());
  EXPECT_TRUE(io::available_host_memory().has_value()) << "this test runs on Linux";
}

TEST(Memory, TooLittleMemoryIsRefusedWithBothNumbers) {
  const io::RunShape s = shape(100000, 100000);
  const io::MemoryNeed m = io::estimate_memory(s);
  EXPECT_EQ(io::host_memory_problem(s, m, 1, m.rank0 * 1.01), "");
  const std::string p = io::host_memory_problem(s, m, 1, 8.0 * 1024 * 1024 * 1024);
  EXPECT_HAS(p, "lattice 100000 x 100000 does not fit");
  EXPECT_HAS(p, "needs about " + io::format_bytes(m.rank0));
  EXPECT_HAS(p, "has 8.00 GiB available");
  // Ranks sharing rank 0's host share its memory.
  EXPECT_NE(io::host_memory_problem(s, m, 4, m.rank0 * 1.01), "");
  EXPECT_HAS(io::host_memory_problem(s, m, 4, m.rank0 * 1.01), "the 4 ranks on this host need");
  // Against this host: a lattice of 10^12 sites fits nowhere, a tiny one everywhere.
  EXPECT_HAS(io::check_host_memory(shape(1000000, 1000000)), "does not fit");
  EXPECT_EQ(io::check_host_memory(shape(32, 48)), "");
}

// The message names what counts most: an image of 16 x 16 pixels a site outweighs FP32
// populations, and FP32 storage is not offered to a run that has it.
TEST(Memory, TheRefusalNamesWhatCountsMost) {
  io::RunShape s = shape(4096, 4096);
  s.bytes_per_value = 4;
  s.image_scale = 16;
  const io::MemoryNeed m = io::estimate_memory(s);
  EXPECT_TRUE(m.image_counts_most);
  const std::string p = io::host_memory_problem(s, m, 1, 1e9);
  EXPECT_HAS(p, "the image of the whole lattice that rank 0 renders counts most");
  EXPECT_HAS(p, "output.image_scale = 16");
  EXPECT_EQ(p.find("FP32 storage"), std::string::npos) << p;
  s.image_scale = 1;
  const io::MemoryNeed small = io::estimate_memory(s);
  EXPECT_FALSE(small.image_counts_most);
  const std::string q = io::host_memory_problem(s, small, 1, 1e9);
  EXPECT_HAS(q, "the populations");
  EXPECT_EQ(q.find("FP32 storage"), std::string::npos) << "this run has FP32 storage: " << q;
  s.bytes_per_value = 8;
  EXPECT_HAS(io::host_memory_problem(s, io::estimate_memory(s), 1, 1e9), "FP32 storage");
}

TEST(Memory, BytesAreGivenWithThreeDigits) {
  EXPECT_EQ(io::format_bytes(512), "512 B");
  EXPECT_EQ(io::format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(io::format_bytes(12.34 * (1 << 30)), "12.3 GiB");
  EXPECT_EQ(io::format_bytes(1023.9 * (1 << 20)), "1.00 GiB");
  EXPECT_EQ(io::format_bytes(45.4 * 1024.0 * (1 << 30)), "45.4 TiB");
}

// The solid sites of a whole lattice, one bit each, filled once from a file (an obstacle file, a
// PNG mask). Every rank holds the whole lattice's bitmap and marks its own block from it; bits,
// not bytes, because that copy is per rank: 32 MiB for a 16384 x 16384 lattice instead of 256.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "plume/geometry/plane.hpp"

namespace plume::geometry {

class SiteBitmap final : public PlaneGeometry {
 public:
  SiteBitmap(int nx, int ny);
  int nx() const { return nx_; }
  int ny() const { return ny_; }
  void set(int x, int y) { bits_[index(y) + x / 64] |= std::uint64_t(1) << (x % 64); }
  bool test(int x, int y) const { return (bits_[index(y) + x / 64] >> (x % 64)) & 1; }
  long long count() const;  // the solid sites
  // The line describe() returns, set by whoever filled the bitmap ("1204 solid sites from ...").
  void set_description(std::string d) { description_ = std::move(d); }
  std::string describe() const override { return description_; }

 protected:
  void mark_plane(const Box& b, std::uint8_t* out) const override;  // sites outside the lattice: fluid

 private:
  std::size_t index(int y) const { return std::size_t(y) * words_per_row_; }
  int nx_, ny_;
  std::size_t words_per_row_;
  std::vector<std::uint64_t> bits_;
  std::string description_;
};

}  // namespace plume::geometry

// The solid sites of a whole 3-D lattice, one bit each: the 3-D counterpart of SiteBitmap, filled
// once from a voxel image or a voxelised surface (adaptors/vtk). Every rank holds the whole
// lattice's bits and marks its own block from them (16 MiB for 512^3 sites). A 2-D lattice is the
// case nz = 1.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "plume/solids.hpp"

namespace plume::geometry {

class SiteVolume final : public Geometry {
 public:
  SiteVolume(int nx, int ny, int nz);
  int nx() const { return n_[0]; }
  int ny() const { return n_[1]; }
  int nz() const { return n_[2]; }
  void set(int x, int y, int z) { bits_[index(x, y, z) / 64] |= std::uint64_t(1) << (index(x, y, z) % 64); }
  bool test(int x, int y, int z) const { return (bits_[index(x, y, z) / 64] >> (index(x, y, z) % 64)) & 1; }
  long long count() const;  // the solid sites
  // The line describe() returns, set by whoever filled the volume ("2176 solid sites from ...").
  void set_description(std::string d) { description_ = std::move(d); }
  std::string describe() const override { return description_; }
  void mark(const Box& b, std::uint8_t* out) const override;  // sites outside the lattice: fluid

 private:
  std::size_t index(int x, int y, int z) const {
    return (std::size_t(z) * std::size_t(n_[1]) + std::size_t(y)) * std::size_t(n_[0]) + std::size_t(x);
  }
  int n_[3];
  std::vector<std::uint64_t> bits_;
  std::string description_;
};

}  // namespace plume::geometry

// Where a block sits in the global lattice, and boxes of sites inside it. One type for 2-D and
// 3-D: a 2-D lattice is the nz = 1 case (z0 = 0, NZ = 1), which every loop runs once.
#pragma once
#include <array>
#include <string>
#include "plume/hd.hpp"

namespace plume {

constexpr int kAxes = 3;  // x, y, z

// Which part of the global lattice a block holds.
struct Domain {
  int nx = 0, ny = 0, nz = 1;  // local interior size
  int x0 = 0, y0 = 0, z0 = 0;  // global coordinates of local (0, 0, 0)
  int NX = 0, NY = 0, NZ = 1;  // global lattice size

  // The whole lattice as one block.
  static Domain whole(int NX, int NY, int NZ = 1) { return {NX, NY, NZ, 0, 0, 0, NX, NY, NZ}; }
  PLUME_HD int size(int axis) const { return axis == 0 ? nx : axis == 1 ? ny : nz; }
  PLUME_HD int origin(int axis) const { return axis == 0 ? x0 : axis == 1 ? y0 : z0; }
  PLUME_HD int global_size(int axis) const { return axis == 0 ? NX : axis == 1 ? NY : NZ; }
  long long sites() const { return (long long)nx * ny * nz; }
  long long global_sites() const { return (long long)NX * NY * NZ; }
  bool three_d() const { return NZ > 1; }
};

// "256 x 512" or, in 3-D, "64 x 64 x 32": the global lattice in logs and messages.
std::string size_text(const Domain& global);

// A box of local interior sites, x0 <= x < x1, y0 <= y < y1, z0 <= z < z1: the unit of work of a
// step that is split into bulk and borders to overlap the halo exchange (parallel/halo_plan.hpp).
// One site of a block, in its local coordinates.
struct Site {
  int x = 0, y = 0, z = 0;
};

struct Box {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0, z0 = 0, z1 = 1;
  bool empty() const { return x1 <= x0 || y1 <= y0 || z1 <= z0; }
  long long sites() const { return empty() ? 0 : (long long)(x1 - x0) * (y1 - y0) * (z1 - z0); }
  static Box of(const Domain& d) { return {0, d.nx, 0, d.ny, 0, d.nz}; }
};

}  // namespace plume

// Storage layout of one block of populations: structure of arrays, one plane per population,
// x fastest, with `halo` ghost sites on every side. The interior of each row starts on a 128-byte
// boundary so that the stores of the pull scheme are aligned (spec section 9).
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include "plume/hd.hpp"

namespace plume {

// Which part of the global lattice a block holds.
struct Domain {
  int nx = 0, ny = 0;  // local interior size
  int x0 = 0, y0 = 0;  // global coordinates of local (0, 0)
  int NX = 0, NY = 0;  // global lattice size
};

// A rectangle of local interior sites, x0 <= x < x1, y0 <= y < y1: the unit of work of a step
// that is split into bulk and borders to overlap the halo exchange (parallel/halo_plan.hpp).
struct Box {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  long long sites() const { return empty() ? 0 : (long long)(x1 - x0) * (y1 - y0); }
};

struct Layout {
  int nx = 0, ny = 0;        // interior size
  int halo = 0;              // ghost width (the lattice's reach)
  int xoff = 0;              // row index of interior x = 0
  int pitch = 0;             // elements per row
  long long stride = 0;      // elements per population plane
  int Q = 0;                 // number of populations

  // Offset of site (x, y) inside its plane. 32-bit: make_layout keeps a plane under 2^31
  // elements, and 32-bit index arithmetic is what the GPU does at full rate.
  PLUME_HD int site(int x, int y) const { return (y + halo) * pitch + xoff + x; }
  PLUME_HD long long at(int x, int y) const { return site(x, y); }
  PLUME_HD long long at(int i, int x, int y) const { return i * stride + site(x, y); }
  long long elements() const { return stride * Q; }
};

inline Layout make_layout(int nx, int ny, int halo, int Q, std::size_t elem_bytes) {
  const int align = int(128 / elem_bytes);  // elements per 128 bytes
  Layout l;
  l.nx = nx;
  l.ny = ny;
  l.halo = halo;
  l.Q = Q;
  l.xoff = ((halo + align - 1) / align) * align;
  const long long pitch = ((l.xoff + (long long)nx + halo + align - 1) / align) * align;
  l.stride = pitch * (ny + 2LL * halo);
  if (nx <= 0 || ny <= 0 || l.stride >= (1LL << 31))
    throw std::length_error("block of " + std::to_string(nx) + " x " + std::to_string(ny) +
                            " sites: each side must be positive and one population plane (with halos) must hold "
                            "fewer than 2^31 sites");
  l.pitch = int(pitch);
  return l;
}

}  // namespace plume

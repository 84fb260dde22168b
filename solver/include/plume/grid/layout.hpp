// Storage layout of one block of populations: structure of arrays, one plane per population,
// x fastest, then y, then z, with ghost sites on every side. The interior of each row starts on a
// 256-byte boundary (kRowAlignBytes) so that the stores of the pull scheme are aligned. A 2-D
// lattice has no ghost planes in z (hz = 0): its layout, and every index into it, is the one of a
// plain 2-D array.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include "plume/grid/domain.hpp"
#include "plume/hd.hpp"

namespace plume {

struct Layout {
  int nx = 0, ny = 0, nz = 1;  // interior size
  int halo = 0;                // ghost width in x and y (the lattice's reach)
  int hz = 0;                  // ghost width in z: the reach of a 3-D lattice, 0 for a 2-D one
  int xoff = 0;                // row index of interior x = 0
  int pitch = 0;               // elements per row
  int rows = 0;                // rows per z plane, ny + 2 halo
  long long stride = 0;        // elements per population plane
  int Q = 0;                   // number of populations

  // Offset of site (x, y, z) inside its plane. 32-bit: make_layout keeps a plane under 2^31
  // elements, and 32-bit index arithmetic is what the GPU does at full rate.
  PLUME_HD int site(int x, int y, int z) const { return ((z + hz) * rows + y + halo) * pitch + xoff + x; }
  // The same in a 2-D layout (hz = 0, z = 0): the per-site code of a 2-D lattice indexes its
  // planes exactly as a plain 2-D array, with no z term.
  PLUME_HD int site(int x, int y) const { return (y + halo) * pitch + xoff + x; }
  PLUME_HD long long at(int i, int x, int y, int z) const { return i * stride + site(x, y, z); }
  PLUME_HD long long at(int i, int x, int y) const { return i * stride + site(x, y); }
  // Elements between sites one apart along axis a.
  PLUME_HD int step(int a) const { return a == 0 ? 1 : a == 1 ? pitch : pitch * rows; }
  long long elements() const { return stride * Q; }
  long long interior_sites() const { return (long long)nx * ny * nz; }
};

// Where every row's interior starts: a multiple of 256 bytes, so that a warp's 32 FP64 values
// of a row (a step's store of a plane, its loads of the planes that move along y only) are one
// aligned 256-byte piece. On 128-byte boundaries they straddle two; the D2Q37 step on an H200
// then ran at 0.877 of the copy bandwidth, at 0.92 on 256 (bench/d2q37_step, docs/benchmarks.md).
inline constexpr int kRowAlignBytes = 256;

// nz = 1 with hz = 0 for a 2-D lattice.
inline Layout make_layout(int nx, int ny, int nz, int halo, int hz, int Q, std::size_t elem_bytes) {
  const int align = int(kRowAlignBytes / elem_bytes);  // elements per row alignment
  Layout l;
  l.nx = nx;
  l.ny = ny;
  l.nz = nz;
  l.halo = halo;
  l.hz = hz;
  l.Q = Q;
  l.xoff = ((halo + align - 1) / align) * align;
  const long long pitch = ((l.xoff + (long long)nx + halo + align - 1) / align) * align;
  const long long rows = ny + 2LL * halo;
  l.stride = pitch * rows * (nz + 2LL * hz);
  if (nx <= 0 || ny <= 0 || nz <= 0 || l.stride >= (1LL << 31))
    throw std::length_error("block of " + std::to_string(nx) + " x " + std::to_string(ny) +
                            (nz > 1 ? " x " + std::to_string(nz) : std::string()) +
                            " sites: each side must be positive and one population plane (with halos) must hold "
                            "fewer than 2^31 sites");
  l.pitch = int(pitch);
  l.rows = int(rows);
  return l;
}

}  // namespace plume

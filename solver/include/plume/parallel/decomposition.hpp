// Cartesian tiling of the global lattice over ranks: which block each rank owns and how each of
// its four faces gets its halo. Pure arithmetic, no MPI: every rank computes the same answer, and
// tests run it anywhere.
//
// Tiles are numbered x fastest: rank = ty * px + tx. x is periodic (the leftmost and rightmost
// tiles are neighbours); y has walls (no neighbour below the bottom row of tiles or above the
// top row) unless the lattice is periodic in y.
#pragma once
#include <array>
#include <string>
#include "plume/grid/layout.hpp"

namespace plume::parallel {

// The faces of a tile. A message leaving face f arrives at the neighbour's face opposite(f).
enum Face : int { XLow = 0, XHigh = 1, YLow = 2, YHigh = 3 };
constexpr int kFaces = 4;
constexpr Face opposite(Face f) { return Face(f ^ 1); }
constexpr int axis_of(Face f) { return int(f) >> 1; }  // 0: x, 1: y
const char* face_name(Face f);                          // "x-low", ...

// How a face's halo is filled: None (a wall: nothing reads the halo), Self (one tile across a
// periodic direction: a copy of the tile's own opposite edge), Remote (a message from `rank`).
enum class Link : int { None = 0, Self = 1, Remote = 2 };
struct Neighbour {
  Link link = Link::None;
  int rank = -1;
};
using Neighbours = std::array<Neighbour, kFaces>;

// Tiles along x and y. 0 in a direction: chosen automatically (see perf_model.hpp).
struct Tiling {
  int px = 0, py = 0;
  bool automatic() const { return px <= 0 && py <= 0; }
  bool complete() const { return px > 0 && py > 0; }
};
// "2x3" (tiles along x, then y) or "auto". Throws std::invalid_argument naming the text.
Tiling parse_tiling(const std::string& text);
std::string to_string(const Tiling& t);

// Part k of [0, n) cut into `parts`: sizes differ by at most one, the larger parts first.
struct Range {
  int begin = 0, size = 0;
};
Range split(int n, int parts, int k);

// Smallest tile side: a tile must hold the 2 * reach + 1 sites that make its border layers
// distinct from its neighbours' (and the wall scheme reads reach + 3 rows into a wall tile).
constexpr int min_tile_side(int reach) { return 2 * reach + 1; }

// "" when `t` tiles the NX x NY lattice with every tile at least min_tile_side(reach) wide and
// tall where it has neighbours (a single tile across a direction keeps any size, as a
// one-process run does); otherwise a message naming the tiles that are too small and the lattice.
std::string tiling_problem(int NX, int NY, const Tiling& t, int reach);

class Decomposition {
 public:
  Decomposition() = default;
  // Throws std::invalid_argument with tiling_problem()'s message when the tiling does not fit.
  Decomposition(int NX, int NY, const Tiling& t, bool periodic_y, int reach);

  int NX() const { return NX_; }
  int NY() const { return NY_; }
  int px() const { return px_; }
  int py() const { return py_; }
  Tiling tiling() const { return {px_, py_}; }
  bool periodic_y() const { return periodic_y_; }
  int reach() const { return reach_; }
  int ranks() const { return px_ * py_; }

  int rank_of(int tx, int ty) const { return ty * px_ + tx; }
  int tile_x(int rank) const { return rank % px_; }
  int tile_y(int rank) const { return rank / px_; }
  Domain domain(int rank) const;
  Neighbours neighbours(int rank) const;
  // "2x2 tiles of the 62x50 lattice, 31x25 sites each" (or "31..30 x 25..24" when uneven).
  std::string describe() const;

 private:
  int NX_ = 0, NY_ = 0, px_ = 1, py_ = 1, reach_ = 0;
  bool periodic_y_ = false;
};

}  // namespace plume::parallel

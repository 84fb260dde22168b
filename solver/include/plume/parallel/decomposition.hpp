// Cartesian tiling of the global lattice over ranks: which block each rank owns and how each of
// its six faces gets its halo. Pure arithmetic, no MPI: every rank computes the same answer, and
// tests run it anywhere. A 2-D lattice is one tile thick in z and has no z neighbours.
//
// Tiles are numbered x fastest, then y, then z: rank = (tz * py + ty) * px + tx. Each direction is
// periodic (the first and last tiles along it are neighbours) or bounded (walls: no neighbour
// beyond the first and last tiles), as the model and its configuration say.
#pragma once
#include <array>
#include <string>
#include "plume/grid/domain.hpp"

namespace plume::parallel {

// The faces of a tile. A message leaving face f arrives at the neighbour's face opposite(f).
enum Face : int { XLow = 0, XHigh = 1, YLow = 2, YHigh = 3, ZLow = 4, ZHigh = 5 };
constexpr int kFaces = 2 * kAxes;
constexpr Face opposite(Face f) { return Face(f ^ 1); }
constexpr int axis_of(Face f) { return int(f) >> 1; }  // 0: x, 1: y, 2: z
const char* face_name(Face f);                          // "x-low", ...

// How a face's halo is filled: None (a wall, or z of a 2-D lattice: nothing reads the halo), Self
// (one tile across a periodic direction: a copy of the tile's own opposite edge), Remote (a
// message from `rank`).
enum class Link : int { None = 0, Self = 1, Remote = 2 };
struct Neighbour {
  Link link = Link::None;
  int rank = -1;
};
using Neighbours = std::array<Neighbour, kFaces>;

// Tiles along x, y and z. 0 in a direction: chosen automatically (see perf_model.hpp).
struct Tiling {
  int px = 0, py = 0, pz = 1;
  bool automatic() const { return px <= 0 && py <= 0; }
  bool complete() const { return px > 0 && py > 0 && pz > 0; }
  int count() const { return px * py * pz; }
  int along(int axis) const { return axis == 0 ? px : axis == 1 ? py : pz; }
};
// "2x3" (tiles along x, then y), "2x3x2" (and z) or "auto". Throws std::invalid_argument naming
// the text.
Tiling parse_tiling(const std::string& text);
std::string to_string(const Tiling& t);

// Which directions are periodic.
using Periodic = std::array<bool, kAxes>;

// Part k of [0, n) cut into `parts`: sizes differ by at most one, the larger parts first.
struct Range {
  int begin = 0, size = 0;
};
Range split(int n, int parts, int k);

// Smallest tile side: a tile must hold the 2 * reach + 1 sites that make its border layers
// distinct from its neighbours' (and the wall scheme reads reach + 3 rows into a wall tile).
constexpr int min_tile_side(int reach) { return 2 * reach + 1; }

// "" when `t` tiles the lattice of `global` with every tile at least min_tile_side(reach) long
// where it has neighbours along a direction (a single tile across a direction keeps any size, as
// a one-process run does); otherwise a message naming the tiles that are too small and the lattice.
std::string tiling_problem(const Domain& global, const Tiling& t, int reach);

class Decomposition {
 public:
  Decomposition() = default;
  // Throws std::invalid_argument with tiling_problem()'s message when the tiling does not fit.
  // `global` is the whole lattice (Domain::whole); z of a 2-D lattice (NZ = 1) is never periodic.
  Decomposition(const Domain& global, const Tiling& t, const Periodic& periodic, int reach);

  int NX() const { return global_.NX; }
  int NY() const { return global_.NY; }
  int NZ() const { return global_.NZ; }
  const Domain& global() const { return global_; }
  int px() const { return t_.px; }
  int py() const { return t_.py; }
  int pz() const { return t_.pz; }
  const Tiling& tiling() const { return t_; }
  bool periodic(int axis) const { return periodic_[axis]; }
  int reach() const { return reach_; }
  int ranks() const { return t_.count(); }

  int rank_of(int tx, int ty, int tz = 0) const { return (tz * t_.py + ty) * t_.px + tx; }
  int tile(int rank, int axis) const;
  Domain domain(int rank) const;
  Neighbours neighbours(int rank) const;
  // "2x2 tiles of the 62x50 lattice, 31x25 sites each" (or "31..30 x 25..24" when uneven).
  std::string describe() const;

 private:
  Domain global_;
  Tiling t_{1, 1, 1};
  Periodic periodic_{true, true, false};
  int reach_ = 0;
};

}  // namespace plume::parallel

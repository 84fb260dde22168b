// Where each population of a site is stored in a population buffer: population i of the site at
// index s (Layout::site) is element at[i] + s (PlaneOffsets), or planes[i][s] (Planes: a pointer
// per population). The per-site code of every model reads and writes
// through this table, so one update serves both ways of storing the populations:
//
// Two buffers (the default): the step reads one buffer and writes the other; plane i holds
// population i, at[i] = i * stride, in both.
//
// In place (one buffer; the AA pattern of Bailey, Myre, Walsh, Lilja and Bhatt, ICPP 2009): the
// steps alternate between two ways of storing the same state, the post-collision populations
// f*_i(y):
//   swapped: f*_i(y) sits in the slot of the opposite population at y itself,
//            at[i] = opposite(i) * stride;
//   shifted: f*_i(y) sits in slot i of the site it streams to, y + e_i,
//            at[i] = i * stride + (offset of e_i).
// A step from swapped to shifted reads the site's pulls, f*_j(x - e_j), from slots opposite(j) of
// x - e_j and writes f_i(x) into slot i of x + e_i; a step from shifted to swapped reads slot j of
// x itself and writes slot opposite(i) of x. Either way the slots a site writes are exactly the
// ones it read, so the step needs no second buffer and no two sites touch the same slot. The
// pull code runs unchanged: it asks for population j of site y and the table says where that is.
// (A boundary that reads a population a neighbour also reads, such as interpolated bounce-back's
// f*_i of the site itself, breaks that rule: Model::in_place_problem says which setups do.)
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/hd.hpp"
#include "plume/lattice/lattice_info.hpp"

namespace plume {

// The offset of population i of the site at index s from the start of the buffer: at[i] + s.
struct PlaneOffsets {
  static constexpr int kMaxQ = 37;  // the largest lattice's populations (D2Q37)
  long long at[kMaxQ] = {};
  PLUME_HD long long operator[](int i) const { return at[i]; }
};

// The same as the per-site code gets it (StepArgs): a pointer per population, so that each load or
// store is one multiply-add of the site's 32-bit index onto a base that a kernel holds among its
// parameters (a table of offsets costs a 64-bit addition more per access: 4 % of D3Q19's rate on
// an H200, docs/benchmarks.md). In place, the shifted way's base of a population may lie before
// the buffer by the offset of e_i; only indices of sites inside it are ever added to it.
template <class T>
struct Planes {
  T* at[PlaneOffsets::kMaxQ] = {};
  PLUME_HD T* operator[](int i) const { return at[i]; }
};

template <class T>
Planes<T> planes_of(T* base, const PlaneOffsets& o, int Q) {
  Planes<T> p;
  for (int i = 0; i < Q && i < PlaneOffsets::kMaxQ; ++i) p.at[i] = base + o[i];
  return p;
}

// Two buffers: plane i of layout l (for code that runs the per-site update on buffers of its own:
// benchmarks, tests).
template <class T>
Planes<T> plain_planes(T* base, const Layout& l) {
  Planes<T> p;
  for (int i = 0; i < l.Q && i < PlaneOffsets::kMaxQ; ++i) p.at[i] = base + i * l.stride;
  return p;
}

// How a buffer holds the state (the comment above).
enum class PlaneMap : int { Plain = 0, Swapped = 1, Shifted = 2 };

// How the buffer holds the state after a step from m: in place, the other way; with two
// buffers, plainly.
constexpr PlaneMap after_step(PlaneMap m) {
  return m == PlaneMap::Plain ? PlaneMap::Plain : m == PlaneMap::Swapped ? PlaneMap::Shifted : PlaneMap::Swapped;
}

// The population of velocity -e_i: of the planes with that velocity, the nearest in index, so
// that a lattice made of two lattices (D3Q19 + D3Q7, whose rest and axis velocities repeat) pairs
// each plane within its own part. Itself for a plane that is no velocity (a stencil's).
constexpr int opposite_plane(const LatticeInfo& lat, int i) {
  int best = i, gap = -1;
  for (int j = 0; j < lat.Q; ++j) {
    bool opposite = true;
    for (int a = 0; a < kAxes; ++a) opposite = opposite && lat.velocities[j][a] == -lat.velocities[i][a];
    const int d = j > i ? j - i : i - j;
    if (opposite && (gap < 0 || d < gap)) best = j, gap = d;
  }
  return best;
}

inline PlaneOffsets plane_offsets(const LatticeInfo& lat, const Layout& l, PlaneMap m) {
  PlaneOffsets p;
  for (int i = 0; i < lat.Q; ++i) {
    if (m == PlaneMap::Swapped) {
      p.at[i] = opposite_plane(lat, i) * l.stride;
    } else {
      p.at[i] = i * l.stride;
      if (m == PlaneMap::Shifted)
        for (int a = 0; a < kAxes; ++a) p.at[i] += (long long)lat.velocities[i][a] * l.step(a);
    }
  }
  return p;
}

}  // namespace plume

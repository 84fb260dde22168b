// What the halo exchange of one tile moves, and how a step is cut into bulk and borders.
//
// Only the planes that the neighbour reads travel: through an x face, from the boundary layer at
// depth d (d = 1..reach) the planes that the neighbour's sites read d or more sites back across
// the face (LatticeInfo::reads). For a lattice of velocities these are the populations with e_x
// pointing at the neighbour by at least d sites (for D2Q37, 15 + 8 + 3 = 26 values per boundary
// row per side); a stencil that reads its plane at both axis neighbours sends it through every
// face at depth 1. The axes travel one after the
// other, x, then y, then z; each later axis moves its layers including the halos the earlier axes
// filled, which carries the values of the diagonal neighbours without extra messages.
//
// A plan is a list of slabs per face: slab k of the send list of a face and slab k of the
// receive list of the neighbour's opposite face hold the same population at the same depth, so a
// buffer packed in slab order on one side unpacks in slab order on the other. A slab covers the
// face's cross-section, a rectangle over the two other axes (first axis fastest). Backends pack
// and unpack with a loop over (slab, position in the cross-section); on a GPU that is one kernel
// per face.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
#include "plume/grid/layout.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume::parallel {

struct HaloSlab {
  int pop;    // plane (population) index
  int layer;  // local coordinate along the face's axis; negative or >= n for halo layers
};

// The two axes across face axis a, in increasing order.
constexpr std::array<int, 2> cross_axes(int a) { return a == 0 ? std::array<int, 2>{1, 2} : a == 1 ? std::array<int, 2>{0, 2} : std::array<int, 2>{0, 1}; }

struct FacePlan {
  Neighbour peer;
  std::vector<HaloSlab> send, recv;  // send: boundary layers -> neighbour; recv: into the halo layers
  // The cross-section each slab covers, local coordinates along cross_axes(axis): [begin, begin +
  // length) per axis: the interior along axes that travel later, the whole extent with halos
  // along axes that travelled before.
  std::array<int, 2> begin{0, 0}, length{0, 0};
  std::size_t positions() const { return std::size_t(length[0]) * length[1]; }
  std::size_t values() const { return send.size() * positions(); }
};

struct HaloPlan {
  std::array<FacePlan, kFaces> face;
  int reach = 0;
  bool remote(int axis) const {
    return face[2 * axis].peer.link == Link::Remote || face[2 * axis + 1].peer.link == Link::Remote;
  }
};

// The cross-section of a face of `axis` over the two other axes: along an axis that travels
// before it, the whole extent with its `halo[a]` ghost layers (which carries edges and corners);
// along one that travels after it, the interior. Used by halo plans and periodic copies alike.
inline void cross_section(int axis, const std::array<int, 3>& size, const std::array<int, 3>& halo, int begin[2],
                          int length[2]) {
  const std::array<int, 2> cross = cross_axes(axis);
  for (int k = 0; k < 2; ++k) {
    const int a = cross[k], h = a < axis ? halo[a] : 0;
    begin[k] = -h;
    length[k] = size[a] + 2 * h;
  }
}

// Local coordinates (x, y, z) of position (u, v) of the cross-section of a face of `axis` at
// `layer`: PLUME_HD so that pack kernels share it.
PLUME_HD inline void face_site(int axis, int layer, int u, int v, int& x, int& y, int& z) {
  x = axis == 0 ? layer : u;
  y = axis == 1 ? layer : axis == 0 ? u : v;
  z = axis == 2 ? layer : v;
}

// One tile across a periodic direction `axis`: the cross-section that copy_periodic() fills, the
// same rule as a Remote face's (with the halos of the earlier axes, which carries the edges).
struct PeriodicCopy {
  int axis = 0, depth = 0;  // ghost layers 1..depth on each side
  int begin[2] = {0, 0}, length[2] = {0, 0};  // plain arrays: the struct goes to CUDA kernels
  PLUME_HD long long positions() const { return (long long)length[0] * length[1]; }
  // Ghost and image sites of item k of 2 * depth * positions(): a side (low, high) and depth, c,
  // and a position, p. Consecutive items should touch neighbouring memory: along x, the ghost
  // columns of one row (c fastest); along y and z, a row of positions (p fastest). 32-bit
  // arithmetic: a face holds far fewer than 2^31 values, and the GPU divides 32-bit integers
  // several times faster than 64-bit ones.
  PLUME_HD void sites(const Layout& l, int k, int& ghost, int& image) const {
    bool low;
    int d;
    sites(l, k, ghost, image, low, d);
  }
  // The same, with the ghost's side (low: below 0) and its depth (1..depth).
  PLUME_HD void sites(const Layout& l, int k, int& ghost, int& image, bool& low, int& d) const {
    const int n = axis == 0 ? l.nx : axis == 1 ? l.ny : l.nz;
    const int npos = length[0] * length[1];
    int c, p;
    if (axis == 0) {
      p = k / (2 * depth);
      c = k - p * 2 * depth;
    } else {
      c = k / npos;
      p = k - c * npos;
    }
    low = c < depth;
    d = low ? c + 1 : c - depth + 1;  // 1..depth
    const int v = p / length[0];
    const int u = begin[0] + (p - v * length[0]);
    int x, y, z;
    face_site(axis, low ? -d : n - 1 + d, u, begin[1] + v, x, y, z);
    ghost = l.site(x, y, z);
    face_site(axis, low ? n - d : d - 1, u, begin[1] + v, x, y, z);
    image = l.site(x, y, z);
  }
};

inline PeriodicCopy periodic_copy(const Layout& l, int axis) {
  PeriodicCopy c;
  c.axis = axis;
  c.depth = axis == 2 ? l.hz : l.halo;
  cross_section(axis, {l.nx, l.ny, l.nz}, {l.halo, l.halo, l.hz}, c.begin, c.length);
  return c;
}

// Index of position j of a face's cross-section (first cross axis fastest); 32-bit, as above.
PLUME_HD inline int face_offset(const Layout& l, int axis, int layer, const int begin[2], const int length[2], int j) {
  const int v = j / length[0];
  int x, y, z;
  face_site(axis, layer, begin[0] + (j - v * length[0]), begin[1] + v, x, y, z);
  return l.site(x, y, z);
}

// The ghost width of a block of lattice L along axis a (no z halos for a 2-D lattice).
template <class L>
constexpr int halo_width(int a) {
  return describe_lattice<L>().halo(a);
}

// Whether every face sends as many slabs as it receives: what returning pushed values needs (in
// place, HaloOps::halos_return, the receive slabs travel in the send buffer), and what every
// lattice of velocities has (each velocity has its opposite).
inline bool sends_what_it_receives(const HaloPlan& plan) {
  for (const FacePlan& f : plan.face)
    if (f.send.size() != f.recv.size()) return false;
  return true;
}

// The plan of a tile of `dom` with neighbours `nb` for a lattice (halo_plan.cpp).
HaloPlan make_halo_plan(const LatticeInfo& lattice, const Domain& dom, const Neighbours& nb);

// Face fp of `axis` as slabs a transport can copy state to state (DirectSlabs; its `state` is left
// to the caller): where each slab of layout l lies in a state buffer whose plane i starts
// plane[i] elements in, values of `value_bytes` each. A slab's positions (first cross axis
// fastest) are then row r, column c of its region: element plane[pop] + site of position
// r * length[0] + c. False, and d untouched, for a face along x, whose slabs are columns, or one of
// more slabs than DirectSlabs::kMaxSlabs.
bool direct_slabs(const Layout& l, const FacePlan& fp, int axis, const long long* plane, std::size_t value_bytes,
                  DirectSlabs& d);

// The bulk is every site whose pull stencil reads no halo that arrives during the step (Remote
// faces, and a Self face whose edges wait for a Remote exchange of an earlier axis); the borders
// are the rest, at most six boxes: z slabs over the whole tile, y strips over the bulk's z range,
// x strips over the bulk's y and z ranges.
struct StepRegions {
  Box whole, bulk;
  std::vector<Box> borders;
};
// `returning`: for a step whose exchange returns pushed values (HaloOps::halos_return), whose axes
// go in reverse order: what a late periodic copy writes then is the boundary layers of the tile,
// which the border sites own.
StepRegions step_regions(const Domain& dom, const Neighbours& nb, int reach, bool returning = false);

}  // namespace plume::parallel

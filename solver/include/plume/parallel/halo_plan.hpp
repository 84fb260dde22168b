// What the halo exchange of one tile moves, and how a step is cut into bulk and borders.
//
// Only the populations that cross a face travel: through an x face, from the boundary column at
// depth d (d = 1..reach) the populations with e_x pointing at the neighbour by at least d sites.
// For D2Q37 that is 15 + 8 + 3 = 26 values per boundary row per side (spec section 6); y faces
// likewise per column. x travels first, over the interior rows; y then moves whole rows, x halos
// included, which carries the diagonal neighbours' values without extra messages.
//
// A plan is a list of slabs per face: slab k of the send list of a face and slab k of the
// receive list of the neighbour's opposite face hold the same population at the same depth, so a
// buffer packed in slab order on one side unpacks in slab order on the other. Backends pack and
// unpack with a loop over (slab, position along the face); on a GPU that is one kernel per face.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
#include "plume/grid/layout.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume::parallel {

struct HaloSlab {
  int pop;    // population index
  int layer;  // local column (x faces) or row (y faces); negative or >= n for halo layers
};

struct FacePlan {
  Neighbour peer;
  std::vector<HaloSlab> send, recv;  // send: boundary layers -> neighbour; recv: into the halo layers
  // The run along the face that each slab covers, in local coordinates: rows [begin, begin +
  // length) for x faces (the interior rows), columns for y faces (the whole row, x halos included).
  int begin = 0, length = 0;
  std::size_t values() const { return send.size() * std::size_t(length); }
};

struct HaloPlan {
  std::array<FacePlan, kFaces> face;
  int reach = 0;
  bool remote(int axis) const {
    return face[2 * axis].peer.link == Link::Remote || face[2 * axis + 1].peer.link == Link::Remote;
  }
};

// Populations that cross one face per position along it: sum over d = 1..reach of the number of
// velocities with e_x >= d (26 for D2Q37).
template <class L>
constexpr int crossing_values() {
  int n = 0;
  for (int d = 1; d <= L::reach; ++d)
    for (int i = 0; i < L::Q; ++i) n += L::ex(i) >= d;
  return n;
}

template <class L>
HaloPlan make_halo_plan(const Domain& dom, const Neighbours& nb) {
  HaloPlan plan;
  plan.reach = L::reach;
  for (int f = 0; f < kFaces; ++f) {
    FacePlan& fp = plan.face[f];
    fp.peer = nb[f];
    const int axis = axis_of(Face(f));
    const int out = (f & 1) ? +1 : -1;  // outward direction of the face along its axis
    const int n = axis == 0 ? dom.nx : dom.ny;
    fp.begin = axis == 0 ? 0 : -L::reach;
    fp.length = axis == 0 ? dom.ny : dom.nx + 2 * L::reach;
    if (nb[f].link != Link::Remote) continue;
    for (int d = 1; d <= L::reach; ++d)
      for (int i = 0; i < L::Q; ++i) {
        const int e = axis == 0 ? L::ex(i) : L::ey(i);
        if (e * out >= d) fp.send.push_back({i, out > 0 ? n - d : d - 1});
        if (-e * out >= d) fp.recv.push_back({i, out > 0 ? n - 1 + d : -d});
      }
  }
  return plan;
}

// The bulk is every site whose pull stencil reads no halo that arrives during the step (Remote
// faces, and a Self y face whose corners wait for a Remote x exchange); the borders are the rest,
// at most four boxes: bottom and top strips over the full width, then left and right strips.
struct StepRegions {
  Box whole, bulk;
  std::vector<Box> borders;
};
StepRegions step_regions(const Domain& dom, const Neighbours& nb, int reach);

}  // namespace plume::parallel

// Reading across a periodic boundary instead of from the ghost sites. A block that spans the
// lattice along a periodic axis has its neighbours across that boundary at the other end of its
// own rows, layers or planes; a kernel that reads them there needs no ghost filled along that axis
// (on a GPU the fill is a launch of its own, and along x it touches a few bytes of every row).
#pragma once
#include "plume/grid/layout.hpp"
#include "plume/hd.hpp"

namespace plume {

// Per axis, the lattice's extent where the step reads across the periodic boundary itself, 0
// where it reads the ghost sites (which are then filled before it). Only the CUDA backend sets it
// (cuda::wrap_for), for one block spanning the lattice and for a tile along the axes it spans
// (HaloOps::reads_across); everywhere else it is all 0.
struct Wrap {
  int n[3] = {0, 0, 0};
  PLUME_HD bool any() const { return (n[0] | n[1] | n[2]) != 0; }
};

// The index shifts of one site's sources under a Wrap, for links that reach one site (D3Q19):
// a source one site below an axis' first site (coordinate -1) lies n sites up, one above its
// last (coordinate n) lies n sites down. of<ex, ey, ez>() is what to add to the index of the
// source s - e of site s; 0 away from the boundaries and along axes read from the ghosts.
struct Across {
  int low[3], high[3];  // elements added to a source below the first site / above the last one
  PLUME_HD PLUME_FORCEINLINE Across(const Wrap& w, const Layout& l, int x, int y, int z) {
    const int c[3] = {x, y, z};
    for (int k = 0; k < 3; ++k) {
      const int n = w.n[k], span = n * l.step(k);
      low[k] = n != 0 && c[k] == 0 ? span : 0;
      high[k] = n != 0 && c[k] == n - 1 ? -span : 0;
    }
  }
  template <int ex, int ey, int ez>
  PLUME_HD PLUME_FORCEINLINE int of() const {
    static_assert(ex * ex <= 1 && ey * ey <= 1 && ez * ez <= 1, "links of one site's reach");
    return along<ex>(0) + along<ey>(1) + along<ez>(2);
  }

 private:
  template <int e>
  PLUME_HD PLUME_FORCEINLINE int along(int k) const {
    if constexpr (e > 0) return low[k];  // the source is at c - 1
    else if constexpr (e < 0) return high[k];  // at c + 1
    else return 0;
  }
};

}  // namespace plume

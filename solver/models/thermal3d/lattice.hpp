// The lattices of 3-D thermal convection: D3Q7 for the temperature (rest and the six axis
// vectors, c_s^2 = 1/4), and the 26 population planes a site stores, D3Q19's nineteen for the
// flow (planes 0-18) followed by D3Q7's seven for the temperature (planes 19-25). The core sees
// the 26 planes as one lattice: each plane's velocity e(i, a) gives its halo exchange, so the
// decomposition and the halo plans work unchanged.
#pragma once
#include "plume/hd.hpp"
#include "d3q19/lattice.hpp"

namespace plume::thermal3d {

using d3q19::D3Q19;

// D3Q7: numbered as D3Q19's first seven velocities (0 rest; 1, 2 = +-x; 3, 4 = +-y; 5, 6 = +-z),
// so each velocity and its opposite are neighbours there too.
struct D3Q7 {
  static constexpr const char* name = "D3Q7";
  static constexpr int D = 3;
  static constexpr int Q = 7;
  static constexpr int reach = 1;
  static constexpr double cs2 = 0.25;
  PLUME_HD static constexpr int e(int i, int a) { return D3Q19::e(i, a); }
  PLUME_HD static constexpr double w(int i) { return i == 0 ? 0.25 : 0.125; }
  PLUME_HD static constexpr int opposite(int i) { return D3Q19::opposite(i); }
};

// The planes of a site: the flow's, then the temperature's.
struct D3Q19D3Q7 {
  static constexpr const char* name = "D3Q19+D3Q7";
  static constexpr int D = 3;
  static constexpr int kFlow = D3Q19::Q;  // the first temperature plane
  static constexpr int Q = D3Q19::Q + D3Q7::Q;
  static constexpr int reach = 1;
  PLUME_HD static constexpr int e(int i, int a) { return i < kFlow ? D3Q19::e(i, a) : D3Q7::e(i - kFlow, a); }
};

}  // namespace plume::thermal3d

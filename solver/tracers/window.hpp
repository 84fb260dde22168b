// The flow as the tracers read it: the velocity and the solid sites of this rank's block with a
// margin of kMargin sites on every side of each axis the lattice has, in global coordinates. A
// tracer this block owns moves at most one site per update (advect.hpp refuses faster), so the
// sites it interpolates between always lie in the window.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
#include "plume/grid/domain.hpp"

namespace plume::tracers {

struct Window {
  static constexpr int kMargin = 2;
  // Planes of the window: the velocity's components, then the solid sites (1 solid, 0 fluid).
  static constexpr int kUx = 0, kUy = 1, kUz = 2, kSolid = 3, kPlanes = 4;

  std::array<int, 3> n{1, 1, 1};       // the block's sites along x, y, z
  std::array<int, 3> origin{0, 0, 0};  // global coordinates of the block's first site
  std::array<int, 3> margin{kMargin, kMargin, 0};  // no margin along z on a 2-D lattice
  std::array<std::vector<double>, kPlanes> plane;

  int size(int a) const { return n[std::size_t(a)] + 2 * margin[std::size_t(a)]; }
  std::size_t sites() const { return std::size_t(size(0)) * size(1) * size(2); }
  // The offset of window coordinates (w = global - origin + margin along each axis).
  std::size_t at(int wx, int wy, int wz) const { return (std::size_t(wz) * size(1) + wy) * size(0) + wx; }
  // The offset of global site g (which must lie in the window).
  std::size_t at_global(const std::array<int, 3>& g) const {
    return at(g[0] - origin[0] + margin[0], g[1] - origin[1] + margin[1], g[2] - origin[2] + margin[2]);
  }
  // Sized for block d (dims 2 or 3), every value 0.
  void resize(const Domain& d, int dims);
};

}  // namespace plume::tracers

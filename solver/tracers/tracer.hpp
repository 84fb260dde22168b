// One passive tracer as the tracers' code keeps it: its id (kept for the whole run), its position
// in global lattice coordinates (site (x, y, z) at (x, y, z); z = 0 on a 2-D lattice) and the flow's
// velocity there at its last update (lattice units per step).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace plume::tracers {

struct Tracer {
  std::int64_t id = 0;
  std::array<double, 3> p{0, 0, 0};
  std::array<double, 3> u{0, 0, 0};
};

// The global lattice as the tracers see it: its size, which axes wrap, how many axes it has.
struct Lattice {
  std::array<int, 3> N{1, 1, 1};
  std::array<bool, 3> periodic{false, false, false};
  int dims = 2;
};

// The site a position belongs to along one axis: the nearest one, floor(p + 1/2) (a position
// half-way between two sites belongs to the upper one). Every rule of ownership (seeding,
// migration, loading) and the solid-site test use this one.
inline int nearest_site(double p) {
  const double f = p + 0.5;
  const int i = int(f);
  return f < 0 && double(i) != f ? i - 1 : i;
}

}  // namespace plume::tracers

// Passive tracer particles of a run (SolverConfig::tracers, the configuration's [tracers] table):
// points carried by the flow's velocity, drawn by plume-gui and handed to Catalyst and VTK output
// as a point set named "tracers". Every flow model (one whose fields have velocity roles) can
// carry them. The defaults here are the only statement of them.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace plume {

struct TracerConfig {
  // Where the tracers start: nowhere (no tracers), at pseudo-random places in a box, or evenly
  // along a line segment.
  enum class Seeding : int { None = 0, Region = 1, Line = 2 };
  Seeding seeding = Seeding::None;
  long count = 1000;  // tracers seeded
  // Region: opposite corners of the box; Line: its two ends. Lattice units, global coordinates
  // (site (x, y, z) at (x, y, z)); z is 0 on a 2-D lattice.
  std::array<double, 3> from{0, 0, 0}, to{0, 0, 0};
  long every = 1;           // steps between the tracers' updates
  std::uint64_t seed = 1;   // of the pseudo-random places of a region (the same for any tiling)
  bool any() const { return seeding != Seeding::None && count > 0; }
};

// "none", "region", "line" (the tracers.seed_in values), in the order of the values.
const std::vector<std::string>& tracer_seeding_names();

}  // namespace plume

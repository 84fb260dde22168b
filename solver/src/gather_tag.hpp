// The message tag of the whole-lattice gathers to rank 0 and scatters from it (solver.cpp,
// snapshot.cpp), apart from the halo messages' tags.
#pragma once

namespace plume {
constexpr int kGatherTag = 7300;
// Snapshot::gather_points: a size, then the points, from each rank (a tag of their own, so that a
// fields gather's messages can never be taken for them).
constexpr int kGatherPointsTag = 7301;
}

// The message tag of the whole-lattice gathers to rank 0 and scatters from it (solver.cpp,
// snapshot.cpp), apart from the halo messages' tags.
#pragma once

namespace plume {
constexpr int kGatherTag = 7300;
}

// The message tags of the tracers' exchanges, apart from the populations' halo messages (7100 +
// face) and the whole-lattice gathers (src/gather_tag.hpp, 7300). A pair of tags per exchange:
// + 0 for messages travelling towards the higher tile, + 1 towards the lower, so that two tiles
// that are each other's neighbours on both sides (two tiles across a periodic direction) never
// confuse the two.
#pragma once

namespace plume::tracers {
constexpr int kMarginTag = 7400;  // the velocity's margins (window_exchange.cpp)
constexpr int kCountTag = 7402;   // how many tracers migrate (migration.cpp)
constexpr int kMoveTag = 7404;    // the migrating tracers
constexpr int kSaveTag = 7406;    // every rank's tracers to rank 0 (tracers.cpp, save)
}  // namespace plume::tracers

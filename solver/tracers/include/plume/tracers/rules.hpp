// What a run's tracers (plume/tracer_config.hpp) must satisfy, stated once: the solver refuses a
// configuration that breaks a rule (Model::make_extra_state), and the application's configuration
// names the key of each problem ([tracers], docs/configuration.md).
#pragma once
#include <string>
#include <vector>
#include "plume/grid/domain.hpp"
#include "plume/tracer_config.hpp"

namespace plume::tracers {

// The most tracers a run seeds: each costs a few hundred bytes over a run (its record, the
// messages that move it), and ten million already take seconds to seed on every rank.
inline constexpr long kMaxCount = 10'000'000;

struct Problem {
  std::string about;    // "count", "every", "from", "to", "seed_in": the TracerConfig member
  std::string message;  // starts with no key: the caller prefixes its own name of it
};

// The problems of `t` on the lattice `global` (none when it seeds nothing): count outside
// [1, kMaxCount], every < 1, a corner or end outside the lattice (each coordinate in [0, N - 1],
// where the sites are), z not 0 on a 2-D lattice, a region without volume.
std::vector<Problem> problems(const TracerConfig& t, const Domain& global);

}  // namespace plume::tracers

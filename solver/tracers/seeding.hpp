// Where a run's tracers start (TracerConfig): every rank computes the same places from the
// configuration alone and keeps those its block holds, so that a tracer has the same id and
// place for any tiling.
#pragma once
#include <functional>
#include <vector>
#include "plume/tracer_config.hpp"
#include "tracer.hpp"

namespace plume::tracers {

// A counter-based draw: splitmix64 (Steele, Lea and Flood 2014) of the seed and a counter, so
// that draw k of a seed needs no draw before it.
std::uint64_t splitmix64(std::uint64_t x);
// Uniform in [0, 1): draw `k` of `seed`, 53 bits.
double uniform(std::uint64_t seed, std::uint64_t k);

// The tracers of `t` (ids 0 .. count - 1) for which keep(tracer) is true. Region: each coordinate
// of tracer id drawn uniformly between from and to (draws 3 id, 3 id + 1, 3 id + 2 of the seed);
// Line: evenly from `from` to `to`, both ends included (a line of one tracer: at `from`). z = 0 on
// a 2-D lattice (dims 2).
std::vector<Tracer> seed(const TracerConfig& t, int dims, const std::function<bool(const Tracer&)>& keep);

}  // namespace plume::tracers

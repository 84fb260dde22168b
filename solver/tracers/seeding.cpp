#include "seeding.hpp"

namespace plume::tracers {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

double uniform(std::uint64_t seed, std::uint64_t k) {
  // The seed is mixed first, so that neighbouring seeds give unrelated sequences.
  return double(splitmix64(splitmix64(seed) + k) >> 11) * 0x1.0p-53;
}

std::vector<Tracer> seed(const TracerConfig& t, int dims, const std::function<bool(const Tracer&)>& keep) {
  std::vector<Tracer> out;
  if (!t.any()) return out;
  for (long id = 0; id < t.count; ++id) {
    Tracer p;
    p.id = id;
    for (int a = 0; a < dims; ++a) {
      const double lo = t.from[std::size_t(a)], hi = t.to[std::size_t(a)];
      double s;
      if (t.seeding == TracerConfig::Seeding::Region)
        s = uniform(t.seed, 3 * std::uint64_t(id) + std::uint64_t(a));
      else
        s = t.count == 1 ? 0.0 : double(id) / double(t.count - 1);
      // The last tracer of a line stands on `to` exactly, whatever the rounding of lo + (hi - lo).
      p.p[std::size_t(a)] = s == 1.0 ? hi : lo + (hi - lo) * s;
    }
    if (keep(p)) out.push_back(p);
  }
  return out;
}

}  // namespace plume::tracers

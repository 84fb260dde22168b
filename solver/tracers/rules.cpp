#include "plume/tracers/rules.hpp"
#include <cstdio>

namespace plume::tracers {
namespace {
std::string number(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}
}  // namespace

std::vector<Problem> problems(const TracerConfig& t, const Domain& global) {
  std::vector<Problem> out;
  if (t.count < 1 || t.count > kMaxCount)
    out.push_back({"count", "= " + std::to_string(t.count) + " is out of range: must be >= 1 and <= " +
                                std::to_string(kMaxCount)});
  if (t.every < 1) out.push_back({"every", "= " + std::to_string(t.every) + " is out of range: must be >= 1"});
  if (t.seeding == TracerConfig::Seeding::None) return out;
  const int dims = global.three_d() ? 3 : 2;
  const char* axis[3] = {"x", "y", "z"};
  for (const auto& [name, p] : {std::pair<const char*, const std::array<double, 3>&>{"from", t.from}, {"to", t.to}}) {
    if (dims == 2 && p[2] != 0) {
      out.push_back({name, "has z = " + number(p[2]) + " but the lattice is two-dimensional (give [x, y])"});
      continue;
    }
    for (int a = 0; a < dims; ++a) {
      const int n = global.global_size(a);
      if (!(p[a] >= 0 && p[a] <= n - 1))
        out.push_back({name, std::string("has ") + axis[a] + " = " + number(p[a]) + ", outside the lattice (0 to " +
                                 std::to_string(n - 1) + ", where its sites are)"});
    }
  }
  if (t.seeding == TracerConfig::Seeding::Region)
    for (int a = 0; a < dims; ++a)
      if (t.from[a] == t.to[a])
        out.push_back({"to", std::string("has the same ") + axis[a] + " as from (" + number(t.to[a]) +
                                 "): a region needs volume (a line seeds along a segment)"});
  return out;
}

}  // namespace plume::tracers

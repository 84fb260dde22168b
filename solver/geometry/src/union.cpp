#include "plume/geometry/union.hpp"

namespace plume::geometry {

void Solids::mark(const Box& b, std::uint8_t* out) const {
  for (const auto& g : parts_) g->mark(b, out);
}

std::string Solids::describe() const {
  std::string s;
  for (const auto& g : parts_) s += (s.empty() ? "" : "; ") + g->describe();
  return s;
}

}  // namespace plume::geometry

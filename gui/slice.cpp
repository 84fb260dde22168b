#include "slice.hpp"
#include <algorithm>
#include <stdexcept>

namespace plume::gui {

Plane plane_of(const Slice& s, int nx, int ny, int nz) {
  const int n[3] = {nx, ny, nz};
  Plane p;
  p.axis = nz > 1 && s.axis >= 0 ? std::min(s.axis, 2) : 2;  // -1: not chosen, the z-plane
  p.position = nz > 1 ? (s.position < 0 ? n[p.axis] / 2 : std::min(s.position, n[p.axis] - 1)) : 0;
  p.u = p.axis == 0 ? 1 : 0;
  p.v = p.axis == 2 ? 1 : 2;
  p.width = n[p.u];
  p.height = n[p.v];
  return p;
}

const char* layout_name(Layout l) { return l == Layout::Three ? "three" : l == Layout::Volume ? "volume" : "one"; }

Layout layout_of(const std::string& name) {
  if (name == "one") return Layout::One;
  if (name == "three") return Layout::Three;
  if (name == "volume") return Layout::Volume;
  throw std::invalid_argument("the layout is one (a slice), three (three slices) or volume, not '" + name + "'");
}

const char* axis_name(int axis) { return axis == 0 ? "x" : axis == 1 ? "y" : "z"; }

int axis_of(const std::string& name) {
  if (name == "x") return 0;
  if (name == "y") return 1;
  if (name == "z") return 2;
  throw std::invalid_argument("the slice axis is x, y or z, not '" + name + "'");
}

}  // namespace plume::gui

// The plane of a 3-D lattice that plume-gui shows (docs/gui.md, "3-D runs"): one lattice axis held
// at one position, the other two spanning the picture. A 2-D lattice is its own z = 0 plane, so
// the 2-D path is this with nothing to choose. Host and device code (gui/interop) map the
// picture's sites to lattice sites through the same Plane.
#pragma once
#include <cstddef>
#include <string>
#include "plume/hd.hpp"

namespace plume::gui {

// The view's choice: the axis held fixed (0 x, 1 y, 2 z; -1: none chosen, z) and its position;
// -1: the middle.
struct Slice {
  int axis = 2;
  int position = -1;
};

// How the view shows a 3-D lattice: one plane (Slice); three orthogonal planes x, y and z through
// one point, side by side; or a volume rendering of the whole lattice (gui/volume.hpp).
enum class Layout : int { One = 0, Three = 1, Volume = 2 };

// The point the three planes pass through: a position on each axis, -1 the middle.
struct Point3 {
  int p[3] = {-1, -1, -1};
  bool operator==(const Point3& o) const { return p[0] == o.p[0] && p[1] == o.p[1] && p[2] == o.p[2]; }
};

// A resolved plane: picture site (a, b), a along the width, b along the height, is the lattice
// site with coordinate `position` on `axis`, a on axis u and b on axis v (u < v).
struct Plane {
  int axis = 2, position = 0;
  int u = 0, v = 1;
  int width = 1, height = 1;

  PLUME_HD void site(int a, int b, int c[3]) const {
    c[axis] = position;
    c[u] = a;
    c[v] = b;
  }
  // The index of picture site (a, b) in a field of nx x ny x nz sites, x fastest.
  PLUME_HD std::size_t index(int a, int b, int nx, int ny) const {
    int c[3];
    site(a, b, c);
    return (std::size_t(c[2]) * ny + c[1]) * nx + c[0];
  }
  bool operator==(const Plane& o) const { return axis == o.axis && position == o.position; }
};

// The plane of `s` on an nx x ny x nz lattice: the position clamped to the lattice, the middle
// for -1. A 2-D lattice (nz = 1) always gives its z = 0 plane.
Plane plane_of(const Slice& s, int nx, int ny, int nz);

// "one", "three", "volume"; and back (throws std::invalid_argument for anything else).
const char* layout_name(Layout l);
Layout layout_of(const std::string& name);

// "x", "y", "z"; and back (throws std::invalid_argument for anything else).
const char* axis_name(int axis);
int axis_of(const std::string& name);

}  // namespace plume::gui

// Drawing and erasing solid sites with the mouse, an interactive wind tunnel: a stroke is a
// segment swept by a disc (a drag of the mouse between two frames, or one dab when both ends
// are the same), and the sites it covers turn solid (draw) or fluid (erase) through
// Solver::edit_solids, one box per row of the stroke.
#pragma once
#include <vector>
#include "plume/solver.hpp"
#include "slice.hpp"

namespace plume::gui {

struct SolidStroke {
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;  // the segment, lattice coordinates (site i at i)
  double radius = 3.0;                            // sites
  bool solid = true;                              // draw solid, or erase (back to fluid)
  // On a 3-D lattice, the plane the segment lies in (its coordinates are the plane's picture
  // coordinates, gui/slice.hpp); the swept disc is one site thick. A 2-D lattice is its z = 0 plane.
  Slice plane{-1, 0};  // axis -1: the plane shown when posted (the front end says which)
};

// The sites within `radius` of the segment, clipped to the nx x ny lattice: one box per row
// (a disc swept along a segment is convex, so its sites on a row are one run).
std::vector<Box> stroke_boxes(const SolidStroke& s, int nx, int ny);
// The same on an nx x ny x nz lattice: the boxes of the stroke in its plane.
std::vector<Box> stroke_boxes(const SolidStroke& s, int nx, int ny, int nz);

// Applies the stroke to the run (the one place plume-gui edits solids); returns the number of
// sites it covers. A model without solids throws std::invalid_argument, naming it.
long edit_solids(Solver& solver, const SolidStroke& s);

}  // namespace plume::gui

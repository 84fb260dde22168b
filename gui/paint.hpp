// Painting blobs into the fluid: the brush's disc (a ball on a 3-D lattice) and profile are the GUI's, what a stroke does to
// a site is the model's (Model::paint_site: for D2Q37, hot or cold blobs). Only the brush's sites
// cross between the solver and the GUI (Solver::populations of sites), not the lattice: a stroke on
// an 8192^2 GPU lattice moves a few thousand sites' populations, not 20 GB.
#pragma once
#include <vector>
#include "plume/solver.hpp"
#include "slice.hpp"

namespace plume::gui {

struct Brush {
  double x = 0.0, y = 0.0;   // centre, lattice coordinates (y = 0: bottom row)
  double radius = 8.0;       // sites
  double strength = 0.05;    // change of the model's paint quantity at the centre (D2Q37: temperature)
  bool hot = true;           // raise (hot) or lower (cold) it
  // On a 3-D lattice, the plane (x, y) lie in: they are its picture coordinates (gui/slice.hpp),
  // and the blob is a ball around that point of the plane. A 2-D lattice is its z = 0 plane.
  Slice plane{-1, 0};  // axis -1: the plane shown when posted (the front end says which)
};

// Change of the brush at distance r from its centre: a raised-cosine profile, so the
// blob has no sharp edge to launch sound waves from.
double brush_delta_T(const Brush& b, double r);

// In the disc of the brush, changes the populations (canonical order [i][y][x], nx * ny sites)
// of every site by the brush's amount there, as the model paints (Model::paint_site). x wraps;
// y wraps when periodic_y, else the disc is clipped. Returns the number of sites changed.
long paint_populations(const Model& m, std::vector<double>& f, int nx, int ny, bool periodic_y, const Brush& b);
// The same on an nx x ny x nz lattice: a ball around the brush's point of its plane (nz = 1: the
// disc), wrapping along the axes that `periodic` says and clipped along the others.
long paint_populations(const Model& m, std::vector<double>& f, int nx, int ny, int nz, const bool periodic[3],
                       const Brush& b);

// One site a brush changes, in local coordinates, and by how much.
struct BrushSite {
  Site site;
  double amount = 0.0;
};
// The sites of the brush's disc or ball with a change (amount != 0), in the order painting visits
// them, wrapped along the periodic axes and clipped along the others.
std::vector<BrushSite> brush_sites(int nx, int ny, int nz, const bool periodic[3], const Brush& b);

// Applies the brushes in order, reading and writing only the populations of their sites. Throws
// std::invalid_argument for a model that offers no painting.
long paint(Solver& solver, const std::vector<Brush>& brushes);

}  // namespace plume::gui

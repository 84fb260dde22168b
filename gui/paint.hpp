// Painting hot or cold blobs into the fluid. The public Solver API only moves whole lattices of
// populations between host and backend, so a brush stroke costs two copies of the populations
// (37 doubles a site each way); a device-side kernel that rewrites only the disc would be the
// right tool for large GPU lattices.
#pragma once
#include <vector>
#include "plume/solver.hpp"

namespace plume::gui {

struct Brush {
  double x = 0.0, y = 0.0;   // centre, lattice coordinates (y = 0: bottom row)
  double radius = 8.0;       // sites
  double strength = 0.05;    // temperature change at the centre (T0 = 1)
  bool hot = true;           // raise (hot) or lower (cold) the temperature
};

// Temperatures a brush may produce: far outside this band the D2Q37 equilibrium (a fourth-order
// expansion about T0 = 1) loses positivity and the run would blow up.
constexpr double kPaintTmin = 0.5, kPaintTmax = 1.5;

// Temperature change of the brush at distance r from its centre: a raised-cosine profile, so the
// blob has no sharp edge to launch sound waves from.
double brush_delta_T(const Brush& b, double r);

// In the disc of the brush, replaces the populations (canonical order [i][y][x], nx * ny sites)
// by the equilibrium at the locally raised or lowered temperature, at the same pressure
// (rho T unchanged) and velocity. x wraps; y wraps when periodic_y, else the disc is clipped.
// Returns the number of sites changed.
long paint_populations(std::vector<double>& f, int nx, int ny, bool periodic_y, const Brush& b);

// Applies the brushes in order with one read and one write of the solver's populations.
long paint(Solver& solver, const std::vector<Brush>& brushes);

}  // namespace plume::gui

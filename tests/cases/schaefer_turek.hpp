// The cylinder in a channel of Schäfer and Turek (1996), the benchmark "2D-1" (Re = 20, steady)
// and "2D-2" (Re = 100, periodic), on a lattice of D sites across the cylinder, as
// assets/d2q9_cylinder*.toml set it up (docs/d2q9.md, "The cylinder in a channel"): the channel
// is 4.1 D high (ny sites between the built-in walls, half a site beyond rows 0 and ny-1) and
// 22 D long (the inlet's column x = 0 to the outlet's x = 22 D); the cylinder's centre, at
// (0.2, 0.2) in the benchmark's units (D = 0.1), is at x = 2 D and y = 2 D - 1/2 (the height of
// row y above the bottom wall is y + 1/2).
#pragma once
#include <cmath>
#include <memory>
#include <numeric>
#include <stdexcept>
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "plume/geometry/disc.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

namespace plume::test {

struct Cylinder {
  int D = 10;          // sites across the cylinder
  double Re = 20;      // U D / nu, U the mean inflow velocity
  double U = 0.05;     // the mean inflow velocity in lattice units (the centre line's is 3/2 U)
  d2q9::Bounce bounce = d2q9::Bounce::HalfWay;  // interpolated: the cylinder's true surface
  int nx() const { return 22 * D + 1; }
  int ny() const { return 41 * D / 10; }
  double xc() const { return 2.0 * D; }
  double yc() const { return 2.0 * D - 0.5; }
};

// The cylinder: the sites strictly inside the circle, whose links cross it where the circle is
// (geometry::Circle's arithmetic, without the geometry library, which GPU builds leave out).
class Disc final : public Geometry {
 public:
  Disc(double cx, double cy, double r) : cx_(cx), cy_(cy), r_(r) {}
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0, ny = b.y1 - b.y0;
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x)
          if (geometry::in_disc(x - cx_, y - cy_, r_ * r_))
            out[(std::size_t(z - b.z0) * ny + (y - b.y0)) * nx + (x - b.x0)] = 1;
  }
  double link_fraction(int x, int y, int /*z*/, int ex, int ey, int /*ez*/) const override {
    return geometry::disc_link_fraction(x - cx_, y - cy_, r_, ex, ey);
  }
  std::string describe() const override { return "cylinder"; }

 private:
  double cx_, cy_, r_;
};

inline SolverConfig schaefer_turek(const Cylinder& c, BackendKind backend = BackendKind::CPU, int threads = 1) {
  d2q9::Setup s;
  d2q9::Params& p = s.physics;
  p.collision = d2q9::Collision::TRT;
  p.equilibrium = d2q9::Equilibrium::Incompressible;  // no compressibility error: the steady Cd is the same for any U
  p.walls = true;
  p.bounce = c.bounce;
  p.inlet = {true, c.U, d2q9::Profile::Parabolic};
  p.outlet = {true, 1.0};
  p.reference.length = c.D;
  p.reference.reynolds = c.Re;
  s.initial.start = d2q9::Start::Uniform;
  SolverConfig cfg;
  cfg.model = "d2q9";
  cfg.nx = c.nx();
  cfg.ny = c.ny();
  cfg.backend = backend;
  cfg.threads = threads;
  cfg.setup = AnySetup(s);
  d2q9::parameters().derive(cfg.setup);  // tau from Re, as a configuration does
  cfg.solids = std::make_shared<Disc>(c.xc(), c.yc(), 0.5 * c.D);
  return cfg;
}

// The drag and lift coefficients 2 F / (rho_0 U^2 D) of the force on the cylinder now.
struct Coefficients {
  double cd = 0, cl = 0;
};
inline Coefficients coefficients(Solver& s, const Cylinder& c) {
  Fields f;
  s.snapshot().fields(f);
  const double fx = std::accumulate(f["force_x"].begin(), f["force_x"].end(), 0.0);
  const double fy = std::accumulate(f["force_y"].begin(), f["force_y"].end(), 0.0);
  const double q = 0.5 * c.U * c.U * c.D;
  return {fx / q, fy / q};
}

// Schäfer and Turek's pressure difference Delta p = p(0.15, 0.2) - p(0.25, 0.2) in their units
// (rho = 1, U = 0.2), from the fields now, written out here on its own (the end report's is
// d2q9::pressure_difference): at an even D the two points lie on columns xc -+ D/2, half-way
// between rows 2 D - 1 and 2 D, so p = rho / 3 is the mean of two fluid sites' there; the
// lattice's Delta p over rho_0 U^2, times 0.2^2.
inline double pressure_difference(Solver& s, const Cylinder& c) {
  if (c.D % 2 != 0) throw std::invalid_argument("pressure_difference: the points lie between the columns at odd D");
  Fields f;
  s.snapshot().fields(f);
  const int y = 2 * c.D - 1;
  const auto p = [&](int x) {
    if (f["solid"][f.at(x, y)] != 0 || f["solid"][f.at(x, y + 1)] != 0) throw std::logic_error("a solid site");
    return 0.5 * (f["rho"][f.at(x, y)] + f["rho"][f.at(x, y + 1)]) / 3.0;
  };
  return (p(2 * c.D - c.D / 2) - p(2 * c.D + c.D / 2)) / (c.U * c.U) * (0.2 * 0.2);
}

}  // namespace plume::test

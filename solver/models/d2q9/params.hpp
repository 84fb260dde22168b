// Plain parameter blocks handed to the D2Q9 per-site physics (no pointers, no containers: they
// are copied by value into CUDA kernels).
#pragma once
#include "isothermal/collision.hpp"

namespace plume::d2q9 {

// BGK or TRT; compressible or incompressible (He and Luo) equilibrium: isothermal/collision.hpp.
using isothermal::Collision;
using isothermal::Equilibrium;
// How populations meet solid sites. HalfWay: a population that would enter a solid site comes
// back to its fluid site, reversed, in the same step (the wall lies half-way between the two;
// solid sites hold no state). FullWay (the seed-001 benchmark's scheme): populations enter the
// solid site, which sends them back reversed in the next step without colliding; the wall lies
// about half-way too, but each reflection takes two steps. Interpolated (Bouzidi, Firdaouss and
// Lallemand 2001): as HalfWay, but the wall stands where the solid's surface crosses the link
// (StepArgs::links), and the population sent back is interpolated linearly to it: a curved wall
// at second order instead of a staircase at first.
enum class Bounce : int { HalfWay = 0, FullWay = 1, Interpolated = 2 };
// The inflow's velocity across the inlet: the same everywhere, or the parabola of a channel
// between the walls (zero on the walls, 3/2 of the mean on the centre line).
enum class Profile : int { Uniform = 0, Parabolic = 1 };

// A wall along x bounding the lattice in y, with half-way bounce-back: it sits half a site
// beyond the first (or last) row and moves along x at speed u.
struct Wall {
  double u = 0.0;
};

// Zou and He's velocity inlet on the first column (x = 0): the populations entering from the
// left follow from the known ones and the prescribed velocity (u, 0).
struct Inlet {
  bool on = false;
  double u = 0.0;  // mean velocity across the inlet
  Profile profile = Profile::Uniform;
};

// Zou and He's pressure outlet on the last column (x = NX - 1): the density there is rho (the
// pressure rho c_s^2), the transverse velocity 0.
struct Outlet {
  bool on = false;
  double rho = 1.0;
};

// The seed-001 benchmark's driving: before streaming, every fluid site of row `row` whose
// populations 3, 6, 7 exceed w1, w2, w2 moves w1 from 3 to 1 and w2 from 6 to 5 and from 7 to 8
// (w1 = rho a / 9, w2 = rho a / 36). row < 0: off.
struct Accelerate {
  int row = -1;
  double a = 0.0;             // the acceleration (the benchmark's `accel`)
  double w1 = 0.0, w2 = 0.0;  // derived: rho0 a / 9, rho0 a / 36
};

// The flow's scales for its dimensionless numbers: Re = U L / nu, and the drag and lift
// coefficients 2 F / (rho0 U^2 L) of the forces on the solids. velocity 0: the inlet's mean
// velocity, else the speed of the top wall relative to the bottom one. reynolds > 0 sets the
// viscosity (physics.tau) from U and L.
struct Reference {
  double length = 0.0;
  double velocity = 0.0;
  double reynolds = 0.0;
  // The centre of a body of diameter `length` (lattice coordinates: site x at x): the end report
  // gives the pressure difference between the points in front of it and behind it along x,
  // p(x - L/2, y) - p(x + L/2, y) (Schäfer and Turek's Delta p). Negative: none.
  double centre_x = -1.0, centre_y = -1.0;
  // physics.tau was given (its key set): the Reynolds number leaves it alone, and a configuration
  // with both is refused (parameters.cpp).
  bool tau_given = false;
  // physics.tau holds the value the Reynolds number set: it goes back to its default when the
  // Reynolds number is turned off (a later reference.reynolds = 0).
  bool tau_derived = false;
};

struct Params {
  Collision collision = Collision::BGK;
  Equilibrium equilibrium = Equilibrium::Compressible;
  double tau = 0.8;          // relaxation time of the shear modes: nu = (tau - 1/2) / 3
  double magic = 3.0 / 16;   // TRT: Lambda = (tau - 1/2)(tau_minus - 1/2)
  double fx = 0.0, fy = 0.0; // body force density (Guo's forcing)
  bool walls = false;        // walls below row 0 and above row ny-1; false: periodic in y
  Wall bottom, top;
  Bounce bounce = Bounce::HalfWay;  // at solid sites
  Inlet inlet;
  Outlet outlet;
  Accelerate accelerate;
  // The density solid sites report and sites that turn fluid start with (the case's density).
  double rho0 = 1.0;
  Reference reference;
};

// The velocity scale U of Reference (0: none).
inline double reference_velocity(const Params& p) {
  if (p.reference.velocity > 0) return p.reference.velocity;
  if (p.inlet.on) return p.inlet.u;
  if (p.walls) return p.top.u > p.bottom.u ? p.top.u - p.bottom.u : p.bottom.u - p.top.u;
  return 0.0;
}
inline double viscosity(const Params& p) { return (p.tau - 0.5) / 3.0; }

}  // namespace plume::d2q9

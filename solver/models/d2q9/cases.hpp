// The D2Q9 model's initial states: a uniform flow (at rest by default: the start of the channel,
// Couette and Poiseuille cases) and the Taylor–Green vortex (a decaying periodic array of
// vortices whose exact solution is known).
#pragma once
#include <cmath>
#include "plume/hd.hpp"
#include "d2q9/collision.hpp"

namespace plume::d2q9 {

enum class Start : int { Uniform = 0, TaylorGreen = 1 };

struct Initial {
  Start start = Start::Uniform;
  double rho = 1.0;             // density (the mean density of the Taylor–Green vortex)
  double ux = 0.0, uy = 0.0;    // the uniform flow's velocity
  double amplitude = 0.01;      // Taylor–Green: largest velocity, lattice units
};

// The state of global site (xg, yg): Taylor–Green with one period across the lattice in each
// direction, u = -U cos(kx x) sin(ky y), v = U (kx/ky) sin(kx x) cos(ky y), and the pressure
// that balances it, p = p0 - rho U^2 / 4 (cos(2 kx x) + (kx/ky)^2 cos(2 ky y)).
PLUME_HD inline Macro initial_state(const Initial& s, int xg, int yg, int NX, int NY) {
  if (s.start == Start::Uniform) return {s.rho, s.ux, s.uy};
  const double pi = 3.14159265358979323846;
  const double kx = 2 * pi / NX, ky = 2 * pi / NY, U = s.amplitude, r = kx / ky;
  const double ux = -U * std::cos(kx * xg) * std::sin(ky * yg);
  const double uy = U * r * std::sin(kx * xg) * std::cos(ky * yg);
  const double dp = -s.rho * U * U / 4 * (std::cos(2 * kx * xg) + r * r * std::cos(2 * ky * yg));
  return {s.rho + dp / L::cs2, ux, uy};
}

}  // namespace plume::d2q9

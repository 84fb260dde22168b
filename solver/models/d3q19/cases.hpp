// The D3Q19 model's initial states: a uniform flow (at rest by default: the start of the duct and
// Couette cases) and the 3-D Taylor–Green vortex (a periodic array of vortices that decays at
// the viscous rate while its Reynolds number is low).
#pragma once
#include <cmath>
#include "plume/hd.hpp"
#include "d3q19/collision.hpp"

namespace plume::d3q19 {

enum class Start : int { Uniform = 0, TaylorGreen = 1 };

struct Initial {
  Start start = Start::Uniform;
  double rho = 1.0;                     // density (the mean density of the Taylor–Green vortex)
  double ux = 0.0, uy = 0.0, uz = 0.0;  // the uniform flow's velocity
  double amplitude = 0.01;              // Taylor–Green: largest velocity, lattice units
};

// The state of global site (xg, yg, zg): Taylor–Green with one period across the lattice in each
// direction, u = U sin(kx x) cos(ky y) cos(kz z), v = -U (kx/ky) cos(kx x) sin(ky y) cos(kz z),
// w = 0 (divergence-free), with the pressure of the classic vortex,
// p = p0 + rho U^2 / 16 (cos(2 kx x) + (kx/ky)^2 cos(2 ky y)) (cos(2 kz z) + 2), which balances its
// inertia exactly on a cube (kx = ky = kz). The velocity is an eigenmode of the Laplacian: at low
// Reynolds number it decays as exp(-nu (kx^2 + ky^2 + kz^2) t).
PLUME_HD inline Macro initial_state(const Initial& s, int xg, int yg, int zg, int NX, int NY, int NZ) {
  if (s.start == Start::Uniform) return {s.rho, s.ux, s.uy, s.uz};
  const double pi = 3.14159265358979323846;
  const double kx = 2 * pi / NX, ky = 2 * pi / NY, kz = 2 * pi / NZ, U = s.amplitude, r = kx / ky;
  const double ux = U * std::sin(kx * xg) * std::cos(ky * yg) * std::cos(kz * zg);
  const double uy = -U * r * std::cos(kx * xg) * std::sin(ky * yg) * std::cos(kz * zg);
  const double dp = s.rho * U * U / 16 * (std::cos(2 * kx * xg) + r * r * std::cos(2 * ky * yg)) *
                    (std::cos(2 * kz * zg) + 2);
  return {s.rho + dp / L::cs2, ux, uy, 0.0};
}

}  // namespace plume::d3q19

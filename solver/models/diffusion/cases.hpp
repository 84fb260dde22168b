// The diffusion model's initial states, functions of a site's global coordinates (so that every
// tiling starts from the same numbers):
// - sine: T = T0 + A sin(2 pi kx x / NX) sin(2 pi ky y / NY) sin(2 pi kz z / NZ), integer wave
//   numbers on the periodic box; an axis with wave number 0, or of one site (z in 2-D), has no
//   factor (the mode is constant along it). The stencil maps such a mode onto itself, times
//   decay_factor() per step.
// - blob: a hot Gaussian blob, T = T0 + A exp(-|x - c|^2 / (2 w^2)), centred on the lattice.
#pragma once
#include <cmath>
#include "plume/hd.hpp"

namespace plume::diffusion {

enum class Start : int { Sine = 0, Blob = 1 };

struct Initial {
  Start start = Start::Sine;
  double background = 0.0;  // T0
  double amplitude = 1.0;   // A
  int k[3] = {1, 1, 1};     // the sine's wave numbers along x, y, z (periods across the lattice)
  double width = 4.0;       // the blob's Gaussian width w, sites
};

// Whether the sine mode has a factor along an axis of N sites with wave number k.
PLUME_HD inline bool sine_axis(int k, int N) { return k != 0 && N > 1; }

// The factor of one axis of the sine mode at global coordinate c of N (1 where it has none).
PLUME_HD inline double sine_factor(int k, int c, int N) {
  if (!sine_axis(k, N)) return 1.0;
  return std::sin(2 * 3.14159265358979323846 * double(k) * c / N);
}

PLUME_HD inline double initial_value(const Initial& s, int xg, int yg, int zg, int NX, int NY, int NZ) {
  if (s.start == Start::Sine)
    return s.background +
           s.amplitude * sine_factor(s.k[0], xg, NX) * sine_factor(s.k[1], yg, NY) * sine_factor(s.k[2], zg, NZ);
  const double dx = xg - 0.5 * (NX - 1), dy = yg - 0.5 * (NY - 1), dz = zg - 0.5 * (NZ - 1);
  return s.background + s.amplitude * std::exp(-(dx * dx + dy * dy + dz * dz) / (2 * s.width * s.width));
}

// The sine mode's exact factor per step under the scheme (site.hpp): the stencil's eigenvalue,
// 1 - 4 r (sin^2(pi kx / NX) + sin^2(pi ky / NY) + sin^2(pi kz / NZ)).
inline double decay_factor(double r, const int k[3], const int N[3]) {
  double s = 0;
  for (int a = 0; a < 3; ++a) {
    if (!sine_axis(k[a], N[a])) continue;
    const double h = std::sin(3.14159265358979323846 * k[a] / N[a]);
    s += h * h;
  }
  return 1.0 - 4.0 * r * s;
}

}  // namespace plume::diffusion

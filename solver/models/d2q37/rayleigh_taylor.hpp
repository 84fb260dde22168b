// Rayleigh–Taylor initial state (spec section 7): hot light fluid below, cold heavy fluid above,
// discrete hydrostatic balance, u = 0, f = f_eq. Every random number is a hash of the seed and a
// global index, so the state is the same whatever the number of threads, ranks or GPUs.
#pragma once
#include <cmath>
#include <cstdint>
#include "plume/hd.hpp"

namespace plume::d2q37 {

enum class Perturbation : int { Single = 0, Multi = 1, Random = 2 };

struct InitialState {
  double T_down = 1.05, T_up = 0.95;  // temperatures below and above the interface
  double rho_bottom = 1.0;            // density in row 0
  double eps = 10.0;                  // interface half-thickness (sites)
  double height = 0.5;                // interface mean height, fraction of NY
  Perturbation perturbation = Perturbation::Multi;
  double amplitude = 4.0;             // interface displacement (sites)
  int mode = 4;                       // wavenumber (periods per NX) of the single mode
  int kmin = 4, kmax = 32;            // modes of the multi-mode perturbation
  std::uint64_t seed = 1;
};

// splitmix64: a good 64-bit mix, cheap on host and device.
PLUME_HD inline std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
// Uniform in [0, 1) from (seed, stream, index).
PLUME_HD inline double hash_uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  const std::uint64_t h = mix64(mix64(seed ^ mix64(stream)) + index);
  return double(h >> 11) * (1.0 / 9007199254740992.0);
}

// Interface height y_c at global column xg.
PLUME_HD inline double interface_height(const InitialState& s, int xg, int NX, int NY) {
  const double two_pi = 6.283185307179586476925;
  const double y0 = s.height * (NY - 1);
  switch (s.perturbation) {
    case Perturbation::Single:
      return y0 + s.amplitude * std::cos(two_pi * s.mode * xg / NX);
    case Perturbation::Multi: {
      double sum = 0.0;
      const int n = s.kmax - s.kmin + 1;
      for (int k = s.kmin; k <= s.kmax; ++k)
        sum += std::cos(two_pi * (double(k) * xg / NX + hash_uniform(s.seed, 1, k)));
      return y0 + s.amplitude * sum * std::sqrt(2.0 / n);  // RMS displacement = amplitude
    }
    default:  // one random displacement per column, in [-amplitude, amplitude)
      return y0 + s.amplitude * (2.0 * hash_uniform(s.seed, 2, xg) - 1.0);
  }
}

PLUME_HD inline double rt_temperature(const InitialState& s, double yc, int yg) {
  return s.T_down + (s.T_up - s.T_down) * 0.5 * (std::tanh((yg - yc) / s.eps) + 1.0);
}

// Calls emit(yg, rho, T) for global rows y_begin <= yg < y_end of column xg. The hydrostatic
// recurrence rho(y) = rho(y-1) (T(y-1) - g) / T(y) runs from row 0, so every decomposition of
// the column gets the same numbers.
template <class Emit>
PLUME_HD void rt_column(const InitialState& s, double g, int xg, int NX, int NY, int y_begin, int y_end,
                        Emit&& emit) {
  const double yc = interface_height(s, xg, NX, NY);
  double rho = s.rho_bottom;
  double T = rt_temperature(s, yc, 0);
  for (int y = 0; y < y_end; ++y) {
    if (y > 0) {
      const double Tn = rt_temperature(s, yc, y);
      rho = rho * (T - g) / Tn;
      T = Tn;
    }
    if (y >= y_begin) emit(y, rho, T);
  }
}

}  // namespace plume::d2q37

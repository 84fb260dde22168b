// The initial states of 3-D thermal convection, the same for every run of a setup (no random
// numbers): Rayleigh–Bénard, the conductive profile between the walls with a small perturbation
// of one wavenumber; Rayleigh–Taylor, cold (heavy) fluid over hot (light) fluid with a perturbed
// interface half-way up.
#pragma once
#include <cmath>
#include "plume/hd.hpp"
#include "thermal3d/collision.hpp"

namespace plume::thermal3d {

enum class Start : int { RayleighBenard = 0, RayleighTaylor = 1 };

struct Initial {
  Start start = Start::RayleighBenard;
  double amplitude = 0.01;  // the perturbation: of T, in units of t_hot - t_cold (RB); of the
                            // interface's height, in units of nz (RT)
  int kx = 1, ky = 0;       // its wavenumbers: periods across the lattice along x and y
  double width = 1.0;       // RT: the interface's thickness, sites (tanh profile)
};

struct SiteStart {
  Macro m;
  double T;
};

// The state of global site (xg, yg, zg). The flow starts at rest; in Rayleigh–Bénard its density
// holds the conductive profile's buoyancy (hydrostatic: c_s^2 d rho / dz = F_z), so that only the
// perturbation moves it.
PLUME_HD inline SiteStart initial_state(const Initial& s, const Params& p, int xg, int yg, int zg, int NX, int NY,
                                        int NZ) {
  const double pi = 3.14159265358979323846;
  const double dT = p.t_hot - p.t_cold, H = NZ, zeta = zg + 0.5;  // the walls lie at zeta = 0 and H
  const double mode = std::cos(2 * pi * s.kx * (xg + 0.5) / NX) * std::cos(2 * pi * s.ky * (yg + 0.5) / NY);
  if (s.start == Start::RayleighBenard) {
    const double T = p.t_hot - dT * zeta / H + s.amplitude * dT * mode * std::sin(pi * zeta / H);
    // integral of buoyancy (T_conduction - t_ref) from 0 to zeta
    const double p_h = p.buoyancy * ((p.t_hot - p.t_ref) * zeta - dT * zeta * zeta / (2 * H));
    return {{1.0 + p_h / D3Q19::cs2, 0.0, 0.0, 0.0}, T};
  }
  const double interface = H / 2 + s.amplitude * H * mode;
  const double T = p.t_cold + dT * 0.5 * (1.0 - std::tanh((zeta - interface) / s.width));
  return {{1.0, 0.0, 0.0, 0.0}, T};
}

}  // namespace plume::thermal3d

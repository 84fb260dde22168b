// The temperature's physics of one site: D3Q7's equilibrium g_i = w_i T (1 + e_i.u / c_s^2),
// its BGK relaxation, the buoyancy it puts on the flow, and the anti-bounce-back of a wall at a
// fixed temperature. The flow's physics is D3Q19's (isothermal/collision.hpp) with the buoyancy
// as its Guo force.
#pragma once
#include "thermal3d/lattice.hpp"
#include "thermal3d/params.hpp"
#include "isothermal/collision.hpp"

namespace plume::thermal3d {

using Macro = isothermal::Macro<3>;
using Force = isothermal::Force<3>;

PLUME_HD PLUME_FORCEINLINE double temperature_equilibrium(int i, double T, const Macro& m) {
  const double eu = D3Q7::e(i, 0) * m.ux + D3Q7::e(i, 1) * m.uy + D3Q7::e(i, 2) * m.uz;
  return D3Q7::w(i) * T * (1.0 + eu / D3Q7::cs2);
}

// T = sum g_i (the collision keeps it).
PLUME_HD PLUME_FORCEINLINE double temperature(const double* g) {
  double T = 0;
  static_for<D3Q7::Q>([&](auto i) { T += g[i]; });
  return T;
}

// BGK in place, advected with the fluid's velocity u: tau_t = 1/2 + kappa / c_s^2.
PLUME_HD PLUME_FORCEINLINE void collide_temperature(double* g, double T, const Macro& m, double tau_t) {
  const double w = 1.0 / tau_t;
  static_for<D3Q7::Q>([&](auto i) { g[i] += w * (temperature_equilibrium(i, T, m) - g[i]); });
}

// The Boussinesq body force density F = -rho beta (T - T_ref) g, with g = -|g| z.
PLUME_HD PLUME_FORCEINLINE Force buoyancy(const Params& p, double rho, double T) {
  return {0.0, 0.0, rho * p.buoyancy * (T - p.t_ref)};
}

// The population g_i that a wall at temperature T_w sends back when g*_o (o = opposite(i)) left
// towards it: anti-bounce-back, g_i = -g*_o + 2 w_i T_w, which puts T_w half-way between the
// last site and its ghost (the fluid at rest there).
PLUME_HD PLUME_FORCEINLINE double anti_bounce_back(int i, double g_out, double T_wall) {
  return -g_out + 2.0 * D3Q7::w(i) * T_wall;
}

}  // namespace plume::thermal3d

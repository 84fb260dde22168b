// The parameters the isothermal models share (D2Q9, D3Q19), each stated once: the collision, the
// equilibrium, the relaxation time and TRT's magic parameter (section physics of a setup S whose
// `physics` holds collision, equilibrium, tau and magic), and the rule that keeps lattice speeds
// well below the speed of sound.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>
#include "isothermal/names.hpp"
#include "plume/parameters.hpp"

namespace plume::isothermal {

template <class S>
void add_relaxation(std::vector<Parameter>& t) {
  using namespace plume::parameter;
  t.push_back(choice<S>("physics", "collision",
                        "collision: bgk = one relaxation time, trt = two (the odd moments relax at the rate "
                        "that physics.magic sets; walls then sit exactly half-way for any tau)",
                        collision_names(), [](auto& s) -> auto& { return s.physics.collision; }));
  t.push_back(choice<S>("physics", "equilibrium",
                        "equilibrium: compressible = the usual second-order one, incompressible = He and Luo's "
                        "(momentum carried by the reference density 1)",
                        equilibrium_names(), [](auto& s) -> auto& { return s.physics.equilibrium; }));
  t.push_back(real<S>("physics", "tau", "time steps",
                      "relaxation time of the shear stress; kinematic viscosity nu = (tau - 1/2) / 3",
                      [](auto& s) -> auto& { return s.physics.tau; })
                  .min(0.5, true)
                  .note("the viscosity (tau - 1/2) / 3 must be positive"));
  t.push_back(real<S>("physics", "magic", "", "TRT's magic parameter Lambda = (tau - 1/2)(tau_odd - 1/2); 3/16 "
                                               "puts bounce-back walls exactly half-way",
                      [](auto& s) -> auto& { return s.physics.magic; })
                  .min(0, true));
}

// The initial state (section initial of a setup S whose `initial` holds start, rho, ux, uy (uz
// in 3-D) and amplitude): the start, with its meaning and names, then the density, the uniform
// flow's D components and the Taylor–Green vortex's amplitude.
template <class S, int D>
void add_initial(std::vector<Parameter>& t, const char* start_meaning, const std::vector<std::string>& starts) {
  using namespace plume::parameter;
  const char* velocity = "lattice units (sites per step)";
  t.push_back(choice<S>("initial", "start", start_meaning, starts, [](auto& s) -> auto& { return s.initial.start; }));
  t.push_back(real<S>("initial", "rho", "lattice density", "density (the mean density of the vortex)",
                      [](auto& s) -> auto& { return s.initial.rho; })
                  .min(0, true));
  t.push_back(real<S>("initial", "ux", velocity, "velocity along x of the uniform start",
                      [](auto& s) -> auto& { return s.initial.ux; }));
  t.push_back(real<S>("initial", "uy", velocity, "velocity along y of the uniform start",
                      [](auto& s) -> auto& { return s.initial.uy; }));
  if constexpr (D == 3)
    t.push_back(real<S>("initial", "uz", velocity, "velocity along z of the uniform start",
                        [](auto& s) -> auto& { return s.initial.uz; }));
  t.push_back(real<S>("initial", "amplitude", velocity, "largest velocity of the Taylor-Green vortex",
                      [](auto& s) -> auto& { return s.initial.amplitude; })
                  .min(0));
}

// Lattice Boltzmann holds for speeds well below the lattice's speed of sound, 1/sqrt(3) = 0.577:
// a problem about `key` when |u| reaches 0.4.
inline void check_speed(std::vector<SetupProblem>& problems, const char* key, double u) {
  if (std::abs(u) >= 0.4)
    problems.push_back({key, std::string(key) + " = " + parameter::number_text(u) +
                                 " is too fast: lattice speeds must stay well below the speed of sound 0.577 (at "
                                 "most 0.4, better below 0.1)"});
}

// A moving wall's speed given while that wall is off: the run would ignore it (periodic there), so
// the configuration says so instead of running a flow other than the one asked for. `wall`: the
// key that turns the wall on.
inline void check_wall_speed(std::vector<SetupProblem>& problems, const char* key, double u, bool on,
                             const char* wall) {
  if (u != 0 && !on)
    problems.push_back({key, std::string(key) + " = " + parameter::number_text(u) + " is given, but " + wall +
                                 " = false: there is no wall to move (set " + wall + " = true, or leave out " +
                                 key + ")"});
}

// "initial.ux, initial.uy = 0.3, 0.3": the components of a vector that are not 0, and their count.
inline int nonzero_components(const std::vector<const char*>& keys, const std::vector<double>& v, std::string& text) {
  std::string named, values;
  int n = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != 0) {
      named += (n ? ", " : "") + std::string(keys[i]);
      values += (n ? ", " : "") + parameter::number_text(v[i]);
      ++n;
    }
  text = named + " = " + values;
  return n;
}

// |v|, scaled so that finite components never overflow (1e300 stays 1e300).
inline double magnitude(const std::vector<double>& v) {
  double largest = 0, sum = 0;
  for (double c : v) largest = std::max(largest, std::abs(c));
  if (largest == 0 || !std::isfinite(largest)) return largest;
  for (double c : v) sum += (c / largest) * (c / largest);
  return largest * std::sqrt(sum);
}

// A velocity given by components (the uniform start's ux, uy, uz): its magnitude, not each
// component, must stay below the speed limit.
inline void check_velocity(std::vector<SetupProblem>& problems, const std::vector<const char*>& keys,
                           const std::vector<double>& u) {
  std::string given;
  if (nonzero_components(keys, u, given) <= 1) {
    for (std::size_t i = 0; i < u.size(); ++i) check_speed(problems, keys[i], u[i]);
    return;
  }
  const double speed = magnitude(u);
  if (speed >= 0.4)
    problems.push_back({keys[0], given + " is too fast: the speed |u| = " + parameter::approx_text(speed) +
                                     " must stay well below the speed of sound 0.577 (at most 0.4, better below 0.1)"});
}

// A body force density F accelerates the fluid by |F| / rho per step: from 0.1 on (the speed a flow
// should stay below) it passes the speed limit within a few steps. `keys` and `f`: its components;
// `rho`: the fluid's density.
inline void check_force(std::vector<SetupProblem>& problems, const std::vector<const char*>& keys,
                        const std::vector<double>& f, double rho) {
  const double gain = magnitude(f) / rho;
  if (!(rho > 0) || !std::isfinite(gain) || gain < 0.1) return;  // values out of range are refused by their keys
  std::string given;
  nonzero_components(keys, f, given);
  problems.push_back({keys[0], given + " is too strong: it changes the velocity by |F| / rho = " +
                                   parameter::approx_text(gain) + " per step (initial.rho = " +
                                   parameter::number_text(rho) +
                                   "), which must stay below 0.1, or the flow passes the speed of sound 0.577 within "
                                   "a few steps"});
}

// The Taylor-Green vortex is one period of sines across the lattice each way: on an axis of 2 sites
// or fewer sin(2 pi x / n) is 0 on every site, and the vortex's velocity with it.
inline void check_taylor_green(std::vector<SetupProblem>& problems, long long nx, long long ny) {
  const char* why = "it is one period of the vortex across the lattice each way, which fewer sites cannot hold "
                    "(its velocity would be 0 on every site)";
  lattice_rule::at_least(problems, "nx", nx, 3, "the Taylor-Green start", why);
  lattice_rule::at_least(problems, "ny", ny, 3, "the Taylor-Green start", why);
}

// An inlet needs an outlet and the other way round: a channel open at one end only has no steady
// flow.
inline void check_open_ends(std::vector<SetupProblem>& problems, bool inlet, bool outlet) {
  if (inlet != outlet)
    problems.push_back({inlet ? "inlet.enabled" : "outlet.enabled",
                        std::string(inlet ? "inlet.enabled" : "outlet.enabled") + " = true needs " +
                            (inlet ? "outlet.enabled" : "inlet.enabled") +
                            " = true as well: a channel open at one end only has no steady flow"});
}

}  // namespace plume::isothermal

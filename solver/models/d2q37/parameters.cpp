// D2Q37's parameters (plume/parameters.hpp): the sections physics, walls and initial of a run's
// configuration, its default case, the wall temperatures that follow the case, and the rules
// across parameters that a setup must keep.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "d2q37/model.hpp"
#include "d2q37/names.hpp"
#include "d2q37/registration.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q37 {
namespace {

using namespace plume::parameter;
using T = ParameterType;

const char* kTemperature = "lattice temperature (T0 = 1)";

// A temperature of the case: > 0, and below 2 T0.
Parameter temperature(Parameter p) {
  return p.min(0, true).max(2, true).note(
      "the D2Q37 equilibrium is an expansion about T0 = 1, whose populations turn negative from 2 T0 on");
}

// The member of the physics or of the case that a parameter reaches.
#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }
#define PLUME_INITIAL(member) [](auto& s) -> auto& { return s.initial.member; }

// walls.bottom_T and walls.top_T: the wall's temperature; setting it fixes it, else it follows
// the case's temperature on that side.
Parameter wall_temperature(const char* name, const char* meaning, const char* followed,
                           std::optional<double> Setup::*given) {
  Parameter p = described("walls", name, T::Float, kTemperature, meaning);
  const bool bottom = std::string(name) == "bottom_T";
  p.get = [bottom](const AnySetup& a) -> ParameterValue {
    const PhysicsParams& ph = a.as<Setup>().physics;
    return bottom ? ph.bottom.T : ph.top.T;
  };
  p.set = [bottom, given](AnySetup& a, const ParameterValue& v) {
    Setup& s = a.as<Setup>();
    s.*given = (bottom ? s.physics.bottom.T : s.physics.top.T) = std::get<double>(v);
  };
  p.follows = [given, followed](const AnySetup& a) -> std::string { return a.as<Setup>().*given ? "" : followed; };
  return temperature(p);
}

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  t.push_back(choice<Setup>("physics", "collision",
                            "collision model: rtrt = regularised three-relaxation-time (the production model), "
                            "bgk = single relaxation time with shifted equilibrium",
                            collision_names(), PLUME_PHYSICS(model)));
  {
    Parameter g = described("physics", "gravity", T::Float, "lattice units (sites per time unit squared)",
                            "|g|, the gravitational acceleration; it points down (-y)");
    g.get = [](const AnySetup& a) -> ParameterValue { return -a.as<Setup>().physics.gy; };
    g.set = [](AnySetup& a, const ParameterValue& v) {
      a.as<Setup>().physics.gx = 0.0;
      a.as<Setup>().physics.gy = -std::get<double>(v);
    };
    t.push_back(g.min(0));
  }
  t.push_back(real<Setup>("physics", "k1", "lattice units (dynamic viscosity)",
                          "RTRT shear-stress relaxation: tau1 = 1/2 + k1/(rho T); sets the viscosity", PLUME_PHYSICS(k1))
                  .min(0, true)
                  .note("tau1 = 1/2 + k1/(rho T) must exceed 1/2"));
  t.push_back(real<Setup>("physics", "k2", "lattice units (conductivity)",
                          "RTRT heat-flux relaxation: tau2 = 1/2 + k2/(rho T); sets the thermal conductivity",
                          PLUME_PHYSICS(k2))
                  .min(0, true)
                  .note("tau2 = 1/2 + k2/(rho T) must exceed 1/2"));
  t.push_back(real<Setup>("physics", "k3", "", "RTRT relaxation of the 4th-order moments: tau3 = 1/2 + k3",
                          PLUME_PHYSICS(k3))
                  .min(0)
                  .note("tau3 = 1/2 + k3 must be at least 1/2"));
  t.push_back(real<Setup>("physics", "tau", "time steps",
                          "BGK relaxation time; kinematic viscosity nu = (tau - 1/2) T dt", PLUME_PHYSICS(tau))
                  .min(0.5, true)
                  .note("BGK is unstable for tau <= 1/2"));
  // [walls]
  t.push_back(boolean<Setup>("walls", "enabled", "solid no-slip walls at y = 0 and y = ny-1 (false: periodic in y)",
                             PLUME_PHYSICS(walls)));
  t.push_back(choice<Setup>("walls", "bottom", "bottom wall: fixed temperature, or adiabatic (zero normal gradient)",
                            wall_kind_names(), PLUME_PHYSICS(bottom.kind)));
  t.push_back(wall_temperature("bottom_T", "temperature of a fixed bottom wall (default: initial.T_down)",
                               "initial.T_down", &Setup::bottom_T));
  t.push_back(choice<Setup>("walls", "top", "top wall: fixed temperature, or adiabatic (zero normal gradient)",
                            wall_kind_names(), PLUME_PHYSICS(top.kind)));
  t.push_back(wall_temperature("top_T", "temperature of a fixed top wall (default: initial.T_up)", "initial.T_up",
                               &Setup::top_T));
  // [initial]
  t.push_back(temperature(real<Setup>("initial", "T_down", kTemperature,
                                      "temperature below the interface (hot, light fluid)", PLUME_INITIAL(T_down))));
  t.push_back(temperature(real<Setup>("initial", "T_up", kTemperature,
                                      "temperature above the interface (cold, heavy fluid)", PLUME_INITIAL(T_up))));
  t.push_back(real<Setup>("initial", "rho_bottom", "lattice density", "density in row 0 (hydrostatic balance above it)",
                          PLUME_INITIAL(rho_bottom))
                  .min(0, true));
  t.push_back(real<Setup>("initial", "eps", "sites", "interface half-thickness: T follows tanh((y - y_c)/eps)",
                          PLUME_INITIAL(eps))
                  .min(0, true));
  t.push_back(
      real<Setup>("initial", "height", "fraction of ny", "mean height of the interface", PLUME_INITIAL(height))
          .min(0, true)
          .max(1, true));
  t.push_back(choice<Setup>("initial", "perturbation",
                            "interface perturbation: single = one cosine mode, multi = modes kmin..kmax with random "
                            "phases, random = a random displacement per column",
                            perturbation_names(), PLUME_INITIAL(perturbation)));
  t.push_back(real<Setup>("initial", "amplitude", "sites",
                          "interface displacement (single: cosine amplitude, multi: RMS, random: largest)",
                          PLUME_INITIAL(amplitude))
                  .min(0));
  t.push_back(integer<Setup>("initial", "mode", "periods per nx", "wavenumber of the single-mode perturbation",
                             PLUME_INITIAL(mode))
                  .min(0));
  t.push_back(integer<Setup>("initial", "kmin", "periods per nx", "lowest wavenumber of the multi-mode perturbation",
                             PLUME_INITIAL(kmin))
                  .min(1));
  t.push_back(integer<Setup>("initial", "kmax", "periods per nx", "highest wavenumber of the multi-mode perturbation",
                             PLUME_INITIAL(kmax))
                  .min(1));
  t.push_back(integer<Setup>("initial", "seed", "",
                             "seed of the random phases and displacements (the state does not depend on threads or ranks)",
                             PLUME_INITIAL(seed))
                  .min(0));
  return t;
}

#undef PLUME_PHYSICS
#undef PLUME_INITIAL

// Walls not given a temperature take the case's on their side.
void derive(AnySetup& a) {
  Setup& s = a.as<Setup>();
  s.physics.bottom.T = s.bottom_T.value_or(s.initial.T_down);
  s.physics.top.T = s.top_T.value_or(s.initial.T_up);
}

// The Rayleigh–Taylor case of the configuration that sets nothing (assets/rayleigh_taylor.toml
// spells it out).
AnySetup default_case() {
  Setup s;
  PhysicsParams& p = s.physics;
  p.model = CollisionModel::RTRT;
  p.gx = 0.0;
  p.gy = -1e-3;
  p.k1 = p.k2 = 0.005;
  p.k3 = 0.5;
  p.tau = 0.6;
  p.walls = true;
  p.bottom.kind = p.top.kind = WallKind::Fixed;
  InitialState& c = s.initial;
  c.T_down = 1.1;
  c.T_up = 0.9;
  c.rho_bottom = 1.0;
  c.eps = 4.0;
  c.height = 0.5;
  c.perturbation = Perturbation::Multi;
  c.amplitude = 3.0;
  c.mode = 4;
  c.kmin = 3;
  c.kmax = 10;
  c.seed = 1;
  AnySetup a(s);
  derive(a);
  return a;
}

// RTRT's shear relaxation time tau1 = 1/2 + k1/(rho T) is largest where the pressure rho T is
// least, at the top of the hydrostatic profile, which row by row keeps rho T (1 - g/T) >= rho T (1 -
// g/Tmin) of the row below. Beyond kMaxTau1 time steps the mean free path exceeds 100 sites, the
// fluid is no continuum on the lattice and the collision turns unstable (k1 = 700, rho_bottom =
// 1e-6 or gravity = 0.3 on the 32-row default blow up within a few steps).
constexpr double kMaxTau1 = 100;

void check_relaxation(const Setup& setup, long long ny, std::vector<SetupProblem>& problems) {
  const PhysicsParams& p = setup.physics;
  const InitialState& s = setup.initial;
  const double g = -p.gy, Tmin = std::min(s.T_down, s.T_up);
  // Values out of their own ranges are refused by their keys, not through tau1.
  for (double v : {p.k1, s.rho_bottom, Tmin, g})
    if (!std::isfinite(v)) return;
  if (p.model != CollisionModel::RTRT || p.k1 <= 0 || s.rho_bottom <= 0 || Tmin <= 0 || g < 0 || g >= Tmin || ny < 1)
    return;
  const double least = s.rho_bottom * Tmin * std::pow(1 - g / Tmin, double(ny - 1));
  const double tau1 = 0.5 + p.k1 / least;
  if (tau1 < kMaxTau1) return;
  problems.push_back(
      {"physics.k1", "physics.k1 = " + number_text(p.k1) + " gives the initial state a shear relaxation time tau1 = "
                     "1/2 + k1/(rho T) of up to " + approx_text(tau1) + " (rho T falls to " + approx_text(least) +
                     ": initial.rho_bottom = " + number_text(s.rho_bottom) + ", T down to " + number_text(Tmin) +
                     ", physics.gravity = " + number_text(g) + " over ny = " + std::to_string(ny) +
                     " rows): it must stay below " + number_text(kMaxTau1) +
                     " time steps, beyond which the mean free path exceeds 100 sites and the RTRT collision turns "
                     "unstable; lower physics.k1 or physics.gravity, or raise initial.rho_bottom or the "
                     "temperatures"});
}

// An interface displaced by more than the lattice's height lies outside it wherever it is
// displaced: the case has no interface. (Less, it leaves the lattice only in places, which a small
// lattice may well want.)
void check_interface(const InitialState& s, long long ny, std::vector<SetupProblem>& problems) {
  if (ny >= 1 && std::isfinite(s.amplitude) && s.amplitude > double(ny - 1))
    problems.push_back({"initial.amplitude", "initial.amplitude = " + number_text(s.amplitude) +
                                                 " displaces the interface beyond the lattice: it must be at most "
                                                 "its height, ny - 1 = " + std::to_string(ny - 1) + " rows"});
}

std::vector<SetupProblem> check(const AnySetup& a, long long nx, long long ny, long long /*nz*/) {
  std::vector<SetupProblem> problems;
  const auto add = [&](std::string about, std::string message) {
    problems.push_back({std::move(about), std::move(message)});
  };
  const Setup& setup = a.as<Setup>();
  const InitialState& s = setup.initial;
  const PhysicsParams& p = setup.physics;
  const int reach = D2Q37::reach;
  if (p.walls && ny < 2 * reach + 1)
    add("ny", "ny = " + std::to_string(ny) + " is too small for walls: each wall takes " + std::to_string(reach) +
                  " rows, so ny must be >= " + std::to_string(2 * reach + 1));
  const double g = -p.gy, Tmin = std::min(s.T_down, s.T_up);
  if (g >= Tmin && Tmin > 0)
    add("physics.gravity",
        "physics.gravity = " + number_text(g) +
            " is too large: the hydrostatic density rho(y) = rho(y-1) (T(y-1) - g)/T(y) turns negative unless "
            "gravity < min(initial.T_down, initial.T_up) = " + number_text(Tmin));
  check_relaxation(setup, ny, problems);
  check_interface(s, ny, problems);
  // A lattice narrower than the halo is refused by lattice.nx itself; its modes are not compared
  // with it.
  if (nx < reach) return problems;
  const long long nyquist = nx / 2;
  const auto unresolved = [&](const char* key, int k) {
    add(key, std::string(key) + " = " + std::to_string(k) + " exceeds nx/2 = " + std::to_string(nyquist) +
                 ": the lattice cannot resolve that mode");
  };
  if (s.perturbation == Perturbation::Multi) {
    if (s.kmax < s.kmin)
      add("initial.kmax", "initial.kmax = " + std::to_string(s.kmax) + " is below initial.kmin = " +
                              std::to_string(s.kmin));
    if (s.kmax > nyquist) unresolved("initial.kmax", s.kmax);
  }
  if (s.perturbation == Perturbation::Single && s.mode > nyquist) unresolved("initial.mode", s.mode);
  return problems;
}

}  // namespace

const Parameters& parameters() {
  // Nothing follows the lattice size.
  static const Parameters p{make_list(), default_case, derive, check, {}, {},
                            "nx, ny >= 3 (the halo), ny >= 7 with walls (3 rows each)"};
  return p;
}

}  // namespace plume::d2q37

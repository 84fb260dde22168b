// The thermal convection model's parameters (plume/parameters.hpp): the sections physics,
// reference and initial of a run's configuration, its default case, the lattice values that the
// Rayleigh, Prandtl and Atwood numbers give, and the rules a setup must keep.
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include "thermal3d/model.hpp"
#include "thermal3d/names.hpp"
#include "thermal3d/registration.hpp"
#include "isothermal/parameters.hpp"
#include "plume/parameters.hpp"

namespace plume::thermal3d {
namespace {

using namespace plume::parameter;

#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }
#define PLUME_INITIAL(member) [](auto& s) -> auto& { return s.initial.member; }

// A value that the Rayleigh number sets unless it is given (`given` reaches its flag): it follows
// reference.rayleigh while that sets it.
template <class Flag>
Parameter derived_unless_given(Parameter p, Flag given) {
  p = marks_given<Setup>(p, given);
  p.follows = [given](const AnySetup& a) -> std::string {
    const Setup& s = a.as<Setup>();
    return s.physics.reference.derived && !given(s) ? "reference.rayleigh" : "";
  };
  return p;
}

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  isothermal::add_relaxation<Setup>(t);  // collision, equilibrium, tau, magic
  Parameter& tau = find(t, "physics.tau");
  tau = derived_unless_given(tau, PLUME_PHYSICS(reference.tau_given));
  t.push_back(derived_unless_given(
      real<Setup>("physics", "tau_t", "time steps",
                  "relaxation time of the temperature (D3Q7): thermal diffusivity kappa = (tau_t - 1/2) / 4",
                  PLUME_PHYSICS(tau_t))
          .min(0.5, true)
          .note("the diffusivity (tau_t - 1/2) / 4 must be positive"),
      PLUME_PHYSICS(reference.tau_t_given)));
  t.push_back(derived_unless_given(
      real<Setup>("physics", "buoyancy", "lattice units",
                  "beta |g|: the body force density rho beta |g| (T - t_ref) along +z (gravity along -z)",
                  PLUME_PHYSICS(buoyancy)),
      PLUME_PHYSICS(reference.buoyancy_given)));
  t.push_back(real<Setup>("physics", "t_ref", "lattice units", "temperature at which the fluid feels no buoyancy",
                          PLUME_PHYSICS(t_ref)));
  t.push_back(real<Setup>("physics", "t_hot", "lattice units", "temperature of the wall below z = 0",
                          PLUME_PHYSICS(t_hot)));
  t.push_back(real<Setup>("physics", "t_cold", "lattice units", "temperature of the wall above z = nz-1",
                          PLUME_PHYSICS(t_cold)));
  // [reference]
  t.push_back(real<Setup>("reference", "rayleigh", "",
                          "Rayleigh number beta |g| dT H^3 / (nu kappa): when > 0, with reference.prandtl, "
                          "reference.height and reference.velocity, it sets physics.tau, tau_t and buoyancy (which are then left "
                          "out)",
                          PLUME_PHYSICS(reference.rayleigh))
                  .min(0));
  t.push_back(real<Setup>("reference", "prandtl", "", "Prandtl number nu / kappa", PLUME_PHYSICS(reference.prandtl))
                  .min(0));
  {
    // The distance between the walls is the lattice's depth: it follows lattice.nz unless given.
    Parameter h = real<Setup>("reference", "height", "sites",
                              "distance H between the walls: the lattice's depth lattice.nz (default: lattice.nz)",
                              PLUME_PHYSICS(reference.height));
    h = marks_given<Setup>(h, PLUME_PHYSICS(reference.height_given));
    h.follows = [](const AnySetup& a) -> std::string {
      return a.as<Setup>().physics.reference.height_given ? "" : "lattice.nz";
    };
    t.push_back(h.min(0));
  }
  t.push_back(real<Setup>("reference", "velocity", "lattice units (sites per step)",
                          "free-fall velocity U = sqrt(beta |g| dT H) in lattice units: the lattice's Mach number",
                          PLUME_PHYSICS(reference.velocity))
                  .min(0, true));
  t.push_back(real<Setup>("reference", "atwood", "",
                          "Atwood number (rho_heavy - rho_light) / (rho_heavy + rho_light) = beta dT / 2 of a "
                          "Rayleigh-Taylor layer: with the buoyancy it gives beta and |g| (reported)",
                          PLUME_PHYSICS(reference.atwood))
                  .min(0));
  // [initial]
  t.push_back(choice<Setup>("initial", "start",
                            "initial state: rayleigh_benard = the conductive profile between the walls plus a "
                            "perturbation of T; rayleigh_taylor = cold (heavy) fluid over hot (light) fluid, the "
                            "interface half-way up and perturbed",
                            start_names(), PLUME_INITIAL(start)));
  t.push_back(real<Setup>("initial", "amplitude", "",
                          "the perturbation: of T in units of t_hot - t_cold (rayleigh_benard), of the interface's "
                          "height in units of nz (rayleigh_taylor)",
                          PLUME_INITIAL(amplitude)));
  t.push_back(integer<Setup>("initial", "kx", "", "the perturbation's periods across the lattice along x",
                             PLUME_INITIAL(kx))
                  .min(0));
  t.push_back(integer<Setup>("initial", "ky", "", "the perturbation's periods across the lattice along y",
                             PLUME_INITIAL(ky))
                  .min(0));
  t.push_back(real<Setup>("initial", "width", "sites", "rayleigh_taylor: thickness of the interface (tanh profile)",
                          PLUME_INITIAL(width))
                  .min(0, true));
  return t;
}

#undef PLUME_PHYSICS
#undef PLUME_INITIAL

// The lattice of a configuration that names none: 16 sites between the walls, and 32 along x and
// y, about one wavelength 2 pi / k_c = 2.016 H of the rolls at onset.
constexpr std::array<int, 3> kDefaultLattice = {32, 32, 16};

// What a configuration that sets nothing runs: Rayleigh–Bénard at Ra = 5000, Pr = 1 (above onset),
// with TRT (Lambda = 3/16 puts the walls exactly half-way, as the onset needs), on that lattice.
AnySetup default_case() {
  Setup s;
  s.physics.collision = Collision::TRT;
  s.physics.reference.rayleigh = 5000;
  s.physics.reference.prandtl = 1;
  s.physics.reference.height = kDefaultLattice[2];  // follows the lattice's depth (fit)
  return AnySetup(s);
}

// H follows the lattice's depth until it is given.
void fit(AnySetup& a, long long /*nx*/, long long /*ny*/, long long nz) {
  Reference& r = a.as<Setup>().physics.reference;
  if (!r.height_given) r.height = double(nz);
}

// Whether the Rayleigh number sets the lattice values: it and what it needs are given (finite,
// in range; a bad one is refused by its own key, not through the values it would set).
bool sets_lattice_values(const Params& p) {
  const Reference& r = p.reference;
  const double dT = p.t_hot - p.t_cold;
  for (double v : {r.rayleigh, r.prandtl, r.height, r.velocity, dT})
    if (!std::isfinite(v)) return false;
  return r.rayleigh > 0 && r.prandtl > 0 && r.height > 0 && r.velocity > 0 && dT != 0;
}

// The lattice values of the physical inputs: with H, U and dT, Ra = U^2 H^2 / (nu kappa) and
// Pr = nu / kappa give nu = U H sqrt(Pr / Ra), kappa = U H / sqrt(Ra Pr), beta |g| = U^2 / (dT H).
// A value given stays the user's (check() refuses it together with a Rayleigh number); turned off
// again (a later reference.rayleigh = 0), the Rayleigh number leaves the values it had set at
// their defaults.
struct LatticeValues {
  double tau, tau_t, buoyancy;
};
LatticeValues from_rayleigh(const Params& p) {  // where sets_lattice_values(p)
  const Reference& r = p.reference;
  const double U = r.velocity, H = r.height, dT = p.t_hot - p.t_cold;
  return {0.5 + 3.0 * U * H * std::sqrt(r.prandtl / r.rayleigh), 0.5 + 4.0 * U * H / std::sqrt(r.rayleigh * r.prandtl),
          U * U / (dT * H)};
}

void derive(AnySetup& a) {
  Params& p = a.as<Setup>().physics;
  p.walls_y = false;
  p.walls_z = true;
  Reference& r = p.reference;
  const bool on = sets_lattice_values(p);
  if (on || r.derived) {
    const Params defaults;
    const LatticeValues v = on ? from_rayleigh(p) : LatticeValues{defaults.tau, defaults.tau_t, defaults.buoyancy};
    if (!r.tau_given) p.tau = v.tau;
    if (!r.tau_t_given) p.tau_t = v.tau_t;
    if (!r.buoyancy_given) p.buoyancy = v.buoyancy;
  }
  r.derived = on;
}

// A number of sites as written: 20, not number_text's shortest 2e+01.
std::string whole_text(double v) {
  return v == std::floor(v) && std::fabs(v) < 1e15 ? std::to_string((long long)v) : number_text(v);
}

// A value given that the Rayleigh number would set: one of the two must go. The very value it
// would set is no conflict: configurations and checkpoints written before given values were told
// from derived ones hold the derived ones as if given (to the last bit: numbers are written so).
void check_given(const Params& p, std::vector<SetupProblem>& problems) {
  const std::string ra = "reference.rayleigh = " + number_text(p.reference.rayleigh);
  const std::optional<LatticeValues> set =
      sets_lattice_values(p) ? std::optional<LatticeValues>(from_rayleigh(p)) : std::nullopt;
  const auto conflict = [&](bool given, const char* key, double v, double LatticeValues::*which) {
    if (given && !(set && same_value(v, (*set).*which)))
      problems.push_back({key, std::string(key) + " = " + number_text(v) + " is given, but " + ra +
                                   " sets physics.tau, tau_t and buoyancy from the Rayleigh and Prandtl numbers: "
                                   "leave out " + key + ", or set reference.rayleigh = 0 to give them yourself"});
  };
  conflict(p.reference.tau_given, "physics.tau", p.tau, &LatticeValues::tau);
  conflict(p.reference.tau_t_given, "physics.tau_t", p.tau_t, &LatticeValues::tau_t);
  conflict(p.reference.buoyancy_given, "physics.buoyancy", p.buoyancy, &LatticeValues::buoyancy);
}

// The relaxation times the reference numbers set, named by those numbers: tau = 1/2 exactly (a
// Rayleigh number too high, or a Prandtl number too far from 1, for U H in double precision) is no
// viscosity or diffusivity a lattice can have.
void check_derived(const Params& p, std::vector<SetupProblem>& problems) {
  const Reference& r = p.reference;
  const std::string numbers = "reference.rayleigh = " + number_text(r.rayleigh) + " and reference.prandtl = " +
                              number_text(r.prandtl) + " (U = " + number_text(r.velocity) +
                              ", H = " + whole_text(r.height) + ")";
  const auto bad = [](double tau) { return !(tau > 0.5 && std::isfinite(tau)); };
  if (!r.tau_given && bad(p.tau))
    problems.push_back({"reference.rayleigh", numbers + " set physics.tau = 1/2 + 3 U H sqrt(Pr / Ra) = " +
                                                  number_text(p.tau) +
                                                  ", and tau must be a finite number > 0.5 (a positive viscosity)"});
  if (!r.tau_t_given && bad(p.tau_t))
    problems.push_back({"reference.rayleigh", numbers + " set physics.tau_t = 1/2 + 4 U H / sqrt(Ra Pr) = " +
                                                  number_text(p.tau_t) +
                                                  ", and tau_t must be a finite number > 0.5 (a positive diffusivity)"});
  // The largest speed at which the lattice Boltzmann update is linearly stable falls to 0 as tau
  // approaches 1/2 (Sterling and Chen, J. Comput. Phys. 123, 196, 1996): plume takes it as
  // 8 (tau - 1/2), so that a relaxation time closer to 1/2 than U/8 is refused, the flow reaching
  // about the free-fall velocity U (in words: a grid Reynolds number U / nu of at most 24, a grid
  // Peclet number U / kappa of at most 32). Ra = 1e30 on 16 sites (tau - 1/2 = 2.4e-15) blew up at
  // step 1740; the shipped cases keep the bound (Ra = 1e6 on 48 sites: 0.0072 >= 0.00625). Through
  // tau - 1/2 = 3 U H sqrt(Pr / Ra) and tau_t - 1/2 = 4 U H / sqrt(Ra Pr) the bound is one on Ra
  // by the lattice's depth, whatever U: Ra <= 576 H^2 Pr and Ra <= 1024 H^2 / Pr.
  const double least = r.velocity / 8;
  const auto near_half = [&](double tau, const char* key, const char* formula, double ra_most) {
    if (!(tau > 0.5 && std::isfinite(tau)) || tau - 0.5 >= least) return;
    problems.push_back({"reference.rayleigh",
                        numbers + " set " + key + " = " + formula + " = " + number_text(tau) + ": " + key +
                            " - 1/2 = " + approx_text(tau - 0.5) + " is below U/8 = " + number_text(least) +
                            ", and the update is unstable where the flow's speed exceeds 8 (" + key +
                            " - 1/2); on H = " + whole_text(r.height) + " sites at this Prandtl number the "
                            "lattice holds Ra up to " + approx_text(ra_most) +
                            ": lower reference.rayleigh, or use a deeper lattice (lattice.nz)"});
  };
  const double H2 = r.height * r.height;
  if (!r.tau_given) near_half(p.tau, "physics.tau", "1/2 + 3 U H sqrt(Pr / Ra)", 576 * H2 * r.prandtl);
  if (!r.tau_t_given) near_half(p.tau_t, "physics.tau_t", "1/2 + 4 U H / sqrt(Ra Pr)", 1024 * H2 / r.prandtl);
  if (!r.buoyancy_given && !std::isfinite(p.buoyancy))
    problems.push_back({"reference.rayleigh", numbers + " set physics.buoyancy = U^2 / (dT H) = " +
                                                  number_text(p.buoyancy) + " with dT = t_hot - t_cold = " +
                                                  number_text(p.t_hot - p.t_cold) + ": it must be a finite number"});
}

// The least lattice: three layers between the walls across z.
constexpr const char* kLeastLattice =
    "nz >= 3 (the walls across z: the flow of a convection roll rises, turns and sinks between them)";

// The lattice's depth between the walls, and perturbation modes it resolves: cos(2 pi k (x + 1/2)
// / n) is 0 on every site at k = n/2.
void check_lattice(const Initial& init, long long nx, long long ny, long long nz,
                   std::vector<SetupProblem>& problems) {
  lattice_rule::at_least(problems, "nz", nz, 3, "convection between the walls",
                         "the flow of a roll rises, turns and sinks between them, in 3 layers at least");
  const auto resolved = [&](const char* key, const char* axis, int k, long long n) {
    if (k != 0 && n > 1 && 2LL * k >= n)
      problems.push_back({key, std::string(key) + " = " + std::to_string(k) + " must be below " + axis + "/2 = " +
                                   number_text(n / 2.0) + ": the lattice resolves no finer perturbation (at " + axis +
                                   "/2 it is 0 on every site)"});
  };
  resolved("initial.kx", "nx", init.kx, nx);
  resolved("initial.ky", "ny", init.ky, ny);
}

// The perturbation's amplitude: of T in units of t_hot - t_cold, at most that difference itself
// (beyond, the fluid leaves the temperature range whose buoyancy the reference numbers scale, and
// a huge one is no finite state); of the interface's height in units of nz, less than half of it
// (the interface, half-way up, stays between the walls).
void check_amplitude(const Initial& init, std::vector<SetupProblem>& problems) {
  const double A = std::abs(init.amplitude);
  const std::string given = "initial.amplitude = " + number_text(init.amplitude);
  if (init.start == Start::RayleighBenard && A > 1)
    problems.push_back({"initial.amplitude", given + " is too large: the perturbation of T, in units of t_hot - "
                                                     "t_cold, must be at most 1 (the walls' difference itself)"});
  if (init.start == Start::RayleighTaylor && A >= 0.5)
    problems.push_back({"initial.amplitude", given + " displaces the interface, half-way up, beyond the walls: in "
                                                     "units of nz it must be below 0.5"});
}

std::vector<SetupProblem> check(const AnySetup& a, long long nx, long long ny, long long nz) {
  std::vector<SetupProblem> problems;
  const Params& p = a.as<Setup>().physics;
  const Reference& r = p.reference;
  check_lattice(a.as<Setup>().initial, nx, ny, nz, problems);
  check_amplitude(a.as<Setup>().initial, problems);
  if (r.rayleigh > 0) {
    check_given(p, problems);
    if (r.derived) check_derived(p, problems);
    if (r.prandtl <= 0)
      problems.push_back({"reference.prandtl", "reference.rayleigh needs reference.prandtl > 0 (nu / kappa)"});
    if (r.height != double(nz))
      problems.push_back({"reference.height", "reference.height = " + whole_text(r.height) +
                                                  " must be the distance between the walls, lattice.nz = " +
                                                  std::to_string(nz) + " (left out, it follows lattice.nz)"});
    if (p.t_hot == p.t_cold)
      problems.push_back({"physics.t_hot", "reference.rayleigh needs a temperature difference t_hot - t_cold"});
    isothermal::check_speed(problems, "reference.velocity", r.velocity);
  }
  if (r.atwood >= 0.5)
    problems.push_back({"reference.atwood", "reference.atwood = " + number_text(r.atwood) +
                                                " is too large for the Boussinesq model (beta dT / 2 must be small)"});
  return problems;
}

}  // namespace

const Parameters& parameters() {
  static const Parameters p{make_list(), default_case, derive, check, fit, kDefaultLattice, kLeastLattice};
  return p;
}

}  // namespace plume::thermal3d

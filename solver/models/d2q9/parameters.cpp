// D2Q9's parameters (plume/parameters.hpp): the sections physics, walls and initial of a run's
// configuration, its default case, and the rules across parameters that a setup must keep.
#include <cmath>
#include <string>
#include "d2q9/model.hpp"
#include "d2q9/names.hpp"
#include "d2q9/registration.hpp"
#include "isothermal/parameters.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q9 {
namespace {

using namespace plume::parameter;

const char* kVelocity = "lattice units (sites per step)";

#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  isothermal::add_relaxation<Setup>(t);  // collision, equilibrium, tau, magic
  {
    // tau follows the Reynolds number while reference.reynolds sets it; given, it is the user's.
    Parameter& tau = find(t, "physics.tau");
    tau = marks_given<Setup>(tau, PLUME_PHYSICS(reference.tau_given));
    tau.follows = [](const AnySetup& a) -> std::string {
      const Reference& r = a.as<Setup>().physics.reference;
      return r.tau_derived && !r.tau_given ? "reference.reynolds" : "";
    };
  }
  t.push_back(real<Setup>("physics", "force_x", "lattice units (momentum per site and step)",
                          "body force density along x (Guo's forcing): drives a channel flow", PLUME_PHYSICS(fx)));
  t.push_back(real<Setup>("physics", "force_y", "lattice units (momentum per site and step)",
                          "body force density along y (Guo's forcing)", PLUME_PHYSICS(fy)));
  // [walls]
  t.push_back(boolean<Setup>("walls", "enabled",
                             "walls half a site below row 0 and above row ny-1 (half-way bounce-back); false: "
                             "periodic in y",
                             PLUME_PHYSICS(walls)));
  t.push_back(real<Setup>("walls", "bottom_u", kVelocity, "speed of the bottom wall along x (Couette flow)",
                          PLUME_PHYSICS(bottom.u)));
  t.push_back(real<Setup>("walls", "top_u", kVelocity, "speed of the top wall along x (Couette flow, lid)",
                          PLUME_PHYSICS(top.u)));
  // [solids]
  t.push_back(choice<Setup>("solids", "bounce",
                            "how populations meet solid sites: half-way = sent back in the same step (no state in "
                            "solids), full-way = taken in and sent back in the next step (the seed-001 benchmark's "
                            "scheme; its fields are those after the collision, as that benchmark reports them), "
                            "interpolated = as half-way, but the wall stands where the solid's surface crosses each "
                            "link (circles, particle beds; sites from files and drawn sites: half-way) and what comes "
                            "back is interpolated to it (Bouzidi: curved walls at second order)",
                            bounce_names(), PLUME_PHYSICS(bounce)));
  // [inlet], [outlet]
  t.push_back(boolean<Setup>("inlet", "enabled",
                             "velocity inlet on the first column (Zou-He); needs the outlet, and x is then not "
                             "periodic",
                             PLUME_PHYSICS(inlet.on)));
  t.push_back(real<Setup>("inlet", "u", kVelocity, "mean inflow velocity along x", PLUME_PHYSICS(inlet.u)));
  t.push_back(choice<Setup>("inlet", "profile",
                            "inflow profile: uniform, or parabolic between the walls (3/2 of inlet.u on the centre "
                            "line)",
                            profile_names(), PLUME_PHYSICS(inlet.profile)));
  t.push_back(boolean<Setup>("outlet", "enabled", "pressure outlet on the last column (Zou-He)",
                             PLUME_PHYSICS(outlet.on)));
  t.push_back(real<Setup>("outlet", "rho", "lattice density",
                          "density at the outlet (its pressure is rho / 3)", PLUME_PHYSICS(outlet.rho))
                  .min(0, true));
  // [accelerate]
  t.push_back(integer<Setup>("accelerate", "row", "",
                             "the seed-001 benchmark's driving: the row (from 0 at the bottom) whose fluid sites "
                             "are pushed along +x each step; -1: none",
                             PLUME_PHYSICS(accelerate.row))
                  .min(-1));
  t.push_back(real<Setup>("accelerate", "a", "lattice units",
                          "the push of that row (the benchmark's accel): moves rho a / 9 from population 3 to 1 and "
                          "rho a / 36 from 6 to 5 and from 7 to 8",
                          PLUME_PHYSICS(accelerate.a))
                  .min(0)
                  .max(1, true)
                  .note("from 1 on the push rho a / 9 exceeds what population 3 holds at rest, rho / 9: it never "
                        "moves anything"));
  // [reference]
  t.push_back(real<Setup>("reference", "length", "sites",
                          "length scale L of Re = U L / nu and of the drag and lift coefficients (e.g. a cylinder's "
                          "diameter, a channel's height); 0: none",
                          PLUME_PHYSICS(reference.length))
                  .min(0));
  t.push_back(real<Setup>("reference", "velocity", kVelocity,
                          "velocity scale U; 0: the inlet's mean velocity, else the walls' relative speed",
                          PLUME_PHYSICS(reference.velocity))
                  .min(0));
  t.push_back(real<Setup>("reference", "reynolds", "",
                          "Reynolds number U L / nu the run should have: when > 0 it sets physics.tau = 1/2 + 3 U L / "
                          "Re (printed at the start; physics.tau is then left out)",
                          PLUME_PHYSICS(reference.reynolds))
                  .min(0));
  t.push_back(real<Setup>("reference", "centre_x", "sites",
                          "x of the centre of a body of diameter reference.length (a cylinder): the end report gives "
                          "the pressure difference p(x - L/2, y) - p(x + L/2, y) in front of and behind it (Schäfer "
                          "and Turek's Delta p), interpolated between the fluid sites; -1: none",
                          PLUME_PHYSICS(reference.centre_x))
                  .min(-1));
  t.push_back(real<Setup>("reference", "centre_y", "sites", "y of that centre (reference.centre_x); -1: none",
                          PLUME_PHYSICS(reference.centre_y))
                  .min(-1));
  // [initial]
  isothermal::add_initial<Setup, 2>(t,
                                    "initial state: uniform = the flow (initial.ux, initial.uy) everywhere, taylor_green = "
                                    "the Taylor-Green vortex array, one period across the lattice each way",
                                    start_names());
  return t;
}

#undef PLUME_PHYSICS

// What a configuration that sets nothing runs: the Taylor–Green vortex, periodic both ways.
AnySetup default_case() {
  Setup s;
  s.physics.tau = 0.8;
  s.initial.start = Start::TaylorGreen;
  s.initial.amplitude = 0.05;
  return AnySetup(s);
}

// Whether the Reynolds number sets the viscosity: it and both of its scales are given (and are
// finite, positive numbers; a bad one is refused by its own key, not through tau).
bool sets_tau(const Params& p) {
  const double Re = p.reference.reynolds, L = p.reference.length, U = reference_velocity(p);
  return Re > 0 && L > 0 && U > 0 && std::isfinite(Re) && std::isfinite(L) && std::isfinite(U);
}

// What follows from other parameters: the density solid sites report, the seed-001 driving's
// increments, and the viscosity a Reynolds number asks for (unless tau is given, which check()
// refuses together with a Reynolds number). Turned off again (a later reference.reynolds = 0),
// the Reynolds number leaves tau at its default, not at the value it had set.
void derive(AnySetup& a) {
  Setup& s = a.as<Setup>();
  Params& p = s.physics;
  p.rho0 = s.initial.rho;
  p.accelerate.w1 = p.rho0 * p.accelerate.a / 9.0;
  p.accelerate.w2 = p.rho0 * p.accelerate.a / 36.0;
  Reference& r = p.reference;
  const bool derived = sets_tau(p) && !r.tau_given;
  if (derived)
    p.tau = 0.5 + 3.0 * reference_velocity(p) * r.length / r.reynolds;
  else if (r.tau_derived && !r.tau_given)
    p.tau = Params{}.tau;
  r.tau_derived = derived;
}

// What reference.reynolds needs: both scales, and a viscosity the lattice can have.
void check_reference(const Params& p, std::vector<SetupProblem>& problems) {
  const Reference& r = p.reference;
  if (!(r.reynolds > 0)) return;
  const std::string re = "reference.reynolds = " + number_text(r.reynolds);
  // The very tau it would set is no conflict (a configuration or checkpoint written before given
  // values were told from derived ones holds it as if given, to the last bit).
  if (r.tau_given && !(sets_tau(p) && same_value(p.tau, 0.5 + 3.0 * reference_velocity(p) * r.length / r.reynolds)))
    problems.push_back({"physics.tau", "physics.tau = " + number_text(p.tau) + " is given, but " + re +
                                           " sets physics.tau = 1/2 + 3 U L / Re: leave out physics.tau, or set "
                                           "reference.reynolds = 0 to give the viscosity yourself"});
  std::vector<std::string> missing;
  if (r.length <= 0) missing.push_back("a length scale (reference.length)");
  if (reference_velocity(p) <= 0)
    missing.push_back("a velocity scale (reference.velocity, the inlet or moving walls)");
  if (!missing.empty())
    problems.push_back({"reference.reynolds", re + " needs " + missing.front() +
                                                  (missing.size() > 1 ? " and " + missing.back() : "") +
                                                  " to set the viscosity from"});
  // tau = 1/2 exactly (a Reynolds number too high for U L in double precision) or infinite (too
  // low) is no viscosity a lattice can have; named here by the key that made it.
  if (r.tau_derived && !(p.tau > 0.5 && std::isfinite(p.tau)))
    problems.push_back({"reference.reynolds", re + " cannot be reached with U = " +
                                                  number_text(reference_velocity(p)) + " and L = " +
                                                  number_text(r.length) + ": it sets physics.tau = 1/2 + 3 U L / Re = " +
                                                  number_text(p.tau) + ", and tau must be a finite number > 0.5 (a "
                                                  "positive viscosity)"});
}

// What reference.centre_x and centre_y need: each other, a diameter, and both points inside the
// lattice (where the fields are to interpolate).
void check_centre(const Params& p, long long nx, long long ny, std::vector<SetupProblem>& problems) {
  const Reference& r = p.reference;
  const bool x = r.centre_x >= 0, y = r.centre_y >= 0;
  if (!x && !y) return;
  if (x != y) {
    problems.push_back({x ? "reference.centre_y" : "reference.centre_x",
                        std::string("reference.") + (x ? "centre_x" : "centre_y") + " is given without reference." +
                            (x ? "centre_y" : "centre_x") + ": the centre needs both (or neither, -1)"});
    return;
  }
  if (!(r.length > 0)) {
    problems.push_back({"reference.centre_x", "reference.centre_x and centre_y need the body's diameter "
                                              "(reference.length) to place the points of the pressure difference"});
    return;
  }
  const double front = r.centre_x - 0.5 * r.length, rear = r.centre_x + 0.5 * r.length;
  if (front < 0 || rear > double(nx - 1) || r.centre_y > double(ny - 1))
    problems.push_back({"reference.centre_x", "the points of the pressure difference, (" + number_text(front) + ", " +
                                                  number_text(r.centre_y) + ") and (" + number_text(rear) + ", " +
                                                  number_text(r.centre_y) + "), must lie inside the lattice (x from 0 "
                                                  "to " + std::to_string(nx - 1) + ", y from 0 to " +
                                                  std::to_string(ny - 1) + ")"});
}

// The least lattice: more than one site, a Taylor-Green vortex's period, two rows between walls, an
// inlet and an outlet on two columns.
constexpr const char* kLeastLattice =
    "2 sites at least, nx, ny >= 3 for the Taylor-Green start, ny >= 2 with walls, nx >= 2 with an inlet and an "
    "outlet";

void check_lattice(const Setup& s, long long nx, long long ny, std::vector<SetupProblem>& problems) {
  const Params& p = s.physics;
  lattice_rule::more_than_one_site(problems, nx, ny, 1);
  if (s.initial.start == Start::TaylorGreen) isothermal::check_taylor_green(problems, nx, ny);
  if (p.walls)
    lattice_rule::at_least(problems, "ny", ny, 2, "walls", "with one row between them, both walls act on every site");
  if (p.inlet.on && p.outlet.on)
    lattice_rule::at_least(problems, "nx", nx, 2, "an inlet and an outlet",
                           "they are the first and the last column, which must differ");
}

std::vector<SetupProblem> check(const AnySetup& a, long long nx, long long ny, long long /*nz*/) {
  std::vector<SetupProblem> problems;
  const Setup& s = a.as<Setup>();
  check_lattice(s, nx, ny, problems);
  const auto speed = [&](const char* key, double u) { isothermal::check_speed(problems, key, u); };
  speed("walls.bottom_u", s.physics.bottom.u);
  speed("walls.top_u", s.physics.top.u);
  isothermal::check_wall_speed(problems, "walls.bottom_u", s.physics.bottom.u, s.physics.walls, "walls.enabled");
  isothermal::check_wall_speed(problems, "walls.top_u", s.physics.top.u, s.physics.walls, "walls.enabled");
  isothermal::check_velocity(problems, {"initial.ux", "initial.uy"}, {s.initial.ux, s.initial.uy});
  if (s.initial.start == Start::TaylorGreen) speed("initial.amplitude", s.initial.amplitude);
  const Params& p = s.physics;
  isothermal::check_force(problems, {"physics.force_x", "physics.force_y"}, {p.fx, p.fy}, s.initial.rho);
  if (p.reference.velocity > 0) speed("reference.velocity", p.reference.velocity);
  if (p.inlet.on) speed("inlet.u", p.inlet.profile == Profile::Parabolic ? 1.5 * p.inlet.u : p.inlet.u);
  isothermal::check_open_ends(problems, p.inlet.on, p.outlet.on);
  if (p.accelerate.row >= ny)
    problems.push_back({"accelerate.row", "accelerate.row = " + std::to_string(p.accelerate.row) +
                                              " is not a row of the lattice (ny = " + std::to_string(ny) + ")"});
  check_reference(p, problems);
  check_centre(p, nx, ny, problems);
  return problems;
}

}  // namespace

const Parameters& parameters() {
  // Nothing follows the lattice size.
  static const Parameters p{make_list(), default_case, derive, check, {}, {}, kLeastLattice};
  return p;
}

}  // namespace plume::d2q9

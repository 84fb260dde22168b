// D3Q19's parameters (plume/parameters.hpp): the sections physics, walls and initial of a run's
// configuration, its default case, and the rules across parameters that a setup must keep.
#include <string>
#include "d3q19/model.hpp"
#include "d3q19/names.hpp"
#include "d3q19/registration.hpp"
#include "isothermal/parameters.hpp"
#include "plume/parameters.hpp"

namespace plume::d3q19 {
namespace {

using namespace plume::parameter;

const char* kVelocity = "lattice units (sites per step)";
const char* kForce = "lattice units (momentum per site and step)";

#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  isothermal::add_relaxation<Setup>(t);  // collision, equilibrium, tau, magic
  t.push_back(real<Setup>("physics", "force_x", kForce,
                          "body force density along x (Guo's forcing): drives a duct or channel flow",
                          PLUME_PHYSICS(fx)));
  t.push_back(real<Setup>("physics", "force_y", kForce, "body force density along y (Guo's forcing)",
                          PLUME_PHYSICS(fy)));
  t.push_back(real<Setup>("physics", "force_z", kForce, "body force density along z (Guo's forcing)",
                          PLUME_PHYSICS(fz)));
  // [walls]
  t.push_back(boolean<Setup>("walls", "y",
                             "walls half a site below y = 0 and above y = ny-1 (half-way bounce-back); false: "
                             "periodic in y",
                             PLUME_PHYSICS(walls_y)));
  t.push_back(boolean<Setup>("walls", "z",
                             "walls half a site below z = 0 and above z = nz-1 (half-way bounce-back); false: "
                             "periodic in z (walls.y and walls.z together make a square duct along x)",
                             PLUME_PHYSICS(walls_z)));
  t.push_back(real<Setup>("walls", "y_low_u", kVelocity, "speed along x of the wall below y = 0 (Couette flow)",
                          PLUME_PHYSICS(y_low.u)));
  t.push_back(real<Setup>("walls", "y_high_u", kVelocity, "speed along x of the wall above y = ny-1 (Couette flow)",
                          PLUME_PHYSICS(y_high.u)));
  t.push_back(real<Setup>("walls", "z_low_u", kVelocity, "speed along x of the wall below z = 0 (Couette flow)",
                          PLUME_PHYSICS(z_low.u)));
  t.push_back(real<Setup>("walls", "z_high_u", kVelocity, "speed along x of the wall above z = nz-1 (Couette flow)",
                          PLUME_PHYSICS(z_high.u)));
  // [inlet], [outlet]
  t.push_back(boolean<Setup>("inlet", "enabled",
                             "velocity inlet on the first layer along x (Zou-He, uniform velocity inlet.u along x); "
                             "needs the outlet, and x is then not periodic",
                             PLUME_PHYSICS(inlet.on)));
  t.push_back(real<Setup>("inlet", "u", kVelocity, "inflow velocity along x", PLUME_PHYSICS(inlet.u)));
  t.push_back(boolean<Setup>("outlet", "enabled", "pressure outlet on the last layer along x (Zou-He)",
                             PLUME_PHYSICS(outlet.on)));
  t.push_back(real<Setup>("outlet", "rho", "lattice density", "density at the outlet (its pressure is rho / 3)",
                          PLUME_PHYSICS(outlet.rho))
                  .min(0, true));
  // [initial]
  isothermal::add_initial<Setup, 3>(t,
                                    "initial state: uniform = the flow (initial.ux, initial.uy, initial.uz) everywhere, "
                                    "taylor_green = the 3-D Taylor-Green vortex, one period across the lattice each way",
                                    start_names());
  return t;
}

#undef PLUME_PHYSICS

// What a configuration that sets nothing runs: the 3-D Taylor–Green vortex, periodic every way.
AnySetup default_case() {
  Setup s;
  s.physics.tau = 0.8;
  s.initial.start = Start::TaylorGreen;
  s.initial.amplitude = 0.05;
  return AnySetup(s);
}

// What follows from other parameters: the density solid sites report.
void derive(AnySetup& a) {
  Setup& s = a.as<Setup>();
  s.physics.rho0 = s.initial.rho;
}

// The least lattice: more than one site, a Taylor-Green vortex's period in x and y, two layers
// between walls, an inlet and an outlet on two layers along x.
constexpr const char* kLeastLattice =
    "2 sites at least, nx, ny >= 3 for the Taylor-Green start, ny >= 2 with walls.y and nz >= 2 with walls.z, "
    "nx >= 2 with an inlet and an outlet";

void check_lattice(const Setup& s, long long nx, long long ny, long long nz, std::vector<SetupProblem>& problems) {
  const Params& p = s.physics;
  lattice_rule::more_than_one_site(problems, nx, ny, nz);
  if (s.initial.start == Start::TaylorGreen) isothermal::check_taylor_green(problems, nx, ny);
  const char* why = "with one layer between them, both walls act on every site";
  if (p.walls_y) lattice_rule::at_least(problems, "ny", ny, 2, "walls.y", why);
  if (p.walls_z) lattice_rule::at_least(problems, "nz", nz, 2, "walls.z", why);
  if (p.inlet.on && p.outlet.on)
    lattice_rule::at_least(problems, "nx", nx, 2, "an inlet and an outlet",
                           "they are the first and the last layer along x, which must differ");
}

std::vector<SetupProblem> check(const AnySetup& a, long long nx, long long ny, long long nz) {
  std::vector<SetupProblem> problems;
  const Setup& s = a.as<Setup>();
  check_lattice(s, nx, ny, nz, problems);
  const auto speed = [&](const char* key, double u) { isothermal::check_speed(problems, key, u); };
  speed("walls.y_low_u", s.physics.y_low.u);
  speed("walls.y_high_u", s.physics.y_high.u);
  speed("walls.z_low_u", s.physics.z_low.u);
  speed("walls.z_high_u", s.physics.z_high.u);
  isothermal::check_wall_speed(problems, "walls.y_low_u", s.physics.y_low.u, s.physics.walls_y, "walls.y");
  isothermal::check_wall_speed(problems, "walls.y_high_u", s.physics.y_high.u, s.physics.walls_y, "walls.y");
  isothermal::check_wall_speed(problems, "walls.z_low_u", s.physics.z_low.u, s.physics.walls_z, "walls.z");
  isothermal::check_wall_speed(problems, "walls.z_high_u", s.physics.z_high.u, s.physics.walls_z, "walls.z");
  isothermal::check_velocity(problems, {"initial.ux", "initial.uy", "initial.uz"},
                             {s.initial.ux, s.initial.uy, s.initial.uz});
  isothermal::check_force(problems, {"physics.force_x", "physics.force_y", "physics.force_z"},
                          {s.physics.fx, s.physics.fy, s.physics.fz}, s.initial.rho);
  if (s.initial.start == Start::TaylorGreen) speed("initial.amplitude", s.initial.amplitude);
  if (s.physics.inlet.on) speed("inlet.u", s.physics.inlet.u);
  isothermal::check_open_ends(problems, s.physics.inlet.on, s.physics.outlet.on);
  return problems;
}

}  // namespace

const Parameters& parameters() {
  // Nothing follows the lattice size.
  static const Parameters p{make_list(), default_case, derive, check, {}, {}, kLeastLattice};
  return p;
}

}  // namespace plume::d3q19

// D2Q9's parameters (plume/parameters.hpp): the sections physics, walls and initial of a run's
// configuration, its default case, and the rules across parameters that a setup must keep.
#include <cmath>
#include <string>
#include "d2q9/model.hpp"
#include "d2q9/names.hpp"
#include "d2q9/registration.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q9 {
namespace {

using namespace plume::parameter;

const char* kVelocity = "lattice units (sites per step)";

#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }
#define PLUME_INITIAL(member) [](auto& s) -> auto& { return s.initial.member; }

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  t.push_back(choice<Setup>("physics", "collision",
                            "collision: bgk = one relaxation time, trt = two (the odd moments relax at the rate "
                            "that physics.magic sets; walls then sit exactly half-way for any tau)",
                            collision_names(), PLUME_PHYSICS(collision)));
  t.push_back(choice<Setup>("physics", "equilibrium",
                            "equilibrium: compressible = the usual second-order one, incompressible = He and Luo's "
                            "(momentum carried by the reference density 1)",
                            equilibrium_names(), PLUME_PHYSICS(equilibrium)));
  t.push_back(real<Setup>("physics", "tau", "time steps",
                          "relaxation time of the shear stress; kinematic viscosity nu = (tau - 1/2) / 3",
                          PLUME_PHYSICS(tau))
                  .min(0.5, true)
                  .note("the viscosity (tau - 1/2) / 3 must be positive"));
  t.push_back(real<Setup>("physics", "magic", "", "TRT's magic parameter Lambda = (tau - 1/2)(tau_odd - 1/2); 3/16 "
                                                   "puts bounce-back walls exactly half-way",
                          PLUME_PHYSICS(magic))
                  .min(0, true));
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
  // [initial]
  t.push_back(choice<Setup>("initial", "start",
                            "initial state: uniform = the flow (initial.ux, initial.uy) everywhere, taylor_green = "
                            "the Taylor-Green vortex array, one period across the lattice each way",
                            start_names(), PLUME_INITIAL(start)));
  t.push_back(real<Setup>("initial", "rho", "lattice density", "density (the mean density of the vortex)",
                          PLUME_INITIAL(rho))
                  .min(0, true));
  t.push_back(real<Setup>("initial", "ux", kVelocity, "velocity along x of the uniform start", PLUME_INITIAL(ux)));
  t.push_back(real<Setup>("initial", "uy", kVelocity, "velocity along y of the uniform start", PLUME_INITIAL(uy)));
  t.push_back(real<Setup>("initial", "amplitude", kVelocity, "largest velocity of the Taylor-Green vortex",
                          PLUME_INITIAL(amplitude))
                  .min(0));
  return t;
}

#undef PLUME_PHYSICS
#undef PLUME_INITIAL

// What a configuration that sets nothing runs: the Taylor–Green vortex, periodic both ways.
AnySetup default_case() {
  Setup s;
  s.physics.tau = 0.8;
  s.initial.start = Start::TaylorGreen;
  s.initial.amplitude = 0.05;
  return AnySetup(s);
}

std::vector<SetupProblem> check(const AnySetup& a, long long /*nx*/, long long /*ny*/, long long /*nz*/) {
  std::vector<SetupProblem> problems;
  const Setup& s = a.as<Setup>();
  // Lattice Boltzmann holds for speeds well below the lattice's speed of sound, 1/sqrt(3) = 0.577.
  const double limit = 0.4;
  const auto speed = [&](const char* key, double u) {
    if (std::abs(u) >= limit)
      problems.push_back({key, std::string(key) + " = " + number_text(u) + " is too fast: lattice speeds must stay "
                               "well below the speed of sound 0.577 (at most 0.4, better below 0.1)"});
  };
  speed("walls.bottom_u", s.physics.bottom.u);
  speed("walls.top_u", s.physics.top.u);
  speed("initial.ux", s.initial.ux);
  speed("initial.uy", s.initial.uy);
  if (s.initial.start == Start::TaylorGreen) speed("initial.amplitude", s.initial.amplitude);
  return problems;
}

}  // namespace

const Parameters& parameters() {
  static const Parameters p{make_list(), default_case, {}, check};
  return p;
}

}  // namespace plume::d2q9

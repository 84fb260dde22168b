// The diffusion model's parameters (plume/parameters.hpp): the sections physics and initial of a
// run's configuration, its default case, and the rules a setup must keep.
#include <string>
#include <tuple>
#include "diffusion/model.hpp"
#include "diffusion/names.hpp"
#include "diffusion/registration.hpp"
#include "plume/parameters.hpp"

namespace plume::diffusion {
namespace {

using namespace plume::parameter;

#define PLUME_PHYSICS(member) [](auto& s) -> auto& { return s.physics.member; }

// A value of T (a wall's, the start's): one that FP32 storage holds (3.4e38) with room for the sum
// of the background and the amplitude, so that the initial state is finite in either precision.
Parameter storable(Parameter p) {
  return p.min(-1e38).max(1e38).note("T is stored in FP32 with run.precision = \"fp32\", which holds up to 3.4e38: "
                                     "the background and the amplitude together must fit");
}
#define PLUME_INITIAL(member) [](auto& s) -> auto& { return s.initial.member; }

std::vector<Parameter> make_list() {
  std::vector<Parameter> t;
  // [physics]
  t.push_back(real<Setup>("physics", "kappa", "lattice units (sites^2 per step)",
                          "diffusivity in lattice units, i.e. the scheme's number r = kappa dt / dx^2; stable up to "
                          "1/6 in 3-D, 1/4 in 2-D (nz = 1)",
                          PLUME_PHYSICS(kappa))
                  .min(0)
                  .note("the explicit scheme is stable only for kappa <= 1/(2 D): 1/6 in 3-D, 1/4 in 2-D; the "
                        "implicit one for any kappa"));
  t.push_back(choice<Setup>("physics", "scheme",
                            "time scheme, chosen when the run starts: explicit = Euler, stable up to the limit of "
                            "physics.kappa; implicit = the theta-scheme split by axes, one tridiagonal solve per "
                            "line and axis, stable for any kappa",
                            scheme_names(), PLUME_PHYSICS(scheme)));
  t.push_back(real<Setup>("physics", "theta", "",
                          "the implicit scheme's weight of the new state: 1 = backward Euler, 0.5 = Crank-Nicolson",
                          PLUME_PHYSICS(theta))
                  .min(kThetaMin)
                  .max(kThetaMax)
                  .note("the theta-scheme damps every mode for any kappa only with theta >= 1/2; above 1 it "
                        "damps more than the equation"));
  // [walls]
  t.push_back(boolean<Setup>("walls", "y",
                             "fixed-value walls half a site below y = 0 and above y = ny-1; false: periodic in y",
                             PLUME_PHYSICS(walls_y)));
  t.push_back(boolean<Setup>("walls", "z",
                             "fixed-value walls half a site below z = 0 and above z = nz-1 (3-D lattices); false: "
                             "periodic in z",
                             PLUME_PHYSICS(walls_z)));
  for (const auto& [name, meaning, member] :
       {std::tuple{"y_low_T", "T of the wall below y = 0", &Params::y_low},
        std::tuple{"y_high_T", "T of the wall above y = ny-1", &Params::y_high},
        std::tuple{"z_low_T", "T of the wall below z = 0", &Params::z_low},
        std::tuple{"z_high_T", "T of the wall above z = nz-1", &Params::z_high}})
    t.push_back(storable(real<Setup>("walls", name, "lattice units", meaning,
                                     [m = member](auto& s) -> auto& { return s.physics.*m; })));
  // [initial]
  t.push_back(choice<Setup>("initial", "start",
                            "initial state: sine = T0 + A sin(2 pi kx x / nx) sin(2 pi ky y / ny) sin(2 pi kz z / "
                            "nz) (a wave number 0, or an axis of one site, has no factor), blob = a hot Gaussian blob at the centre",
                            start_names(), PLUME_INITIAL(start)));
  t.push_back(storable(real<Setup>("initial", "background", "lattice units",
                                   "T0: the value the case starts from everywhere", PLUME_INITIAL(background))));
  t.push_back(storable(real<Setup>("initial", "amplitude", "lattice units",
                                   "A: the sine's amplitude, the blob's peak above T0", PLUME_INITIAL(amplitude))));
  t.push_back(integer<Setup>("initial", "kx", "", "the sine's wave number along x: periods across the lattice",
                             PLUME_INITIAL(k[0]))
                  .min(0));
  t.push_back(integer<Setup>("initial", "ky", "", "the sine's wave number along y: periods across the lattice",
                             PLUME_INITIAL(k[1]))
                  .min(0));
  t.push_back(integer<Setup>("initial", "kz", "", "the sine's wave number along z: periods across the lattice (no factor on a lattice of one plane)",
                             PLUME_INITIAL(k[2]))
                  .min(0));
  t.push_back(real<Setup>("initial", "width", "sites", "the blob's Gaussian width w: T0 + A exp(-r^2 / (2 w^2))",
                          PLUME_INITIAL(width))
                  .min(0, true));
  return t;
}

#undef PLUME_PHYSICS
#undef PLUME_INITIAL

// What a configuration that sets nothing runs: the sine mode (1, 1, 1); on a lattice of one plane
// (2-D) the z factor is absent, so the mode is (1, 1).
AnySetup default_case() { return AnySetup(Setup{}); }

// Nothing follows from other parameters.
void derive(AnySetup&) {}

// The least lattice: more than one site, two layers between walls (walls.z needs a 3-D lattice
// anyway), and for the sine a wave number along an axis of more than one site.
constexpr const char* kLeastLattice =
    "2 sites at least, ny >= 2 with walls.y, and for the sine case a wave number along an axis of more than one "
    "site";

std::vector<SetupProblem> check(const AnySetup& a, long long nx, long long ny, long long nz) {
  std::vector<SetupProblem> problems;
  const Setup& s = a.as<Setup>();
  lattice_rule::more_than_one_site(problems, nx, ny, nz);
  if (s.physics.walls_y)
    lattice_rule::at_least(problems, "ny", ny, 2, "walls.y", "with one layer between them, both walls act on every site");
  const int D = nz > 1 ? 3 : 2;
  const double limit = stability_limit(D);
  if (s.physics.scheme == Scheme::Explicit && s.physics.kappa > limit)
    problems.push_back({"physics.kappa", "physics.kappa = " + number_text(s.physics.kappa) +
                                             " is above the explicit scheme's stability limit 1/" +
                                             std::to_string(2 * D) + " = " + number_text(limit) + " in " +
                                             std::to_string(D) +
                                             "-D: kappa dt / dx^2 must be at most 1/(2 D), or set physics.scheme = "
                                             "\"implicit\""});
  if (s.physics.walls_z && nz == 1)
    problems.push_back({"walls.z", "walls.z = true needs a 3-D lattice (lattice.nz > 1): a lattice of one plane has "
                                   "no z faces"});
  if (s.initial.start == Start::Sine) {
    const long long n[3] = {nx, ny, nz};
    const char* keys[3] = {"initial.kx", "initial.ky", "initial.kz"};
    const char* sizes[3] = {"nx", "ny", "nz"};
    for (int i = 0; i < 3; ++i) {
      const int k = s.initial.k[i];
      if (k != 0 && n[i] > 1 && 2LL * k >= n[i])
        problems.push_back({keys[i], std::string(keys[i]) + " = " + std::to_string(k) + " must be below " + sizes[i] +
                                         "/2 = " + number_text(n[i] / 2.0) +
                                         ": the lattice resolves no finer sine (at " + sizes[i] +
                                         "/2 it is 0 on every site)"});
    }
    // A wave number along x or y on an axis of one site asks for a sine the lattice cannot hold: it
    // would be left out, and the run would be another mode than the one asked for. (z on a 2-D
    // lattice is the exception: a lattice of one plane has no z, and kz's default stays 1.)
    for (int i = 0; i < 2; ++i)
      if (s.initial.k[i] != 0 && n[i] == 1) {
        const std::string axis(1, "xy"[i]), key = keys[i];
        problems.push_back({key, key + " = " + std::to_string(s.initial.k[i]) + ": the lattice has one site along " +
                                     axis + " (lattice." + sizes[i] + " = 1), where a sine has no period: set " + key +
                                     " = 0, or use more sites along " + axis});
      }
    // An axis of one site has no factor, whatever its wave number.
    bool varies = false;
    for (int i = 0; i < 3; ++i) varies = varies || (s.initial.k[i] != 0 && n[i] > 1);
    if (!varies && nx * ny * nz > 1)
      problems.push_back({"initial.kx", "initial.kx, initial.ky and initial.kz (" + std::to_string(s.initial.k[0]) +
                                            ", " + std::to_string(s.initial.k[1]) + ", " +
                                            std::to_string(s.initial.k[2]) +
                                            ") are 0 along every axis of more than one site: the sine case needs a "
                                            "wave number along at least one of them"});
  }
  return problems;
}

}  // namespace

const Parameters& parameters() {
  // Nothing follows the lattice size.
  static const Parameters p{make_list(), default_case, derive, check, {}, {}, kLeastLattice};
  return p;
}

}  // namespace plume::diffusion

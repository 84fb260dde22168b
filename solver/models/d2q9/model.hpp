// The D2Q9 model as plume's generic backends see it (solver/src/cpu/cpu_backend.hpp,
// solver/src/cuda/cuda_backend.cuh): the lattice, the update of one site, the fields of one
// site, the initial state of its cases, and which directions are periodic. Every function is the
// model's own per-site code (site.hpp, cases.hpp); this file only names it for the backends.
#pragma once
#include <cmath>
#include "d2q9/cases.hpp"
#include "d2q9/lattice.hpp"
#include "d2q9/registration.hpp"
#include "d2q9/site.hpp"
#include "d2q9/tuning.hpp"
#include "isothermal/fields.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/reductions.hpp"

namespace plume::d2q9 {

// Everything a D2Q9 run is set up with: the physics (steerable while it runs) and the case.
struct Setup {
  Params physics;
  Initial initial;
};

struct Traits {
  using Setup = d2q9::Setup;
  using Lattice = D2Q9;
  using Params = d2q9::Params;
  // What the case gives a site: rho, u, and the equilibrium its populations start in.
  struct SiteState {
    Macro m;
    Equilibrium equilibrium;
  };
  // The fields of a site, in the order fields() writes them: the one statement of the list
  // (Model::fields() is this list, and the backends' count derives from it).
  static constexpr FieldInfo field_list[] = {
      isothermal::kDensity,
      isothermal::kVelocityX,
      isothermal::kVelocityY,
      isothermal::kSolid,
      isothermal::kForceX,
      isothermal::kForceY,
  };
  static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);
  static const plume::Model& model() { return d2q9::model(); }

  static const Params& params(const Setup& s) { return s.physics; }
  // x is periodic unless there is an inlet or an outlet; y unless there are walls.
  static parallel::Periodic periodic(const Params& p) { return {!p.inlet.on && !p.outlet.on, !p.walls, false}; }

  // The update variants, each compiled on its own: collision (BGK, TRT) x equilibrium
  // (compressible, incompressible).
  static constexpr int kVariants = 4;
  static int variant(const Params& p) { return 2 * int(p.collision) + int(p.equilibrium); }
  using Tuning = d2q9::Tuning;  // its GPU step kernels' registers (tuning.hpp)

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real>& a, int x, int y, int /*z*/) {
    update_site<V / 2 == 1 ? Collision::TRT : Collision::BGK,
                V % 2 == 1 ? Equilibrium::Incompressible : Equilibrium::Compressible>(a, x, y);
  }

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update_rows(const StepArgs<Real>& a, int x, int y, int /*z*/) {
    update_pair<V / 2 == 1 ? Collision::TRT : Collision::BGK,
                V % 2 == 1 ? Equilibrium::Incompressible : Equilibrium::Compressible>(a, x, y);
  }

  // The fields of local site (x, y), in the order of field_list.
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void fields(const StepArgs<Real>& a, int x, int y, int /*z*/, double* out) {
    const SiteFields s = site_fields(a, x, y);
    out[0] = s.m.rho;
    out[1] = s.m.ux;
    out[2] = s.m.uy;
    out[3] = s.solid;
    out[4] = s.fx;
    out[5] = s.fy;
  }

  // The sums the backends compute where the populations are (site_sums): |u| over the fluid sites
  // and the fluid sites, whose quotient is the seed-001 benchmark's average velocity, which it
  // reports after every step (so the lattice need not cross to the host each step).
  enum Sum { kSpeedSum, kFluidSites, kSums };
  PLUME_HD PLUME_FORCEINLINE static void add_sums(const double* field, double* sum) {
    if (field[3] != 0) return;  // solid
    sum[kSpeedSum] += sqrt(field[1] * field[1] + field[2] * field[2]);
    sum[kFluidSites] += 1.0;
  }

  // The diagnostics' own row quantities (diagnostics.hpp; reductions.hpp runs them): over the
  // row's fluid sites, sum rho, rho u_x, rho u_y, rho |u|^2 / 2, |u|, u_x and the count; and sum
  // rho and the count of the fluid sites in the first and last columns.
  enum Own { kMass, kMx, kMy, kKe, kSpeed, kUxSum, kFluid, kRhoIn, kFluidIn, kRhoOut, kFluidOut, kOwnRowSums };
  PLUME_HD static void add_row_site(const double* v, const RowSite& s, double* sum) {
    constexpr int kRho = field_index(field_list, "rho"), kUx = field_index(field_list, "ux"),
                  kUy = field_index(field_list, "uy"), kSolid = field_index(field_list, "solid");
    if (v[kSolid] != 0) return;
    const Strict rho = v[kRho], ux = v[kUx], uy = v[kUy];
    sum[kMass] += rho;
    sum[kMx] += rho * ux;
    sum[kMy] += rho * uy;
    sum[kKe] += 0.5 * rho * (ux * ux + uy * uy);
    sum[kSpeed] += sqrt(ux * ux + uy * uy);
    sum[kUxSum] += ux;
    sum[kFluid] += 1;
    if (s.x == 0) sum[kRhoIn] += rho, sum[kFluidIn] += 1;
    if (s.x == s.NX - 1) sum[kRhoOut] += rho, sum[kFluidOut] += 1;
  }

  // The case, one column at a time: emit(y, state) for the local rows of local column x.
  template <class Emit>
  PLUME_HD static void initial_column(const Setup& s, const Domain& d, int x, int /*z*/, Emit&& emit) {
    for (int y = 0; y < d.ny; ++y)
      emit(y, SiteState{initial_state(s.initial, d.x0 + x, d.y0 + y, d.NX, d.NY), s.physics.equilibrium});
  }
  // The seed-001 driving, a pass over its row before each step (the other rows pull the pushed
  // populations, as the benchmark's own order has it: accelerate, then stream).
  static Box pre_step_box(const Params& p, const Domain& d) {
    const int y = p.accelerate.row - d.y0;
    if (p.accelerate.row < 0 || y < 0 || y >= d.ny) return Box{0, 0, 0, 0, 0, 0};
    return Box{0, d.nx, y, y + 1, 0, 1};
  }
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void pre_step(const Planes<Real>& f, const Layout& l, const Domain& /*d*/,
                                                  const Params& p, const std::uint8_t* solid, int x, int y, int /*z*/) {
    accelerate_site(f, l, p, solid, x, y);
  }
  // A site that turns fluid (a user erased a solid) starts at rest at the case's density.
  static SiteState fluid_state(const Setup& s) { return {Macro{s.physics.rho0, 0.0, 0.0}, s.physics.equilibrium}; }
  // A site in equilibrium with the state the case gave it.
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int /*z*/,
                                                      const SiteState& s) {
    store_equilibrium(f, l, x, y, s.equilibrium, s.m);
  }
};

}  // namespace plume::d2q9

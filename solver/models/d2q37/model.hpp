// The D2Q37 model as plume's generic backends see it (solver/src/cpu/cpu_backend.hpp,
// solver/src/cuda/cuda_backend.cuh): the lattice, the update of one site, the fields of one
// site, the initial state of the Rayleigh–Taylor case, and which directions are periodic. Every
// function is the model's own per-site code (site.hpp); this file only names it for the backends.
#pragma once
#include <optional>
#include "d2q37/lattice.hpp"
#include "d2q37/rayleigh_taylor.hpp"
#include "d2q37/site.hpp"
#include "d2q37/registration.hpp"
#include "d2q37/tuning.hpp"
#include "plume/model.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/reductions.hpp"

namespace plume::d2q37 {

// Everything a D2Q37 run is set up with: the physics (steerable while it runs) and the case.
struct Setup {
  PhysicsParams physics;
  InitialState initial;  // the Rayleigh–Taylor case
  // Wall temperatures given explicitly. Unset, a fixed wall takes the temperature of the fluid
  // next to it in the case (initial.T_down below, initial.T_up above): the model's parameters
  // (parameters.cpp) derive physics.bottom.T and top.T from these.
  std::optional<double> bottom_T, top_T;
};

struct Traits {
  using Setup = d2q37::Setup;
  using Lattice = D2Q37;
  using Params = PhysicsParams;
  using SiteState = Macro;  // what the case gives a site: rho, u, T
  // The fields of a site, in the order fields() writes them: the one statement of the list
  // (Model::fields() is this list, and the backends' count derives from it). u_H and T_H are the
  // hydrodynamic velocity and temperature (u + dt g / 2, T + dt^2 |g|^2 / (4 D)).
  static constexpr FieldInfo field_list[] = {
      {"rho", "rho", "density rho", "lattice units", "density", false, true, FieldRole::Scalar},
      {"ux", "u_H,x", "velocity u_H x", "lattice units", "velocity, x component (hydrodynamic: u + dt g / 2)", true,
       false, FieldRole::VelocityX},
      {"uy", "u_H,y", "velocity u_H y", "lattice units", "velocity, y component (hydrodynamic: u + dt g / 2)", true,
       false, FieldRole::VelocityY},
      {"T", "T_H", "temperature T_H", "lattice units", "temperature (hydrodynamic: T + dt^2 |g|^2 / (4 D))", false,
       true, FieldRole::Scalar},
  };
  static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);
  static const plume::Model& model() { return d2q37::model(); }

  static const Params& params(const Setup& s) { return s.physics; }
  // x is periodic; y too when there are no walls.
  static parallel::Periodic periodic(const Params& p) { return {true, !p.walls, false}; }

  // The update variants, each compiled on its own (a GPU kernel per variant, so that neither
  // collision operator costs the other registers): 0 RTRT, 1 BGK.
  static constexpr int kVariants = 2;
  static int variant(const Params& p) { return p.model == CollisionModel::BGK ? 1 : 0; }
  using Tuning = d2q37::Tuning;  // its GPU step kernels' registers and blocks (tuning.hpp)
  // The update reads across the periodic boundaries of a block that spans the lattice itself
  // (site.hpp's source, StepArgs::wrap): such a block's step with two buffers fills no ghost sites,
  // one launch a step instead of two.
  static constexpr bool kReadsAcross = true;

  // One fused pull-stream + collide update of local site (x, y); z is 0 in 2-D.
  // snapshot(fill): a step that also snapshots the state it reads (kernels.cuh) gets fill(out),
  // which writes the site's fields as fields() does: in the bulk from the populations the update
  // pulled (read once), in a wall row by fields() itself.
  template <int V, class Real, class Snapshot = NoSnapshot>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real>& a, int x, int y, int z,
                                                Snapshot&& snapshot = {}) {
    int side, j;
    if (a.params.walls && wall_row(a.domain.y0 + y, a.domain.NY, Lattice::reach, side, j)) {
      snapshot([&](double* out) { fields(a, opaque(x), y, z, out); });
      update_wall_site<Lattice>(a, x, y, side, j);
    } else {
      update_bulk_site<Lattice, V == 1 ? CollisionModel::BGK : CollisionModel::RTRT>(
          a, x, y, [&](auto&& bulk) { snapshot([&](double* out) { put(bulk(), out); }); });
    }
  }
  static constexpr bool kUpdateSnapshots = true;  // update() takes the snapshot hook

  // The fields of local site (x, y): rho, u_H x, u_H y, T_H.
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void fields(const StepArgs<Real>& a, int x, int y, int /*z*/, double* out) {
    put(site_fields<Lattice>(a.src, a.layout, a.wrap, a.domain, a.params, x, y), out);
  }
  PLUME_HD PLUME_FORCEINLINE static void put(const Macro& m, double* out) {
    out[0] = m.rho;
    out[1] = m.ux;
    out[2] = m.uy;
    out[3] = m.T;
  }

  // The diagnostics' own row quantities (diagnostics.hpp; reductions.hpp runs them): sum rho u_H x,
  // sum rho u_H y, sum rho (T_H + |u_H|^2 / 2) and sum rho |u_H|^2 / 2.
  static constexpr int kOwnRowSums = 4;
  PLUME_HD static void add_row_site(const double* v, const RowSite& /*s*/, double* sum) {
    constexpr int kRho = field_index(field_list, "rho"), kUx = field_index(field_list, "ux"),
                  kUy = field_index(field_list, "uy"), kT = field_index(field_list, "T");
    const Strict rho = v[kRho], ux = v[kUx], uy = v[kUy], T = v[kT];
    const Strict ke = 0.5 * rho * (ux * ux + uy * uy);
    sum[0] += rho * ux;
    sum[1] += rho * uy;
    sum[2] += rho * T + ke;
    sum[3] += ke;
  }

  // The case, one column at a time (the hydrostatic recurrence runs up each column from the
  // bottom row): emit(y, state) for the local rows of local column x.
  template <class Emit>
  PLUME_HD static void initial_column(const Setup& s, const Domain& d, int x, int /*z*/, Emit&& emit) {
    rt_column(s.initial, -s.physics.gy, d.x0 + x, d.NX, d.NY, d.y0, d.y0 + d.ny,
              [&](int yg, double rho, double T) { emit(yg - d.y0, Macro{rho, 0.0, 0.0, T}); });
  }
  // A site at rest in equilibrium with the state the case gave it.
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int /*z*/,
                                                      const SiteState& s) {
    double feq[Lattice::Q];
    equilibrium<Lattice>(s.rho, s.ux, s.uy, s.T, feq);
    store<Lattice>(f, l, x, y, feq);
  }
};

}  // namespace plume::d2q37

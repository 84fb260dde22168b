// 3-D thermal convection as plume's generic backends see it (solver/src/cpu/cpu_backend.hpp,
// solver/src/cuda/cuda_backend.cuh): the 26 planes of D3Q19 + D3Q7, the update of one site, the
// fields of one site, the initial state of its cases, and which directions are periodic. Every
// function is the model's own per-site code (site.hpp, cases.hpp); this file only names it.
#pragma once
#include "thermal3d/cases.hpp"
#include "thermal3d/lattice.hpp"
#include "thermal3d/registration.hpp"
#include "thermal3d/site.hpp"
#include "thermal3d/tuning.hpp"
#include "isothermal/fields.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/reductions.hpp"

namespace plume::thermal3d {

// Everything a run is set up with: the physics (steerable while it runs) and the case.
struct Setup {
  Params physics;
  Initial initial;
};

inline constexpr FieldInfo kTemperature{"T", "T", "temperature T", "lattice units",
                                        "temperature (walls: physics.t_hot below, physics.t_cold above)", false,
                                        false, FieldRole::Scalar};

struct Traits {
  using Setup = thermal3d::Setup;
  using Lattice = D3Q19D3Q7;
  using Params = thermal3d::Params;
  struct SiteState {
    SiteStart start;
    Force F;  // the buoyancy the site's fluid feels
    Equilibrium equilibrium;
  };
  static constexpr FieldInfo field_list[] = {
      isothermal::kDensity, isothermal::kVelocityX, isothermal::kVelocityY, isothermal::kVelocityZ, kTemperature,
  };
  static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);
  static const plume::Model& model() { return thermal3d::model(); }

  static const Params& params(const Setup& s) { return s.physics; }
  // Walls across z; periodic in x and y.
  static parallel::Periodic periodic(const Params&) { return {true, true, false}; }

  // Collision (BGK, TRT) x equilibrium (compressible, incompressible), each compiled on its own.
  static constexpr int kVariants = 4;
  static int variant(const Params& p) { return 2 * int(p.collision) + int(p.equilibrium); }
  using Tuning = thermal3d::Tuning;  // its GPU step kernels' registers and snapshots (tuning.hpp)

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real>& a, int x, int y, int z) {
    update_site<V / 2 == 1 ? Collision::TRT : Collision::BGK,
                V % 2 == 1 ? Equilibrium::Incompressible : Equilibrium::Compressible>(a, x, y, z);
  }

  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void fields(const StepArgs<Real>& a, int x, int y, int z, double* out) {
    const SiteFields s = site_fields(a, x, y, z);
    out[0] = s.m.rho;
    out[1] = s.m.ux;
    out[2] = s.m.uy;
    out[3] = s.m.uz;
    out[4] = s.T;
  }

  // The diagnostics' own row quantities (diagnostics.hpp; reductions.hpp runs them): sum rho |u|^2 / 2
  // and sum u_z T over the row's sites.
  enum Own { kKe, kUzT, kOwnRowSums };
  PLUME_HD static void add_row_site(const double* v, const RowSite& /*s*/, double* sum) {
    constexpr int kRho = field_index(field_list, "rho"), kUx = field_index(field_list, "ux"),
                  kUy = field_index(field_list, "uy"), kUz = field_index(field_list, "uz"),
                  kT = field_index(field_list, "T");
    const Strict rho = v[kRho], ux = v[kUx], uy = v[kUy], uz = v[kUz], T = v[kT];
    sum[kKe] += 0.5 * rho * (ux * ux + uy * uy + uz * uz);
    sum[kUzT] += uz * T;
  }

  template <class Emit>
  PLUME_HD static void initial_column(const Setup& s, const Domain& d, int x, int z, Emit&& emit) {
    for (int y = 0; y < d.ny; ++y) {
      const SiteStart st = initial_state(s.initial, s.physics, d.x0 + x, d.y0 + y, d.z0 + z, d.NX, d.NY, d.NZ);
      emit(y, SiteState{st, buoyancy(s.physics, st.m.rho, st.T), s.physics.equilibrium});
    }
  }
  // The model has no solid sites; a site that turned fluid would start at rest at the mean
  // temperature.
  static SiteState fluid_state(const Setup& s) {
    return {{Macro{1.0, 0.0, 0.0, 0.0}, s.physics.t_ref}, Force{0.0, 0.0, 0.0}, s.physics.equilibrium};
  }
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int z,
                                                      const SiteState& s) {
    store_equilibrium(f, l, x, y, z, s.equilibrium, s.start.m, s.start.T, s.F);
  }
};

}  // namespace plume::thermal3d

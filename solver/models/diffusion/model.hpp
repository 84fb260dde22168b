// The diffusion model as plume's generic backends see it (solver/src/cpu/cpu_backend.hpp,
// solver/src/cuda/cuda_backend.cuh): the stencil, the update of one site, the field of one site,
// the initial state of its cases, and which directions are periodic. Traits<3> is the 7-point
// stencil of a 3-D lattice, Traits<2> the 5-point stencil of a lattice of one plane (nz = 1):
// the model runs the one that fits the lattice (model.cpp).
#pragma once
#include <type_traits>
#include "diffusion/cases.hpp"
#include "diffusion/params.hpp"
#include "diffusion/registration.hpp"
#include "diffusion/site.hpp"
#include "diffusion/stencil.hpp"
#include "diffusion/tuning.hpp"
#include "diffusion/walls.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/reductions.hpp"

namespace plume::diffusion {

// Everything a diffusion run is set up with: the physics (steerable while it runs) and the case.
struct Setup {
  Params physics;
  Initial initial;
};

template <int Dim>
struct Traits {
  using Setup = diffusion::Setup;
  using Lattice = Stencil<Dim>;
  using Params = diffusion::Params;
  struct SiteState {
    double T;
  };
  // The one stored field: the state is T itself.
  static constexpr FieldInfo field_list[] = {
      {"T", "T", "temperature T", "lattice units", "the diffusing scalar (temperature)", true, false,
       FieldRole::Scalar},
  };
  static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);
  static const plume::Model& model() { return diffusion::model(); }

  static const Params& params(const Setup& s) { return s.physics; }
  // A periodic box, but along y and z where there are walls (walls.hpp).
  static parallel::Periodic periodic(const Params& p) { return {true, !p.walls_y, !p.walls_z}; }

  // 0: periodic (site.hpp); 1: with walls (walls.hpp).
  static constexpr int kVariants = 2;
  static int variant(const Params& p) { return p.walls_y || p.walls_z ? 1 : 0; }
  using Tuning = diffusion::Tuning;  // its GPU step kernels' registers and stencil kernel (tuning.hpp)

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real, Params>& a, int x, int y, int z) {
    if constexpr (V == 1)
      update_site_walls<Dim>(a, x, y, z);
    else
      update_site<Dim>(a, x, y, z);
  }

  // 3-D without walls (variant 0): the CUDA backend runs the kernel of
  // plume/grid/stencil_kernel.hpp that Tuning::stencil_kernel chooses by the storage's bytes per
  // value. Each gathers a site's neighbours its own way and calls next_value (site.hpp): the same
  // bits.
  template <int V, class Real, int D = Dim, class = std::enable_if_t<D == 3 && V == 0>>
  PLUME_HD PLUME_FORCEINLINE static void update_column(const StepArgs<Real, Params>& a, int x, int y, int z0, int z1) {
    diffusion::update_column(a, x, y, z0, z1);
  }
  // The new T of a site from its T and its neighbours' (-x, +x, -y, +y, -z, +z), for the
  // kernels that gather them themselves (solver/src/cuda/stencil_kernels.cuh).
  template <int V, int D = Dim, class = std::enable_if_t<D == 3 && V == 0>>
  PLUME_HD PLUME_FORCEINLINE static double next_value(const Params& p, double t, const double (&n)[6]) {
    return diffusion::next_value<3>(t, n, p);
  }

  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void fields(const StepArgs<Real, Params>& a, int x, int y, int z, double* out) {
    out[0] = double(a.src[0][a.layout.site(x, y, z)]);
  }

  // The diagnostics' own row quantity (diagnostics.hpp; reductions.hpp runs it): the sum of
  // (T - the row's mean)^2, in a second pass over the row once its sum of T is known, from which
  // the lattice's variance follows row by row without the cancellation of sum T^2 - N mean^2.
  static constexpr int kOwnRowSums = 1, kRowPasses = 2;
  PLUME_HD static void add_row_site(const double* v, const RowSite& s, double* sum) {
    if (s.pass == 0) return;
    const Strict mean = Strict(s.row_fields[0]) / double(s.n), d = Strict(v[0]) - mean;
    sum[0] += d * d;
  }

  template <class Emit>
  PLUME_HD static void initial_column(const Setup& s, const Domain& d, int x, int z, Emit&& emit) {
    for (int y = 0; y < d.ny; ++y)
      emit(y, SiteState{initial_value(s.initial, d.x0 + x, d.y0 + y, d.z0 + z, d.NX, d.NY, d.NZ)});
  }
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int z,
                                                      const SiteState& s) {
    f[0][l.site(x, y, z)] = Real(s.T);
  }
};

}  // namespace plume::diffusion

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
#include "diffusion/walls.hpp"
#include "plume/grid/stencil_kernel.hpp"
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
  // A handful of registers: 8 blocks of 128 threads per multiprocessor.
  static constexpr int registers(int /*variant*/) { return 32; }

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real, Params>& a, int x, int y, int z) {
    if constexpr (V == 1)
      update_site_walls<Dim>(a, x, y, z);
    else
      update_site<Dim>(a, x, y, z);
  }

  // 3-D without walls (variant 0): the CUDA backend runs one of the kernels of
  // plume/grid/stencil_kernel.hpp, chosen here by the storage's bytes per value (4 or 8). Each
  // gathers a site's neighbours its own way and calls next_value (site.hpp): the same bits.
  // Both are vectors along x, which on one periodic block read across the boundaries themselves,
  // so that no halo needs filling (the x ghost columns alone, a few bytes of every row, took
  // 0.07 ms of a 0.55 ms FP32 step at 512^3 on an H100; cuda::wrap_for). Fractions of the copy
  // bandwidth at 256^3 / 512^3 (docs/benchmarks.md):
  // - FP32: four sites per thread in float4 loads, 64 threads (FP32 moves too few bytes per load
  //   for one site a thread). On an H100 (2026-11-28, bench/model_rate, T held as doubles) 4
  //   layers a thread in a budget of 56 registers (18 blocks) run at 0.82 / 0.91, against 16
  //   layers in 64 (16 blocks) 0.77 / 0.86, 8 in 56 0.77 / 0.90 and 4 in 64 0.80 / 0.88;
  //   bench/shapes_3d timed 18 such vectors.
  // - FP64: two sites per thread in double2 loads, 128 threads, 8 layers: 0.75 / 0.81 on an H200,
  //   as the shared-memory tile (0.76 / 0.81, which needs every halo), and 0.82 / 0.91 on an
  //   H100 (the tile 0.84 / 0.88, 2026-11-27).
  // Loading layers ahead (the vectors' `ahead`) was slower on the H100 for both, and so were
  // several rows a thread.
  static constexpr StencilKernel stencil_kernel(int real_bytes) {
    return real_bytes == 4 ? StencilKernel::vector(64, 4, 4, 56) : StencilKernel::vector(128, 2, 8, 48);
  }
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

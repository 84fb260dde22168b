// The D3Q19 model as plume's generic backends see it (solver/src/cpu/cpu_backend.hpp,
// solver/src/cuda/cuda_backend.cuh): the lattice, the update of one site, the fields of one
// site, the initial state of its cases, and which directions are periodic. Every function is the
// model's own per-site code (site.hpp, cases.hpp); this file only names it for the backends.
#pragma once
#include <cmath>
#include "d3q19/cases.hpp"
#include "d3q19/lattice.hpp"
#include "d3q19/registration.hpp"
#include "d3q19/site.hpp"
#include "d3q19/tuning.hpp"
#include "isothermal/fields.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume::d3q19 {

// Everything a D3Q19 run is set up with: the physics (steerable while it runs) and the case.
struct Setup {
  Params physics;
  Initial initial;
};

struct Traits {
  using Setup = d3q19::Setup;
  using Lattice = D3Q19;
  using Params = d3q19::Params;
  // What the case gives a site: rho, u, and the equilibrium its populations start in.
  struct SiteState {
    Macro m;
    Equilibrium equilibrium;
  };
  // The fields of a site, in the order fields() writes them: the one statement of the list.
  static constexpr FieldInfo field_list[] = {
      isothermal::kDensity,
      isothermal::kVelocityX,
      isothermal::kVelocityY,
      isothermal::kVelocityZ,
      isothermal::kSolid,
      isothermal::kForceX,
      isothermal::kForceY,
      isothermal::kForceZ,
  };
  static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);
  static const plume::Model& model() { return d3q19::model(); }

  static const Params& params(const Setup& s) { return s.physics; }
  // x is periodic unless there is an inlet or an outlet; y and z unless there are walls across them.
  static parallel::Periodic periodic(const Params& p) {
    return {!p.inlet.on && !p.outlet.on, !p.walls_y, !p.walls_z};
  }

  // The update variants, each compiled on its own: collision (BGK, TRT) x equilibrium
  // (compressible, incompressible).
  static constexpr int kVariants = 4;
  static int variant(const Params& p) { return 2 * int(p.collision) + int(p.equilibrium); }
  using Tuning = d3q19::Tuning;  // its GPU step kernels' registers (tuning.hpp)
  // The update reads across the periodic boundaries of a block that spans the lattice itself
  // (pull_plain, StepArgs::wrap): such a block's step with two buffers fills no ghost sites. The
  // fills took 8 % of an FP32 step at 256^3 on an H100 (docs/benchmarks.md).
  static constexpr bool kReadsAcross = true;
  // In place, the steps into the shifted way push across those boundaries too (store_pushed), so
  // that an in-place run fills and returns no ghost sites either. A step out of the shifted way
  // then reads only the pulls it finds in the site's own slots, except at a wall, where the
  // bounce-back reads the site's own populations, which lie in the neighbours' slots (planes.hpp):
  // runs with walls keep the ghosts (and runs with solid sites: CudaBackend::push_wrap).
  static bool pushes_across(const Params& p) { return !p.walls_y && !p.walls_z; }

  // Variant V's collision and equilibrium (variant()).
  template <int V>
  static constexpr Collision kCollision = V / 2 == 1 ? Collision::TRT : Collision::BGK;
  template <int V>
  static constexpr Equilibrium kEquilibrium = V % 2 == 1 ? Equilibrium::Incompressible : Equilibrium::Compressible;

  // The update that reads its reach from a.wrap: reading across or not (pull_plain), both
  // compiled in. The CPU runs it, and so do the GPU's runs with solid sites; the GPU's other runs
  // take update_reach, one reach a kernel.
  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update(const StepArgs<Real>& a, int x, int y, int z) {
    if (a.wrap.any())
      update_site<kCollision<V>, kEquilibrium<V>, true>(a, x, y, z);
    else
      update_site<kCollision<V>, kEquilibrium<V>, false>(a, x, y, z);
  }

  template <int V, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update_rows(const StepArgs<Real>& a, int x, int y, int z) {
    if (a.wrap.any())
      update_pair<kCollision<V>, kEquilibrium<V>, true>(a, x, y, z);
    else
      update_pair<kCollision<V>, kEquilibrium<V>, false>(a, x, y, z);
  }

  // The same with one reach each, for the GPU's step kernels of runs without solid sites (one
  // kernel per reach, cuda/kernels.cuh): Across reads across the axes a.wrap names (none: the
  // ghosts, with the same values and arithmetic), Pushes pushes across a.push's too. With the
  // pushing update compiled into the kernel beside the other two, the two-buffer FP32 step lost
  // 1.3 % at 512^3 on an H100 (docs/benchmarks.md).
  template <int V, Reach R, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update_reach(const StepArgs<Real>& a, int x, int y, int z) {
    update_site<kCollision<V>, kEquilibrium<V>, true, R == Reach::Pushes>(a, x, y, z);
  }
  template <int V, Reach R, class Real>
  PLUME_HD PLUME_FORCEINLINE static void update_rows_reach(const StepArgs<Real>& a, int x, int y, int z) {
    update_pair<kCollision<V>, kEquilibrium<V>, true, R == Reach::Pushes>(a, x, y, z);
  }
  // The update reading across, handing its post-collision values to out(s, f) instead of storing
  // them: the GPU's step into the shifted way of whole periodic rows stores them itself, aligned
  // (cuda/kernels.cuh, staged_push_kernel).
  template <int V, class Real, class Out>
  PLUME_HD PLUME_FORCEINLINE static void update_to(const StepArgs<Real>& a, int x, int y, int z, Out&& out) {
    update_site_to<kCollision<V>, kEquilibrium<V>, true>(a, x, y, z, out);
  }

  // The fields of local site (x, y, z), in the order of field_list; read across where a.wrap
  // says, as the update reads (a step's snapshot runs in the step's kernel).
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void fields(const StepArgs<Real>& a, int x, int y, int z, double* out) {
    const SiteFields s = a.wrap.any() ? site_fields<true>(a, x, y, z) : site_fields<false>(a, x, y, z);
    out[0] = s.m.rho;
    out[1] = s.m.ux;
    out[2] = s.m.uy;
    out[3] = s.m.uz;
    out[4] = s.solid;
    out[5] = s.fx;
    out[6] = s.fy;
    out[7] = s.fz;
  }

  // The case, one column at a time: emit(y, state) for the local rows of local column (x, z).
  template <class Emit>
  PLUME_HD static void initial_column(const Setup& s, const Domain& d, int x, int z, Emit&& emit) {
    for (int y = 0; y < d.ny; ++y)
      emit(y, SiteState{initial_state(s.initial, d.x0 + x, d.y0 + y, d.z0 + z, d.NX, d.NY, d.NZ),
                        s.physics.equilibrium});
  }
  // A site that turns fluid (a solid removed) starts at rest at the case's density.
  static SiteState fluid_state(const Setup& s) {
    return {Macro{s.physics.rho0, 0.0, 0.0, 0.0}, s.physics.equilibrium};
  }
  // A site in equilibrium with the state the case gave it.
  template <class Real>
  PLUME_HD PLUME_FORCEINLINE static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int z,
                                                      const SiteState& s) {
    store_equilibrium(f, l, x, y, z, s.equilibrium, s.m);
  }
};

}  // namespace plume::d3q19

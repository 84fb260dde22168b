// The model contract: what a per-site model's Traits gives plume's generic code (the CPU and CUDA
// backends, src/cpu/cpu_backend.hpp and src/cuda/cuda_backend.cuh, and TraitsModel,
// models/traits_model.hpp), stated once, in code. The required members are checked where a Traits
// enters generic code (TraitsModel<T>, make_cpu_backend<T>, make_cuda_backend<T>), each by a
// static_assert that says in words what is missing; the optional hooks are detected here, once,
// and the generic code asks these traits. solver/models/d2q37/model.hpp is the example, and
// docs/architecture.md ("A model", "Adding a model") says how the parts fit.
//
// What a model is at run time is plume::Model (plume/model.hpp), which TraitsModel<Traits> fills
// in from the Traits where it can: its state (the lattice's planes: Model::lattice(), and
// AnySetup, its setup carried unopened), its fields with their roles (Model::fields(),
// FieldInfo::role), its parameters (Model::parameters(), plume/parameters.hpp), its diagnostics
// (diagnostics(), diagnose(), reported_histories(), end_report()), its step (make_backend, the
// Backend of a block), its checkpoint payload (the populations of its lattice, read and written
// through the Backend) and its decomposition needs (periodic(setup), the lattice's reach and the
// halo plans it gives, in_place_problem()).
//
// A model whose step is not a per-site update, or that owns state besides the populations, takes
// one of the two open paths instead of (or beside) this contract:
// - its own step: Model::make_backend may return any Backend (its own CPU and CUDA pair), and the
//   model may give its own tile stepper through Model (plume/model.hpp);
// - extra state (particles, tracers): plume/extra_state.hpp, ExtraState (advanced with the flow,
//   checkpointed, migrated between tiles, shown as points to in situ and the GUI).
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>
#include "plume/grid/domain.hpp"
#include "plume/grid/layout.hpp"
#include "plume/grid/planes.hpp"
#include "plume/grid/stencil_kernel.hpp"
#include "plume/grid/step_args.hpp"
#include "plume/hd.hpp"
#include "plume/model.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume {

struct RowSite;  // plume/reductions.hpp

namespace contract_detail {
// What the generic code hands a model's initial_column: emit(y, state).
struct AnyEmit {
  template <class State>
  PLUME_HD void operator()(int, const State&) const {}
};
template <class M, class Real>
using Args = StepArgs<Real, typename M::Params>;
}  // namespace contract_detail

// ===== The required members ===================================================================
// Each detector is true when Traits M has the member in the form generic code uses.

// Types: Setup (one plain struct: its physics and its case), Lattice (Q, D, reach, e(i, axis),
// name: plume/lattice/lattice_info.hpp), Params (the per-step parameters, copied into kernels),
// SiteState (what its case gives a site).
template <class M, class = void>
struct has_setup : std::false_type {};
template <class M>
struct has_setup<M, std::void_t<typename M::Setup>> : std::true_type {};
template <class M, class = void>
struct has_lattice : std::false_type {};
template <class M>
struct has_lattice<M, std::void_t<typename M::Lattice, decltype(M::Lattice::Q), decltype(M::Lattice::D),
                                  decltype(M::Lattice::reach), decltype(M::Lattice::name),
                                  decltype(M::Lattice::e(0, 0))>> : std::true_type {};
template <class M, class = void>
struct has_params : std::false_type {};
template <class M>
struct has_params<M, std::void_t<typename M::Params>> : std::true_type {};
template <class M, class = void>
struct has_site_state : std::false_type {};
template <class M>
struct has_site_state<M, std::void_t<typename M::SiteState>> : std::true_type {};

// field_list: a constexpr array of FieldInfo, the one statement of its stored fields; kFields,
// their count; model(), its plume::Model.
template <class M, class = void>
struct has_field_list : std::false_type {};
template <class M>
struct has_field_list<M, std::void_t<decltype(M::field_list)>>
    : std::bool_constant<std::is_array_v<decltype(M::field_list)> &&
                         std::is_same_v<std::remove_cv_t<std::remove_extent_t<decltype(M::field_list)>>, FieldInfo>> {};
template <class M, class = void>
struct has_field_count : std::false_type {};
template <class M>
struct has_field_count<M, std::void_t<decltype(M::kFields)>> : std::true_type {};
template <class M, class = void>
struct field_count_matches : std::false_type {};
template <class M>
struct field_count_matches<M, std::void_t<decltype(M::kFields), decltype(M::field_list)>>
    : std::bool_constant<int(M::kFields) == int(std::extent_v<decltype(M::field_list)>)> {};
template <class M, class = void>
struct has_model : std::false_type {};
template <class M>
struct has_model<M, std::void_t<decltype(M::model())>>
    : std::is_convertible<decltype(M::model()), const Model&> {};

// params(setup) -> Params, periodic(params) -> parallel::Periodic.
template <class M, class = void>
struct has_params_of : std::false_type {};
template <class M>
struct has_params_of<M, std::void_t<decltype(M::params(std::declval<const typename M::Setup&>()))>>
    : std::is_convertible<decltype(M::params(std::declval<const typename M::Setup&>())), typename M::Params> {};
template <class M, class = void>
struct has_periodic : std::false_type {};
template <class M>
struct has_periodic<M, std::void_t<decltype(M::periodic(std::declval<const typename M::Params&>()))>>
    : std::is_convertible<decltype(M::periodic(std::declval<const typename M::Params&>())), parallel::Periodic> {};

// kVariants, the update variants compiled on their own, and variant(params), the one a run takes.
template <class M, class = void>
struct has_variants : std::false_type {};
template <class M>
struct has_variants<M, std::void_t<decltype(M::kVariants)>> : std::bool_constant<(int(M::kVariants) >= 1)> {};
template <class M, class = void>
struct has_variant_of : std::false_type {};
template <class M>
struct has_variant_of<M, std::void_t<decltype(M::variant(std::declval<const typename M::Params&>()))>>
    : std::is_convertible<decltype(M::variant(std::declval<const typename M::Params&>())), int> {};

// update<V>(args, x, y, z): the fused pull-stream + collide update of one site, for every variant
// and both storages.
template <class M, int V, class Real, class = void>
struct has_update_of : std::false_type {};
template <class M, int V, class Real>
struct has_update_of<M, V, Real,
                     std::void_t<decltype(M::template update<V>(
                         std::declval<const contract_detail::Args<M, Real>&>(), 0, 0, 0))>> : std::true_type {};
template <class M, int... Vs>
constexpr bool updates_all(std::integer_sequence<int, Vs...>) {
  return ((has_update_of<M, Vs, float>::value && has_update_of<M, Vs, double>::value) && ...);
}
template <class M, class = void>
struct has_update : std::false_type {};
template <class M>
struct has_update<M, std::enable_if_t<has_params<M>::value && has_variants<M>::value>>
    : std::bool_constant<updates_all<M>(std::make_integer_sequence<int, M::kVariants>{})> {};

// fields(args, x, y, z, out): the kFields fields of one site, in the order of field_list.
template <class M, class Real, class = void>
struct has_fields_of : std::false_type {};
template <class M, class Real>
struct has_fields_of<M, Real,
                     std::void_t<decltype(M::fields(std::declval<const contract_detail::Args<M, Real>&>(), 0, 0, 0,
                                                    std::declval<double*>()))>> : std::true_type {};
template <class M>
struct has_fields : std::bool_constant<has_fields_of<M, float>::value && has_fields_of<M, double>::value> {};

// initial_column(setup, domain, x, z, emit) and initial_site(planes, layout, x, y, z, state): its
// case, one column at a time, then the populations of each site.
template <class M, class = void>
struct has_initial_column : std::false_type {};
template <class M>
struct has_initial_column<M, std::void_t<decltype(M::initial_column(std::declval<const typename M::Setup&>(),
                                                                   std::declval<const Domain&>(), 0, 0,
                                                                   contract_detail::AnyEmit{}))>> : std::true_type {};
template <class M, class Real, class = void>
struct has_initial_site_of : std::false_type {};
template <class M, class Real>
struct has_initial_site_of<M, Real,
                           std::void_t<decltype(M::initial_site(std::declval<const Planes<Real>&>(),
                                                                std::declval<const Layout&>(), 0, 0, 0,
                                                                std::declval<const typename M::SiteState&>()))>>
    : std::true_type {};
template <class M>
struct has_initial_site
    : std::bool_constant<has_initial_site_of<M, float>::value && has_initial_site_of<M, double>::value> {};

// Tuning: the model's GPU tuning (solver/models/<name>/tuning.hpp), with registers(variant) or,
// where the best budget differs with the storage, registers(variant, bytes per value).
template <class M, class = void>
struct has_tuning : std::false_type {};
template <class M>
struct has_tuning<M, std::void_t<typename M::Tuning>> : std::true_type {};
template <class M, class = void>
struct has_storage_registers : std::false_type {};
template <class M>
struct has_storage_registers<M, std::void_t<decltype(M::Tuning::registers(0, 4))>> : std::true_type {};
template <class M, class = void>
struct has_variant_registers : std::false_type {};
template <class M>
struct has_variant_registers<M, std::void_t<decltype(M::Tuning::registers(0))>> : std::true_type {};

// ===== The optional hooks =====================================================================

// Solid sites: the state a site that turns fluid starts in, fluid_state(setup) -> SiteState. The
// generic backends compile their solid handling only for such models.
template <class M, class = void>
struct has_solids : std::false_type {};
template <class M>
struct has_solids<M, std::void_t<decltype(M::fluid_state(std::declval<const typename M::Setup&>()))>>
    : std::true_type {};

// A pass that changes some sites of the current state before each step (D2Q9's seed-001
// driving): pre_step_box(params, domain) names the local sites, pre_step(f, layout, domain,
// params, solid, x, y, z) changes one in place. Done as a pass of its own, before the halos are
// filled, so that every neighbour pulls the changed values, whatever the tiling.
template <class M, class = void>
struct has_pre_step : std::false_type {};
template <class M>
struct has_pre_step<M, std::void_t<decltype(M::pre_step_box(std::declval<const typename M::Params&>(),
                                                              std::declval<const Domain&>()))>> : std::true_type {};
template <class M, class = void>
struct has_pre_step_site : std::false_type {};
template <class M>
struct has_pre_step_site<M, std::void_t<decltype(M::pre_step(
                                std::declval<const Planes<double>&>(), std::declval<const Layout&>(),
                                std::declval<const Domain&>(), std::declval<const typename M::Params&>(),
                                std::declval<const std::uint8_t*>(), 0, 0, 0))>> : std::true_type {};

// Sums of its sites where the populations live (Backend::site_sums): kSums quantities, and
// add_sums(fields, sums) adding one site's share, from its fields (in the order of field_list),
// to sums[0 .. kSums).
template <class M, class = void>
struct has_sums : std::false_type {};
template <class M>
struct has_sums<M, std::void_t<decltype(M::kSums)>> : std::true_type {};
template <class M, class = void>
struct has_add_sums : std::false_type {};
template <class M>
struct has_add_sums<M, std::void_t<decltype(M::add_sums(std::declval<const double*>(), std::declval<double*>()))>>
    : std::true_type {};

// Quantities of its own per row, beyond the sums of its stored fields (plume/reductions.hpp runs
// them): kOwnRowSums of them (default 0), add_row_site(fields, RowSite, sums) one site's share,
// kRowPasses passes over the row (default 1; 2 where a quantity needs the row's sums first).
template <class M, class = void>
struct own_row_sums_of : std::integral_constant<int, 0> {};
template <class M>
struct own_row_sums_of<M, std::void_t<decltype(M::kOwnRowSums)>> : std::integral_constant<int, int(M::kOwnRowSums)> {};
template <class M, class = void>
struct row_passes_of : std::integral_constant<int, 1> {};
template <class M>
struct row_passes_of<M, std::void_t<decltype(M::kRowPasses)>> : std::integral_constant<int, int(M::kRowPasses)> {};
template <class M, class = void>
struct has_add_row_site : std::false_type {};
template <class M>
struct has_add_row_site<M, std::void_t<decltype(M::add_row_site(std::declval<const double*>(),
                                                                 std::declval<const RowSite&>(),
                                                                 std::declval<double*>()))>> : std::true_type {};

// Two rows at once (update_rows<V>), which the CUDA backend runs with FP32 storage in runs without
// solid sites, in the budget Tuning::pair_registers(variant) (kernels.cuh, ProductionShape).
template <class M, int V, class Real, class = void>
struct has_update_rows : std::false_type {};
template <class M, int V, class Real>
struct has_update_rows<M, V, Real, std::void_t<decltype(&M::template update_rows<V, Real>)>> : std::true_type {};
template <class M, class = void>
struct has_pair_registers : std::false_type {};
template <class M>
struct has_pair_registers<M, std::void_t<decltype(M::Tuning::pair_registers(0))>> : std::true_type {};

// A 3-D axis stencil of one plane: update_column<V>(args, x, y, z0, z1), a column of sites;
// next_value<V>(params, t, neighbours), a site from its six neighbours, for the kernels that gather
// them themselves; Tuning::stencil_kernel(bytes per value), the CUDA kernel that runs it
// (plume/grid/stencil_kernel.hpp).
template <class M, int V, class Real, class = void>
struct has_update_column : std::false_type {};
template <class M, int V, class Real>
struct has_update_column<M, V, Real, std::void_t<decltype(&M::template update_column<V, Real>)>>
    : std::bool_constant<M::Lattice::D == 3> {};
template <class M, class = void>
struct has_stencil_kernel : std::false_type {};
template <class M>
struct has_stencil_kernel<M, std::void_t<decltype(M::Tuning::stencil_kernel(4))>> : std::true_type {};

// An update for each reach (update_reach<V, R>, and update_rows_reach<V, R> beside update_rows):
// then the step kernels of runs without solid sites are compiled once per reach (kernels.cuh,
// launch_box_reach).
template <class M, int V, class Real, class = void>
struct has_update_reach : std::false_type {};
template <class M, int V, class Real>
struct has_update_reach<M, V, Real, std::void_t<decltype(&M::template update_reach<V, Reach::Across, Real>)>>
    : std::true_type {};

// An update that hands a site's post-collision values to a functor instead of storing them
// (update_to<V>(args, x, y, z, out(s, values))): then in place its steps into the shifted way of
// whole periodic rows can stage the pushes along x (kernels.cuh, staged_push_kernel).
struct DropValues {
  PLUME_HD void operator()(int, const double*) const {}
};
template <class M, int V, class Real, class = void>
struct has_update_to : std::false_type {};
template <class M, int V, class Real>
struct has_update_to<M, V, Real,
                     std::void_t<decltype(M::template update_to<V>(
                         std::declval<const StepArgs<Real, typename M::Params>&>(), 0, 0, 0, std::declval<DropValues&>()))>>
    : std::true_type {};

// Whether its update reads its neighbours across the periodic boundaries that StepArgs::wrap
// names (kReadsAcross; plume/grid/wrap.hpp), default false.
template <class M, class = void>
struct reads_across : std::false_type {};
template <class M>
struct reads_across<M, std::void_t<decltype(M::kReadsAcross)>> : std::bool_constant<M::kReadsAcross> {};

// Whether its update can push across the periodic boundaries in place (StepArgs::push), and for
// which parameters (pushes_across(params)).
template <class M, class = void>
struct has_pushes_across : std::false_type {};
template <class M>
struct has_pushes_across<M, std::void_t<decltype(&M::pushes_across)>> : std::true_type {};

// Whether its update takes the snapshot hook (kUpdateSnapshots, default false): it then gives the
// fields from the populations it has read (kernels.cuh, SnapshotHook).
template <class M, class = void>
struct update_snapshots : std::false_type {};
template <class M>
struct update_snapshots<M, std::void_t<decltype(M::kUpdateSnapshots)>> : std::bool_constant<M::kUpdateSnapshots> {};

// GPU tuning beyond the register budget, in its Tuning: step_threads(variant, bytes per value),
// the threads of a step block along x (default 128, kernels.cuh); step_snapshots(bytes per value),
// whether its step kernels take snapshots for that storage (default true).
template <class M, class = void>
struct has_step_threads : std::false_type {};
template <class M>
struct has_step_threads<M, std::void_t<decltype(M::Tuning::step_threads(0, 8))>> : std::true_type {};
template <class M, class Real, class = void>
struct model_step_snapshots : std::true_type {};
template <class M, class Real>
struct model_step_snapshots<M, Real, std::void_t<decltype(M::Tuning::step_snapshots(4))>>
    : std::bool_constant<M::Tuning::step_snapshots(int(sizeof(Real)))> {};

// ===== The checks =============================================================================
// ModelContract<T>::value is true, or the compilation stops with one message per missing member.
// A check that needs another member (update needs Params) is made only once that one is there, so
// that each message names what is really missing.
template <class T>
struct ModelContract {
  static_assert(has_setup<T>::value,
                "plume model contract: Traits must name its Setup (`using Setup = ...;`: one plain struct, its "
                "physics and its case)");
  static_assert(has_lattice<T>::value,
                "plume model contract: Traits must name its Lattice (`using Lattice = ...;`: a type with Q, D, "
                "reach, e(i, axis) and name; plume/lattice/lattice_info.hpp)");
  static_assert(has_params<T>::value,
                "plume model contract: Traits must name its Params (`using Params = ...;`: the per-step "
                "parameters, copied into kernels)");
  static_assert(has_site_state<T>::value,
                "plume model contract: Traits must name its SiteState (what its case gives a site, for "
                "initial_site)");
  static_assert(has_field_list<T>::value,
                "plume model contract: Traits must declare field_list, a constexpr array of FieldInfo (its stored "
                "fields, in the order fields() writes them)");
  static_assert(has_field_count<T>::value,
                "plume model contract: Traits must declare kFields, the length of field_list "
                "(`static constexpr int kFields = int(sizeof field_list / sizeof field_list[0]);`)");
  static_assert(!has_field_list<T>::value || !has_field_count<T>::value || field_count_matches<T>::value,
                "plume model contract: Traits::kFields must be the length of field_list");
  static_assert(has_model<T>::value,
                "plume model contract: Traits must declare model(), its plume::Model "
                "(`static const plume::Model& model();`)");
  static_assert(!has_setup<T>::value || !has_params<T>::value || has_params_of<T>::value,
                "plume model contract: Traits must declare params(const Setup&), the Params of a setup");
  static_assert(!has_params<T>::value || has_periodic<T>::value,
                "plume model contract: Traits must declare periodic(const Params&) -> parallel::Periodic, which "
                "directions are periodic (the others are bounded)");
  static_assert(has_variants<T>::value,
                "plume model contract: Traits must declare kVariants (>= 1), the number of update variants "
                "compiled on their own");
  static_assert(!has_params<T>::value || has_variant_of<T>::value,
                "plume model contract: Traits must declare variant(const Params&) -> int, the variant (0 .. "
                "kVariants - 1) that a run's parameters choose");
  static_assert(!has_params<T>::value || !has_variants<T>::value || has_update<T>::value,
                "plume model contract: Traits must declare update<V>(const StepArgs<Real, Params>&, x, y, z) "
                "(PLUME_HD), the fused pull-stream + collide update of one site, for every variant V < kVariants "
                "and Real = float and double");
  static_assert(!has_params<T>::value || has_fields<T>::value,
                "plume model contract: Traits must declare fields(const StepArgs<Real, Params>&, x, y, z, double* "
                "out) (PLUME_HD), the kFields fields of one site in the order of field_list");
  static_assert(!has_setup<T>::value || has_initial_column<T>::value,
                "plume model contract: Traits must declare initial_column(const Setup&, const Domain&, x, z, emit) "
                "(PLUME_HD), its case one column at a time: emit(y, SiteState) for the local rows of column (x, z)");
  static_assert(!has_site_state<T>::value || has_initial_site<T>::value,
                "plume model contract: Traits must declare initial_site(const Planes<Real>&, const Layout&, x, y, "
                "z, const SiteState&) (PLUME_HD), the populations of one site from the state its case gave it");
  // Members that come in pairs: an optional hook's other half.
  static_assert(!has_sums<T>::value || has_add_sums<T>::value,
                "plume model contract: Traits with kSums must declare add_sums(const double* fields, double* sums), "
                "one site's share of its site sums");
  static_assert(own_row_sums_of<T>::value == 0 || has_add_row_site<T>::value,
                "plume model contract: Traits with kOwnRowSums must declare add_row_site(const double* fields, "
                "const RowSite&, double* sums) (PLUME_HD), one site's share of its own row quantities");
  static_assert(!has_params<T>::value || !has_pre_step<T>::value || has_pre_step_site<T>::value,
                "plume model contract: Traits with pre_step_box must declare pre_step(const Planes<Real>&, const "
                "Layout&, const Domain&, const Params&, const std::uint8_t* solid, x, y, z), the pass before a step "
                "over one site");
  static constexpr bool value = true;
};

// What the CUDA backend needs besides: its GPU tuning.
template <class T>
struct GpuTuningContract {
  static_assert(has_tuning<T>::value,
                "plume model contract: Traits must name its GPU tuning (`using Tuning = <name>::Tuning;`, "
                "solver/models/<name>/tuning.hpp)");
  static_assert(!has_tuning<T>::value || has_variant_registers<T>::value || has_storage_registers<T>::value,
                "plume model contract: Traits::Tuning must declare registers(variant) or registers(variant, bytes "
                "per value), constexpr: the registers a step kernel of each variant may use");
  static_assert(!has_tuning<T>::value || !has_variants<T>::value || !has_params<T>::value ||
                    !has_update_rows<T, 0, float>::value || has_pair_registers<T>::value,
                "plume model contract: Traits with update_rows must declare Tuning::pair_registers(variant), "
                "constexpr: the registers of its two-row step kernel");
  static_assert(!has_tuning<T>::value || !has_lattice<T>::value || !has_params<T>::value ||
                    !has_update_column<T, 0, float>::value || has_stencil_kernel<T>::value,
                "plume model contract: Traits with update_column must declare Tuning::stencil_kernel(bytes per "
                "value), constexpr: the CUDA kernel that runs it (plume/grid/stencil_kernel.hpp)");
  static constexpr bool value = true;
};

}  // namespace plume

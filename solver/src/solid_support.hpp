// What a model's traits may offer beyond the required: solid sites, a pass before each step, and
// sums over the sites.
//
// Whether a model's traits support solid sites: they say what state a site that turns fluid
// starts in (Traits::fluid_state(setup) -> SiteState). The generic backends compile their solid
// handling only for such models.
#pragma once
#include <type_traits>
#include <utility>
#include "plume/grid/domain.hpp"

namespace plume {

template <class M, class = void>
struct has_solids : std::false_type {};
template <class M>
struct has_solids<M, std::void_t<decltype(M::fluid_state(std::declval<const typename M::Setup&>()))>>
    : std::true_type {};

// Whether a model changes some sites of the current state before each step (D2Q9's seed-001
// driving): Traits::pre_step_box(params, domain) names the local sites, Traits::pre_step(f,
// layout, domain, params, solid, x, y, z) changes one in place. Done as a pass of its own, before
// the halos are filled, so that every neighbour pulls the changed values, whatever the tiling.
template <class M, class = void>
struct has_pre_step : std::false_type {};
template <class M>
struct has_pre_step<M, std::void_t<decltype(M::pre_step_box(std::declval<const typename M::Params&>(),
                                                              std::declval<const Domain&>()))>> : std::true_type {};

// Whether a model sums quantities of its sites where the populations live (Backend::site_sums):
// Traits::kSums quantities, Traits::add_sums(fields, sums) adding one site's share, from the site's
// fields (in the order of field_list), to sums[0 .. kSums).
template <class M, class = void>
struct has_sums : std::false_type {};
template <class M>
struct has_sums<M, std::void_t<decltype(M::kSums)>> : std::true_type {};

}  // namespace plume

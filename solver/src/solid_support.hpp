// Whether a model's traits support solid sites: they say what state a site that turns fluid
// starts in (Traits::fluid_state(setup) -> SiteState). The generic backends compile their solid
// handling only for such models.
#pragma once
#include <type_traits>
#include <utility>

namespace plume {

template <class M, class = void>
struct has_solids : std::false_type {};
template <class M>
struct has_solids<M, std::void_t<decltype(M::fluid_state(std::declval<const typename M::Setup&>()))>>
    : std::true_type {};

}  // namespace plume

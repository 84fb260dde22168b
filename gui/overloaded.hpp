// std::visit with one lambda per alternative.
#pragma once

namespace plume::gui {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace plume::gui

// Widgets for a model's parameters (plume/parameters.hpp): plume-gui steers any model through the
// model's own table, without knowing the model. Each widget shows a parameter's value in the
// run's setup; a change becomes the configuration override "section.name" = value, which the
// simulation applies like a --set (at once for the physics, by a restart for the initial state).
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>
#include "plume/parameters.hpp"

namespace plume::gui {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// One widget per parameter of `section`, in the model's order; the (key, value) pairs the user
// changed in this frame. `refused` (by key): why the last change of a parameter was refused,
// shown in red under its widget.
Overrides edit_parameters(const Parameters& ps, const AnySetup& setup, const std::string& section,
                          const std::map<std::string, std::string>* refused = nullptr);

// The same for edits held until they are applied together (a restart): `pending` holds the values
// entered so far, by key, shown instead of the setup's.
void edit_pending(const Parameters& ps, const AnySetup& setup, const std::string& section,
                  std::map<std::string, std::string>& pending);

}  // namespace plume::gui

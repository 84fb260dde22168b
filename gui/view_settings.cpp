#include "view_settings.hpp"
#include "plume/solver.hpp"

namespace plume::gui {

const io::FieldChoice* gui_field(const std::string& name) {
  return &io::field_choice(find_model(SolverConfig{}.model), name);
}

}  // namespace plume::gui

#include "view_settings.hpp"
#include "plume/solver.hpp"

namespace plume::gui {

namespace {
const Model* session_model = nullptr;
}

void set_gui_model(const Model& m) { session_model = &m; }

const Model& gui_model() { return session_model ? *session_model : find_model(SolverConfig{}.model); }

const io::FieldChoice* gui_field(const std::string& name) {
  const Model& m = gui_model();
  return name.empty() ? &io::field_choices(m).front() : &io::field_choice(m, name);
}

}  // namespace plume::gui

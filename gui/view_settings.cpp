#include "view_settings.hpp"
#include "plume/solver.hpp"

namespace plume::gui {

namespace {
const Model* session_model = nullptr;
}

void set_gui_model(const Model& m) { session_model = &m; }

const Model& gui_model() { return session_model ? *session_model : *SolverConfig{}.model; }

const io::FieldChoice* gui_field(const std::string& name) {
  const Model& m = gui_model();
  return name.empty() ? &io::field_choices(m).front() : &io::field_choice(m, name);
}

const io::FieldChoice* script_field(const std::string& name) {
  const io::FieldChoice* own = nullptr;
  try {
    own = gui_field(name);
  } catch (const std::invalid_argument&) {
    for (const Model* m : models())
      for (const io::FieldChoice& c : io::field_choices(*m))
        if (c.name == name) return &c;
    throw;
  }
  return own;
}

const io::FieldChoice* choice_for(const Model& m, const io::FieldChoice* c) {
  const std::vector<io::FieldChoice>& list = io::field_choices(m);
  if (c && c >= list.data() && c < list.data() + list.size()) return c;
  for (const io::FieldChoice& k : list)
    if (c && k.name == c->name) return &k;
  return &list.front();
}

}  // namespace plume::gui

// What the field view shows and what the mouse does on it; edited by the panel and by scripts.
#pragma once
#include "plume/io/field_select.hpp"
#include "plume/viz/colormap.hpp"

namespace plume::gui {

enum class Tool : int { Inspect = 0, PaintHot = 1, PaintCold = 2 };

// The model whose fields the GUI offers: the run's, one per session (set before the view and the
// simulation are made; until then the configuration's default model).
void set_gui_model(const Model& m);
const Model& gui_model();
// The field of that name among the model's choices (io::field_choices); "" gives the first of
// them. Throws std::invalid_argument naming the choices.
const io::FieldChoice* gui_field(const std::string& name);

struct ViewSettings {
  const io::FieldChoice* field = gui_field("");
  viz::Colormap map = viz::Colormap::Inferno;
  bool auto_range = true;    // follow the field's range (symmetric about 0 for signed fields)
  double lo = 0.95, hi = 1.05;  // the fixed range
  Tool tool = Tool::Inspect;
  double brush_radius = 10.0;     // sites
  double brush_strength = 0.05;   // change of the model's paint quantity at the brush centre
};


}  // namespace plume::gui

// What the field view shows and what the mouse does on it; edited by the panel and by scripts.
#pragma once
#include <string>
#include "plume/io/field_select.hpp"
#include "plume/viz/colormap.hpp"
#include "slice.hpp"
#include "volume.hpp"

namespace plume::gui {

enum class Tool : int { Inspect = 0, PaintHot = 1, PaintCold = 2, SolidDraw = 3, SolidErase = 4 };
inline bool paints(Tool t) { return t == Tool::PaintHot || t == Tool::PaintCold; }
inline bool edits_solids(Tool t) { return t == Tool::SolidDraw || t == Tool::SolidErase; }

// The model whose fields the GUI offers: the run's (set before the view and the simulation are
// made, and again when a case or configuration of another model is opened; until then the
// configuration's default model).
void set_gui_model(const Model& m);
const Model& gui_model();
// The field of that name among the model's choices (io::field_choices); "" gives the first of
// them. Throws std::invalid_argument naming the choices.
const io::FieldChoice* gui_field(const std::string& name);
// The field of that name of the session's model or, failing that, of another registered model
// (a script line, checked before the lines that switch model have run). Throws like gui_field.
const io::FieldChoice* script_field(const std::string& name);
// `c` when it is one of m's choices, else m's choice of the same name, else m's first: a choice
// made for the previous model, carried over a switch of model.
const io::FieldChoice* choice_for(const Model& m, const io::FieldChoice* c);

struct ViewSettings {
  const io::FieldChoice* field = gui_field("");
  viz::Colormap map = viz::Colormap::Inferno;
  bool auto_range = true;    // follow the field's range (symmetric about 0 for signed fields)
  double lo = 0.95, hi = 1.05;  // the fixed range
  Tool tool = Tool::Inspect;
  double brush_radius = 10.0;     // sites
  double brush_strength = 0.05;   // change of the model's paint quantity at the brush centre
  double solid_radius = 3.0;      // sites, of the solids brush
  Slice slice;                    // the plane shown of a 3-D lattice (the middle z-plane first)
  Layout layout = Layout::One;    // a 3-D lattice: one plane, three planes through `point`, or the volume
  Point3 point;                   // where the three planes cross (the middle first)
  VolumeLook look;                // the volume's camera and opacity
  bool show_points = true;        // the run's points (tracers) as dots over the field
  std::string point_colour;       // "": one plain colour; else the point array the dots are coloured by
};


}  // namespace plume::gui

// What the field view shows and what the mouse does on it; edited by the panel and by scripts.
#pragma once
#include "plume/io/field_select.hpp"
#include "plume/viz/colormap.hpp"

namespace plume::gui {

enum class Tool : int { Inspect = 0, PaintHot = 1, PaintCold = 2 };

struct ViewSettings {
  io::FieldKind field = io::FieldKind::T;
  viz::Colormap map = viz::Colormap::Inferno;
  bool auto_range = true;    // follow the field's range (symmetric about 0 for signed fields)
  double lo = 0.95, hi = 1.05;  // the fixed range
  Tool tool = Tool::Inspect;
  double brush_radius = 10.0;     // sites
  double brush_strength = 0.05;   // temperature change at the brush centre
};

// How the panel and the colour bar name a field: the hydrodynamic quantities of the spec.
const char* field_label(io::FieldKind k);

}  // namespace plume::gui

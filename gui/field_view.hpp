// The field on screen: the coloured lattice behind the ImGui windows (aspect ratio kept, zoom
// with the wheel, pan by dragging), a colour bar with values, the site under the cursor and its
// values, and brush strokes for painting. Mouse input reaches the field only when ImGui does not
// want it (io.WantCaptureMouse), so widgets and the field never both react to one click.
#pragma once
#include <optional>
#include <vector>
#include "commands.hpp"
#include "field_texture.hpp"
#include "paint.hpp"
#include "solid_brush.hpp"
#include "plume/fields.hpp"
#include "shown_field.hpp"
#include "snapshot.hpp"
#include "plume/viz/image.hpp"
#include "view_settings.hpp"
#include "view_transform.hpp"

struct ImDrawList;

namespace plume::gui {

// What the mouse did to the run in one frame: brush dabs, solid strokes.
struct MouseEdits {
  std::vector<Brush> paint;
  std::vector<SolidStroke> solids;
};

// The colour solid sites are drawn in, whatever the colormap: the in-situ images' grey (0.5).
constexpr unsigned char kSolidGrey = 128;

// Pixels right of a field kept for its colour bar.
constexpr double kBarSpace = 110.0;

// The colour range for the settings: the fixed one, or the data's (symmetric for signed fields).
viz::Range colour_range(const ViewSettings& s, viz::Range data);
// The colour bar of `s`'s colormap and field for the range r, at x, from top down h pixels.
void draw_colorbar(ImDrawList* dl, const ViewSettings& s, viz::Range r, double x, double top, double h);
// One line of text on a dark box at the top left (x, y) of an area.
void draw_overlay(ImDrawList* dl, double x, double y, const char* text);

class FieldView {
 public:

  // A new field on an nx x ny lattice; its texture copy goes through `path`.
  void set_field(const ShownField& f, int nx, int ny, TextureUpload& path);
  // Colour range for the settings: the fixed one, or the field's (symmetric for signed fields).
  viz::Range range(const ViewSettings& s) const { return colour_range(s, data_range_); }

  struct Frame {
    double left, top, width, height;  // screen area given to the view, colour bar included
    const ShownField* shown = nullptr;  // the values under the cursor
    const Snapshot* snapshot = nullptr; // every quantity at the cursor (host fields or read-out)
    const char* overlay = "";         // one line drawn at the top of the field
    bool colorbar = true;             // false: no colour bar, the whole width is the field's
  };
  // Draws on the background draw list and handles the mouse; what the brushes did in this frame
  // is appended to `edits`.
  void draw(const ViewSettings& s, const Frame& f, MouseEdits& edits);

  // Fit, or centre on a lattice point at a zoom; applied at the next draw (the area is known then).
  void request_view(const cmd::View& v) { pending_view_ = v; }
  const ViewTransform& transform() const { return xf_; }
  // The texture side this view needs at its zoom (ViewTransform::texture_side); 0 before a field.
  int texture_side(double scale) const { return nx_ > 0 ? xf_.texture_side(scale) : 0; }
  // The lattice site under the cursor at the last draw, if any (for Simulation::probe_at).
  const int* hovered_site() const { return hovered_ ? hovered_site_ : nullptr; }

 private:
  void handle_mouse(const ViewSettings& s, MouseEdits& edits);
  void draw_readout(ImDrawList* dl, const ViewSettings& s, const Frame& f);
  // The snapshot's points in the shown plane as dots, and the read-out of the one under the
  // cursor (point_layer.hpp).
  void draw_points(ImDrawList* dl, const ViewSettings& s, const Frame& f);

  FieldTexture tex_;
  MaskTexture solids_;
  bool has_solids_ = false;
  ViewTransform xf_;
  viz::Range data_range_;
  int nx_ = 0, ny_ = 0;
  bool dirty_ = true;
  bool hovered_ = false;
  int hovered_site_[3] = {0, 0, 0};
  std::optional<cmd::View> pending_view_;
  viz::Colormap drawn_map_ = viz::Colormap::Viridis;
  viz::Range drawn_range_{0.0, 0.0};
  // Mouse state: a drag belongs to the field only when it started there.
  bool dragging_ = false, painting_ = false;
  double last_dab_x_ = 0.0, last_dab_y_ = 0.0;
};

}  // namespace plume::gui

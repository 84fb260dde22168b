#include "field_view.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include "point_layer.hpp"

namespace plume::gui {
namespace {

constexpr int kBarSegments = 64;

ImU32 to_imgui(viz::RGB8 c) { return IM_COL32(c.r, c.g, c.b, 255); }

}  // namespace


void FieldView::set_field(const ShownField& f, int nx, int ny, TextureUpload& path) {
  nx_ = nx;
  ny_ = ny;
  data_range_ = f.range;
  tex_.upload(path, texels_view(f.texels_on_device, f.device_texture.get(), f.texture, f.texture_nx, f.texture_ny, 1,
                                f.offset));
  has_solids_ = !f.solid.empty();
  if (has_solids_) solids_.upload(f.solid.data(), f.texture_nx, f.texture_ny);
  dirty_ = true;
}

viz::Range colour_range(const ViewSettings& s, viz::Range data) {
  if (!s.auto_range) return {s.lo, s.hi};
  if (s.field->is_signed) {
    const double m = std::max(std::abs(data.lo), std::abs(data.hi));
    return {-m, m};
  }
  return data;
}

void draw_overlay(ImDrawList* dl, double x, double y, const char* text) {
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const float bx = float(x), by = float(y);
  dl->AddRectFilled(ImVec2(bx + 4, by + 4), ImVec2(bx + 12 + ts.x, by + 8 + ts.y), IM_COL32(0, 0, 0, 160));
  dl->AddText(ImVec2(bx + 8, by + 6), IM_COL32(255, 255, 255, 255), text);
}

void FieldView::draw(const ViewSettings& s, const Frame& f, MouseEdits& edits) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  hovered_ = false;
  const double fw = std::max(1.0, f.width - (f.colorbar ? kBarSpace : 0.0));
  if (nx_ == 0) return;
  xf_.set_area(f.left, f.top, fw, f.height, nx_, ny_);
  if (pending_view_) {
    if (pending_view_->fit) {
      xf_.fit();
    } else {
      xf_.cx = pending_view_->x;
      xf_.cy = pending_view_->y;
      xf_.zoom = std::clamp(pending_view_->zoom, ViewTransform::kMinZoom, ViewTransform::kMaxZoom);
    }
    pending_view_.reset();
  }
  const viz::Range r = range(s);
  if (dirty_ || s.map != drawn_map_ || r.lo != drawn_range_.lo || r.hi != drawn_range_.hi) {
    tex_.colorize(s.map, r.lo, r.hi);
    drawn_map_ = s.map;
    drawn_range_ = r;
    dirty_ = false;
  }
  handle_mouse(s, edits);

  const ImVec2 clip_min(float(f.left), float(f.top)), clip_max(float(f.left + fw), float(f.top + f.height));
  dl->PushClipRect(clip_min, clip_max, true);
  double x0, y0, x1, y1;
  xf_.to_screen(0.0, double(ny_), x0, y0);  // top-left corner of the lattice
  xf_.to_screen(double(nx_), 0.0, x1, y1);
  // Texture row 0 is lattice row 0 (the bottom): flip v so that y points up on screen.
  dl->AddImage(reinterpret_cast<ImTextureID>(std::uintptr_t(tex_.color_texture())), ImVec2(float(x0), float(y0)),
               ImVec2(float(x1), float(y1)), ImVec2(0, 1), ImVec2(1, 0));
  if (has_solids_)
    dl->AddImage(reinterpret_cast<ImTextureID>(std::uintptr_t(solids_.texture())), ImVec2(float(x0), float(y0)),
                 ImVec2(float(x1), float(y1)), ImVec2(0, 1), ImVec2(1, 0),
                 IM_COL32(kSolidGrey, kSolidGrey, kSolidGrey, 255));
  dl->AddRect(ImVec2(float(x0) - 1, float(y0) - 1), ImVec2(float(x1) + 1, float(y1) + 1), IM_COL32(90, 90, 90, 255));
  if (f.overlay && *f.overlay) draw_overlay(dl, clip_min.x, clip_min.y, f.overlay);
  draw_points(dl, s, f);
  if (s.tool != Tool::Inspect && xf_.contains(ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y) &&
      !ImGui::GetIO().WantCaptureMouse) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const ImU32 colour = s.tool == Tool::PaintHot    ? IM_COL32(255, 120, 60, 255)
                         : s.tool == Tool::PaintCold ? IM_COL32(80, 160, 255, 255)
                         : s.tool == Tool::SolidDraw ? IM_COL32(230, 230, 230, 255)
                                                     : IM_COL32(120, 255, 120, 255);
    const double radius = paints(s.tool) ? s.brush_radius : s.solid_radius + 0.5;
    dl->AddCircle(m, float(radius * xf_.pixels_per_site()), colour, 48, 2.0f);
  }
  draw_readout(dl, s, f);
  dl->PopClipRect();
  if (!f.colorbar) return;
  // Next to the lattice's right edge, but never out of the area.
  const double bar_x = std::clamp(x1 + 16.0, f.left, f.left + fw + 14.0);
  draw_colorbar(dl, s, r, bar_x, f.top + 0.1 * f.height, 0.8 * f.height);
}

void FieldView::draw_points(ImDrawList* dl, const ViewSettings& s, const Frame& f) {
  if (!s.show_points || !f.snapshot || !f.shown || f.snapshot->points.empty()) return;
  const Plane& plane = f.shown->plane;
  const bool three_d = f.snapshot->config.solver.nz > 1;
  const double pps = xf_.pixels_per_site();
  const float radius = float(std::clamp(0.35 * pps, 3.0, 6.0));
  for (const PointSet& set : f.snapshot->points) {
    const PointArray* by = s.point_colour.empty() ? nullptr : find_array(set, s.point_colour);
    viz::Range r = by ? point_range(*by) : viz::Range{};
    if (by && !(r.hi > r.lo)) r = {r.lo, r.lo + 1.0};  // one value: the map's low end
    for (std::size_t i = 0; i < set.size(); ++i) {
      const auto at = in_plane(set, i, plane, three_d);
      if (!at) continue;
      double sx, sy;
      xf_.to_screen(at->first + 0.5, at->second + 0.5, sx, sy);
      const ImU32 fill = by ? to_imgui(viz::colormap(s.map, std::clamp((point_value(*by, i) - r.lo) / (r.hi - r.lo), 0.0, 1.0)))
                            : IM_COL32(255, 255, 255, 255);
      // A dark rim keeps a dot apart from any colour of the field beneath.
      dl->AddCircleFilled(ImVec2(float(sx), float(sy)), radius + 1.0f, IM_COL32(0, 0, 0, 255), 12);
      dl->AddCircleFilled(ImVec2(float(sx), float(sy)), radius, fill, 12);
    }
  }
  // The point under the cursor: its id and values, above the site's read-out.
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse || !xf_.contains(io.MousePos.x, io.MousePos.y)) return;
  double lx, ly;
  xf_.to_lattice(io.MousePos.x, io.MousePos.y, lx, ly);
  const double pick_radius = std::max(0.5, 8.0 / pps);  // 8 pixels, at least half a site
  const auto pick = nearest_point(f.snapshot->points, plane, three_d, lx - 0.5, ly - 0.5, pick_radius);
  if (!pick) return;
  const PointSet& set = f.snapshot->points[pick->set];
  const auto at = in_plane(set, pick->index, plane, three_d);
  double sx, sy;
  xf_.to_screen(at->first + 0.5, at->second + 0.5, sx, sy);
  dl->AddCircle(ImVec2(float(sx), float(sy)), radius + 4.0f, IM_COL32(255, 255, 0, 255), 16, 2.0f);
  const std::string line = describe_point(set, pick->index, three_d);
  const ImVec2 ts = ImGui::CalcTextSize(line.c_str());
  const float bx = float(xf_.left) + 4, by = float(xf_.top + xf_.height) - ts.y - 10 - 3 * ImGui::GetTextLineHeight();
  dl->AddRectFilled(ImVec2(bx, by), ImVec2(bx + ts.x + 8, by + ts.y + 6), IM_COL32(0, 0, 0, 180));
  dl->AddText(ImVec2(bx + 4, by + 3), IM_COL32(255, 255, 0, 255), line.c_str());
}

void FieldView::handle_mouse(const ViewSettings& s, MouseEdits& edits) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool inside = xf_.contains(io.MousePos.x, io.MousePos.y);
  const bool free = !io.WantCaptureMouse;  // not over (or busy with) an ImGui widget
  if (free && inside && io.MouseWheel != 0.0f) xf_.zoom_at(io.MousePos.x, io.MousePos.y, std::pow(1.15, io.MouseWheel));

  const bool paint_tool = s.tool != Tool::Inspect;
  if (free && inside && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (paint_tool) painting_ = true;
    else dragging_ = true;
  }
  if (free && inside && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle)))
    dragging_ = true;
  if (free && inside && !paint_tool && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) xf_.fit();
  const bool any_down = ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Right) ||
                        ImGui::IsMouseDown(ImGuiMouseButton_Middle);
  if (!any_down) dragging_ = painting_ = false;
  if (dragging_) xf_.pan(io.MouseDelta.x, io.MouseDelta.y);

  if (painting_ && inside) {
    double x, y;
    xf_.to_lattice(io.MousePos.x, io.MousePos.y, x, y);
    x -= 0.5;  // site i is centred on i + 0.5 in view coordinates
    y -= 0.5;
    const bool first = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    if (edits_solids(s.tool)) {
      // A segment from where the last stroke ended: a fast drag leaves no gaps in the wall.
      if (first) last_dab_x_ = x, last_dab_y_ = y;
      if (first || std::hypot(x - last_dab_x_, y - last_dab_y_) >= 0.5) {
        edits.solids.push_back(SolidStroke{last_dab_x_, last_dab_y_, x, y, s.solid_radius, s.tool == Tool::SolidDraw});
        last_dab_x_ = x;
        last_dab_y_ = y;
      }
      return;
    }
    // One dab per third of a radius of travel: a steady stroke without flooding the queue.
    const double step = std::max(1.0, s.brush_radius / 3.0);
    if (first || std::hypot(x - last_dab_x_, y - last_dab_y_) >= step) {
      edits.paint.push_back(Brush{x, y, s.brush_radius, s.brush_strength, s.tool == Tool::PaintHot});
      last_dab_x_ = x;
      last_dab_y_ = y;
    }
  }
}

void draw_colorbar(ImDrawList* dl, const ViewSettings& s, viz::Range r, double x, double top, double h) {
  const float bw = 18.0f, bx = float(x);
  for (int k = 0; k < kBarSegments; ++k) {
    const double t_hi = 1.0 - double(k) / kBarSegments, t_lo = 1.0 - double(k + 1) / kBarSegments;
    const ImU32 c_hi = to_imgui(viz::colormap(s.map, t_hi)), c_lo = to_imgui(viz::colormap(s.map, t_lo));
    const float y0 = float(top + h * k / kBarSegments), y1 = float(top + h * (k + 1) / kBarSegments);
    dl->AddRectFilledMultiColor(ImVec2(bx, y0), ImVec2(bx + bw, y1), c_hi, c_hi, c_lo, c_lo);
  }
  dl->AddRect(ImVec2(bx, float(top)), ImVec2(bx + bw, float(top + h)), IM_COL32(200, 200, 200, 255));
  char buf[48];
  for (int k = 0; k <= 4; ++k) {
    const double v = r.hi - (r.hi - r.lo) * k / 4.0;
    std::snprintf(buf, sizeof buf, "%.4g", v);
    const float ty = float(top + h * k / 4.0);
    dl->AddLine(ImVec2(bx + bw, ty), ImVec2(bx + bw + 4, ty), IM_COL32(220, 220, 220, 255));
    dl->AddText(ImVec2(bx + bw + 6, ty - 7), IM_COL32(230, 230, 230, 255), buf);
  }
  const char* label = s.field->label.c_str();
  dl->AddText(ImVec2(bx - 4, float(top) - 22), IM_COL32(230, 230, 230, 255), label);
}

void FieldView::draw_readout(ImDrawList* dl, const ViewSettings& s, const Frame& f) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse || !xf_.contains(io.MousePos.x, io.MousePos.y) || !f.shown || !f.snapshot) return;
  double lx, ly;
  xf_.to_lattice(io.MousePos.x, io.MousePos.y, lx, ly);
  const int x = int(std::floor(lx)), y = int(std::floor(ly));
  const std::size_t n_sites = std::size_t(nx_) * ny_;
  if (x < 0 || y < 0 || x >= nx_ || y >= ny_) return;
  // The lattice site under the cursor: on a 3-D lattice, the shown plane's site (x, y).
  const Snapshot& snap = *f.snapshot;
  const Plane& p = f.shown->plane;
  int c[3] = {x, y, 0};
  const bool three_d = snap.config.solver.nz > 1;
  if (three_d) p.site(x, y, c);
  hovered_ = true;
  std::copy_n(c, 3, hovered_site_);
  // The values: from the host fields, or (the GPU path's running snapshots) from the snapshot's
  // read-out, once it is of this site (the simulation thread learns the site a frame later).
  const Fields* host = snap.host_fields ? &snap.fields : nullptr;
  const std::vector<io::FieldChoice>& choices = io::field_choices(*snap.config.solver.model);
  const bool probed = !snap.probe.empty() && std::equal(c, c + 3, snap.probe_site);
  if (host ? f.shown->values.size() != n_sites : !probed) return;
  const std::size_t i = std::size_t(y) * nx_ + x;
  double shown_value = 0;
  if (host) {
    shown_value = f.shown->values[i];
  } else {
    for (std::size_t k = 0; k < choices.size(); ++k)
      if (choices[k].name == f.shown->kind->name) shown_value = snap.probe[k];
  }
  char line[256];
  int n = three_d ? std::snprintf(line, sizeof line, "site (%d, %d, %d)   %s = %.6g", c[0], c[1], c[2],
                                  s.field->label.c_str(), shown_value)
                  : std::snprintf(line, sizeof line, "site (%d, %d)   %s = %.6g", x, y, s.field->label.c_str(),
                                  shown_value);
  // The model's own fields at the site (stored ones by their label, derived ones by name).
  const bool host_site = host && (three_d || host->sites() == n_sites) && c[0] < host->nx && c[1] < host->ny &&
                         c[2] < host->nz;
  if (host_site || !host) {
    const char* sep = "\n";
    for (std::size_t j = 0; j < choices.size(); ++j) {
      const io::FieldChoice& k = choices[j];
      if (k.generic || n >= int(sizeof line)) continue;
      const double v = !host          ? snap.probe[j]
                       : k.derived() ? derived_at(k.op, io::derived_inputs(k, *host), c[0], c[1], c[2])
                                     : (*host)[k.stored][host->at(c[0], c[1], c[2])];
      n += std::snprintf(line + n, sizeof line - n, k.is_signed ? "%s%s %.3e" : "%s%s %.6g", sep,
                         (k.derived() ? k.name : k.label).c_str(), v);
      sep = "   ";
    }
  }
  const ImVec2 ts = ImGui::CalcTextSize(line);
  const float bx = float(xf_.left) + 4, by = float(xf_.top + xf_.height) - ts.y - 10;
  dl->AddRectFilled(ImVec2(bx, by), ImVec2(bx + ts.x + 8, by + ts.y + 6), IM_COL32(0, 0, 0, 180));
  dl->AddText(ImVec2(bx + 4, by + 3), IM_COL32(255, 255, 255, 255), line);
}

}  // namespace plume::gui

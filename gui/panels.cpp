#include "panels.hpp"
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <algorithm>
#include "plume/io/build_info.hpp"
#include "config_check.hpp"
#include "parameter_editor.hpp"
#include "plume/parameters.hpp"

namespace plume::gui {
namespace {

constexpr std::size_t kLogLines = 200;

void set_all(std::vector<cmd::Command>& out, const Overrides& changed) {
  for (const auto& [key, value] : changed) out.emplace_back(cmd::SimCommand{cmd::Set{key, value}});
}

}  // namespace

void ControlPanel::log(bool error, const std::string& text) {
  log_.push_back(LogLine{error, text});
  while (log_.size() > kLogLines) log_.pop_front();
}

void ControlPanel::parameter_outcome(const std::string& key, bool ok, const std::string& message) {
  if (ok) refused_.erase(key);
  else refused_[key] = message;
}

void ControlPanel::draw(float height, const Snapshot& s, const FrontEndStatus& st, ViewSettings& view,
                        std::vector<cmd::Command>& out) {
  if (!initialised_ || s.run != run_) {  // a new run (reset, lattice, case, configuration, checkpoint)
    nx_ = s.config.solver.nx;
    ny_ = s.config.solver.ny;
    nz_ = s.config.solver.nz;
    if (initialised_) pending_initial_.clear(), refused_.clear();
    run_ = s.run;
    initialised_ = true;
  }
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kWidth, height));
  ImGui::Begin("plume", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::PushItemWidth(200);
  case_row(s, out);
  if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) simulation_section(s, st, out);
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(s, view, out);
  if (ImGui::CollapsingHeader("Physics (acts at once)", ImGuiTreeNodeFlags_DefaultOpen)) physics_section(s, out);
  if (ImGui::CollapsingHeader("Initial state and lattice (restart)")) reset_section(s, out);
  const Model& model = *s.config.solver.model;
  const std::string quantity = model.paint_quantity();
  if (!quantity.empty() && ImGui::CollapsingHeader("Paint", ImGuiTreeNodeFlags_DefaultOpen))
    paint_section(view, quantity);
  if (model.supports_solids() && ImGui::CollapsingHeader("Solids (draw while it runs)", ImGuiTreeNodeFlags_DefaultOpen))
    solids_section(view);
  if (ImGui::CollapsingHeader("Files")) files_section(out);
  if (ImGui::CollapsingHeader("Messages", ImGuiTreeNodeFlags_DefaultOpen)) log_section();
  ImGui::PopItemWidth();
  ImGui::End();
}

// One row: the model, and the case of the assets folder the run came from. Choosing either
// restarts: a model with the first of its cases.
void ControlPanel::case_row(const Snapshot& s, std::vector<cmd::Command>& out) {
  const std::string& model = s.config.solver.model.name();
  ImGui::SetNextItemWidth(90);
  if (ImGui::BeginCombo("##model", model.c_str())) {
    for (const Model* m : models()) {
      const Case* first = nullptr;
      for (const Case& c : cases_)
        if (c.model == m->name() && !first) first = &c;
      if (ImGui::Selectable(m->name().c_str(), m->name() == model, first ? 0 : ImGuiSelectableFlags_Disabled) &&
          m->name() != model)
        out.emplace_back(cmd::SimCommand{cmd::OpenCase{first->name}});
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s%s", m->title().c_str(), first ? "" : "\n(no case of this model in the assets folder)");
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("model: choosing another restarts with the first of its cases");
  ImGui::SameLine();
  const Case* now = case_of_file(cases_, s.source);
  const std::string shown = now ? now->name : s.source.empty() ? "(default configuration)" : s.source;
  ImGui::SetNextItemWidth(260);
  if (ImGui::BeginCombo("case", shown.c_str())) {
    for (const Case& c : cases_) {
      if (c.model != model) continue;
      if (ImGui::Selectable(c.name.c_str(), &c == now)) out.emplace_back(cmd::SimCommand{cmd::OpenCase{c.name}});
      if (ImGui::IsItemHovered() && !c.summary.empty()) ImGui::SetTooltip("%s\n%s", c.summary.c_str(), c.path.c_str());
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the model's cases (the assets folder's TOML files); choosing one restarts");
}

void ControlPanel::simulation_section(const Snapshot& s, const FrontEndStatus& st, std::vector<cmd::Command>& out) {
  if (ImGui::Button(s.running ? "Pause" : "Run", ImVec2(80, 0)))
    out.emplace_back(cmd::SimCommand{cmd::Run{!s.running}});
  ImGui::SameLine();
  if (ImGui::Button("Step", ImVec2(60, 0))) out.emplace_back(cmd::SimCommand{cmd::Steps{1}});
  ImGui::SameLine();
  if (ImGui::Button("Batch", ImVec2(60, 0))) out.emplace_back(cmd::SimCommand{cmd::Steps{s.batch}});
  int batch = int(std::min<long>(s.batch, 100000));
  if (ImGui::SliderInt("steps per batch", &batch, 1, 100000, "%d", ImGuiSliderFlags_Logarithmic) && batch != s.batch)
    out.emplace_back(cmd::SimCommand{cmd::Batch{batch}});
  ImGui::Text("step %ld   t = %.6g", s.step, s.time);
  ImGui::Text("lattice %s, %s", size_text(Domain::whole(s.config.solver.nx, s.config.solver.ny, s.config.solver.nz)).c_str(), s.backend_description.c_str());
  ImGui::Text("solver %.3g M site/s  snapshot %.3g ms  %.1f frames/s", s.site_updates_per_s * 1e-6,
              s.snapshot_seconds * 1e3, st.fps);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("site updates per second while stepping; the host work of one snapshot (fields,\n"
                      "diagnostics, texels), of which the solver lost %.3g ms (a GPU steps meanwhile).\n"
                      "Snapshots are spaced to keep that loss within --snapshot-share of the time.",
                      s.snapshot_stall_seconds * 1e3);
  ImGui::TextWrapped("field upload: %s (%s)", st.upload_path.c_str(), st.upload_why.c_str());
  ImGui::TextWrapped("OpenGL %s, %s", st.gl_version.c_str(), st.gl_renderer.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("context: %s", st.gl_context.c_str());
  if (!s.fault.empty()) ImGui::TextColored(ImVec4(1, 0.3f, 0.3f, 1), "%s", s.fault.c_str());
}

void ControlPanel::view_section(const Snapshot& s, ViewSettings& view, std::vector<cmd::Command>& out) {
  const auto& choices = io::field_choices(gui_model());
  if (ImGui::BeginCombo("field", view.field->label.c_str())) {
    for (const io::FieldChoice& c : choices)
      if (ImGui::Selectable(c.label.c_str(), &c == view.field)) view.field = &c;
    ImGui::EndCombo();
  }
  int map = int(view.map);
  const auto maps = viz::colormap_names();
  if (ImGui::BeginCombo("colormap", maps[map].c_str())) {
    for (int i = 0; i < int(maps.size()); ++i)
      if (ImGui::Selectable(maps[i].c_str(), i == map)) view.map = viz::colormap_from_name(maps[i]);
    ImGui::EndCombo();
  }
  ImGui::Checkbox("automatic range", &view.auto_range);
  if (!view.auto_range) {
    ImGui::InputDouble("low", &view.lo, 0, 0, "%.6g");
    ImGui::InputDouble("high", &view.hi, 0, 0, "%.6g");
    if (view.hi <= view.lo) ImGui::TextColored(ImVec4(1, 0.5f, 0.3f, 1), "high must exceed low");
  }
  if (!s.points.empty()) points_row(s, view);
  if (s.config.solver.nz > 1) slice_row(s, view);
  if (s.config.solver.nz > 1 && view.layout == Layout::Volume) return;  // the camera has its own widgets
  if (ImGui::Button("Fit view")) out.emplace_back(cmd::ViewCommand{cmd::View{}});
  ImGui::SameLine();
  ImGui::TextDisabled("wheel: zoom, drag: pan, double-click: fit");
}

// A run with points (tracers): whether they are drawn, and what colours them: one plain colour or
// one of their arrays through the field's colormap.
void ControlPanel::points_row(const Snapshot& s, ViewSettings& view) {
  std::size_t count = 0;
  for (const PointSet& p : s.points) count += p.size();
  ImGui::Checkbox("points", &view.show_points);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu %s", count, s.points.front().name.c_str());
  if (!view.show_points) return;
  const std::string shown = view.point_colour.empty() ? std::string("plain") : view.point_colour;
  if (ImGui::BeginCombo("colour points by", shown.c_str())) {
    if (ImGui::Selectable("plain", view.point_colour.empty())) view.point_colour.clear();
    for (const PointArray& a : s.points.front().arrays)
      if (ImGui::Selectable(a.name.c_str(), a.name == view.point_colour)) view.point_colour = a.name;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("hover over a dot for its id and values");
}

// A 3-D run: the layout (one slice, three slices, the volume) and what moves it.
void ControlPanel::slice_row(const Snapshot& s, ViewSettings& view) {
  int layout = int(view.layout);
  ImGui::TextUnformatted("show");
  for (const Layout l : {Layout::One, Layout::Three, Layout::Volume}) {
    ImGui::SameLine();
    ImGui::RadioButton(l == Layout::One ? "one slice" : l == Layout::Three ? "three slices" : "volume", &layout, int(l));
  }
  view.layout = Layout(layout);
  const SolverConfig& c = s.config.solver;
  if (view.layout == Layout::Three) {
    // Each plane's position is a coordinate of the point where they cross.
    const int n[3] = {c.nx, c.ny, c.nz};
    for (int a = 0; a < 3; ++a) {
      int position = plane_of(Slice{a, view.point.p[a]}, c.nx, c.ny, c.nz).position;
      const std::string label = std::string("plane ") + axis_name(a) + " =";
      if (ImGui::SliderInt(label.c_str(), &position, 0, n[a] - 1)) view.point.p[a] = position;
    }
    return;
  }
  if (view.layout == Layout::Volume) {
    VolumeLook& l = view.look;
    float yaw = float(l.yaw), pitch = float(l.pitch), opacity = float(l.opacity), lo = float(l.ramp_lo),
          hi = float(l.ramp_hi);
    if (ImGui::SliderFloat("yaw", &yaw, -180.0f, 180.0f, "%.0f deg")) l.yaw = yaw;
    if (ImGui::SliderFloat("pitch", &pitch, -90.0f, 90.0f, "%.0f deg")) l.pitch = pitch;
    if (ImGui::SliderFloat("opacity", &opacity, 0.0f, 1.0f, "%.3f / site", ImGuiSliderFlags_Logarithmic))
      l.opacity = opacity;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("how opaque a site of the values at the top of the ramp is");
    if (ImGui::SliderFloat("ramp from", &lo, 0.0f, 1.0f, "%.2f")) l.ramp_lo = lo;
    if (ImGui::SliderFloat("ramp to", &hi, 0.0f, 1.0f, "%.2f")) l.ramp_hi = hi;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("places in the colour range: clear below 'from', opaque above 'to' (from > to: the reverse)");
    ImGui::TextDisabled("drag: turn the camera");
    return;
  }
  const Plane now = plane_of(view.slice, c.nx, c.ny, c.nz);
  int axis = now.axis;
  ImGui::TextUnformatted("slice");
  for (int a = 0; a < 3; ++a) {
    ImGui::SameLine();
    ImGui::RadioButton(axis_name(a), &axis, a);
  }
  const int n[3] = {c.nx, c.ny, c.nz};
  if (axis != now.axis) view.slice = Slice{axis, -1};  // a new axis starts in its middle
  int position = plane_of(view.slice, c.nx, c.ny, c.nz).position;
  const std::string label = std::string(axis_name(axis)) + " =";
  if (ImGui::SliderInt(label.c_str(), &position, 0, n[axis] - 1)) view.slice = Slice{axis, position};
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the plane of the lattice shown, painted and drawn on");
}

// The model's own parameters (Model::parameters()): its physics and walls act at once, its initial
// state by a restart. Nothing here knows a model.
void ControlPanel::physics_section(const Snapshot& s, std::vector<cmd::Command>& out) {
  const Model& m = *s.config.solver.model;
  std::vector<std::string> sections;  // in the table's order
  for (const Parameter& p : m.parameters().list)
    if (steered_section(m, p.section) && std::find(sections.begin(), sections.end(), p.section) == sections.end())
      sections.push_back(p.section);
  for (const std::string& section : sections) {
    ImGui::TextDisabled("%s", section.c_str());
    const Overrides changed = edit_parameters(m.parameters(), s.config.solver.setup, section, &refused_);
    for (const auto& [key, value] : changed) refused_.erase(key);
    set_all(out, changed);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Enter applies a number");
}

void ControlPanel::reset_section(const Snapshot& s, std::vector<cmd::Command>& out) {
  const Parameters& ps = s.config.solver.model->parameters();
  edit_pending(ps, s.config.solver.setup, "initial", pending_initial_);
  if (ImGui::Button("Reset to a new initial state")) {
    cmd::Reset r;
    r.overrides.assign(pending_initial_.begin(), pending_initial_.end());
    out.emplace_back(cmd::SimCommand{r});
    pending_initial_.clear();
  }
  ImGui::Separator();
  ImGui::InputInt("nx", &nx_);
  ImGui::InputInt("ny", &ny_);
  ImGui::InputInt("nz", &nz_);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("1: a 2-D lattice; more needs a 3-D model (d3q19)");
  if (ImGui::Button("Restart on this lattice")) out.emplace_back(cmd::SimCommand{cmd::Lattice{nx_, ny_, nz_}});
  ImGui::SameLine();
  ImGui::TextDisabled("now %s", size_text(Domain::whole(s.config.solver.nx, s.config.solver.ny, s.config.solver.nz)).c_str());
}

void ControlPanel::paint_section(ViewSettings& view, const std::string& quantity) {
  int tool = int(view.tool);
  ImGui::RadioButton("inspect / pan", &tool, int(Tool::Inspect));
  ImGui::SameLine();
  ImGui::RadioButton("raise", &tool, int(Tool::PaintHot));
  ImGui::SameLine();
  ImGui::RadioButton("lower", &tool, int(Tool::PaintCold));
  ImGui::SameLine();
  ImGui::TextDisabled("the %s", quantity.c_str());
  view.tool = Tool(tool);
  float radius = float(view.brush_radius), strength = float(view.brush_strength);
  if (ImGui::SliderFloat("radius (sites)", &radius, 1.0f, 128.0f, "%.1f", ImGuiSliderFlags_Logarithmic))
    view.brush_radius = radius;
  if (ImGui::SliderFloat("strength", &strength, 0.001f, 0.3f, "%.3f", ImGuiSliderFlags_Logarithmic))
    view.brush_strength = strength;
  ImGui::TextDisabled("left button paints; right or middle drag pans");
}

void ControlPanel::solids_section(ViewSettings& view) {
  int tool = int(view.tool);
  ImGui::RadioButton("inspect / pan##solids", &tool, int(Tool::Inspect));
  ImGui::SameLine();
  ImGui::RadioButton("draw solid", &tool, int(Tool::SolidDraw));
  ImGui::SameLine();
  ImGui::RadioButton("erase", &tool, int(Tool::SolidErase));
  view.tool = Tool(tool);
  float radius = float(view.solid_radius);
  if (ImGui::SliderFloat("radius (sites)##solids", &radius, 0.0f, 64.0f, "%.1f")) view.solid_radius = radius;
  ImGui::TextDisabled("left drag draws or erases; right or middle drag pans");
}

void ControlPanel::files_section(std::vector<cmd::Command>& out) {
  ImGui::InputText("config", &config_path_);
  if (ImGui::Button("Load config")) out.emplace_back(cmd::SimCommand{cmd::LoadConfig{config_path_}});
  ImGui::SameLine();
  if (ImGui::Button("Save config")) out.emplace_back(cmd::SimCommand{cmd::SaveConfig{config_path_}});
  ImGui::InputText("checkpoint", &checkpoint_path_);
  if (ImGui::Button("Save checkpoint")) out.emplace_back(cmd::SimCommand{cmd::SaveCheckpoint{checkpoint_path_}});
  ImGui::SameLine();
  if (ImGui::Button("Open checkpoint")) out.emplace_back(cmd::SimCommand{cmd::OpenCheckpoint{checkpoint_path_}});
  ImGui::InputText("screenshot", &screenshot_path_);
  if (ImGui::Button("Screenshot (window)")) out.emplace_back(cmd::ViewCommand{cmd::Screenshot{screenshot_path_}});
  ImGui::InputText("field image", &image_path_);
  if (ImGui::Button("Save field image (1 px per site)")) out.emplace_back(cmd::ViewCommand{cmd::Image{image_path_}});
  ImGui::TextDisabled("%s", io::build_description().c_str());
}

void ControlPanel::log_section() {
  ImGui::BeginChild("log", ImVec2(0, 140), true);
  for (const LogLine& l : log_) {
    if (l.error) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
    ImGui::TextWrapped("%s", l.text.c_str());
    if (l.error) ImGui::PopStyleColor();
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

}  // namespace plume::gui

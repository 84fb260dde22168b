#include "panels.hpp"
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <algorithm>
#include "plume/io/build_info.hpp"
#include "d2q37/names.hpp"
#include "d2q37/setup.hpp"

namespace plume::gui {
namespace {

constexpr std::size_t kLogLines = 200;
// The choices' names as ImGui wants them (C strings), from the model's one table of each.
std::vector<const char*> c_strings(const std::vector<std::string>& names) {
  std::vector<const char*> v;
  for (const std::string& n : names) v.push_back(n.c_str());
  return v;
}
const std::vector<const char*> kPerturbations = c_strings(d2q37::perturbation_names());
const std::vector<const char*> kWallKinds = c_strings(d2q37::wall_kind_names());
const std::vector<const char*> kModels = c_strings(d2q37::collision_names());

// A number field that applies on Enter; returns true (and the new value) when it changed.
bool edit_number(const char* label, double current, const char* format, double& out) {
  double v = current;
  if (ImGui::InputDouble(label, &v, 0.0, 0.0, format, ImGuiInputTextFlags_EnterReturnsTrue) && v != current) {
    out = v;
    return true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Enter applies");
  return false;
}

void set(std::vector<cmd::Command>& out, const char* key, const std::string& value) {
  out.emplace_back(cmd::SimCommand{cmd::Set{key, value}});
}

std::string number_text(double v) { return fmt::format("{}", v); }

void wall_editor(const char* name, const char* key_kind, const char* key_T, const d2q37::Wall& w,
                 std::vector<cmd::Command>& out) {
  ImGui::PushID(name);
  int kind = int(w.kind);
  ImGui::SetNextItemWidth(110);
  if (ImGui::Combo(name, &kind, kWallKinds.data(), int(kWallKinds.size()))) set(out, key_kind, kWallKinds[kind]);
  if (w.kind == d2q37::WallKind::Fixed) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    double T;
    if (edit_number("T##wall", w.T, "%.4f", T)) set(out, key_T, number_text(T));
  }
  ImGui::PopID();
}

}  // namespace

void ControlPanel::log(bool error, const std::string& text) {
  log_.push_back(LogLine{error, text});
  while (log_.size() > kLogLines) log_.pop_front();
}

void ControlPanel::draw(float height, const Snapshot& s, const FrontEndStatus& st, ViewSettings& view,
                        std::vector<cmd::Command>& out) {
  if (!initialised_) {
    nx_ = s.config.solver.nx;
    ny_ = s.config.solver.ny;
    perturbation_ = int(d2q37::initial(s.config.solver).perturbation);
    amplitude_ = d2q37::initial(s.config.solver).amplitude;
    seed_ = int(d2q37::initial(s.config.solver).seed);
    initialised_ = true;
  }
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kWidth, height));
  ImGui::Begin("plume", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::PushItemWidth(200);
  if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) simulation_section(s, st, out);
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(view, out);
  if (ImGui::CollapsingHeader("Physics (acts at once)", ImGuiTreeNodeFlags_DefaultOpen)) physics_section(s, out);
  if (ImGui::CollapsingHeader("Initial state and lattice (restart)")) reset_section(s, out);
  if (ImGui::CollapsingHeader("Paint", ImGuiTreeNodeFlags_DefaultOpen)) paint_section(view);
  if (ImGui::CollapsingHeader("Files")) files_section(out);
  if (ImGui::CollapsingHeader("Messages", ImGuiTreeNodeFlags_DefaultOpen)) log_section();
  ImGui::PopItemWidth();
  ImGui::End();
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
  ImGui::Text("lattice %d x %d, %s", s.config.solver.nx, s.config.solver.ny, s.backend_description.c_str());
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

void ControlPanel::view_section(ViewSettings& view, std::vector<cmd::Command>& out) {
  const auto& choices = io::field_choices(find_model(SolverConfig{}.model));
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
  if (ImGui::Button("Fit view")) out.emplace_back(cmd::ViewCommand{cmd::View{}});
  ImGui::SameLine();
  ImGui::TextDisabled("wheel: zoom, drag: pan, double-click: fit");
}

void ControlPanel::physics_section(const Snapshot& s, std::vector<cmd::Command>& out) {
  const d2q37::PhysicsParams& p = d2q37::physics(s.config.solver);
  double v;
  if (edit_number("gravity |g|", -p.gy, "%.4g", v)) set(out, "physics.gravity", number_text(v));
  int model = int(p.model);
  if (ImGui::Combo("collision", &model, kModels.data(), int(kModels.size()))) set(out, "physics.collision", kModels[model]);
  if (p.model == d2q37::CollisionModel::RTRT) {
    if (edit_number("k1 (viscosity)", p.k1, "%.4g", v)) set(out, "physics.k1", number_text(v));
    if (edit_number("k2 (conductivity)", p.k2, "%.4g", v)) set(out, "physics.k2", number_text(v));
    if (edit_number("k3 (4th order)", p.k3, "%.4g", v)) set(out, "physics.k3", number_text(v));
  } else {
    if (edit_number("tau", p.tau, "%.4g", v)) set(out, "physics.tau", number_text(v));
  }
  if (p.walls) {
    wall_editor("bottom wall", "walls.bottom", "walls.bottom_T", p.bottom, out);
    wall_editor("top wall", "walls.top", "walls.top_T", p.top, out);
  } else {
    ImGui::TextDisabled("no walls: periodic in y");
  }
}

void ControlPanel::reset_section(const Snapshot& s, std::vector<cmd::Command>& out) {
  ImGui::Combo("perturbation", &perturbation_, kPerturbations.data(), int(kPerturbations.size()));
  ImGui::InputDouble("amplitude (sites)", &amplitude_, 0, 0, "%.3g");
  ImGui::InputInt("seed", &seed_);
  if (ImGui::Button("Reset to a new initial state")) {
    cmd::Reset r;
    r.overrides = {{"initial.perturbation", kPerturbations[perturbation_]},
                   {"initial.amplitude", number_text(amplitude_)},
                   {"initial.seed", std::to_string(std::max(0, seed_))}};
    out.emplace_back(cmd::SimCommand{r});
  }
  ImGui::Separator();
  ImGui::InputInt("nx", &nx_);
  ImGui::InputInt("ny", &ny_);
  if (ImGui::Button("Restart on this lattice")) out.emplace_back(cmd::SimCommand{cmd::Lattice{nx_, ny_}});
  ImGui::SameLine();
  ImGui::TextDisabled("now %d x %d", s.config.solver.nx, s.config.solver.ny);
}

void ControlPanel::paint_section(ViewSettings& view) {
  int tool = int(view.tool);
  ImGui::RadioButton("inspect / pan", &tool, int(Tool::Inspect));
  ImGui::SameLine();
  ImGui::RadioButton("hot", &tool, int(Tool::PaintHot));
  ImGui::SameLine();
  ImGui::RadioButton("cold", &tool, int(Tool::PaintCold));
  view.tool = Tool(tool);
  float radius = float(view.brush_radius), strength = float(view.brush_strength);
  if (ImGui::SliderFloat("radius (sites)", &radius, 1.0f, 128.0f, "%.1f", ImGuiSliderFlags_Logarithmic))
    view.brush_radius = radius;
  if (ImGui::SliderFloat("strength (dT)", &strength, 0.001f, 0.3f, "%.3f", ImGuiSliderFlags_Logarithmic))
    view.brush_strength = strength;
  ImGui::TextDisabled("left button paints; right or middle drag pans");
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

#include "plots.hpp"
#include <imgui.h>
#include <cfloat>
#include <cstdio>
#include <string>

namespace plume::gui {

void History::push(float x) {
  if (v_.size() < cap_) {
    v_.push_back(x);
  } else {
    v_[next_] = x;
    next_ = (next_ + 1) % cap_;
  }
}

float History::last() const {
  if (v_.empty()) return 0.0f;
  return v_.size() < cap_ ? v_.back() : v_[(next_ + cap_ - 1) % cap_];
}

void Plots::add_snapshot(const Snapshot& s) {
  if (s.run != last_run_) {
    for (History& h : quantity_) h.clear();
    // The model's two quantities to plot, by their place in its diagnostics.
    const Model& m = *s.config.solver.model;
    std::vector<std::string> names = m.plotted_diagnostics();
    for (std::size_t k = 0; names.size() < 2 && k < s.diag.quantities.size(); ++k) names.push_back(s.diag.quantities[k].name);
    for (std::size_t i = 0; i < 2; ++i) {
      label_[i] = i < names.size() ? names[i] : "";
      for (const QuantityInfo& q : s.diag.quantities)
        if (q.name == label_[i] && !q.unit.empty()) label_[i] += " [" + q.unit + "]";
      name_[i] = i < names.size() ? names[i] : "";
    }
    last_run_ = s.run;
    last_step_ = -1;
    last_diag_step_ = -1;
  }
  // A sample per new step; the diagnostics' only when they are new (the GPU path renews them
  // every kDiagnosticsInterval, not with every snapshot).
  if (s.step != last_step_) {
    if (s.diag.step != last_diag_step_)
      for (std::size_t i = 0; i < 2; ++i)
        if (!name_[i].empty()) quantity_[i].push(float(s.diag.at(name_[i])));
    if (s.running || s.site_updates_per_s > 0) rate_.push(float(s.site_updates_per_s));
  }
  last_step_ = s.step;
  last_diag_step_ = s.diag.step;
}

void Plots::add_frame(double seconds) { frame_ms_.push(float(seconds * 1e3)); }

void Plots::draw(float x, float y, float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("Plots", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoScrollbar);
  const float cell = (ImGui::GetContentRegionAvail().x - 3 * ImGui::GetStyle().ItemSpacing.x) / 4;
  const float ph = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing();
  char overlay[64];
  auto plot = [&](const char* label, const char* meaning, const History& hist, const char* fmt, double scale,
                  bool last) {
    ImGui::BeginGroup();
    ImGui::TextUnformatted(label);
    std::snprintf(overlay, sizeof overlay, fmt, hist.last() * scale);
    ImGui::PlotLines((std::string("##") + label).c_str(), hist.data(), hist.size(), hist.offset(), overlay, FLT_MAX,
                     FLT_MAX, ImVec2(cell, ph));
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", meaning);
    if (!last) ImGui::SameLine();
  };
  for (std::size_t i = 0; i < 2; ++i)
    plot(label_[i].c_str(), "one of the model's diagnostics (diagnostics.csv), one sample per snapshot", quantity_[i],
         "%.4g", 1.0, false);
  plot("site updates / s", "the solver's rate over its recent batches (time in advance() only)", rate_, "%.3g M",
       1e-6, false);
  plot("frame time (ms)", "work of each frame of the front end (without the wait of the frame-rate cap)",
       frame_ms_, "%.1f ms", 1.0, true);
  ImGui::End();
}

}  // namespace plume::gui

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
    kinetic_.clear();
    width_.clear();
    last_run_ = s.run;
    last_step_ = -1;
  }
  if (s.step != last_step_) {
    kinetic_.push(float(s.diag.at("kinetic_energy")));
    width_.push(float(s.diag.at("width_integral")));
    if (s.running || s.site_updates_per_s > 0) rate_.push(float(s.site_updates_per_s));
  }
  last_step_ = s.step;
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
  plot("kinetic energy", "sum over sites of rho |u_H|^2 / 2, one sample per snapshot", kinetic_, "%.4g", 1.0, false);
  plot("mixing width (sites)", "6 sum_y theta (1 - theta), theta = (<T_H>_x - T_up) / (T_down - T_up)", width_,
       "%.2f", 1.0, false);
  plot("site updates / s", "the solver's rate over its recent batches (time in advance() only)", rate_, "%.3g M",
       1e-6, false);
  plot("frame time (ms)", "work of each frame of the front end (without the wait of the frame-rate cap)",
       frame_ms_, "%.1f ms", 1.0, true);
  ImGui::End();
}

}  // namespace plume::gui

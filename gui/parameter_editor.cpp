#include "parameter_editor.hpp"
#include <imgui.h>
#include <imgui_stdlib.h>
#include <cstdlib>

namespace plume::gui {
namespace {

std::string tooltip(const Parameter& p) {
  std::string t = p.path() + ": " + p.meaning;
  if (!p.units.empty()) t += "\n[" + p.units + "]";
  if (p.lo || p.hi) {
    std::string r;
    if (p.lo) r = (p.lo->open ? "> " : ">= ") + parameter::number_text(p.lo->value);
    if (p.hi) r += (r.empty() ? "" : " and ") + std::string(p.hi->open ? "< " : "<= ") + parameter::number_text(p.hi->value);
    t += "\nrange: " + r;
  }
  return t;
}

// The value shown: the pending text when there is one, else the setup's.
ParameterValue shown(const Parameter& p, const AnySetup& setup, const std::map<std::string, std::string>* pending) {
  const ParameterValue v = p.get(setup);
  if (!pending) return v;
  const auto it = pending->find(p.path());
  if (it == pending->end()) return v;
  switch (p.type) {
    case ParameterType::Int: return std::strtoll(it->second.c_str(), nullptr, 10);
    case ParameterType::Float: return std::strtod(it->second.c_str(), nullptr);
    case ParameterType::Bool: return it->second == "true";
    default: return it->second;
  }
}

// The widget of one parameter; true (and the new value's text) when the user changed it.
bool widget(const Parameter& p, const ParameterValue& v, std::string& text) {
  ImGui::PushID(p.path().c_str());
  bool changed = false;
  const char* label = p.name.c_str();
  switch (p.type) {
    case ParameterType::Float: {
      double x = std::get<double>(v);
      if (ImGui::InputDouble(label, &x, 0.0, 0.0, "%.6g", ImGuiInputTextFlags_EnterReturnsTrue) &&
          x != std::get<double>(v)) {
        text = parameter::value_text(x);
        changed = true;
      }
      break;
    }
    case ParameterType::Int: {
      long long x = std::get<long long>(v);
      if (ImGui::InputScalar(label, ImGuiDataType_S64, &x, nullptr, nullptr, "%lld",
                             ImGuiInputTextFlags_EnterReturnsTrue) &&
          x != std::get<long long>(v)) {
        text = parameter::value_text(x);
        changed = true;
      }
      break;
    }
    case ParameterType::Bool: {
      bool x = std::get<bool>(v);
      if (ImGui::Checkbox(label, &x)) {
        text = parameter::value_text(x);
        changed = true;
      }
      break;
    }
    case ParameterType::Choice: {
      const std::string& now = std::get<std::string>(v);
      if (ImGui::BeginCombo(label, now.c_str())) {
        for (const std::string& c : p.choices)
          if (ImGui::Selectable(c.c_str(), c == now) && c != now) {
            text = c;
            changed = true;
          }
        ImGui::EndCombo();
      }
      break;
    }
    case ParameterType::String: {
      std::string x = std::get<std::string>(v);
      if (ImGui::InputText(label, &x, ImGuiInputTextFlags_EnterReturnsTrue) && x != std::get<std::string>(v)) {
        text = x;
        changed = true;
      }
      break;
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip(p).c_str());
  ImGui::PopID();
  return changed;
}

}  // namespace

Overrides edit_parameters(const Parameters& ps, const AnySetup& setup, const std::string& section,
                          const std::map<std::string, std::string>* refused) {
  Overrides out;
  for (const Parameter& p : ps.list) {
    if (p.section != section) continue;
    std::string text;
    if (widget(p, shown(p, setup, nullptr), text)) out.emplace_back(p.path(), text);
    const auto why = refused ? refused->find(p.path()) : std::map<std::string, std::string>::const_iterator();
    if (refused && why != refused->end()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
      ImGui::TextWrapped("refused: %s", why->second.c_str());
      ImGui::PopStyleColor();
    }
  }
  return out;
}

void edit_pending(const Parameters& ps, const AnySetup& setup, const std::string& section,
                  std::map<std::string, std::string>& pending) {
  for (const Parameter& p : ps.list) {
    if (p.section != section) continue;
    std::string text;
    if (widget(p, shown(p, setup, &pending), text)) pending[p.path()] = text;
  }
}

}  // namespace plume::gui

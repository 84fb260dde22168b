#include "cases.hpp"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <toml++/toml.h>
#include "plume/solver.hpp"

namespace plume::gui {
namespace {

// The first comment line, without its "# ".
std::string first_comment(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    if (line[start] != '#') return "";
    const auto text = line.find_first_not_of("# \t", start);
    return text == std::string::npos ? "" : line.substr(text);
  }
  return "";
}

bool registered(const std::string& model) {
  for (const Model* m : models())
    if (m->name() == model) return true;
  return false;
}

}  // namespace

std::string default_assets_folder() { return PLUME_GUI_ASSETS_DIR; }

std::vector<Case> find_cases(const std::string& folder) {
  std::vector<Case> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(folder, ec)) {
    if (!e.is_regular_file(ec) || e.path().extension() != ".toml") continue;
    Case c;
    c.name = e.path().stem().string();
    c.path = e.path().string();
    try {
      const toml::table t = toml::parse_file(c.path);
      c.model = t["model"].value_or(SolverConfig{}.model.name());
    } catch (const toml::parse_error&) {
      continue;
    }
    if (!registered(c.model)) continue;
    c.summary = first_comment(c.path);
    out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.name < b.name; });
  return out;
}

const Case* find_case(const std::vector<Case>& cases, const std::string& name) {
  for (const Case& c : cases)
    if (c.name == name) return &c;
  return nullptr;
}

const Case* case_of_file(const std::vector<Case>& cases, const std::string& path) {
  std::error_code ec;
  for (const Case& c : cases)
    if (!path.empty() && std::filesystem::equivalent(c.path, path, ec)) return &c;
  return nullptr;
}

std::string case_names(const std::vector<Case>& cases) {
  std::string s;
  for (const Case& c : cases) s += (s.empty() ? "" : ", ") + c.name;
  return s;
}

}  // namespace plume::gui

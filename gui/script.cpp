#include "script.hpp"
#include <cerrno>
#include <cstring>
#include <fstream>
#include "config_check.hpp"

namespace plume::gui {
namespace {

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += (s.empty() ? "" : "\n") + l;
  return s;
}

// Follows the configuration through the script; returns what is wrong with line `c`, if anything.
class ConfigTracker {
 public:
  explicit ConfigTracker(const config::RunConfig& start) : cfg_(start) {}

  std::vector<std::string> problems(const cmd::SimCommand& c) {
    if (std::holds_alternative<cmd::LoadConfig>(c) || std::holds_alternative<cmd::OpenCheckpoint>(c) ||
        std::holds_alternative<cmd::OpenCase>(c)) {
      known_ = false;
      return {};
    }
    const auto changes = cmd::config_overrides(c);
    if (changes.empty()) return {};
    config::RunConfig next = cfg_;
    try {
      for (const auto& [key, value] : changes) config::apply_override(next, key, value);
      if (known_) check_config(next);
    } catch (const config::ConfigError& e) {
      return e.problems;
    } catch (const std::exception& e) {
      return {e.what()};
    }
    cfg_ = next;  // a refused line changes nothing, at run time as here
    return {};
  }

 private:
  config::RunConfig cfg_;
  bool known_ = true;  // cfg_ is what the run will have (no file loaded since the start)
};

}  // namespace

ScriptError::ScriptError(std::vector<std::string> p) : std::runtime_error(joined(p)), problems(std::move(p)) {}

Script load_script(const std::string& path, const config::RunConfig& start, const std::vector<Case>* cases) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read script '" + path + "': " + std::strerror(errno));
  Script s;
  s.path = path;
  ConfigTracker config(start);
  std::vector<std::string> problems;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    std::optional<cmd::Command> c;
    try {
      c = cmd::parse(line);
    } catch (const std::exception& e) {
      problems.push_back(where + e.what());
      continue;
    }
    if (!c) continue;
    if (const auto* sc = std::get_if<cmd::SimCommand>(&*c)) {
      for (const std::string& p : config.problems(*sc)) problems.push_back(where + p);
      const auto* k = std::get_if<cmd::OpenCase>(sc);
      if (k && cases && !find_case(*cases, k->name))
        problems.push_back(where + "no case '" + k->name + "' (cases: " + case_names(*cases) + ")");
    }
    s.lines.push_back(ScriptLine{number, line, *c});
  }
  if (!problems.empty()) throw ScriptError(problems);
  return s;
}

}  // namespace plume::gui

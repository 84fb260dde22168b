#include "config_check.hpp"
#include "plume/parameters.hpp"

namespace plume::gui {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

std::string check_config(const config::RunConfig& c) {
  try {
    config::validate(c);
    return "";
  } catch (const config::ConfigError& e) {
    std::vector<std::string> fatal;
    std::string notes;
    for (const std::string& p : e.problems) {
      if (starts_with(p, "output.") || starts_with(p, "insitu."))
        notes += (notes.empty() ? " (note for the batch driver: " : "; ") + p;
      else
        fatal.push_back(p);
    }
    if (!fatal.empty()) throw config::ConfigError(fatal);
    return notes.empty() ? "" : notes + ")";
  }
}

bool steered_section(const Model& m, const std::string& section) {
  if (section == "initial") return false;
  for (const Parameter& p : m.parameters().list)
    if (p.section == section) return true;
  return false;
}

}  // namespace plume::gui

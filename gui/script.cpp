#include "script.hpp"
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace plume::gui {

Script load_script(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read script '" + path + "': " + std::strerror(errno));
  Script s;
  s.path = path;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    try {
      if (auto c = cmd::parse(line)) s.lines.push_back(ScriptLine{number, line, *c});
    } catch (const std::exception& e) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  return s;
}

}  // namespace plume::gui

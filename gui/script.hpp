// --script files: one steering command a line (see commands.hpp), read and checked before the
// run starts, so that a typo on line 40 fails at once and not after a long run.
#pragma once
#include <string>
#include <vector>
#include "commands.hpp"

namespace plume::gui {

struct ScriptLine {
  int number = 0;  // 1-based line in the file
  std::string text;
  cmd::Command command;
};

struct Script {
  std::string path;
  std::vector<ScriptLine> lines;
  std::string where(const ScriptLine& l) const { return path + ":" + std::to_string(l.number); }
};

// Throws std::runtime_error "FILE:LINE: problem" for the first bad line, or naming the file when
// it cannot be read.
Script load_script(const std::string& path);

}  // namespace plume::gui

// The Python syntax of pipeline scripts, checked without starting Catalyst (for `plume check`):
// each script is compiled, not run, by the Python interpreter of the version ParaView embeds; and
// the "# script-version: 2" marker without which the adaptor does not run a script.
#pragma once
#include <string>
#include <vector>

namespace plume::catalyst {

struct SyntaxProblem {
  std::size_t index = 0;  // of the script in the list given
  long line = 0;          // 0: not known
  std::string message;    // "SyntaxError: invalid syntax", "IndentationError: ..."
  std::string text;       // the line in question, trimmed ("" when not known)
};

// In the order of the scripts; a script without the marker gets line 0 and the message "not a
// ParaView Catalyst script-version 2 script (...)". Scripts that cannot be read are skipped (their
// existence is checked elsewhere). Throws Error when the interpreter cannot be run.
std::vector<SyntaxProblem> syntax_problems(const std::vector<std::string>& scripts);

}  // namespace plume::catalyst

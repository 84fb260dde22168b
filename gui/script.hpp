// --script files: one steering command a line (see commands.hpp), read and checked as a whole
// before the run starts, so that a typo on line 40 fails at once and not after a long run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>
#include "cases.hpp"
#include "commands.hpp"
#include "plume/config/run_config.hpp"

namespace plume::gui {

// The limits of a script, named in the errors: a script is a regular file of at most
// kMaxScriptBytes (a FIFO would block the start, /dev/zero never ends), and a line at most
// kMaxScriptLineBytes long (no command needs more than a path, and every message quotes its line).
constexpr std::uint64_t kMaxScriptBytes = 1u << 20;
constexpr std::size_t kMaxScriptLineBytes = 4096;

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

// Every problem of a script, one "FILE:LINE: problem" each; what() lists them one a line.
struct ScriptError : std::runtime_error {
  explicit ScriptError(std::vector<std::string> problems);
  std::vector<std::string> problems;
};

// Reads and checks the whole script: the syntax of every line, and the configuration changes of
// its set, gravity, reset and lattice lines (keys, types, ranges), applied in order to `start` as
// the simulation thread applies them. After a load-config or open-checkpoint line the
// configuration is that file's, unknown until the line runs: later changes are checked for their
// keys and types only. Also checked: the sites of paint, solid and probe lines against the lattice
// in effect at that line (in the plane the line acts in on a 3-D lattice; after a file is loaded,
// when the line runs), the files of screenshot and image lines (a .png name in a folder that can
// take it), that every line is text (no NUL or other control byte) and within kMaxScriptLineBytes,
// that the model in effect can do what a paint, solid or tool line asks, and that a slice line's
// plane is one of the lattice. Throws ScriptError listing every bad line, or std::runtime_error
// naming the file when it cannot be read (missing, not a regular file, over kMaxScriptBytes).
// With `cases`, a `case` line must name one of them.
Script load_script(const std::string& path, const config::RunConfig& start, const std::vector<Case>* cases = nullptr);

}  // namespace plume::gui

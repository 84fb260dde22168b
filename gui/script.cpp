#include "script.hpp"
#include <fmt/format.h>
#include <sstream>
#include "config_check.hpp"
#include "slice.hpp"
#include "plume/io/input_file.hpp"

namespace plume::gui {
namespace {

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += (s.empty() ? "" : "\n") + l;
  return s;
}

// Follows the configuration, the lattice in effect and the plane shown through the script; says
// what is wrong with a line, if anything.
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
    if (!changes.empty()) {
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
    }
    // lattice.* set by `set` takes effect at the next reset; a lattice line restarts at once.
    if (std::holds_alternative<cmd::Reset>(c) || std::holds_alternative<cmd::Lattice>(c)) lattice_ = cfg_.solver;
    return {};
  }

  // What is wrong with the sites a paint, solid or probe line names on the lattice the run has when
  // the line runs, in the plane it acts in (a 3-D lattice: its own plane, else the one the last
  // slice line chose). A centre outside the lattice wrapped round the periodic x (paint hot 99999
  // 5 painted at x = 31) or was clipped away, and a probe failed only when its line ran. Also
  // whether a slice line names a plane of that lattice (a 2-D one has only its z = 0 plane).
  std::vector<std::string> site_problems(const cmd::Command& c) {
    if (const auto* v = std::get_if<cmd::ViewCommand>(&c)) {
      if (const auto* sl = std::get_if<cmd::Slice>(v)) {
        shown_ = sl->slice;
        const SolverConfig& l = lattice_;
        if (const std::string why = cmd::slice_problem(sl->slice, l.nx, l.ny, l.nz); known_ && !why.empty()) return {why};
      }
      if (const auto* p = std::get_if<cmd::Probe>(v)) return sites("probe", shown_, {{"X", p->x}, {"Y", p->y}});
      return {};
    }
    const auto& sc = std::get<cmd::SimCommand>(c);
    if (const auto* p = std::get_if<cmd::Paint>(&sc))
      return sites("paint", p->brush.plane, {{"X", p->brush.x}, {"Y", p->brush.y}});
    if (const auto* s = std::get_if<cmd::Solid>(&sc))
      return sites("solid", s->stroke.plane,
                   {{"X", s->stroke.x0}, {"Y", s->stroke.y0}, {"X1", s->stroke.x1}, {"Y1", s->stroke.y1}});
    return {};
  }

  // What the model the run has at this line cannot do of what the line asks (paint into a model
  // without painting...); after a file is loaded, checked when the line runs.
  std::string model_problem(const cmd::Command& c) const {
    return known_ ? cmd::model_problem(c, *lattice_.model) : "";
  }

 private:
  std::vector<std::string> sites(const char* command, const gui::Slice& own,
                                 const std::vector<std::pair<const char*, double>>& coords) const {
    if (!known_) return {};  // a loaded file's lattice: checked when the line runs
    const SolverConfig& l = lattice_;
    const bool three_d = l.nz > 1;
    const int n[3] = {l.nx, l.ny, l.nz};
    std::vector<std::string> problems;
    if (three_d && own.axis >= 0 && own.position >= n[own.axis])
      problems.push_back(fmt::format("{} plane {}={} lies outside the {} lattice: 0 <= {} <= {}", command,
                                     axis_name(own.axis), own.position, size_text(), axis_name(own.axis),
                                     n[own.axis] - 1));
    const Plane p = plane_of(own.axis >= 0 ? own : shown_, l.nx, l.ny, l.nz);
    for (std::size_t k = 0; k < coords.size(); ++k) {
      const auto& [name, value] = coords[k];
      const int last = (k % 2 == 0 ? p.width : p.height) - 1;
      if (value >= 0 && value <= last) continue;
      problems.push_back(fmt::format("{} {} = {} lies outside the {}: 0 <= {} <= {}", command, name, value,
                                     three_d ? fmt::format("{} x {} plane {} = {} of the {} lattice", p.width,
                                                           p.height, axis_name(p.axis), p.position, size_text())
                                             : size_text() + " lattice",
                                     name, last));
    }
    return problems;
  }
  std::string size_text() const {
    const SolverConfig& l = lattice_;
    return l.nz > 1 ? fmt::format("{} x {} x {}", l.nx, l.ny, l.nz) : fmt::format("{} x {}", l.nx, l.ny);
  }

  config::RunConfig cfg_;
  SolverConfig lattice_ = cfg_.solver;  // the lattice the run has (cfg_'s since the last reset)
  gui::Slice shown_;                    // the plane of a 3-D lattice that the last slice line chose
  bool known_ = true;  // cfg_ is what the run will have (no file loaded since the start)
};

// A script is text: a NUL or another control byte is a damaged or binary file, and everything after
// a NUL was dropped without a word (steps 2\0\xff ran as steps 2). Tabs and CR (CRLF) are blanks.
std::string control_byte(const std::string& line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const unsigned char b = static_cast<unsigned char>(line[i]);
    if ((b < 0x20 && b != '\t' && b != '\r') || b == 0x7f)
      return fmt::format("the line holds the control byte \\x{:02x} at column {}: a script is text", b, i + 1);
  }
  return "";
}

}  // namespace

ScriptError::ScriptError(std::vector<std::string> p) : std::runtime_error(joined(p)), problems(std::move(p)) {}

Script load_script(const std::string& path, const config::RunConfig& start, const std::vector<Case>* cases) {
  std::istringstream in(io::read_input_file(path, "script", kMaxScriptBytes));
  Script s;
  s.path = path;
  ConfigTracker config(start);
  std::vector<std::string> problems;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (line.size() > kMaxScriptLineBytes) {  // not quoted: every message would carry it
      problems.push_back(where + fmt::format("the line is {} bytes long, over the limit of {} bytes for a script line",
                                             line.size(), kMaxScriptLineBytes));
      continue;
    }
    if (const std::string bad = control_byte(line); !bad.empty()) {
      problems.push_back(where + bad);
      continue;
    }
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
    // One problem a mistake: the sites of a verb the model has not are not looked at.
    if (const std::string why = config.model_problem(*c); !why.empty())
      problems.push_back(where + why);
    else
      for (const std::string& p : config.site_problems(*c)) problems.push_back(where + p);
    // The files a line writes when it runs: one that cannot be written is found now, not at the
    // end of the run.
    std::string out;
    if (const auto* vc = std::get_if<cmd::ViewCommand>(&*c)) {
      if (const auto* shot = std::get_if<cmd::Screenshot>(vc)) out = shot->path;
      if (const auto* image = std::get_if<cmd::Image>(vc)) out = image->path;
    }
    if (!out.empty())
      if (const std::string why = cmd::output_file_problem(out); !why.empty())
        problems.push_back(where + "cannot write '" + out + "': " + why);
    s.lines.push_back(ScriptLine{number, line, *c});
  }
  if (!problems.empty()) throw ScriptError(problems);
  return s;
}

}  // namespace plume::gui

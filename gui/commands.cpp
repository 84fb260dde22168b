#include "commands.hpp"
#include <fmt/format.h>
#include <unistd.h>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include "overloaded.hpp"

namespace plume::gui::cmd {
namespace {

// Words separated by blanks; "double quotes" keep a file name with blanks in one word.
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> w;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size() || line[i] == '#') break;
    std::string word;
    if (line[i] == '"') {
      const std::size_t end = line.find('"', i + 1);
      if (end == std::string::npos) throw std::invalid_argument("unterminated quote");
      word = line.substr(i + 1, end - i - 1);
      i = end + 1;
    } else {
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) word += line[i++];
    }
    w.push_back(word);
  }
  return w;
}

// Every number of a line is finite: NaN passed the range checks written as comparisons (camera nan
// 0 was taken), and no coordinate, size or angle means anything as infinity.
double number(const std::string& s, const char* what) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || errno == ERANGE)
    throw std::invalid_argument(fmt::format("{} must be a number, got '{}'", what, s));
  if (!std::isfinite(v)) throw std::invalid_argument(fmt::format("{} must be a finite number, got '{}'", what, s));
  return v;
}

long integer(const std::string& s, const char* what) {
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || errno == ERANGE)
    throw std::invalid_argument(fmt::format("{} must be an integer, got '{}'", what, s));
  return v;
}

void expect_args(const std::vector<std::string>& w, std::size_t n, const char* usage) {
  if (w.size() != n + 1) throw std::invalid_argument(fmt::format("usage: {}", usage));
}

// reset and paint take `name value` pairs after their fixed arguments.
template <class F>
void options(const std::vector<std::string>& w, std::size_t from, const char* usage, F&& each) {
  if ((w.size() - from) % 2 != 0) throw std::invalid_argument(fmt::format("usage: {}", usage));
  for (std::size_t i = from; i < w.size(); i += 2) each(w[i], w[i + 1]);
}

// Short names of reset; any dotted configuration key is accepted as well.
std::string reset_key(const std::string& name) {
  if (name.find('.') != std::string::npos) return name;
  if (name == "perturbation" || name == "amplitude" || name == "seed" || name == "mode" || name == "kmin" ||
      name == "kmax")
    return "initial." + name;
  throw std::invalid_argument("reset takes perturbation, amplitude, seed, mode, kmin, kmax or a configuration key "
                              "(initial.eps ...), not '" + name + "'");
}

// A paint or solid line's `plane AXIS=POSITION` (a 3-D lattice's plane its coordinates lie in).
gui::Slice plane_option(const std::string& val, const char* what) {
  const std::size_t eq = val.find('=');
  if (eq == std::string::npos)
    throw std::invalid_argument(fmt::format("{} plane takes AXIS=POSITION (x=12, z=0 ...), not '{}'", what, val));
  const long pos = integer(val.substr(eq + 1), "plane POSITION");
  if (pos < 0) throw std::invalid_argument(fmt::format("{} plane position must be >= 0", what));
  return gui::Slice{axis_of(val.substr(0, eq)), int(pos)};
}

std::string plane_text(const gui::Slice& s) {
  return s.axis < 0 ? "" : fmt::format(" plane {}={}", axis_name(s.axis), s.position);
}

std::string quoted(const std::string& path) {
  return path.find_first_of(" \t#") == std::string::npos ? path : "\"" + path + "\"";
}

}  // namespace

const char* command_help() {
  return R"(Script commands (--script FILE: one a line, '#' starts a comment):
  run | pause                     continuous stepping on / off (a script starts paused)
  steps N                         advance exactly N steps; the script waits until they are done
  batch N                         steps per batch (between two looks at the command queue)
  set KEY VALUE                   a configuration key as in the TOML file, e.g. set physics.k1 0.01;
                                  the model's sections (physics.*, walls.*, ...) act from the next
                                  step, lattice.*, initial.*, geometry.* and run.* at the next reset,
                                  output.* and insitu.* are kept for save-config (the batch driver's)
  gravity G                       the same as: set physics.gravity G
  reset [perturbation single|multi|random] [amplitude A] [seed S] [KEY VALUE ...]
                                  restart from a new initial state (the short names are D2Q37's)
  lattice NX NY [NZ]              restart on a new lattice (NZ > 1: a 3-D lattice)
  paint hot|cold X Y [radius R] [strength S] [plane AXIS=P]
                                  raise / lower T_H by up to S (default 0.05) in a disc of R sites
                                  (default 8) around site (X, Y), at constant pressure (D2Q37); on
                                  a 3-D lattice a ball of R sites around that point of the plane
  solid draw|erase X Y [to X1 Y1] [radius R] [plane AXIS=P]
                                  make the sites within R (default 3) of site (X, Y), or of the
                                  segment to (X1, Y1), solid or fluid again (a model with solids)
                                  On a 3-D lattice X, Y are coordinates in the plane shown (slice),
                                  or in the plane AXIS = P; the solid disc lies in it, one site thick
  case NAME                       restart with a case of the assets folder (--assets), whichever
                                  model it runs, e.g. case d2q9_cylinder
  load-config FILE | save-config FILE          the batch driver's TOML configuration (loading
                                               restarts, whichever model the file runs)
  save-checkpoint FILE | open-checkpoint FILE  the batch driver's checkpoints
  field NAME                      one of the run's model's fields, as output.field names them
                                  (D2Q37: T, rho, p, ux, uy, speed, vorticity)
  colormap viridis|inferno|coolwarm|grayscale
  range auto | range LO HI        colour range
  view fit | view X Y ZOOM        centre the view on lattice point (X, Y) at ZOOM (1: whole lattice)
  slice x|y|z [P|middle]          a 3-D lattice: show the plane AXIS = P (default: the middle);
                                  in the three-slice layout, move that one of the three planes
  layout one|three|volume         a 3-D lattice: one slice, the slices x, y and z side by side,
                                  or a volume rendering of the whole lattice
  camera YAW PITCH                the volume's view angles in degrees (0 0: looking along +y, z up;
                                  YAW turns about z, PITCH > 0 looks from above)
  opacity S [LO HI]               the volume's opacity per site S of the values at the top of the
                                  ramp; the ramp from LO to HI (fractions of the colour range, 0.5 1
                                  first: values below LO are clear, above HI opaque; LO > HI: the
                                  low values are the opaque ones)
  tool inspect|raise|lower|draw|erase
                                  what the left mouse button does over the picture: inspect and
                                  pan, paint hot or cold (a model that offers painting), draw or
                                  erase solid sites (a model with solids)
  screenshot FILE.png             the whole window
  image FILE.png                  the field alone, one pixel a site, with a colour bar
  report                          a diagnostics record into the --report file
  probe X Y                       the fields at site (X, Y) into the --report file
  points on|off|plain|ARRAY       the run's points (tracers) over the field: shown, hidden, in
                                  one plain colour, or coloured by their array ARRAY (speed)
  pick X Y                        the point nearest (X, Y), within a site, into the --report file
  frames N                        let N frames go by
  quit                            end the program)";
}

std::optional<Command> parse(const std::string& line) {
  const std::vector<std::string> w = split(line);
  if (w.empty()) return std::nullopt;
  const std::string& v = w[0];
  if (v == "run" || v == "pause") {
    expect_args(w, 0, v.c_str());
    return SimCommand{Run{v == "run"}};
  }
  if (v == "steps") {
    expect_args(w, 1, "steps N");
    const long n = integer(w[1], "steps N");
    if (n < 0) throw std::invalid_argument("steps N: N must be >= 0");
    return SimCommand{Steps{n}};
  }
  if (v == "batch") {
    expect_args(w, 1, "batch N");
    const long n = integer(w[1], "batch N");
    if (n < 1) throw std::invalid_argument("batch N: N must be >= 1");
    return SimCommand{Batch{n}};
  }
  if (v == "set") {
    if (w.size() < 3) throw std::invalid_argument("usage: set KEY VALUE (a configuration key such as physics.k1)");
    std::string value = w[2];
    for (std::size_t i = 3; i < w.size(); ++i) value += " " + w[i];
    return SimCommand{Set{w[1], value}};
  }
  if (v == "gravity") {
    expect_args(w, 1, "gravity G");
    number(w[1], "gravity G");
    return SimCommand{Set{"physics.gravity", w[1]}};
  }
  if (v == "reset") {
    Reset r;
    options(w, 1, "reset [perturbation single|multi|random] [amplitude A] [seed S] [KEY VALUE ...]",
            [&](const std::string& k, const std::string& val) { r.overrides.emplace_back(reset_key(k), val); });
    return SimCommand{r};
  }
  if (v == "lattice") {
    if (w.size() != 3 && w.size() != 4) throw std::invalid_argument("usage: lattice NX NY [NZ]");
    return SimCommand{Lattice{int(integer(w[1], "lattice NX")), int(integer(w[2], "lattice NY")),
                              w.size() == 4 ? int(integer(w[3], "lattice NZ")) : 0}};
  }
  if (v == "paint") {
    const char* usage = "paint hot|cold X Y [radius R] [strength S] [plane AXIS=P]";
    if (w.size() < 4 || (w[1] != "hot" && w[1] != "cold")) throw std::invalid_argument(fmt::format("usage: {}", usage));
    Brush b;
    b.hot = w[1] == "hot";
    b.x = number(w[2], "paint X");
    b.y = number(w[3], "paint Y");
    options(w, 4, usage, [&](const std::string& k, const std::string& val) {
      if (k == "radius") b.radius = number(val, "paint radius");
      else if (k == "strength") b.strength = number(val, "paint strength");
      else if (k == "plane") b.plane = plane_option(val, "paint");
      else throw std::invalid_argument(fmt::format("paint takes radius, strength and plane, not '{}'", k));
    });
    if (!(b.radius > 0)) throw std::invalid_argument("paint radius must be > 0");
    if (!(b.strength >= 0)) throw std::invalid_argument("paint strength must be >= 0 (hot or cold gives the sign)");
    return SimCommand{Paint{b}};
  }
  if (v == "solid") {
    const char* usage = "solid draw|erase X Y [to X1 Y1] [radius R] [plane AXIS=P]";
    if (w.size() < 4 || (w[1] != "draw" && w[1] != "erase")) throw std::invalid_argument(fmt::format("usage: {}", usage));
    SolidStroke s;
    s.solid = w[1] == "draw";
    s.x0 = s.x1 = number(w[2], "solid X");
    s.y0 = s.y1 = number(w[3], "solid Y");
    std::size_t from = 4;
    if (w.size() >= 7 && w[4] == "to") {
      s.x1 = number(w[5], "solid X1");
      s.y1 = number(w[6], "solid Y1");
      from = 7;
    }
    options(w, from, usage, [&](const std::string& k, const std::string& val) {
      if (k == "radius") s.radius = number(val, "solid radius");
      else if (k == "plane") s.plane = plane_option(val, "solid");
      else throw std::invalid_argument(fmt::format("solid takes `to X1 Y1`, radius and plane, not '{}'", k));
    });
    if (!(s.radius >= 0)) throw std::invalid_argument("solid radius must be >= 0");
    return SimCommand{Solid{s}};
  }
  if (v == "case") {
    expect_args(w, 1, "case NAME");
    return SimCommand{OpenCase{w[1]}};
  }
  if (v == "load-config" || v == "save-config" || v == "save-checkpoint" || v == "open-checkpoint") {
    expect_args(w, 1, (v + " FILE").c_str());
    if (v == "load-config") return SimCommand{LoadConfig{w[1]}};
    if (v == "save-config") return SimCommand{SaveConfig{w[1]}};
    if (v == "save-checkpoint") return SimCommand{SaveCheckpoint{w[1]}};
    return SimCommand{OpenCheckpoint{w[1]}};
  }
  if (v == "field") {
    expect_args(w, 1, "field NAME");
    return ViewCommand{Field{script_field(w[1])}};
  }
  if (v == "colormap") {
    expect_args(w, 1, "colormap NAME");
    return ViewCommand{Colormap{viz::colormap_from_name(w[1])}};
  }
  if (v == "range") {
    if (w.size() == 2 && w[1] == "auto") return ViewCommand{Range{true, 0.0, 1.0}};
    expect_args(w, 2, "range auto | range LO HI");
    const double lo = number(w[1], "range LO"), hi = number(w[2], "range HI");
    if (!(hi > lo)) throw std::invalid_argument("range LO HI needs LO < HI");
    return ViewCommand{Range{false, lo, hi}};
  }
  if (v == "view") {
    if (w.size() == 2 && w[1] == "fit") return ViewCommand{View{}};
    expect_args(w, 3, "view fit | view X Y ZOOM");
    const double zoom = number(w[3], "view ZOOM");
    if (!(zoom > 0)) throw std::invalid_argument("view ZOOM must be > 0");
    return ViewCommand{View{false, number(w[1], "view X"), number(w[2], "view Y"), zoom}};
  }
  if (v == "slice") {
    if (w.size() != 2 && w.size() != 3) throw std::invalid_argument("usage: slice x|y|z [POSITION|middle]");
    gui::Slice s{axis_of(w[1]), -1};
    if (w.size() == 3 && w[2] != "middle") {
      const long pos = integer(w[2], "slice POSITION");
      if (pos < 0) throw std::invalid_argument("slice POSITION must be >= 0 (or middle)");
      s.position = int(pos);
    }
    return ViewCommand{Slice{s}};
  }
  if (v == "layout") {
    expect_args(w, 1, "layout one|three|volume");
    return ViewCommand{Layout{layout_of(w[1])}};
  }
  if (v == "tool") {
    expect_args(w, 1, "tool inspect|raise|lower|draw|erase");
    static const std::pair<const char*, Tool> tools[] = {{"inspect", Tool::Inspect},
                                                         {"raise", Tool::PaintHot},
                                                         {"lower", Tool::PaintCold},
                                                         {"draw", Tool::SolidDraw},
                                                         {"erase", Tool::SolidErase}};
    for (const auto& [name, tool] : tools)
      if (w[1] == name) return ViewCommand{MouseTool{tool}};
    throw std::invalid_argument("tool '" + w[1] + "': expected inspect, raise, lower, draw or erase");
  }
  if (v == "camera") {
    expect_args(w, 2, "camera YAW PITCH");
    const double yaw = number(w[1], "camera YAW"), pitch = number(w[2], "camera PITCH");
    if (!(pitch >= -90 && pitch <= 90)) throw std::invalid_argument("camera PITCH must lie in [-90, 90] degrees");
    return ViewCommand{Camera{yaw, pitch}};
  }
  if (v == "opacity") {
    if (w.size() != 2 && w.size() != 4) throw std::invalid_argument("usage: opacity S [LO HI]");
    Opacity o;
    o.scale = number(w[1], "opacity S");
    if (!(o.scale >= 0)) throw std::invalid_argument("opacity S must be >= 0");
    if (w.size() == 4) {
      o.ramp = true;
      o.lo = number(w[2], "opacity LO");
      o.hi = number(w[3], "opacity HI");
      if (o.lo == o.hi) throw std::invalid_argument("opacity LO HI needs LO != HI");
    }
    return ViewCommand{o};
  }
  if (v == "screenshot" || v == "image") {
    expect_args(w, 1, (v + " FILE.png").c_str());
    if (!png_name(w[1]))
      throw std::invalid_argument(fmt::format("{} FILE.png: '{}' does not end in .png, and the file written is a PNG",
                                              v, w[1]));
    if (v == "screenshot") return ViewCommand{Screenshot{w[1]}};
    return ViewCommand{Image{w[1]}};
  }
  if (v == "report") {
    expect_args(w, 0, "report");
    return ViewCommand{Report{}};
  }
  if (v == "probe") {
    expect_args(w, 2, "probe X Y");
    const long x = integer(w[1], "probe X"), y = integer(w[2], "probe Y");
    // The far ends depend on the lattice, which the script check (load_script) follows.
    if (x < 0 || y < 0 || x > INT_MAX || y > INT_MAX)
      throw std::invalid_argument(fmt::format("probe X Y must name a site, 0 <= X, Y < the lattice's size, got {} {}", x, y));
    return ViewCommand{Probe{int(x), int(y)}};
  }
  if (v == "points") {
    expect_args(w, 1, "points on|off|plain|ARRAY");
    if (w[1] == "on") return ViewCommand{Points{true, std::nullopt}};
    if (w[1] == "off") return ViewCommand{Points{false, std::nullopt}};
    if (w[1] == "plain") return ViewCommand{Points{true, std::string()}};
    return ViewCommand{Points{true, w[1]}};
  }
  if (v == "pick") {
    expect_args(w, 2, "pick X Y");
    return ViewCommand{Pick{number(w[1], "pick X"), number(w[2], "pick Y")}};
  }
  if (v == "frames") {
    expect_args(w, 1, "frames N");
    const long n = integer(w[1], "frames N");
    if (n < 0) throw std::invalid_argument("frames N: N must be >= 0");
    return ViewCommand{Frames{int(n)}};
  }
  if (v == "quit") {
    expect_args(w, 0, "quit");
    return ViewCommand{Quit{}};
  }
  throw std::invalid_argument(
      "unknown command '" + v +
      "' (commands: run, pause, steps, batch, set, gravity, reset, lattice, paint, solid, case, load-config, "
      "save-config, "
      "save-checkpoint, open-checkpoint, field, colormap, range, view, slice, layout, camera, opacity, screenshot, image, report, probe, "
      "points, pick, frames, quit)");
}

bool png_name(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return ext == ".png";
}

std::string model_problem(const Command& c, const Model& m) {
  const char* verb = nullptr;
  bool paint = false, solid = false;
  if (const auto* sc = std::get_if<SimCommand>(&c)) {
    if (std::holds_alternative<Paint>(*sc)) verb = "paint", paint = true;
    if (std::holds_alternative<Solid>(*sc)) verb = "solid", solid = true;
  } else if (const auto* t = std::get_if<MouseTool>(&std::get<ViewCommand>(c))) {
    verb = "tool";
    paint = paints(t->tool);
    solid = edits_solids(t->tool);
  }
  if (paint && m.paint_quantity().empty()) return fmt::format("{}: model {} offers no painting", verb, m.name());
  if (solid && !m.supports_solids()) return fmt::format("{}: model {} has no solid sites", verb, m.name());
  return "";
}

std::string slice_problem(const gui::Slice& s, int nx, int ny, int nz) {
  const int n[3] = {nx, ny, nz};
  const std::string size = nz > 1 ? fmt::format("{} x {} x {}", nx, ny, nz) : fmt::format("{} x {}", nx, ny);
  if (nz <= 1 && (s.axis != 2 || s.position > 0))
    return fmt::format("slice {}{} lies outside the {} lattice: a 2-D lattice has only its z = 0 plane", axis_name(s.axis),
                       s.position < 0 ? "" : fmt::format("={}", s.position), size);
  if (s.axis < 0 || s.axis > 2 || s.position < n[s.axis]) return "";
  return fmt::format("slice {}={} lies outside the {} lattice: 0 <= {} <= {}", axis_name(s.axis), s.position, size,
                     axis_name(s.axis), n[s.axis] - 1);
}

std::string output_file_problem(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) return "it is a folder";
  const fs::path parent = fs::path(path).parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  if (!fs::exists(folder, ec)) return fmt::format("its folder '{}' does not exist", folder);
  if (!fs::is_directory(folder, ec)) return fmt::format("'{}' is not a folder", folder);
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return fmt::format("its folder '{}' is not writable ({})", folder, std::strerror(errno));
  return "";
}

std::vector<std::pair<std::string, std::string>> config_overrides(const SimCommand& c) {
  if (const auto* s = std::get_if<Set>(&c)) return {{s->key, s->value}};
  if (const auto* r = std::get_if<Reset>(&c)) return r->overrides;
  if (const auto* l = std::get_if<Lattice>(&c))
  {
    std::vector<std::pair<std::string, std::string>> o = {{"lattice.nx", std::to_string(l->nx)},
                                                          {"lattice.ny", std::to_string(l->ny)}};
    if (l->nz > 0) o.emplace_back("lattice.nz", std::to_string(l->nz));
    return o;
  }
  return {};
}

std::string describe(const SimCommand& c) {
  return std::visit(
      Overloaded{
          [](const Run& r) -> std::string { return r.on ? "run" : "pause"; },
          [](const Steps& s) { return fmt::format("steps {}", s.n); },
          [](const Batch& b) { return fmt::format("batch {}", b.steps); },
          [](const Set& s) { return fmt::format("set {} {}", s.key, s.value); },
          [](const Reset& r) {
            std::string s = "reset";
            for (const auto& [k, v] : r.overrides) s += " " + k + " " + v;
            return s;
          },
          [](const Lattice& l) {
            return fmt::format("lattice {} {}", l.nx, l.ny) + (l.nz > 0 ? fmt::format(" {}", l.nz) : "");
          },
          [](const Paint& p) {
            return fmt::format("paint {} {} {} radius {} strength {}", p.brush.hot ? "hot" : "cold", p.brush.x,
                               p.brush.y, p.brush.radius, p.brush.strength) +
                   plane_text(p.brush.plane);
          },
          [](const Solid& s) {
            const SolidStroke& k = s.stroke;
            std::string t = fmt::format("solid {} {} {}", k.solid ? "draw" : "erase", k.x0, k.y0);
            if (k.x1 != k.x0 || k.y1 != k.y0) t += fmt::format(" to {} {}", k.x1, k.y1);
            return t + fmt::format(" radius {}", k.radius) + plane_text(k.plane);
          },
          [](const OpenCase& c) { return "case " + c.name; },
          [](const LoadConfig& f) { return "load-config " + quoted(f.path); },
          [](const SaveConfig& f) { return "save-config " + quoted(f.path); },
          [](const SaveCheckpoint& f) { return "save-checkpoint " + quoted(f.path); },
          [](const OpenCheckpoint& f) { return "open-checkpoint " + quoted(f.path); },
      },
      c);
}

}  // namespace plume::gui::cmd

// Steering commands. The panel, the mouse and --script files all produce these; the simulation
// thread executes the simulation ones in order, the front end the view ones. A script line is the
// text form, described by command_help().
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>
#include "paint.hpp"
#include "solid_brush.hpp"
#include "view_settings.hpp"
#include "plume/viz/colormap.hpp"

namespace plume::gui::cmd {

// Simulation commands (executed by the simulation thread).
struct Run { bool on = true; };
struct Steps { long n = 1; };
struct Batch { long steps = 10; };
struct Set { std::string key, value; };
// Configuration keys to change (initial.perturbation, initial.amplitude, initial.seed ...), then
// restart from the Rayleigh-Taylor state they describe.
struct Reset { std::vector<std::pair<std::string, std::string>> overrides; };
struct Lattice { int nx = 0, ny = 0, nz = 0; };  // nz 0: the depth stays
struct Paint { Brush brush; };
struct Solid { SolidStroke stroke; };
// One of the cases of the assets folder (gui/cases.hpp), by name: the front end turns it into
// the LoadConfig of its file.
struct OpenCase { std::string name; };
// Restarts with the file's configuration, whichever model it runs.
struct LoadConfig { std::string path; };
struct SaveConfig { std::string path; };
struct SaveCheckpoint { std::string path; };
struct OpenCheckpoint { std::string path; };

// View and output commands (executed by the front end).
// A field of the run's model when parsed, else of another model's (a script may switch model
// before it shows the field); the front end takes the run's model's field of that name.
struct Field { const io::FieldChoice* field = nullptr; };
struct Colormap { viz::Colormap map = viz::Colormap::Inferno; };
struct Range {
  bool automatic = true;
  double lo = 0.0, hi = 1.0;
};
struct View {
  bool fit = true;
  double x = 0.0, y = 0.0, zoom = 1.0;
};
// The plane of a 3-D lattice to show (gui/slice.hpp): axis 0 x, 1 y, 2 z; position -1: the middle.
struct Slice { gui::Slice slice; };
// How a 3-D lattice is shown: one slice, three slices, or the volume rendering.
struct Layout { gui::Layout layout = gui::Layout::One; };
// The volume's camera (gui/volume.hpp), degrees.
struct Camera { double yaw = 30.0, pitch = 20.0; };
// The volume's opacity per site, and with `ramp` its ramp (fractions of the colour range).
struct Opacity {
  double scale = 0.05;
  bool ramp = false;
  double lo = 0.5, hi = 1.0;
};
// What the left mouse button does over the picture (the Paint and Solids sections' choice).
struct MouseTool { gui::Tool tool = gui::Tool::Inspect; };
struct Screenshot { std::string path; };
struct Image { std::string path; };
struct Report {};
struct Probe { int x = 0, y = 0; };
// The run's points (tracers) over the field: shown or not, and what colours them ("": plain).
struct Points {
  bool show = true;
  std::optional<std::string> colour;  // unset: as before
};
// The point nearest picture position (X, Y) (a 3-D lattice: of the plane shown), within a site,
// into the --report file.
struct Pick { double x = 0.0, y = 0.0; };
struct Frames { int n = 1; };
struct Quit {};

using SimCommand = std::variant<Run, Steps, Batch, Set, Reset, Lattice, Paint, Solid, OpenCase, LoadConfig,
                                SaveConfig, SaveCheckpoint, OpenCheckpoint>;
using ViewCommand = std::variant<Field, Colormap, Range, View, Slice, Layout, Camera, Opacity, MouseTool, Screenshot,
                                 Image, Report, Probe, Points, Pick, Frames, Quit>;
using Command = std::variant<SimCommand, ViewCommand>;

// Parses one line; throws std::invalid_argument saying what is wrong and what was expected.
// A blank or comment-only line gives std::nullopt.
std::optional<Command> parse(const std::string& line);

// Whether a file name ends in .png (any case): screenshots and field images are PNG files, whatever
// the name says.
bool png_name(const std::string& path);

// Why a file cannot be written at `path` (it is a folder; its folder is missing, not a folder or not
// writable), "" when nothing is known against it. Checked before a run for the files it will
// write at its end (--screenshot, the screenshot and image lines of a script).
std::string output_file_problem(const std::string& path);

// Why model `m` cannot do what `c` asks ("paint: model d3q19 offers no painting"): a paint line or
// the paint tools for a model without a paint quantity, a solid line or the solid tools for one
// without solid sites; "" when it can, or when `c` asks nothing of the model.
std::string model_problem(const Command& c, const Model& m);

// Why `s` names no plane of the nx x ny x nz lattice, for a slice line ("" when it names one):
// plane_of would clamp a position past the last plane, and a 2-D lattice has only its z = 0 plane,
// so the picture would show another plane than the one asked for.
std::string slice_problem(const gui::Slice& s, int nx, int ny, int nz);

// The script language: one command a line, with what each does (shown by --help).
const char* command_help();

// The configuration keys a command changes, in order, as "section.key" and value (set, gravity,
// reset, lattice); none for the others.
std::vector<std::pair<std::string, std::string>> config_overrides(const SimCommand& c);

// The text form of a simulation command, for the log: parse(describe(c)) gives c back.
std::string describe(const SimCommand& c);

}  // namespace plume::gui::cmd

// Run configuration: the TOML file, command-line overrides, validation, and the effective
// configuration written next to the results. Every key lives in one table (src/keys.cpp: the
// application's keys there, the model's from its parameters, plume/parameters.hpp), from which
// parsing, overrides, validation ranges, the TOML writer and the --help text are all derived, so
// they cannot drift apart. The top-level key `model` is read first: it says which model's keys
// the file may hold.
#pragma once
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include "plume/geometry/particle_bed.hpp"
#include "plume/insitu/policy.hpp"
#include "plume/io/field_select.hpp"
#include "plume/io/schedule.hpp"
#include "plume/solver.hpp"

namespace plume::config {


struct OutputConfig {
  std::string dir = "out/rayleigh_taylor";
  long every = 250;              // images every this many steps (0: first and last only)
  std::optional<long> diagnostics_every;  // rows of diagnostics.csv; unset: follows `every`
  std::string field = "T";      // one of io::field_names(model): shown in the images
  std::string colormap = "auto";  // "auto": viridis for speed, coolwarm for signed fields, else inferno
  // The images' colour range fixed by the user (output.range = "LO:HI"); unset: each image's data.
  std::optional<std::pair<double, double>> range;
  int image_scale = 2;           // pixels per lattice site
  long checkpoint_every = 1000;  // 0: only the final checkpoint
  long first_checkpoint = 0;     // one more checkpoint at this step (0: none)
  int keep = 2;                  // checkpoints kept (the newest ones)
  long vtk_every = 0;            // VTK image files every this many steps (0: none)
  std::vector<std::string> vtk_fields;  // their fields (io::field_choices names); none: the stored ones
  long diagnostics_cadence() const { return diagnostics_every.value_or(every); }
  // The run's cadences of these outputs (io::Schedule says when each is due).
  io::Cadences cadences() const {
    io::Cadences c;
    c.images = {every};
    c.diagnostics = {diagnostics_cadence()};
    c.checkpoints = {checkpoint_every};
    c.vtk = {vtk_every};
    c.first_checkpoint = first_checkpoint;
    return c;
  }
};

struct InSituConfig {
  std::vector<std::string> scripts;  // ParaView Catalyst pipeline scripts
  long every = insitu::defaults::every;
  bool live = false;                 // accept a ParaView Live connection
  std::string live_host = insitu::defaults::live_host;
  int live_port = insitu::defaults::live_port;
  long live_every = insitu::defaults::live_every;      // Live updates every this many steps
  double live_timeout = insitu::defaults::live_timeout;  // seconds a Live update waits without a byte from the client
  insitu::OnError on_error = insitu::defaults::on_error;
  insitu::WhenBusy when_busy = insitu::WhenBusy::Wait;  // an in-situ step while the sinks still run
  double timeout = insitu::defaults::timeout;          // seconds a pipeline call may take (0: no limit)
  bool requested() const { return !scripts.empty() || live; }
  // When the in-situ consumers run (io::Schedule; the adaptor's pipelines follow the same rule).
  io::InSituCadence cadence() const { return {{every}, {live ? live_every : 0}}; }
};

// A closed STL surface voxelised onto the lattice ([geometry.stl]): a point p of the file lands at
// (x, y, z) + scale * p, in sites.
struct StlConfig {
  std::string file;  // "": none
  double scale = 1.0;
  double x = 0, y = 0, z = 0;
};

// The solid sites ([geometry]): every part given is solid, together. build_solids() makes
// SolverConfig::solids of them.
struct GeometryConfig {
  std::string obstacles;  // seed 001's obstacle file ("x y 1" lines); "": none
  std::string mask;       // a PNG image whose dark pixels are solid; "": none
  std::vector<std::array<int, 4>> rectangles;  // x0, y0, x1, y1: the sites x0 <= x < x1, y0 <= y < y1
  std::vector<std::array<double, 3>> circles;  // x, y, r
  // 3-D lattices only (lattice.nz > 1):
  std::vector<std::array<double, 4>> spheres;  // x, y, z, r
  std::vector<std::array<int, 6>> boxes;       // x0, y0, z0, x1, y1, z1: x0 <= x < x1, ...
  // Cylinders along x, y and z: the centre in the other two coordinates (in order), the radius,
  // and the sites lo <= s < hi along the axis (whole numbers).
  std::array<std::vector<std::array<double, 5>>, 3> cylinders;
  geometry::ParticleBedSpec particles;         // a random bed when particles.radius > 0
  // Read through VTK where plume is built with it (adaptors/vtk):
  std::string voxels;        // a .vti image whose points (or cells) are the sites, solid where not 0; "": none
  std::string voxels_array;  // its array; "": the only one
  StlConfig stl;
};

struct RunConfig {
  SolverConfig solver;  // solver.solids: made by build_solids() from `geometry`
  long steps = 3000;  // the run ends when the step counter reaches this (a restart continues to it)
  OutputConfig output;
  InSituConfig insitu;
  GeometryConfig geometry;
  // How many coordinates the file gave tracers.from and tracers.to (2 or 3; 0: not given), so that
  // a z on a 2-D lattice is refused even where it is 0 (solver.tracers holds the point itself).
  std::array<int, 2> tracer_coordinates{0, 0};
  bool quiet = false;   // command line only
  std::string restart;  // command line only: checkpoint to start from
  bool overwrite = false;  // command line only: replace another run's files in the output folder
};

// `text` with every run of more than 300 characters between separators (blanks, quotes, brackets,
// '=', ':', ','), a value or a key a user wrote, cut to its first 60 and its length ("aaaa… (1048576
// characters)"), and any line still over 4000 characters cut in its middle: a message stays readable
// whatever it echoes.
std::string cut_long_text(const std::string& text);

// A configuration problem. what() is one line per problem, each naming the key (and the file
// position when there is one); each is cut where it echoes a long value (cut_long_text).
struct ConfigError : std::runtime_error {
  explicit ConfigError(const std::vector<std::string>& problems);
  explicit ConfigError(const std::string& problem) : ConfigError(std::vector<std::string>{problem}) {}
  std::vector<std::string> problems;
};

// The default case (assets/rayleigh_taylor.toml spells it out).
RunConfig default_config();
// Parses and type-checks a file: unknown keys, wrong types and unknown choices throw ConfigError.
// Ranges and cross-key rules are checked by validate(), after command-line overrides.
RunConfig load_config(const std::string& path);
// The same from TOML text; `origin` names it in messages (e.g. a checkpoint's path).
RunConfig parse_config(const std::string& toml_text, const std::string& origin);
// The same, adding every problem to `problems` instead of throwing, so that a caller can report
// them together with the range errors of the same configuration: a key that is unknown or of the
// wrong type is left at its default. nullopt when the file cannot be read or is not TOML at all.
std::optional<RunConfig> load_config(const std::string& path, std::vector<std::string>& problems);
std::optional<RunConfig> parse_config(const std::string& toml_text, const std::string& origin,
                                      std::vector<std::string>& problems);
// The same for a file that the overrides `sets` (as given to --set, for apply_override afterwards)
// come over: a `model=...` among them is read as the file's own model key would be, before the
// file's sections, so that the file's keys are checked against the model the run will have
// (unknown keys reported as in a file that names it, none dropped).
std::optional<RunConfig> load_config(const std::string& path, std::vector<std::string>& problems,
                                     const std::vector<std::string>& sets);
std::optional<RunConfig> parse_config(const std::string& toml_text, const std::string& origin,
                                      std::vector<std::string>& problems, const std::vector<std::string>& sets);
// key = "section.name"; the value is TOML (`0.01`, `"bgk"`, `["a.py"]`) or a bare word (`bgk`).
void apply_override(RunConfig& cfg, const std::string& key, const std::string& value);
// "section.name=value", as given to --set.
void apply_override(RunConfig& cfg, const std::string& assignment);
// Derived values of the model's setup (e.g. D2Q37's wall temperatures that follow its initial
// state; Parameters::derive); a configuration without a setup gets its model's default case.
// load/apply_override call it.
void resolve(RunConfig& cfg);
// Ranges, cross-key rules, the file system (output folder writable, pipeline scripts and geometry
// files present), shapes inside the lattice, geometry only for a model that has solid sites.
// Throws ConfigError listing every problem found.
void validate(const RunConfig& cfg);
// The same for a job of `ranks` MPI ranks (plume run and plume check): the tiling too, run.tiles
// given in full needing a tile per rank, and auto a tiling of `ranks` tiles that fits the lattice.
void validate(const RunConfig& cfg, int ranks);

// Reads the geometry's files and places its particles, and sets cfg.solver.solids (null when
// [geometry] describes no solid). After validate(); every rank of a run calls it (the geometry is
// the same on each). Throws ConfigError naming the key: a bad line of an obstacle file, an image
// that is not a PNG, a particle bed that cannot reach its solid fraction.
void build_solids(RunConfig& cfg);

// Every key with its value and a comment (units, meaning); parse_config(to_toml(c)) == c.
std::string to_toml(const RunConfig& cfg);
// The run's tracers in a line for logs ("400 along the line (40, 4) to (40, 159), moved
// every 10 steps"); empty when it has none.
std::string describe_tracers(const RunConfig& cfg);
// Written through a temporary file, fsync and rename.
void save_config(const RunConfig& cfg, const std::string& path);
// All keys with type, default, range or choices, units and meaning (for --help).
std::string describe_keys();
// The dotted names of all keys, in file order.
std::vector<std::string> key_names();
// (dotted name, value as TOML text) of every key, in file order: for summaries and logs.
std::vector<std::pair<std::string, std::string>> key_values(const RunConfig& cfg);

// The most OpenMP threads a run may ask for on this host (run.threads, and any other option that
// sets a CPU backend's threads): 8 per hardware thread (std::thread::hardware_concurrency; 8 when
// it is not known). More only oversubscribe the cores, and far more fail inside the OpenMP runtime
// (thread creation fails, or the process crashes).
int max_threads();

// The closest of `candidates` to `word` when it is close enough to be a likely typo, else "".
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace plume::config

// Ranges from the key table, rules that involve several keys, and the file system.
#include <fmt/format.h>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include "geometry.hpp"
#include "keys.hpp"
#include "plume/config/run_config.hpp"
#include "plume/parameters.hpp"
#include "plume/tracers/rules.hpp"

namespace plume::config {

namespace {

using detail::Key;
using detail::KeyType;

void check_range(const Key& k, const RunConfig& c, std::vector<std::string>& problems) {
  if (k.type != KeyType::Int && k.type != KeyType::Float) return;
  // A key that follows another (output.diagnostics_every, walls.bottom_T) or is derived from others
  // (physics.tau from reference.reynolds) is checked through them: its own error would name a key
  // the user never set. The model checks what it derives (Parameters::check).
  if (k.follows && !k.follows(c).empty()) return;
  const detail::Value v = k.get(c);
  const double x = k.type == KeyType::Int ? double(std::get<long long>(v)) : std::get<double>(v);
  const std::string shown = detail::format_value(v);
  if (!std::isfinite(x)) {
    problems.push_back(fmt::format("{} = {}: must be a finite number", k.path(), shown));
    return;
  }
  const bool below = k.lo && (k.lo->open ? x <= k.lo->value : x < k.lo->value);
  const bool above = k.hi && (k.hi->open ? x >= k.hi->value : x > k.hi->value);
  if (below || above)
    problems.push_back(fmt::format("{} = {} is out of range: must be {}{}", k.path(), shown, detail::format_range(k),
                                   k.range_note.empty() ? "" : " (" + k.range_note + ")"));
}

// A problem starting with `start` (e.g. "lattice.nx = ") is among `problems`.
bool reported(const std::vector<std::string>& problems, const std::string& start) {
  for (const std::string& p : problems)
    if (p.rfind(start, 0) == 0) return true;
  return false;
}

// A file can be created in `dir` (tried, not guessed from permission bits, which do not bind root
// and say nothing of read-only mounts).
bool can_create_in(const std::string& dir, std::string& why) {
  std::string probe = dir + "/.plume-write-test.XXXXXX";
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) {
    why = std::strerror(errno);
    return false;
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return true;
}

// The folder's path, abbreviated when it is long (a message must stay readable).
std::string shown(const std::string& path) {
  return path.size() <= 80 ? path : path.substr(0, 40) + "..." + path.substr(path.size() - 20);
}

// The longest name plume writes in the output folder: a checkpoint's temporary file
// (checkpoint_<step>.ckpt.tmp.<pid>) and the files of the in-situ pipelines under insitu/.
constexpr std::size_t kLongestOutputName = 64;

// A path the system would refuse (a name longer than NAME_MAX, a path longer than PATH_MAX with
// plume's file names in it) is refused here, not at the first write. `existing`: the nearest
// existing ancestor, whose file system sets NAME_MAX.
std::string path_length_problem(const std::string& dir, const std::string& existing) {
  long name_max = ::pathconf(existing.c_str(), _PC_NAME_MAX);
  if (name_max <= 0) name_max = NAME_MAX;
  std::size_t start = 0;
  while (start < dir.size()) {
    std::size_t end = dir.find('/', start);
    if (end == std::string::npos) end = dir.size();
    if (long(end - start) > name_max)
      return fmt::format("output.dir = \"{}\": the name '{}' is {} characters long; the file system allows {}",
                         shown(dir), shown(dir.substr(start, end - start)), end - start, name_max);
    start = end + 1;
  }
  if (dir.size() + 1 + kLongestOutputName >= std::size_t(PATH_MAX))
    return fmt::format("output.dir = \"{}\" is {} characters long: with the names of the files in it, paths would "
                       "exceed the system's limit of {} (PATH_MAX)",
                       shown(dir), dir.size(), PATH_MAX);
  return "";
}

// The nearest ancestor of `dir` that exists ("." or "/" at the latest).
std::string existing_ancestor(const std::string& dir) {
  struct stat st {};
  std::string parent = dir;
  while (true) {
    while (parent.size() > 1 && parent.back() == '/') parent.pop_back();
    const auto slash = parent.find_last_of('/');
    parent = slash == std::string::npos ? "." : (slash == 0 ? "/" : parent.substr(0, slash));
    if (::stat(parent.c_str(), &st) == 0 || parent == "." || parent == "/") return parent;
  }
}

void check_output_dir(const std::string& dir, std::vector<std::string>& problems) {
  if (dir.empty()) {
    problems.push_back("output.dir is empty: name the folder for images, diagnostics and checkpoints");
    return;
  }
  struct stat st {};
  const bool exists = ::stat(dir.c_str(), &st) == 0;
  if (const int err = errno; !exists && ::lstat(dir.c_str(), &st) == 0)  // a link that leads nowhere
    return problems.push_back(fmt::format("output.dir = \"{}\" is a symbolic link that leads nowhere ({})", dir, err == ELOOP ? "a loop of links" : std::string("its target: ") + std::strerror(err)));
  if (!exists) {
    const std::string parent = existing_ancestor(dir);
    const std::string too_long = path_length_problem(dir, parent);
    if (!too_long.empty()) return problems.push_back(too_long);
    // Missing: it will be created, so the nearest existing ancestor must be a writable folder.
    std::string why;
    if (::stat(parent.c_str(), &st) != 0) return;
    if (!S_ISDIR(st.st_mode))
      problems.push_back(fmt::format("output.dir = \"{}\" cannot be created: '{}' is not a folder", dir, parent));
    else if (!can_create_in(parent, why))
      problems.push_back(
          fmt::format("output.dir = \"{}\" cannot be created: '{}' is not writable ({})", dir, parent, why));
    return;
  }
  const std::string too_long = path_length_problem(dir, dir);
  if (!too_long.empty()) return problems.push_back(too_long);
  std::string why;
  if (!S_ISDIR(st.st_mode))
    problems.push_back(fmt::format("output.dir = \"{}\" exists and is not a folder", dir));
  else if (!can_create_in(dir, why))
    problems.push_back(fmt::format("output.dir = \"{}\" is not writable ({})", dir, why));
}

void check_scripts(const InSituConfig& s, std::vector<std::string>& problems) {
  for (std::size_t i = 0; i < s.scripts.size(); ++i) {
    const std::string& p = s.scripts[i];
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0)
      problems.push_back(fmt::format("insitu.scripts[{}] = \"{}\": pipeline script not found ({})", i, p,
                                     std::strerror(errno)));
    else if (!S_ISREG(st.st_mode))
      problems.push_back(fmt::format("insitu.scripts[{}] = \"{}\" is not a file", i, p));
    else if (::access(p.c_str(), R_OK) != 0)
      problems.push_back(fmt::format("insitu.scripts[{}] = \"{}\" is not readable", i, p));
  }
  if (s.live && s.live_host.empty()) problems.push_back("insitu.live_host is empty but insitu.live = true");
}

// The model's rules across its parameters (in its own words: a problem about the lattice's size
// names the axis, which is the key lattice.<axis> here), the tiling and the lattice's size.
void check_model(const RunConfig& c, std::vector<std::string>& problems) {
  const Model& model = *c.solver.model;
  if (const auto& check = model.parameters().check; check && model.owns(c.solver.setup))
    for (const SetupProblem& p : check(c.solver.setup, c.solver.nx, c.solver.ny, c.solver.nz)) {
      const bool axis = p.about == "nx" || p.about == "ny" || p.about == "nz";
      // A size is reported once: by its key's range when it is out of it, else by the first rule.
      if (axis && reported(problems, "lattice." + p.about + " = ")) continue;
      problems.push_back(axis && p.message.rfind(p.about, 0) == 0 ? "lattice." + p.message : p.message);
    }
  const int reach = model.lattice().reach;
  if (c.solver.nz > 1 && model.lattice().D < 3)
    problems.push_back(fmt::format("lattice.nz = {}: model {} is two-dimensional ({} lattice); nz must be 1",
                                   c.solver.nz, model.name(), model.lattice().name));
  // Whether the tiles match the number of ranks is for the launch to say; whether they fit the
  // lattice is known before any rank starts.
  if (c.solver.tiles.complete()) {
    const std::string tiling = parallel::tiling_problem(c.solver.global(), c.solver.tiles, reach);
    if (!tiling.empty())
      problems.push_back(fmt::format("run.tiles = \"{}\": {}", parallel::to_string(c.solver.tiles), tiling));
  }
  // A setup whose boundaries read a population that another site overwrites in the same step
  // cannot stream in place (Model::in_place_problem).
  if (c.solver.streaming == Streaming::InPlace && model.owns(c.solver.setup))
    if (const std::string why = model.in_place_problem(c.solver.setup); !why.empty())
      problems.push_back("run.streaming = \"in-place\": " + why);
  if (double(c.solver.nx) * c.solver.ny * c.solver.nz * model.lattice().Q > 9.0e18 / 8)
    problems.push_back(fmt::format("lattice {} is too large to address", size_text(c.solver.global())));
}

// The tiling against the job's `ranks`: a tiling given in full needs a tile per rank, and an
// automatic one a tiling of `ranks` tiles that fits the lattice (parallel::tiling_problem, the rule
// the solver applies when it tiles).
void check_job_tiles(const RunConfig& c, int ranks, std::vector<std::string>& problems) {
  const parallel::Tiling t = c.solver.tiles;
  const Domain global = c.solver.global();
  if (t.complete()) {
    if (t.count() != ranks)
      problems.push_back(fmt::format("run.tiles = \"{}\" needs {} ranks but the job has {}: launch {} ranks, or set "
                                     "run.tiles to auto or to a tiling of {} tiles (TXxTY, or TXxTYxTZ in 3-D)",
                                     parallel::to_string(t), t.count(), ranks, t.count(), ranks));
    return;
  }
  const int reach = c.solver.model->lattice().reach;
  const bool three_d = global.NZ > 1;
  for (int px = 1; px <= ranks; ++px)
    for (int py = 1; px * py <= ranks; ++py) {
      const int pz = ranks / (px * py);
      if (px * py * pz != ranks || (!three_d && pz != 1)) continue;
      if (parallel::tiling_problem(global, {px, py, pz}, reach).empty()) return;
    }
  // Along an axis of n sites, more than one tile must each be min_tile_side long.
  const int side = parallel::min_tile_side(reach);
  const auto most = [&](int n) { return std::max(1, n / side); };
  const int fit = most(global.NX) * most(global.NY) * (three_d ? most(global.NZ) : 1);
  problems.push_back(fmt::format("run.tiles = \"auto\": no tiling of {} tiles fits the {} lattice (every tile needs at "
                                 "least {} sites along each axis it is cut along, and at most {} tiles fit): launch "
                                 "fewer ranks, or use a larger lattice",
                                 ranks, size_text(global), side, fit));
}

// The tracers' rules (plume/tracers/rules.hpp) with their keys' names, and a model that has no
// velocity to carry them. count and every are their keys' ranges, reported by check_range.
void check_tracers(const RunConfig& c, std::vector<std::string>& problems) {
  const TracerConfig& t = c.solver.tracers;
  if (t.seeding == TracerConfig::Seeding::None) return;
  const bool two_d = c.solver.nz == 1;
  for (int end = 0; end < 2; ++end)
    if (two_d && c.tracer_coordinates[std::size_t(end)] == 3)
      problems.push_back(fmt::format("tracers.{}: gives z on a 2-D lattice (lattice.nz = 1): give [x, y]",
                                     end == 0 ? "from" : "to"));
  for (const tracers::Problem& p : tracers::problems(t, c.solver.global())) {
    if (p.about == "count" || p.about == "every") continue;
    if (two_d && c.tracer_coordinates[p.about == "from" ? 0 : 1] == 3) continue;  // its z, said above
    problems.push_back("tracers." + p.about + " " + p.message);
  }
  if (reported(problems, "lattice.")) return;  // the lattice the tracers' state is made for
  try {
    c.solver.model->make_extra_state(c.solver);
  } catch (const std::invalid_argument& e) {
    const std::string why = e.what();
    if (why.rfind("tracers.", 0) != 0)  // the rules' own problems are named above
      problems.push_back(fmt::format("tracers.seed_in = \"{}\": {}", tracer_seeding_names().at(std::size_t(t.seeding)), why));
  }
}

}  // namespace

void validate(const RunConfig& c, int ranks) {
  std::vector<std::string> problems;
  try {
    validate(c);
  } catch (const ConfigError& e) {
    problems = e.problems;
  }
  // Tiles that do not fit the lattice are reported by validate() already, as is a lattice size out
  // of its range (which no tiling is compared with).
  if (!reported(problems, "run.tiles") && !reported(problems, "lattice.")) check_job_tiles(c, ranks, problems);
  // A setup that cannot be tiled (Model::decomposition_problem), on more than one rank.
  if (ranks > 1)
    for (const Model* m : models())
      if (m->name() == c.solver.model && m->owns(c.solver.setup))
        if (const std::string why = m->decomposition_problem(c.solver.setup); !why.empty())
          problems.push_back(fmt::format("a run on {} ranks: {}", ranks, why));
  if (!problems.empty()) throw ConfigError(problems);
}

void validate(const RunConfig& c) {
  std::vector<std::string> problems;
  // The model is a registered one (SolverConfig::model): an unknown name was refused where it was read.
  for (const Key& k : detail::keys(c)) check_range(k, c, problems);
  check_model(c, problems);
  check_output_dir(c.output.dir, problems);
  check_scripts(c.insitu, problems);
  detail::check_geometry(c, problems);
  check_tracers(c, problems);
  if (!problems.empty()) throw ConfigError(problems);
}

}  // namespace plume::config

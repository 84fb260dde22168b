// The application's keys, and a model's parameters as keys (keys.hpp).
#include "keys.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <stdexcept>
#include <thread>
#include <utility>
#include "plume/tracers/rules.hpp"
#include "plume/viz/colormap.hpp"

namespace plume::config::detail {
namespace {

// The hardware threads of this host (1 when the system does not say).
int hardware_threads() { return int(std::max(1u, std::thread::hardware_concurrency())); }

// Accessor of a RunConfig member, usable on const and non-const configurations.
#define PLUME_REF(member) [](auto& c) -> auto& { return c.member; }

// Builder: the common part of every key, then the range.
struct K {
  Key k;
  K(const char* section, const char* name, KeyType t, const char* units, const char* meaning) {
    k.section = section;
    k.name = name;
    k.type = t;
    k.units = units;
    k.meaning = meaning;
  }
  K& min(double v, bool open = false) { k.lo = Bound{v, open}; return *this; }
  K& max(double v, bool open = false) { k.hi = Bound{v, open}; return *this; }
  K& note(std::string why) { k.range_note = std::move(why); return *this; }
  K& follows(std::function<std::string(const RunConfig&)> f) { k.follows = std::move(f); return *this; }
};

// A key stored directly in a member; V is its Value alternative.
template <class V, class Acc>
K member(const char* s, const char* n, KeyType t, const char* units, const char* meaning, Acc acc) {
  K b(s, n, t, units, meaning);
  b.k.get = [acc](const RunConfig& c) -> Value { return V(acc(c)); };
  b.k.set = [acc](RunConfig& c, const Value& v) {
    auto& dst = acc(c);
    if constexpr (std::is_same_v<V, long long>)
      dst = parameter::narrow<std::decay_t<decltype(dst)>>(std::get<long long>(v));
    else
      dst = std::get<V>(v);
  };
  return b;
}

template <class Acc>
K integer(const char* s, const char* n, const char* units, const char* meaning, Acc acc) {
  return member<long long>(s, n, KeyType::Int, units, meaning, acc);
}
template <class Acc>
K real(const char* s, const char* n, const char* units, const char* meaning, Acc acc) {
  return member<double>(s, n, KeyType::Float, units, meaning, acc);
}
template <class Acc>
K boolean(const char* s, const char* n, const char* meaning, Acc acc) {
  return member<bool>(s, n, KeyType::Bool, "", meaning, acc);
}
template <class Acc>
K text(const char* s, const char* n, const char* meaning, Acc acc) {
  return member<std::string>(s, n, KeyType::String, "", meaning, acc);
}
template <class Acc>
K text_list(const char* s, const char* n, const char* meaning, Acc acc) {
  return member<std::vector<std::string>>(s, n, KeyType::StringList, "", meaning, acc);
}

// Rows of numbers stored as std::vector<std::array<T, N>> (N = columns.size(), which the parser
// checks); an integral T takes whole numbers only.
template <class Acc>
K rows(const char* s, const char* n, std::vector<std::string> columns, const char* units, const char* meaning, Acc acc) {
  K b(s, n, KeyType::Rows, units, meaning);
  b.k.columns = columns;
  b.k.get = [acc](const RunConfig& c) -> Value {
    Rows r;
    for (const auto& row : acc(c)) r.emplace_back(row.begin(), row.end());
    return r;
  };
  b.k.set = [acc, columns](RunConfig& c, const Value& v) {
    auto& dst = acc(c);
    using List = std::decay_t<decltype(dst)>;
    using T = typename List::value_type::value_type;
    List list;
    for (const std::vector<double>& r : std::get<Rows>(v)) {
      typename List::value_type row{};
      for (std::size_t j = 0; j < row.size(); ++j) {
        if constexpr (std::is_integral_v<T>) {
          if (r[j] != std::floor(r[j]) || std::fabs(r[j]) > double(std::numeric_limits<T>::max()))
            throw std::invalid_argument(fmt::format("row {}: {} = {} is not a whole number", list.size(), columns[j], r[j]));
        }
        row[j] = T(r[j]);
      }
      list.push_back(row);
    }
    dst = std::move(list);
  };
  return b;
}

// A choice stored as an enum whose values are 0, 1, ...: names[i] is value i (the enum's one
// table of names).
template <class Acc>
K choice(const char* s, const char* n, const char* meaning, const std::vector<std::string>& names, Acc acc) {
  K b(s, n, KeyType::Choice, "", meaning);
  b.k.choices = names;
  b.k.get = [names, acc](const RunConfig& c) -> Value { return names.at(std::size_t(acc(c))); };
  b.k.set = [names, acc](RunConfig& c, const Value& v) {
    auto& dst = acc(c);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == std::get<std::string>(v)) dst = std::decay_t<decltype(dst)>(i);
  };
  return b;
}

// A choice stored as its name.
template <class Acc>
K choice_name(const char* s, const char* n, const char* meaning, std::vector<std::string> names, Acc acc) {
  K b = text(s, n, meaning, acc);
  b.k.type = KeyType::Choice;
  b.k.choices = std::move(names);
  return b;
}

std::vector<std::string> colormap_choices() {
  std::vector<std::string> v{"auto"};
  for (const auto& n : viz::colormap_names()) v.push_back(n);
  return v;
}

// output.range: "auto" (none) or "LO:HI" with finite LO < HI.
std::optional<std::pair<double, double>> parse_colour_range(const std::string& text) {
  if (text == "auto") return std::nullopt;
  const auto colon = text.find(':');
  char* end = nullptr;
  if (colon != std::string::npos) {
    const std::string lo_text = text.substr(0, colon), hi_text = text.substr(colon + 1);
    const double lo = std::strtod(lo_text.c_str(), &end);
    const bool lo_ok = !lo_text.empty() && *end == '\0';
    const double hi = std::strtod(hi_text.c_str(), &end);
    const bool hi_ok = !hi_text.empty() && *end == '\0';
    if (lo_ok && hi_ok && std::isfinite(lo) && std::isfinite(hi) && lo < hi) return std::make_pair(lo, hi);
  }
  throw std::invalid_argument(fmt::format(
      "\"{}\" is not a colour range: expected \"auto\" or \"LO:HI\" with LO < HI (e.g. \"0.9:1.1\")", text));
}

std::string join(const std::vector<std::string>& v, const char* sep, const char* last_sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? last_sep : sep) + v[i];
  return s;
}

// The sections of a model's parameters, in order.
std::vector<std::string> parameter_sections(const Model& m) {
  std::vector<std::string> s;
  for (const Parameter& p : m.parameters().list)
    if (s.empty() || s.back() != p.section) s.push_back(p.section);
  return s;
}

// The setup the model's keys read: the configuration's, or the model's own default case while
// the configuration holds none of its.
const AnySetup& setup_of(const RunConfig& c, const Model& m) {
  if (m.owns(c.solver.setup)) return c.solver.setup;
  static const std::map<const Model*, AnySetup> defaults = [] {
    std::map<const Model*, AnySetup> d;
    for (const Model* each : models()) d[each] = configured_defaults(*each);
    return d;
  }();
  return defaults.at(&m);
}

// A model's parameter as a key of the configuration.
Key parameter_key(const Model& m, const Parameter& p) {
  static_assert(int(ParameterType::Choice) == int(KeyType::Choice), "the parameter types are the first key types");
  Key k;
  k.section = p.section;
  k.name = p.name;
  k.type = KeyType(int(p.type));
  k.units = p.units;
  k.meaning = p.meaning;
  k.choices = p.choices;
  k.lo = p.lo;
  k.hi = p.hi;
  k.range_note = p.range_note;
  k.model = &m;
  k.get = [&m, &p](const RunConfig& c) -> Value {
    return std::visit([](const auto& v) -> Value { return v; }, p.get(setup_of(c, m)));
  };
  k.set = [&m, &p](RunConfig& c, const Value& v) {
    if (!m.owns(c.solver.setup)) c.solver.setup = configured_defaults(m);
    std::visit(
        [&](const auto& x) {
          using X = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<X, std::vector<std::string>> || std::is_same_v<X, Rows> ||
                        std::is_same_v<X, Point>)
            throw std::invalid_argument("a model's parameter is not a list");
          else
            p.set(c.solver.setup, x);
        },
        v);
  };
  if (p.follows) k.follows = [&m, &p](const RunConfig& c) { return p.follows(setup_of(c, m)); };
  return k;
}

std::vector<Key> make_keys(const Model& model, const std::vector<const Model*>& with_parameters_of) {
  std::vector<K> t;
  // The top level: which registered model the run is (its own sections follow [lattice]).
  {
    std::vector<std::string> names, described;
    for (const Model* m : models()) {
      names.push_back(m->name());
      const std::vector<std::string> secs = parameter_sections(*m);
      described.push_back(m->name() + " = " + m->title() +
                          (secs.empty() ? "" : ", whose keys are the " + join(secs, ", ", " and ") + " sections"));
    }
    const std::string meaning = "the model: " + join(described, "; ", "; ");
    K k("", "model", KeyType::Choice, "", meaning.c_str());
    k.k.choices = names;
    k.k.get = [](const RunConfig& c) -> Value { return c.solver.model.name(); };
    // Another model starts from its own default case.
    k.k.set = [](RunConfig& c, const Value& v) {
      // Where a configuration's model name is read (the file, --set, a checkpoint's configuration,
      // the GUI's choice), and the one place it is looked up: the run carries the model after.
      const Model& m = find_model(std::get<std::string>(v));
      if (c.solver.model == m && !c.solver.setup.empty()) return;
      c.solver.model = m;
      c.solver.setup = configured_defaults(m);
      // Its own lattice, when it has one (the file's [lattice] keys, read later, come over it).
      if (const auto& l = m.parameters().lattice) {
        c.solver.nx = (*l)[0];
        c.solver.ny = (*l)[1];
        c.solver.nz = (*l)[2];
      }
      // The images show a field of this model: its first unless the file names one (later).
      const std::vector<std::string> fields = io::field_names(m);
      if (std::find(fields.begin(), fields.end(), c.output.field) == fields.end()) c.output.field = fields.front();
    };
    t.push_back(k);
  }
  // [lattice]: no lattice narrower than the model's halo (for --help, the narrowest of the models'),
  // and the least lattice each model takes in words (Parameters::least_lattice, which its rules
  // enforce).
  int reach = model.lattice().reach;
  std::string least;
  for (const Model* m : with_parameters_of) {
    reach = std::min(reach, m->lattice().reach);
    if (!m->parameters().least_lattice.empty())
      least += (least.empty() ? "; the least lattice of " : "; of ") + m->name() + ": " + m->parameters().least_lattice;
  }
  const std::string nx_meaning = "lattice width along x (periodic)" + least;
  t.push_back(integer("lattice", "nx", "sites", nx_meaning.c_str(), PLUME_REF(solver.nx))
                  .min(reach)
                  .note(fmt::format("the periodic halo is {} sites wide", reach)));
  t.push_back(integer("lattice", "ny", "sites", "lattice height along y (between the walls)", PLUME_REF(solver.ny))
                  .min(reach)
                  .note(fmt::format("the halo is {} sites wide", reach)));
  t.push_back(integer("lattice", "nz", "sites", "lattice depth along z (1: a 2-D lattice; more only for a 3-D model)",
                      PLUME_REF(solver.nz))
                  .min(1));
  std::vector<Key> keys;
  for (auto& b : t) keys.push_back(std::move(b.k));
  t.clear();
  // The model's own sections.
  for (const Model* m : with_parameters_of)
    for (const Parameter& p : m->parameters().list) keys.push_back(parameter_key(*m, p));
  // [geometry]: the solid sites (plume/geometry/), for a model that has them (validate.cpp).
  t.push_back(text("geometry", "obstacles",
                   "seed 001's obstacle file: one solid site per line, \"x y 1\" (y = 0 is the bottom row); relative "
                   "to the working directory; \"\": none",
                   PLUME_REF(geometry.obstacles)));
  t.push_back(text("geometry", "mask",
                   "PNG image of the solids: dark pixels (luminance < 0.5) are solid, transparent ones fluid; its top "
                   "row is y = ny-1; an image of another size is scaled to the lattice (nearest neighbour); relative "
                   "to the working directory; \"\": none",
                   PLUME_REF(geometry.mask)));
  t.push_back(rows("geometry", "rectangles", {"x0", "y0", "x1", "y1"}, "sites",
                   "solid rectangles: the sites x0 <= x < x1, y0 <= y < y1", PLUME_REF(geometry.rectangles)));
  t.push_back(rows("geometry", "circles", {"x", "y", "r"}, "sites",
                   "solid discs: the sites less than r from (x, y) (site x stands at x)", PLUME_REF(geometry.circles)));
  t.push_back(rows("geometry", "spheres", {"x", "y", "z", "r"}, "sites",
                   "solid balls (3-D lattices): the sites less than r from (x, y, z)", PLUME_REF(geometry.spheres)));
  t.push_back(rows("geometry", "boxes", {"x0", "y0", "z0", "x1", "y1", "z1"}, "sites",
                   "solid boxes (3-D lattices): the sites x0 <= x < x1, y0 <= y < y1, z0 <= z < z1",
                   PLUME_REF(geometry.boxes)));
  t.push_back(rows("geometry", "cylinders_x", {"y", "z", "r", "x0", "x1"}, "sites",
                   "solid cylinders along x (3-D lattices): the sites x0 <= x < x1 less than r from the axis through "
                   "(y, z)",
                   PLUME_REF(geometry.cylinders[0])));
  t.push_back(rows("geometry", "cylinders_y", {"x", "z", "r", "y0", "y1"}, "sites",
                   "solid cylinders along y (3-D lattices): the sites y0 <= y < y1 less than r from the axis through "
                   "(x, z)",
                   PLUME_REF(geometry.cylinders[1])));
  t.push_back(rows("geometry", "cylinders_z", {"x", "y", "r", "z0", "z1"}, "sites",
                   "solid cylinders along z (3-D lattices): the sites z0 <= z < z1 less than r from the axis through "
                   "(x, y)",
                   PLUME_REF(geometry.cylinders[2])));
  t.push_back(text("geometry", "voxels",
                   "VTK image data file (.vti) of the solids: its points (or its cells) are the lattice's sites, "
                   "solid where the array is not 0; relative to the working directory; \"\": none",
                   PLUME_REF(geometry.voxels)));
  t.push_back(text("geometry", "voxels_array", "the array of geometry.voxels that marks the solids (\"\": its only one)",
                   PLUME_REF(geometry.voxels_array)));
  t.push_back(real("geometry.particles", "radius", "sites", "radius of the particles of a random bed (0: no bed)",
                   PLUME_REF(geometry.particles.radius))
                  .min(0));
  t.push_back(real("geometry.particles", "solid_fraction", "",
                   "fraction of the bed's sites that the particles cover (discs placed at random jam near 0.547)",
                   PLUME_REF(geometry.particles.solid_fraction))
                  .min(0, true)
                  .max(1, true));
  t.push_back(integer("geometry.particles", "seed", "",
                      "seed of the particles' random places (a seed gives the same bed on every machine)",
                      PLUME_REF(geometry.particles.seed))
                  .min(0));
  t.push_back(real("geometry.particles", "gap", "sites", "least distance between the edges of two particles",
                   PLUME_REF(geometry.particles.gap))
                  .min(0));
  t.push_back(integer("geometry.particles", "x_min", "sites", "the bed fills the columns x_min <= x < x_max",
                      PLUME_REF(geometry.particles.x_min))
                  .min(0));
  {
    K x("geometry.particles", "x_max", KeyType::Int, "sites",
        "the bed fills the columns x_min <= x < x_max (default: lattice.nx)");
    x.k.get = [](const RunConfig& c) -> Value { return (long long)c.geometry.particles.x_max.value_or(c.solver.nx); };
    x.k.set = [](RunConfig& c, const Value& v) { c.geometry.particles.x_max = parameter::narrow<int>(std::get<long long>(v)); };
    t.push_back(x.follows([](const RunConfig& c) { return c.geometry.particles.x_max ? "" : "lattice.nx"; }));
  }
  t.push_back(text("geometry.stl", "file",
                   "STL file of a closed surface whose inside is solid (3-D lattices); relative to the working "
                   "directory; \"\": none",
                   PLUME_REF(geometry.stl.file)));
  t.push_back(real("geometry.stl", "scale", "sites per STL unit", "the surface's size on the lattice",
                   PLUME_REF(geometry.stl.scale))
                  .min(0, true));
  t.push_back(real("geometry.stl", "x", "sites", "where the STL file's origin lands on the lattice, x",
                   PLUME_REF(geometry.stl.x)));
  t.push_back(real("geometry.stl", "y", "sites", "where the STL file's origin lands, y", PLUME_REF(geometry.stl.y)));
  t.push_back(real("geometry.stl", "z", "sites", "where the STL file's origin lands, z", PLUME_REF(geometry.stl.z)));
  // [tracers]: passive tracer particles (plume/tracer_config.hpp, solver/tracers).
  t.push_back(choice("tracers", "seed_in",
                     "where passive tracers start: none, region = at pseudo-random places in the box between "
                     "tracers.from and tracers.to, line = evenly along the segment from tracers.from to tracers.to "
                     "(both ends included); a model with a velocity carries them",
                     tracer_seeding_names(), PLUME_REF(solver.tracers.seeding)));
  t.push_back(integer("tracers", "count", "", "how many tracers are seeded (ids 0 to count - 1)",
                      PLUME_REF(solver.tracers.count))
                  .min(1)
                  .max(double(tracers::kMaxCount))
                  .note("every rank computes every tracer's starting place"));
  for (int end = 0; end < 2; ++end) {
    K k("tracers", end == 0 ? "from" : "to", KeyType::Point, "sites",
        end == 0 ? "a corner of the region, or the start of the line: [x, y], or [x, y, z] on a 3-D lattice "
                   "(site (x, y, z) stands at (x, y, z); each coordinate from 0 to the lattice's size - 1)"
                 : "the region's opposite corner, or the end of the line");
    k.k.get = [end](const RunConfig& c) -> Value {
      const std::array<double, 3>& p = end == 0 ? c.solver.tracers.from : c.solver.tracers.to;
      const int n = c.solver.nz > 1 || c.tracer_coordinates[std::size_t(end)] == 3 ? 3 : 2;
      return Point(p.begin(), p.begin() + n);
    };
    k.k.set = [end](RunConfig& c, const Value& v) {
      const Point& p = std::get<Point>(v);
      std::array<double, 3>& dst = end == 0 ? c.solver.tracers.from : c.solver.tracers.to;
      dst = {p[0], p[1], p.size() == 3 ? p[2] : 0.0};
      c.tracer_coordinates[std::size_t(end)] = int(p.size());
    };
    t.push_back(k);
  }
  t.push_back(integer("tracers", "every", "time steps",
                      "the tracers move every this many steps, by Heun's method with the flow of that step (a "
                      "tracer may not move more than one site per update)",
                      PLUME_REF(solver.tracers.every))
                  .min(1));
  t.push_back(integer("tracers", "seed", "",
                      "seed of a region's pseudo-random places (a seed gives the same places on any machine and "
                      "any number of ranks)",
                      PLUME_REF(solver.tracers.seed))
                  .min(0));
  // [run]
  t.push_back(integer("run", "steps", "time steps",
                      "the run ends when the step counter reaches this (a restart continues up to it)",
                      PLUME_REF(steps))
                  .min(0));
  t.push_back(choice("run", "backend", "compute backend: auto = CUDA when a device is usable, else CPU",
                     backend_kind_names(), PLUME_REF(solver.backend)));
  t.push_back(integer("run", "device", "", "CUDA device index (-1: the first)", PLUME_REF(solver.device)).min(-1));
  t.push_back(integer("run", "threads", "", "OpenMP threads of the CPU backend (0: the OpenMP default)",
                      PLUME_REF(solver.threads))
                  .min(0)
                  .max(max_threads())
                  .note(fmt::format("at most 8 per hardware thread of this host, which has {}: more only "
                                    "oversubscribe its cores",
                                    hardware_threads())));
  {
    const std::string meaning = fmt::format("storage of the populations (arithmetic is FP64): fp64 = {} bytes/site/step, fp32 = {}",
                          model.bytes_per_update(Precision::FP64), model.bytes_per_update(Precision::FP32));
    t.push_back(choice("run", "precision", meaning.c_str(), precision_names(), PLUME_REF(solver.precision)));
  }
  t.push_back(choice("run", "streaming",
                     "how the populations are held: two-buffers = each step reads one buffer and writes the other; "
                     "in-place = one buffer that each step updates where it reads (half the memory, so twice the "
                     "lattice fits; not with interpolated bounce-back, adiabatic walls or the diffusion stencil)",
                     streaming_names(), PLUME_REF(solver.streaming)));
  {
    K tiles("run", "tiles", KeyType::String, "",
            "tiling of a run on several MPI ranks: auto = chosen by the performance model, or TXxTY = TX tiles "
            "along x and TY along y (TX TY = the number of ranks), or TXxTYxTZ with TZ tiles along z (3-D)");
    tiles.k.get = [](const RunConfig& c) -> Value { return parallel::to_string(c.solver.tiles); };
    tiles.k.set = [](RunConfig& c, const Value& v) { c.solver.tiles = parallel::parse_tiling(std::get<std::string>(v)); };
    t.push_back(tiles);
  }
  t.push_back(boolean("run", "overlap",
                      "update the bulk of each tile while its halos travel between ranks (false: exchange, then "
                      "compute; for measurements)",
                      PLUME_REF(solver.overlap)));
  t.push_back(choice("run", "transport",
                     "halo transport between GPUs of a run on several ranks: auto = cuda-ipc (the GPUs' copy "
                     "engines, ranks of one host whose GPUs reach each other) where it can run, else NCCL when "
                     "built in, else CUDA-aware MPI when the MPI library reports it, else host = MPI through "
                     "pinned host buffers",
                     transport_names(), PLUME_REF(solver.transport)));
  // [output]
  t.push_back(text("output", "dir", "output folder, created if missing (relative to the working directory)",
                   PLUME_REF(output.dir)));
  t.push_back(integer("output", "every", "time steps", "images every this many steps (0: first and last step only)",
                      PLUME_REF(output.every))
                  .min(0));
  {
    K d("output", "diagnostics_every", KeyType::Int, "time steps",
        "rows of diagnostics.csv every this many steps (0: first and last step only; default: output.every)");
    d.k.get = [](const RunConfig& c) -> Value { return (long long)c.output.diagnostics_cadence(); };
    d.k.set = [](RunConfig& c, const Value& v) { c.output.diagnostics_every = parameter::narrow<long>(std::get<long long>(v)); };
    t.push_back(d.min(0).follows([](const RunConfig& c) { return c.output.diagnostics_every ? "" : "output.every"; }));
  }
  t.push_back(choice_name("output", "field", "field shown in the images (for D2Q37: T is T_H, ux/uy are u_H)",
                          io::field_names(model), PLUME_REF(output.field)));
  t.push_back(choice_name("output", "colormap", "colormap (auto: viridis for the speed, coolwarm for signed fields, else inferno)",
                          colormap_choices(), PLUME_REF(output.colormap)));
  {
    K r("output", "range", KeyType::String, "units of the field",
        "colour range of the images: auto = each image's own data (signed fields: symmetric about 0, speed: from "
        "0), or \"LO:HI\" fixed (values outside take the end colours; the image says how many)");
    r.k.get = [](const RunConfig& c) -> Value {
      return c.output.range ? fmt::format("{}:{}", c.output.range->first, c.output.range->second) : "auto";
    };
    r.k.set = [](RunConfig& c, const Value& v) { c.output.range = parse_colour_range(std::get<std::string>(v)); };
    t.push_back(r);
  }
  t.push_back(integer("output", "image_scale", "pixels per site", "image magnification", PLUME_REF(output.image_scale))
                  .min(1)
                  .max(16));
  t.push_back(integer("output", "checkpoint_every", "time steps", "periodic checkpoints (0: only the final one)",
                      PLUME_REF(output.checkpoint_every))
                  .min(0));
  t.push_back(integer("output", "first_checkpoint", "time steps",
                      "one more checkpoint at this step, so that a run killed before its first periodic one "
                      "(SIGKILL, a node failure, the out-of-memory killer) can still be continued (0: none)",
                      PLUME_REF(output.first_checkpoint))
                  .min(0));
  t.push_back(integer("output", "keep", "", "how many of the newest checkpoints are kept", PLUME_REF(output.keep))
                  .min(1));
  // The VTK image files for post-hoc analysis (adaptors/vtk, docs/running.md).
  t.push_back(integer("output", "vtk_every", "time steps",
                      "VTK image files under vtk/ (ParaView, VisIt) every this many steps and at the last step "
                      "(0: none)",
                      PLUME_REF(output.vtk_every))
                  .min(0));
  {
    K f = text_list("output", "vtk_fields",
                    "fields of the VTK files: any of output.field's choices but the vorticity (which ParaView "
                    "derives from the velocity); [] = every field the model stores",
                    PLUME_REF(output.vtk_fields));
    f.k.set = [](RunConfig& c, const Value& v) {
      const auto& names = std::get<std::vector<std::string>>(v);
      io::pointwise_fields(*c.solver.model, names);  // throws naming the problem
      c.output.vtk_fields = names;
    };
    t.push_back(f);
  }
  // [insitu]
  t.push_back(text_list("insitu", "scripts",
                        "ParaView Catalyst pipeline scripts (Python; relative to the working directory)",
                        PLUME_REF(insitu.scripts)));
  t.push_back(integer("insitu", "every", "time steps", "run the in-situ pipelines every this many steps",
                      PLUME_REF(insitu.every))
                  .min(1));
  t.push_back(boolean("insitu", "live", "let ParaView Live connect to the running simulation", PLUME_REF(insitu.live)));
  t.push_back(text("insitu", "live_host", "host of the ParaView Live server", PLUME_REF(insitu.live_host)));
  t.push_back(integer("insitu", "live_port", "", "port of the ParaView Live server (Live also uses the next one)",
                      PLUME_REF(insitu.live_port))
                  .min(1)
                  .max(65534)
                  .note("ParaView Live uses this port and the next one, and 65535 is the last port there is"));
  t.push_back(integer("insitu", "live_every", "time steps", "send the run to the ParaView Live client every this many steps",
                      PLUME_REF(insitu.live_every))
                  .min(1));
  t.push_back(real("insitu", "live_timeout", "seconds",
                   "a Live update that hears nothing from the client for this long drops it; the run goes on",
                   PLUME_REF(insitu.live_timeout))
                  .min(0, true));
  t.push_back(choice("insitu", "on_error", "when a pipeline fails: stop the run, or disable in-situ output",
                     insitu::on_error_names(), PLUME_REF(insitu.on_error)));
  t.push_back(choice("insitu", "when_busy",
                     "an in-situ step that comes while the sinks still run the previous one: wait for them, or skip "
                     "this step's snapshot and go on",
                     insitu::when_busy_names(), PLUME_REF(insitu.when_busy)));
  t.push_back(real("insitu", "timeout", "seconds",
                   "longest a call of a pipeline script may take; past it the call is interrupted and fails "
                   "(insitu.on_error); 0: no limit; not applied to the Live pipeline",
                   PLUME_REF(insitu.timeout))
                  .min(0));
  for (auto& b : t) keys.push_back(std::move(b.k));
  return keys;
}

#undef PLUME_REF

}  // namespace

AnySetup configured_defaults(const Model& m) {
  const Parameters& p = m.parameters();
  return p.defaults ? p.defaults() : m.default_setup();
}

const std::vector<Key>& keys(const Model& m) {
  static const std::map<const Model*, std::vector<Key>> by_model = [] {
    std::map<const Model*, std::vector<Key>> k;
    for (const Model* each : models()) k[each] = make_keys(*each, {each});
    return k;
  }();
  return by_model.at(&m);
}

const std::vector<Key>& keys(const RunConfig& c) { return keys(*c.solver.model); }

const std::vector<Key>& all_keys() {
  static const std::vector<Key> k = make_keys(*models().front(), models());
  return k;
}

std::vector<std::string> sections(const std::vector<Key>& keys) {
  std::vector<std::string> s;
  for (const Key& k : keys)
    if (!k.section.empty() && (s.empty() || s.back() != k.section)) s.push_back(k.section);
  return s;
}

const Key* find_key(const std::vector<Key>& keys, const std::string& path) {
  for (const Key& k : keys)
    if (k.path() == path) return &k;
  return nullptr;
}

std::string model_of_section(const std::string& section) {
  for (const Model* m : models())
    for (const Parameter& p : m->parameters().list)
      if (p.section == section) return m->name();
  return "";
}

std::string type_name(const Key& k) {
  switch (k.type) {
    case KeyType::Int: return "integer";
    case KeyType::Float: return "float";
    case KeyType::Bool: return "boolean";
    case KeyType::String: return "string";
    case KeyType::Choice: return "choice";
    case KeyType::StringList: return "array of strings";
    case KeyType::Point: return "array [x, y] or [x, y, z]";
    default: {
      std::string row;
      for (const std::string& c : k.columns) row += (row.empty() ? "" : ", ") + c;
      return "array of [" + row + "]";
    }
  }
}

namespace {

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\u{:04X}", unsigned(u));
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string toml_float(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{}", v);  // shortest text that reads back to the same double
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

}  // namespace

std::string format_value(const Value& v) {
  struct {
    std::string operator()(long long x) const { return std::to_string(x); }
    std::string operator()(double x) const { return toml_float(x); }
    std::string operator()(bool x) const { return x ? "true" : "false"; }
    std::string operator()(const std::string& x) const { return toml_string(x); }
    std::string operator()(const std::vector<std::string>& x) const {
      std::string s = "[";
      for (std::size_t i = 0; i < x.size(); ++i) s += (i ? ", " : "") + toml_string(x[i]);
      return s + "]";
    }
    // A whole number is written as an integer: rows are read as numbers of either kind.
    std::string operator()(const Rows& x) const {
      std::string s = "[";
      for (std::size_t i = 0; i < x.size(); ++i) {
        s += i ? ", [" : "[";
        for (std::size_t j = 0; j < x[i].size(); ++j) {
          const double v = x[i][j];
          s += (j ? ", " : "") + (v == std::floor(v) && std::fabs(v) < 1e15 ? std::to_string((long long)v) : toml_float(v));
        }
        s += "]";
      }
      return s + "]";
    }
    std::string operator()(const Point& x) const {
      std::string s = "[";
      for (std::size_t j = 0; j < x.size(); ++j)
        s += (j ? ", " : "") + (x[j] == std::floor(x[j]) && std::fabs(x[j]) < 1e15 ? std::to_string((long long)x[j])
                                                                              : toml_float(x[j]));
      return s + "]";
    }
  } visitor;
  return std::visit(visitor, v);
}

std::string format_range(const Key& k) {
  auto num = [](double x) { return fmt::format("{}", x); };
  std::string s;
  if (k.lo) s = (k.lo->open ? "> " : ">= ") + num(k.lo->value);
  if (k.hi) s += (s.empty() ? "" : " and ") + std::string(k.hi->open ? "< " : "<= ") + num(k.hi->value);
  return s;
}

}  // namespace plume::config::detail

namespace plume::config {

int max_threads() { return 8 * detail::hardware_threads(); }

}  // namespace plume::config

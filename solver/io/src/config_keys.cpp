#include "config_keys.hpp"
#include "plume/model.hpp"
#include <fmt/format.h>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <utility>
#include "plume/viz/colormap.hpp"
#include "d2q37/registration.hpp"
#include "d2q37/setup.hpp"

namespace plume::io::detail {
namespace {

// Accessor of a RunConfig member, usable on const and non-const configurations.
#define PLUME_REF(member) [](auto& c) -> auto& { return c.member; }
// The same for a member of the D2Q37 model's physics or case (d2q37/setup.hpp).
#define PLUME_PHYSICS(member) [](auto& c) -> auto& { return d2q37::physics(c.solver).member; }
#define PLUME_INITIAL(member) [](auto& c) -> auto& { return d2q37::initial(c.solver).member; }

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
  K& note(const char* why) { k.range_note = why; return *this; }
  K& follows(std::function<std::string(const RunConfig&)> f) { k.follows = std::move(f); return *this; }
};

template <class T>
T narrow_int(long long v) {
  if constexpr (std::is_unsigned_v<T>) {
    if (v < 0) throw std::invalid_argument(fmt::format("must be >= 0 (got {})", v));
  } else if (v < (long long)std::numeric_limits<T>::min() || v > (long long)std::numeric_limits<T>::max()) {
    throw std::invalid_argument(fmt::format("{} does not fit in a {}-bit integer", v, 8 * sizeof(T)));
  }
  return T(v);
}

// A key stored directly in a member; V is its Value alternative.
template <class V, class Acc>
K member(const char* s, const char* n, KeyType t, const char* units, const char* meaning, Acc acc) {
  K b(s, n, t, units, meaning);
  b.k.get = [acc](const RunConfig& c) -> Value { return V(acc(c)); };
  b.k.set = [acc](RunConfig& c, const Value& v) {
    auto& dst = acc(c);
    if constexpr (std::is_same_v<V, long long>)
      dst = narrow_int<std::decay_t<decltype(dst)>>(std::get<long long>(v));
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

// A choice stored as an enum: option i of `names` is value E(i) unless `values` says otherwise.
template <class E, class Acc>
K choice(const char* s, const char* n, const char* meaning, std::vector<std::string> names, std::vector<E> values,
         Acc acc) {
  K b(s, n, KeyType::Choice, "", meaning);
  b.k.choices = names;
  b.k.get = [names, values, acc](const RunConfig& c) -> Value {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i] == acc(c)) return names[i];
    return std::string("?");
  };
  b.k.set = [names, values, acc](RunConfig& c, const Value& v) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == std::get<std::string>(v)) acc(c) = values[i];
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

const char* kTemperature = "lattice temperature (T0 = 1)";

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

std::vector<Key> make_keys() {
  using WK = d2q37::WallKind;
  std::vector<K> t;
  // The top level: which registered model the run is (its own sections follow).
  {
    std::vector<std::string> names;
    for (const Model* m : models()) names.push_back(m->name());
    t.push_back(choice_name("", "model", "the model: d2q37 = the D2Q37 thermal lattice Boltzmann model (its keys are "
                                         "the physics, walls and initial sections)",
                            names, PLUME_REF(solver.model)));
  }
  // [lattice]
  t.push_back(integer("lattice", "nx", "sites", "lattice width along x (periodic)", PLUME_REF(solver.nx))
                  .min(3)
                  .note("the periodic halo is 3 sites wide"));
  t.push_back(integer("lattice", "ny", "sites", "lattice height along y (between the walls)", PLUME_REF(solver.ny))
                  .min(3)
                  .note("the halo is 3 sites wide"));
  // [physics]
  t.push_back(choice("physics", "collision",
                     "collision model: rtrt = regularised three-relaxation-time (the production model), "
                     "bgk = single relaxation time with shifted equilibrium",
                     {"rtrt", "bgk"}, std::vector<d2q37::CollisionModel>{d2q37::CollisionModel::RTRT, d2q37::CollisionModel::BGK},
                     PLUME_PHYSICS(model)));
  {
    K g("physics", "gravity", KeyType::Float, "lattice units (sites per time unit squared)",
        "|g|, the gravitational acceleration; it points down (-y)");
    g.k.get = [](const RunConfig& c) -> Value { return -d2q37::physics(c.solver).gy; };
    g.k.set = [](RunConfig& c, const Value& v) {
      d2q37::physics(c.solver).gx = 0.0;
      d2q37::physics(c.solver).gy = -std::get<double>(v);
    };
    t.push_back(g.min(0));
  }
  t.push_back(real("physics", "k1", "lattice units (dynamic viscosity)",
                   "RTRT shear-stress relaxation: tau1 = 1/2 + k1/(rho T); sets the viscosity",
                   PLUME_PHYSICS(k1))
                  .min(0, true)
                  .note("tau1 = 1/2 + k1/(rho T) must exceed 1/2"));
  t.push_back(real("physics", "k2", "lattice units (conductivity)",
                   "RTRT heat-flux relaxation: tau2 = 1/2 + k2/(rho T); sets the thermal conductivity",
                   PLUME_PHYSICS(k2))
                  .min(0, true)
                  .note("tau2 = 1/2 + k2/(rho T) must exceed 1/2"));
  t.push_back(real("physics", "k3", "", "RTRT relaxation of the 4th-order moments: tau3 = 1/2 + k3",
                   PLUME_PHYSICS(k3))
                  .min(0)
                  .note("tau3 = 1/2 + k3 must be at least 1/2"));
  t.push_back(real("physics", "tau", "time steps",
                   "BGK relaxation time; kinematic viscosity nu = (tau - 1/2) T dt", PLUME_PHYSICS(tau))
                  .min(0.5, true)
                  .note("BGK is unstable for tau <= 1/2"));
  // [walls]
  t.push_back(boolean("walls", "enabled", "solid no-slip walls at y = 0 and y = ny-1 (false: periodic in y)",
                      PLUME_PHYSICS(walls)));
  const std::vector<std::string> wall_names{"fixed", "adiabatic"};
  const std::vector<WK> wall_kinds{WK::Fixed, WK::Adiabatic};
  t.push_back(choice("walls", "bottom", "bottom wall: fixed temperature, or adiabatic (zero normal gradient)",
                     wall_names, wall_kinds, PLUME_PHYSICS(bottom.kind)));
  {
    K w = real("walls", "bottom_T", kTemperature, "temperature of a fixed bottom wall (default: initial.T_down)",
               PLUME_PHYSICS(bottom.T));
    w.k.set = [](RunConfig& c, const Value& v) { c.bottom_T = d2q37::physics(c.solver).bottom.T = std::get<double>(v); };
    t.push_back(w.min(0, true).follows([](const RunConfig& c) { return c.bottom_T ? "" : "initial.T_down"; }));
  }
  t.push_back(choice("walls", "top", "top wall: fixed temperature, or adiabatic (zero normal gradient)", wall_names,
                     wall_kinds, PLUME_PHYSICS(top.kind)));
  {
    K w = real("walls", "top_T", kTemperature, "temperature of a fixed top wall (default: initial.T_up)",
               PLUME_PHYSICS(top.T));
    w.k.set = [](RunConfig& c, const Value& v) { c.top_T = d2q37::physics(c.solver).top.T = std::get<double>(v); };
    t.push_back(w.min(0, true).follows([](const RunConfig& c) { return c.top_T ? "" : "initial.T_up"; }));
  }
  // [initial]
  t.push_back(real("initial", "T_down", kTemperature, "temperature below the interface (hot, light fluid)",
                   PLUME_INITIAL(T_down))
                  .min(0, true));
  t.push_back(real("initial", "T_up", kTemperature, "temperature above the interface (cold, heavy fluid)",
                   PLUME_INITIAL(T_up))
                  .min(0, true));
  t.push_back(real("initial", "rho_bottom", "lattice density", "density in row 0 (hydrostatic balance above it)",
                   PLUME_INITIAL(rho_bottom))
                  .min(0, true));
  t.push_back(real("initial", "eps", "sites", "interface half-thickness: T follows tanh((y - y_c)/eps)",
                   PLUME_INITIAL(eps))
                  .min(0, true));
  t.push_back(real("initial", "height", "fraction of ny", "mean height of the interface",
                   PLUME_INITIAL(height))
                  .min(0, true)
                  .max(1, true));
  t.push_back(choice("initial", "perturbation",
                     "interface perturbation: single = one cosine mode, multi = modes kmin..kmax with random "
                     "phases, random = a random displacement per column",
                     {"single", "multi", "random"},
                     std::vector<d2q37::Perturbation>{d2q37::Perturbation::Single, d2q37::Perturbation::Multi, d2q37::Perturbation::Random},
                     PLUME_INITIAL(perturbation)));
  t.push_back(real("initial", "amplitude", "sites",
                   "interface displacement (single: cosine amplitude, multi: RMS, random: largest)",
                   PLUME_INITIAL(amplitude))
                  .min(0));
  t.push_back(integer("initial", "mode", "periods per nx", "wavenumber of the single-mode perturbation",
                      PLUME_INITIAL(mode))
                  .min(0));
  t.push_back(integer("initial", "kmin", "periods per nx", "lowest wavenumber of the multi-mode perturbation",
                      PLUME_INITIAL(kmin))
                  .min(1));
  t.push_back(integer("initial", "kmax", "periods per nx", "highest wavenumber of the multi-mode perturbation",
                      PLUME_INITIAL(kmax))
                  .min(1));
  t.push_back(integer("initial", "seed", "",
                      "seed of the random phases and displacements (the state does not depend on threads or ranks)",
                      PLUME_INITIAL(seed))
                  .min(0));
  // [run]
  t.push_back(integer("run", "steps", "time steps",
                      "the run ends when the step counter reaches this (a restart continues up to it)",
                      PLUME_REF(steps))
                  .min(0));
  t.push_back(choice("run", "backend", "compute backend: auto = CUDA when a device is usable, else CPU",
                     {"auto", "cpu", "cuda"}, std::vector<BackendKind>{BackendKind::Auto, BackendKind::CPU, BackendKind::CUDA},
                     PLUME_REF(solver.backend)));
  t.push_back(integer("run", "device", "", "CUDA device index (-1: the first)", PLUME_REF(solver.device)).min(-1));
  t.push_back(integer("run", "threads", "", "OpenMP threads of the CPU backend (0: the OpenMP default)",
                      PLUME_REF(solver.threads))
                  .min(0));
  t.push_back(choice("run", "precision",
                     "storage of the populations (arithmetic is FP64): fp64 = 592 bytes/site/step, fp32 = 296",
                     {"fp64", "fp32"}, std::vector<Precision>{Precision::FP64, Precision::FP32},
                     PLUME_REF(solver.precision)));
  {
    K tiles("run", "tiles", KeyType::String, "",
            "tiling of a run on several MPI ranks: auto = chosen by the performance model, or TXxTY = TX tiles "
            "along x and TY along y (TX TY = the number of ranks)");
    tiles.k.get = [](const RunConfig& c) -> Value { return parallel::to_string(c.solver.tiles); };
    tiles.k.set = [](RunConfig& c, const Value& v) { c.solver.tiles = parallel::parse_tiling(std::get<std::string>(v)); };
    t.push_back(tiles);
  }
  t.push_back(boolean("run", "overlap",
                      "update the bulk of each tile while its halos travel between ranks (false: exchange, then "
                      "compute; for measurements)",
                      PLUME_REF(solver.overlap)));
  t.push_back(choice("run", "transport",
                     "halo transport between GPUs of a run on several ranks: auto = NCCL when built in, else "
                     "CUDA-aware MPI when the MPI library reports it, else host = MPI through pinned host buffers",
                     {"auto", "host", "cuda-aware", "nccl"},
                     std::vector<TransportKind>{TransportKind::Auto, TransportKind::Host, TransportKind::CudaAware,
                                                TransportKind::Nccl},
                     PLUME_REF(solver.transport)));
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
    d.k.set = [](RunConfig& c, const Value& v) { c.output.diagnostics_every = narrow_int<long>(std::get<long long>(v)); };
    t.push_back(d.min(0).follows([](const RunConfig& c) { return c.output.diagnostics_every ? "" : "output.every"; }));
  }
  t.push_back(choice_name("output", "field", "field shown in the images (T is T_H, ux/uy are u_H)",
                          field_names(d2q37::model()), PLUME_REF(output.field)));
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
  t.push_back(integer("output", "keep", "", "how many of the newest checkpoints are kept", PLUME_REF(output.keep))
                  .min(1));
  // [insitu]
  t.push_back(text_list("insitu", "scripts",
                        "ParaView Catalyst pipeline scripts (Python; relative to the working directory)",
                        PLUME_REF(insitu.scripts)));
  t.push_back(integer("insitu", "every", "time steps", "run the in-situ pipelines every this many steps",
                      PLUME_REF(insitu.every))
                  .min(1));
  t.push_back(boolean("insitu", "live", "let ParaView Live connect to the running simulation", PLUME_REF(insitu.live)));
  t.push_back(text("insitu", "live_host", "host of the ParaView Live server", PLUME_REF(insitu.live_host)));
  t.push_back(integer("insitu", "live_port", "", "port of the ParaView Live server", PLUME_REF(insitu.live_port))
                  .min(1)
                  .max(65535));
  t.push_back(integer("insitu", "live_every", "time steps", "send the run to the ParaView Live client every this many steps",
                      PLUME_REF(insitu.live_every))
                  .min(1));
  t.push_back(real("insitu", "live_timeout", "seconds",
                   "a Live update that hears nothing from the client for this long drops it; the run goes on",
                   PLUME_REF(insitu.live_timeout))
                  .min(0, true));
  t.push_back(choice("insitu", "on_error", "when a pipeline fails: stop the run, or disable in-situ output",
                     {"stop", "disable"},
                     std::vector<InSituErrorPolicy>{InSituErrorPolicy::Stop, InSituErrorPolicy::Disable},
                     PLUME_REF(insitu.on_error)));
  t.push_back(real("insitu", "timeout", "seconds",
                   "longest a call of a pipeline script may take; past it the call is interrupted and fails "
                   "(insitu.on_error); 0: no limit; not applied to the Live pipeline",
                   PLUME_REF(insitu.timeout))
                  .min(0));
  std::vector<Key> keys;
  for (auto& b : t) keys.push_back(std::move(b.k));
  return keys;
}

#undef PLUME_REF

}  // namespace

const std::vector<Key>& keys() {
  static const std::vector<Key> k = make_keys();
  return k;
}

std::vector<std::string> sections() {
  std::vector<std::string> s;
  for (const Key& k : keys())
    if (!k.section.empty() && (s.empty() || s.back() != k.section)) s.push_back(k.section);
  return s;
}

const Key* find_key(const std::string& path) {
  for (const Key& k : keys())
    if (k.path() == path) return &k;
  return nullptr;
}

std::string type_name(KeyType t) {
  switch (t) {
    case KeyType::Int: return "integer";
    case KeyType::Float: return "float";
    case KeyType::Bool: return "boolean";
    case KeyType::String: return "string";
    case KeyType::Choice: return "choice";
    default: return "array of strings";
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

}  // namespace plume::io::detail

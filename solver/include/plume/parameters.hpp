// A model's parameters as a front end sees them (Model::parameters()): what each is called, its
// type, units, meaning, choices and range, and how to read and write it in the model's setup
// (AnySetup). Nothing here knows a file format: the application's configuration (app/config)
// turns these into TOML keys, command-line overrides, --help and the effective configuration.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>
#include "plume/model.hpp"

namespace plume {

enum class ParameterType { Int, Float, Bool, String, Choice };
// Int as long long, Float as double, Bool as bool, String and Choice as their text.
using ParameterValue = std::variant<long long, double, bool, std::string>;

struct Bound {
  double value;
  bool open;  // strict inequality
};

struct Parameter {
  std::string section, name;  // "physics", "k1": the configuration's key physics.k1
  ParameterType type = ParameterType::Float;
  std::string units;    // "" for pure numbers, names and switches
  std::string meaning;  // one line
  std::vector<std::string> choices;  // ParameterType::Choice
  std::optional<Bound> lo, hi;       // numeric parameters
  std::string range_note;            // why the range is what it is
  std::function<ParameterValue(const AnySetup&)> get;
  // Throws std::invalid_argument when the value does not fit (e.g. a negative count).
  std::function<void(AnySetup&, const ParameterValue&)> set;
  // For a parameter whose value follows another one until it is set: the path of the one it
  // follows in this setup, "" once it has been set.
  std::function<std::string(const AnySetup&)> follows;

  std::string path() const { return section + "." + name; }
  Parameter& min(double v, bool open = false) { lo = Bound{v, open}; return *this; }
  Parameter& max(double v, bool open = false) { hi = Bound{v, open}; return *this; }
  Parameter& note(std::string why) { range_note = std::move(why); return *this; }
};

// A rule across parameters (or between a parameter and the lattice's size) that a setup breaks.
// `message` is one line that starts with what it is about: one of the model's parameters by its
// path ("initial.kmax = 40 exceeds nx/2 = 16: ..."), or the lattice's size by its axis ("ny = 5 is
// too small for walls: ..."), which is `about`.
struct SetupProblem {
  std::string about;  // a parameter's path, or "nx", "ny", "nz"
  std::string message;
};

// Everything a model says about its parameters.
struct Parameters {
  std::vector<Parameter> list;  // in the order a configuration file shows them
  // The setup of a configuration that sets none of the parameters: the model's default case.
  std::function<AnySetup()> defaults;
  // Values derived from others (e.g. what follows another parameter), after parameters were set.
  std::function<void(AnySetup&)> derive;
  // The rules across parameters, for a lattice of `nx` x `ny` x `nz` sites (empty: none broken).
  std::function<std::vector<SetupProblem>(const AnySetup&, long long nx, long long ny, long long nz)> check;
  // Values that follow the lattice's size until they are set (e.g. a height that is the lattice's
  // depth), for a lattice of `nx` x `ny` x `nz` sites; before derive. Empty: none.
  std::function<void(AnySetup&, long long nx, long long ny, long long nz)> fit;
  // The lattice (nx, ny, nz) a configuration of the model runs when it names none; unset: the
  // application's default lattice.
  std::optional<std::array<int, 3>> lattice;
  // The least lattice the model takes, in words, for --help ("nx, ny >= 3 (the halo); ny >= 7 with
  // walls"); `check` enforces it.
  std::string least_lattice;
};

// The least lattice a model takes (SetupProblem about an axis, checked by Parameters::check).
namespace lattice_rule {

// A lattice of one site streams every population back to itself: nothing in it can vary.
inline void more_than_one_site(std::vector<SetupProblem>& problems, long long nx, long long ny, long long nz) {
  if (nx == 1 && ny == 1 && nz == 1)
    problems.push_back({"nx", "nx = 1 (with ny = 1 and nz = 1) makes a lattice of one site, which streams every "
                              "population back to itself: a run needs at least 2 sites"});
}

// A problem about `axis` ("nx", "ny" or "nz") when the lattice has fewer than `least` sites along
// it, which `what` needs (`why`: the reason). Sizes below 1 are the lattice keys' own range errors.
inline void at_least(std::vector<SetupProblem>& problems, const char* axis, long long n, long long least,
                     const std::string& what, const std::string& why) {
  if (n >= 1 && n < least)
    problems.push_back({axis, std::string(axis) + " = " + std::to_string(n) + " is too small for " + what + ": " + why +
                                  ", so " + axis + " must be >= " + std::to_string(least)});
}

}  // namespace lattice_rule

// Builders of a model's table, for a parameter stored in a member of the model's setup struct S;
// `acc` reaches the member in a S& and in a const S& (e.g. [](auto& s) -> auto& { return s.physics.k1; }).
namespace parameter {

// The shortest text that reads back as v ("0.001", "1e-06"), for messages and front ends; a whole
// number as written (5000, not 5e+03).
inline std::string number_text(double v) {
  char buf[32];
  if (v > -1e15 && v < 1e15 && v == double((long long)v)) {
    std::snprintf(buf, sizeof buf, "%lld", (long long)v);
    return buf;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

// A value computed from others, to 3 significant digits ("1.6e+03", "0.87"), for messages.
inline std::string approx_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// A value as a configuration override takes it: "0.001", "12", "true", or a choice's name.
inline std::string value_text(const ParameterValue& v) {
  struct {
    std::string operator()(long long x) const { return std::to_string(x); }
    std::string operator()(double x) const { return number_text(x); }
    std::string operator()(bool x) const { return x ? "true" : "false"; }
    std::string operator()(const std::string& x) const { return x; }
  } visitor;
  return std::visit(visitor, v);
}

template <class T>
T narrow(long long v) {
  if constexpr (std::is_unsigned_v<T>) {
    if (v < 0) throw std::invalid_argument("must be >= 0 (got " + std::to_string(v) + ")");
  } else if (v < (long long)std::numeric_limits<T>::min() || v > (long long)std::numeric_limits<T>::max()) {
    throw std::invalid_argument(std::to_string(v) + " does not fit in a " + std::to_string(8 * sizeof(T)) +
                                "-bit integer");
  }
  return T(v);
}

inline Parameter described(const char* section, const char* name, ParameterType t, const char* units,
                           const char* meaning) {
  Parameter p;
  p.section = section;
  p.name = name;
  p.type = t;
  p.units = units;
  p.meaning = meaning;
  return p;
}

// V: the member's ParameterValue alternative (long long for every integer type).
template <class S, class V, class Acc>
Parameter member(const char* section, const char* name, ParameterType t, const char* units, const char* meaning,
                 Acc acc) {
  Parameter p = described(section, name, t, units, meaning);
  p.get = [acc](const AnySetup& s) -> ParameterValue { return V(acc(s.as<S>())); };
  p.set = [acc](AnySetup& s, const ParameterValue& v) {
    auto& dst = acc(s.as<S>());
    if constexpr (std::is_same_v<V, long long>)
      dst = narrow<std::decay_t<decltype(dst)>>(std::get<long long>(v));
    else
      dst = std::get<V>(v);
  };
  return p;
}

template <class S, class Acc>
Parameter integer(const char* section, const char* name, const char* units, const char* meaning, Acc acc) {
  return member<S, long long>(section, name, ParameterType::Int, units, meaning, acc);
}
template <class S, class Acc>
Parameter real(const char* section, const char* name, const char* units, const char* meaning, Acc acc) {
  return member<S, double>(section, name, ParameterType::Float, units, meaning, acc);
}
template <class S, class Acc>
Parameter boolean(const char* section, const char* name, const char* meaning, Acc acc) {
  return member<S, bool>(section, name, ParameterType::Bool, "", meaning, acc);
}

// `p`, whose setting also records that it was given (sets the bool that `flag` reaches in a S&):
// for a value that other parameters derive unless it is given, so that the model can tell a value
// the user chose from one it derived (and refuse the two together).
template <class S, class Flag>
Parameter marks_given(Parameter p, Flag flag) {
  p.set = [set = p.set, flag](AnySetup& a, const ParameterValue& v) {
    set(a, v);
    flag(a.as<S>()) = true;
  };
  return p;
}

// Whether two values are one to round-off (a relative 1e-12): a value given that equals the one
// another parameter would derive.
inline bool same_value(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

// The parameter of `list` called section.name (it must be there).
inline Parameter& find(std::vector<Parameter>& list, const std::string& path) {
  for (Parameter& p : list)
    if (p.path() == path) return p;
  throw std::logic_error("no parameter " + path);
}

// A choice stored as an enum whose values are 0, 1, ...: names[i] is E(i) (the enum's one table
// of names).
template <class S, class Acc>
Parameter choice(const char* section, const char* name, const char* meaning, const std::vector<std::string>& names,
                 Acc acc) {
  Parameter p = described(section, name, ParameterType::Choice, "", meaning);
  p.choices = names;
  p.get = [names, acc](const AnySetup& s) -> ParameterValue { return names.at(std::size_t(acc(s.as<S>()))); };
  p.set = [names, acc](AnySetup& s, const ParameterValue& v) {
    auto& dst = acc(s.as<S>());
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == std::get<std::string>(v)) dst = std::decay_t<decltype(dst)>(i);
  };
  return p;
}

}  // namespace parameter

}  // namespace plume

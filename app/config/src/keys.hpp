// The table of configuration keys: the one place that says what a key is called, its type,
// units, meaning, allowed range or choices, and where it lives in RunConfig. The application's
// own keys (model, lattice, run, output, insitu) are written here; a model's keys are its
// parameters (Model::parameters(), plume/parameters.hpp), placed after [lattice].
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>
#include "plume/config/run_config.hpp"
#include "plume/parameters.hpp"

namespace plume::config::detail {

// The parameters' types, and the application's own lists: of strings (insitu.scripts), of rows
// of numbers (geometry.rectangles: [[x0, y0, x1, y1], ...]), and a point of the lattice ([x, y] or
// [x, y, z]: tracers.from).
enum class KeyType { Int, Float, Bool, String, Choice, StringList, Rows, Point };
using Rows = std::vector<std::vector<double>>;
using Point = std::vector<double>;  // 2 or 3 coordinates
using Value = std::variant<long long, double, bool, std::string, std::vector<std::string>, Rows, Point>;

struct Key {
  std::string section, name;
  KeyType type;
  std::string units;    // "" for pure numbers, names and switches
  std::string meaning;
  std::vector<std::string> choices;  // KeyType::Choice
  std::vector<std::string> columns;  // KeyType::Rows: the names of a row's numbers
  std::optional<Bound> lo, hi;       // numeric keys; checked by validate()
  std::string range_note;            // why the range is what it is (shown with a range error)
  std::function<Value(const RunConfig&)> get;
  std::function<void(RunConfig&, const Value&)> set;  // throws std::invalid_argument
  // For keys whose default follows another key: the key followed while not set explicitly.
  std::function<std::string(const RunConfig&)> follows;
  const Model* model = nullptr;  // the model whose parameter this is; nullptr: the application's

  // "section.name"; a key of the file's top level (section "") is its name alone.
  std::string path() const { return section.empty() ? name : section + "." + name; }
};

// The setup of a run of model `m` that sets none of its keys: its default case
// (Parameters::defaults; a model that describes none: Model::default_setup()).
AnySetup configured_defaults(const Model& m);

// The keys of a run of model `m`, in file order.
const std::vector<Key>& keys(const Model& m);
// Of the model that `c` names (the default model when it names none that is registered).
const std::vector<Key>& keys(const RunConfig& c);
// Every registered model's keys with the application's, in file order: for --help.
const std::vector<Key>& all_keys();
// The sections of `keys`, in file order.
std::vector<std::string> sections(const std::vector<Key>& keys);
const Key* find_key(const std::vector<Key>& keys, const std::string& path);
// The model whose section `section` is ("" when none is).
std::string model_of_section(const std::string& section);

std::string type_name(const Key& k);  // "integer", "array of [x, y, r]", ...
std::string format_value(const Value& v);  // as TOML
std::string format_range(const Key& k);    // "> 0", ">= 3 and <= 65535", "" when unbounded

}  // namespace plume::config::detail

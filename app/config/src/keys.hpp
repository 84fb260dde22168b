// The table of configuration keys: the one place that says what a key is called, its type,
// units, meaning, allowed range or choices, and where it lives in RunConfig.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>
#include "plume/config/run_config.hpp"

namespace plume::config::detail {

enum class KeyType { Int, Float, Bool, String, Choice, StringList };
using Value = std::variant<long long, double, bool, std::string, std::vector<std::string>>;

struct Bound {
  double value;
  bool open;  // strict inequality
};

struct Key {
  std::string section, name;
  KeyType type;
  std::string units;    // "" for pure numbers, names and switches
  std::string meaning;
  std::vector<std::string> choices;  // KeyType::Choice
  std::optional<Bound> lo, hi;       // numeric keys; checked by validate()
  std::string range_note;            // why the range is what it is (shown with a range error)
  std::function<Value(const RunConfig&)> get;
  std::function<void(RunConfig&, const Value&)> set;  // throws std::invalid_argument
  // For keys whose default follows another key: the key followed while not set explicitly.
  std::function<std::string(const RunConfig&)> follows;

  // "section.name"; a key of the file's top level (section "") is its name alone.
  std::string path() const { return section.empty() ? name : section + "." + name; }
};

const std::vector<Key>& keys();
std::vector<std::string> sections();
const Key* find_key(const std::string& path);

std::string type_name(KeyType t);
std::string format_value(const Value& v);  // as TOML
std::string format_range(const Key& k);    // "> 0", ">= 3 and <= 65535", "" when unbounded

}  // namespace plume::config::detail

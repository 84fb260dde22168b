// Reading, overriding and writing configurations; every rule about a key comes from the table
// in config_keys.cpp.
#include "plume/config/run_config.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <sys/stat.h>
#include <toml++/toml.h>
#include <unistd.h>
#include "keys.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/io/input_file.hpp"

namespace plume::config {

using detail::Key;
using detail::KeyType;
using detail::Value;

namespace {

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// Optimal string alignment distance (a transposition counts as one edit), case-insensitive.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  auto lower = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string m = closest_match(word, candidates);
  return m.empty() ? "" : " (did you mean '" + m + "'?)";
}

// `keys`: those of the configuration's model, named `model`.
std::string unknown_key_message(const std::vector<Key>& keys, const std::string& model, const std::string& path) {
  const auto dot = path.rfind('.');  // a section may be nested: geometry.particles
  if (dot == std::string::npos) {
    // A bare name: the user may have left out the section.
    std::vector<std::string> bare, full;
    for (const Key& k : keys) {
      bare.push_back(k.name);
      full.push_back(k.path());
    }
    const std::string m = closest_match(path, bare);
    std::string hint;
    if (!m.empty())
      for (const Key& k : keys)
        if (k.name == m) hint = " (did you mean '" + k.path() + "'?)";
    return fmt::format("unknown key '{}': keys are written section.name{}", path, hint);
  }
  const std::string section = path.substr(0, dot);
  const auto secs = detail::sections(keys);
  const std::string owner = detail::model_of_section(section);
  if (std::find(secs.begin(), secs.end(), section) == secs.end() && !owner.empty())
    return fmt::format("unknown key '{}': section '{}' belongs to model {}, and this configuration's model is {}",
                       path, section, owner, model);
  if (std::find(secs.begin(), secs.end(), section) == secs.end())
    return fmt::format("unknown section '{}' in '{}'{}; sections are {}", section, path, did_you_mean(section, secs),
                       join(secs, ", "));
  // A key of another model (one set before a --set model=..., or written for it): named with the
  // model in force, which is what refuses it.
  std::vector<std::string> owners;
  for (const Model* m : models())
    if (m->name() != model)
      for (const Parameter& p : m->parameters().list)
        if (p.path() == path) owners.push_back(m->name());
  if (!owners.empty())
    return fmt::format("unknown key '{}': it is a key of model {}, and this configuration's model is {}, which has "
                       "no such key",
                       path, join(owners, ", "), model);
  std::vector<std::string> in_section;
  for (const Key& k : keys)
    if (k.section == section) in_section.push_back(k.path());
  return fmt::format("unknown key '{}'{}", path, did_you_mean(path, in_section));
}

std::string describe_node(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string: return fmt::format("a string (\"{}\")", n.as_string()->get());
    case toml::node_type::integer: return fmt::format("an integer ({})", n.as_integer()->get());
    case toml::node_type::floating_point: return fmt::format("a float ({})", n.as_floating_point()->get());
    case toml::node_type::boolean: return fmt::format("a boolean ({})", n.as_boolean()->get());
    case toml::node_type::array: return "an array";
    case toml::node_type::table: return "a table";
    default: return "a date or time";
  }
}

std::invalid_argument wrong_type(const Key& k, const toml::node& n) {
  const std::string want = k.type == KeyType::Int     ? "an integer"
                           : k.type == KeyType::Float ? "a number"
                           : k.type == KeyType::Bool  ? "a boolean (true or false)"
                           : k.type == KeyType::StringList ? "an array of strings"
                           : k.type == KeyType::Rows       ? "an " + detail::type_name(k) + " (numbers)"
                           : k.type == KeyType::Point      ? "an array of 2 or 3 numbers ([x, y] or [x, y, z])"
                                                           : "a string";
  return std::invalid_argument(fmt::format("wrong type: expected {}, got {}", want, describe_node(n)));
}

// An array of rows of k.columns.size() numbers; one row may stand alone ([x, y, r] for
// [[x, y, r]]).
detail::Rows to_rows(const Key& k, const toml::array& a) {
  const auto number = [](const toml::node& e) -> std::optional<double> {
    if (auto v = e.as_floating_point()) return v->get();
    if (auto v = e.as_integer()) return double(v->get());
    return std::nullopt;
  };
  const bool one_row = !a.empty() && std::all_of(a.begin(), a.end(), [&](const toml::node& e) { return bool(number(e)); });
  const std::string row_is = "a row is " + detail::type_name(k).substr(std::string("array of ").size());
  detail::Rows rows;
  const auto add = [&](const toml::array& r) {
    const std::size_t i = rows.size();
    if (r.size() != k.columns.size())
      throw std::invalid_argument(fmt::format("row {} has {} numbers; {}", i, r.size(), row_is));
    std::vector<double> row;
    for (const toml::node& e : r) {
      const std::optional<double> v = number(e);
      if (!v)
        throw std::invalid_argument(
            fmt::format("row {}: {} is {}, not a number", i, k.columns[row.size()], describe_node(e)));
      row.push_back(*v);
    }
    rows.push_back(std::move(row));
  };
  if (one_row) {
    add(a);
    return rows;
  }
  for (const toml::node& e : a) {
    if (!e.is_array())
      throw std::invalid_argument(fmt::format("row {} is {}, not an array; {}", rows.size(), describe_node(e), row_is));
    add(*e.as_array());
  }
  return rows;
}

// The node's value as the key's type; throws std::invalid_argument describing the mismatch.
Value to_value(const Key& k, const toml::node& n) {
  switch (k.type) {
    case KeyType::Int:
      if (auto v = n.as_integer()) return (long long)v->get();
      break;
    case KeyType::Float:
      if (auto v = n.as_floating_point()) return v->get();
      if (auto v = n.as_integer()) return double(v->get());
      break;
    case KeyType::Bool:
      if (auto v = n.as_boolean()) return v->get();
      break;
    case KeyType::String:
      if (auto v = n.as_string()) return v->get();
      break;
    case KeyType::Choice:
      if (auto v = n.as_string()) {
        const std::string s = v->get();
        if (std::find(k.choices.begin(), k.choices.end(), s) == k.choices.end())
          throw std::invalid_argument(fmt::format("\"{}\" is not one of {}{}", s, join(k.choices, ", "),
                                                  did_you_mean(s, k.choices)));
        return s;
      }
      break;
    case KeyType::StringList:
      if (auto a = n.as_array()) {
        std::vector<std::string> list;
        for (const toml::node& e : *a) {
          if (!e.is_string())
            throw std::invalid_argument(fmt::format("wrong type: expected an array of strings, element {} is {}",
                                                    list.size(), describe_node(e)));
          list.push_back(e.as_string()->get());
        }
        return list;
      }
      break;
    case KeyType::Rows:
      if (auto a = n.as_array()) return to_rows(k, *a);
      break;
    case KeyType::Point:
      if (auto a = n.as_array()) {
        if (a->size() != 2 && a->size() != 3)
          throw std::invalid_argument(fmt::format("has {} numbers; a point is [x, y] or [x, y, z]", a->size()));
        detail::Point p;
        for (const toml::node& e : *a) {
          if (auto v = e.as_floating_point()) p.push_back(v->get());
          else if (auto v = e.as_integer()) p.push_back(double(v->get()));
          else
            throw std::invalid_argument(fmt::format("coordinate {} is {}, not a number", p.size(), describe_node(e)));
        }
        return p;
      }
      break;
  }
  throw wrong_type(k, n);
}

std::string where(const std::string& origin, const toml::source_region& s) {
  return fmt::format("{}:{}:{}: ", origin, s.begin.line, s.begin.column);
}

void set_key(RunConfig& c, const Key& k, const toml::node& n) {
  k.set(c, to_value(k, n));
}

}  // namespace

std::string cut_long_text(const std::string& text) {
  constexpr std::size_t kLongest = 300, kKept = 60, kLongestLine = 4000;
  const auto separator = [](char c) { return std::strchr(" \t\n'\"`()[]{}=:,;<>", c) != nullptr && c != '\0'; };
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    if (end - i > kLongest)
      out += fmt::format("{}\u2026 ({} characters)", text.substr(i, kKept), end - i);
    else
      out.append(text, i, end - i);
    if (end < text.size()) out += text[end];
    i = end + 1;
  }
  std::string lines;
  std::size_t start = 0;
  while (start <= out.size()) {
    std::size_t stop = out.find('\n', start);
    if (stop == std::string::npos) stop = out.size();
    const std::size_t n = stop - start;
    if (n > kLongestLine)
      lines += fmt::format("{}\u2026 ({} characters cut) \u2026{}", out.substr(start, kLongestLine / 2),
                           n - kLongestLine / 2 - kLongestLine / 8, out.substr(stop - kLongestLine / 8, kLongestLine / 8));
    else
      lines.append(out, start, n);
    if (stop < out.size()) lines += '\n';
    start = stop + 1;
  }
  return lines;
}

namespace {
std::vector<std::string> cut_each(std::vector<std::string> p) {
  for (std::string& s : p) s = cut_long_text(s);
  return p;
}
}  // namespace

ConfigError::ConfigError(const std::vector<std::string>& p)
    : std::runtime_error(join(cut_each(p), "\n")), problems(cut_each(p)) {}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  const std::size_t allowed = std::max<std::size_t>(2, word.size() / 3);
  return best_d <= allowed && best_d < word.size() ? best : "";
}

// The defaults are the members' own (SolverConfig, RunConfig and its parts, the in-situ ones of
// plume/insitu/policy.hpp), with the default model's configured case: stated there, not here.
RunConfig default_config() {
  RunConfig c;
  c.solver.setup = detail::configured_defaults(*c.solver.model);
  resolve(c);
  return c;
}

void resolve(RunConfig& c) {
  const Model* m = &*c.solver.model;
  if (c.solver.setup.empty()) c.solver.setup = detail::configured_defaults(*m);
  if (m->parameters().fit) m->parameters().fit(c.solver.setup, c.solver.nx, c.solver.ny, c.solver.nz);
  if (m->parameters().derive) m->parameters().derive(c.solver.setup);
}

namespace {

// The keys of a section's table; a table inside it that is a known section ([geometry.particles]) is
// read the same way.
void read_section(RunConfig& c, const std::vector<Key>& keys, const std::string& section, const toml::table& table,
                  const std::string& origin, std::vector<std::string>& problems) {
  const std::vector<std::string> sections = detail::sections(keys);
  for (auto&& [kname, value] : table) {
    const std::string path = section + "." + std::string(kname.str());
    const Key* k = detail::find_key(keys, path);
    if (!k && value.is_table() && std::find(sections.begin(), sections.end(), path) != sections.end()) {
      read_section(c, keys, path, *value.as_table(), origin, problems);
      continue;
    }
    if (!k) {
      problems.push_back(where(origin, value.source()) + unknown_key_message(keys, c.solver.model.name(), path));
      continue;
    }
    try {
      set_key(c, *k, value);
    } catch (const std::invalid_argument& e) {
      problems.push_back(where(origin, value.source()) + path + ": " + e.what());
    }
  }
}

// A model among the overrides `sets` comes over the file's before the file's sections are read, so
// that they are checked against it as in a file that names it (the last one wins, as overrides
// do; two different ones are a problem). A value that is no model is left to apply_override,
// which reports it where the overrides are applied.
void override_model(RunConfig& c, const std::vector<std::string>& sets, std::vector<std::string>& problems) {
  std::vector<std::string> named;
  for (const std::string& s : sets) {
    if (s.rfind("model=", 0) != 0) continue;
    try {
      apply_override(c, s);
    } catch (const ConfigError&) {
      continue;
    }
    if (std::find(named.begin(), named.end(), c.solver.model) == named.end()) named.push_back(c.solver.model.name());
  }
  if (named.size() > 1)
    problems.push_back(fmt::format("model is set to {} on the command line: give it once", join(named, ", then ")));
}

}  // namespace

std::optional<RunConfig> parse_config(const std::string& text, const std::string& origin,
                                      std::vector<std::string>& problems) {
  return parse_config(text, origin, problems, {});
}

std::optional<RunConfig> parse_config(const std::string& text, const std::string& origin,
                                      std::vector<std::string>& problems, const std::vector<std::string>& sets) {
  toml::table tbl;
  try {
    tbl = toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    problems.push_back(where(origin, e.source()) + "TOML syntax error: " + std::string(e.description()));
    return std::nullopt;
  }
  RunConfig c = default_config();
  // The model first: its keys are among those the file may have.
  if (const toml::node* m = tbl.get("model")) {
    try {
      set_key(c, *detail::find_key(detail::keys(c), "model"), *m);
    } catch (const std::invalid_argument& e) {
      problems.push_back(where(origin, m->source()) + "model: " + e.what());
    }
  }
  override_model(c, sets, problems);
  const std::vector<Key>& keys = detail::keys(c);
  for (auto&& [name, node] : tbl) {
    const std::string section(name.str());
    if (section == "model") continue;
    if (!node.is_table()) {
      // A key written outside its section.
      const Key* k = detail::find_key(keys, section);
      if (!k || !k->section.empty()) {
        problems.push_back(where(origin, node.source()) + unknown_key_message(keys, c.solver.model.name(), section));
        continue;
      }
      try {
        set_key(c, *k, node);
      } catch (const std::invalid_argument& e) {
        problems.push_back(where(origin, node.source()) + section + ": " + e.what());
      }
      continue;
    }
    read_section(c, keys, section, *node.as_table(), origin, problems);
  }
  resolve(c);
  return c;
}

RunConfig parse_config(const std::string& text, const std::string& origin) {
  std::vector<std::string> problems;
  const std::optional<RunConfig> c = parse_config(text, origin, problems);
  if (!problems.empty()) throw ConfigError(problems);
  return *c;
}

std::optional<RunConfig> load_config(const std::string& path, std::vector<std::string>& problems) {
  return load_config(path, problems, {});
}

std::optional<RunConfig> load_config(const std::string& path, std::vector<std::string>& problems,
                                     const std::vector<std::string>& sets) {
  // A folder would read as an empty file, which would be the default case.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    const std::string inside = path + (path.back() == '/' ? "" : "/") + "config.toml";
    problems.push_back(fmt::format("configuration file '{}' is a directory, not a TOML file{}", path,
                                   ::access(inside.c_str(), R_OK) == 0 ? " (did you mean '" + inside + "'?)" : ""));
    return std::nullopt;
  }
  // Only a regular file of sensible size: a FIFO or a device would hang the reader (plume/io/input_file.hpp).
  std::string text;
  try {
    text = io::read_input_file(path, "configuration file", 16u << 20);
  } catch (const io::InputFileError& e) {
    problems.push_back(e.what());
    return std::nullopt;
  }
  return parse_config(text, path, problems, sets);
}

RunConfig load_config(const std::string& path) {
  std::vector<std::string> problems;
  const std::optional<RunConfig> c = load_config(path, problems);
  if (!problems.empty()) throw ConfigError(problems);
  return *c;
}

void apply_override(RunConfig& c, const std::string& key, const std::string& value) {
  const Key* k = detail::find_key(detail::keys(c), key);
  if (!k) throw ConfigError(unknown_key_message(detail::keys(c), c.solver.model.name(), key));
  // The value is TOML when it parses as such; otherwise it is taken as a bare string, so that
  // `--set physics.collision=bgk` needs no quotes.
  std::optional<toml::table> parsed;
  try {
    parsed = toml::parse("v = " + value);
  } catch (const toml::parse_error& e) {
    // A number key's value that TOML cannot read (an integer beyond 64 bits, say) is no string:
    // say what TOML found wrong with the number.
    const bool digits = !value.empty() && value.find_first_not_of("+-0123456789_.eE") == std::string::npos;
    if ((k->type == KeyType::Int || k->type == KeyType::Float) && digits)
      throw ConfigError(fmt::format("{}={}: not a number plume can read: {}", key, value, e.description()));
  }
  const toml::node* node = parsed && parsed->size() == 1 ? parsed->get("v") : nullptr;
  toml::value<std::string> raw(value);
  if (!node || ((k->type == KeyType::String || k->type == KeyType::Choice) && !node->is_string())) node = &raw;
  toml::array one;
  if (k->type == KeyType::StringList && node->is_string()) {
    one.push_back(node->as_string()->get());
    node = &one;
  }
  try {
    set_key(c, *k, *node);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(fmt::format("{}={}: {}", key, value, e.what()));
  }
  resolve(c);
}

void apply_override(RunConfig& c, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError(fmt::format("'{}' is not an assignment: write section.key=value (e.g. physics.k1=0.01)",
                                  assignment));
  apply_override(c, assignment.substr(0, eq), assignment.substr(eq + 1));
}

namespace {

// "Lattice units (d2q37): spacing 1, ..." for each model given.
std::string units_lines(const std::vector<const Model*>& ms, const std::string& prefix) {
  std::string s;
  for (const Model* m : ms) s += prefix + "Lattice units (" + m->name() + "): " + m->units() + ".\n";
  return s;
}

// The keys in file order, a "[section]" line before each section's first key.
std::string by_section(std::string out, const std::vector<Key>& keys,
                       const std::function<std::string(const Key&)>& line) {
  std::string section;
  for (const Key& k : keys) {
    if (k.section != section) {
      section = k.section;
      out += "\n[" + section + "]\n";
    }
    out += line(k);
  }
  return out;
}

}  // namespace

std::string to_toml(const RunConfig& c) {
  return by_section(std::string("# plume configuration (every key; `plume --help` explains them).\n") +
                        units_lines({&*c.solver.model}, "# "),
                    detail::keys(c), [&](const Key& k) {
                      const std::string follows = k.follows ? k.follows(c) : "";
                      const std::string line =
                          (follows.empty() ? "" : "# ") + k.name + " = " + detail::format_value(k.get(c));
                      std::string comment = k.units.empty() ? k.meaning : k.units + "; " + k.meaning;
                      if (!follows.empty()) comment = "follows " + follows + " unless set; " + comment;
                      return fmt::format("{:<28} # {}\n", line, comment);
                    });
}

void save_config(const RunConfig& c, const std::string& path) { io::write_file_atomic(path, to_toml(c)); }

std::string describe_keys() {
  const RunConfig d = default_config();
  return by_section(
      std::string("Configuration keys, by TOML section (override any with --set section.key=value).\n") +
          units_lines(models(), ""),
      detail::all_keys(), [&](const Key& k) {
        std::string what = k.type == KeyType::Choice ? "one of " + join(k.choices, ", ") : detail::type_name(k);
        const std::string range = detail::format_range(k);
        if (!range.empty()) what += " " + range;
        if (!k.units.empty()) what += ", " + k.units;
        const std::string follows = k.follows ? k.follows(d) : "";
        const std::string def = follows.empty() ? detail::format_value(k.get(d)) : follows;
        return fmt::format("  {:<32}  {}\n      {}\n", k.path() + " = " + def, what, k.meaning);
      });
}

std::vector<std::string> key_names() {
  std::vector<std::string> v;
  for (const Key& k : detail::all_keys())  // two models may share a key's name (physics.tau): once
    if (std::find(v.begin(), v.end(), k.path()) == v.end()) v.push_back(k.path());
  return v;
}

std::vector<std::pair<std::string, std::string>> key_values(const RunConfig& c) {
  std::vector<std::pair<std::string, std::string>> v;
  for (const Key& k : detail::keys(c)) v.emplace_back(k.path(), detail::format_value(k.get(c)));
  return v;
}

std::string describe_tracers(const RunConfig& cfg) {
  const TracerConfig& t = cfg.solver.tracers;
  if (!t.any()) return "";
  const int dims = cfg.solver.nz > 1 ? 3 : 2;
  const auto point = [dims](const std::array<double, 3>& p) {
    return dims == 3 ? fmt::format("({:g}, {:g}, {:g})", p[0], p[1], p[2]) : fmt::format("({:g}, {:g})", p[0], p[1]);
  };
  const std::string where = t.seeding == TracerConfig::Seeding::Line
                                ? fmt::format("along the line {} to {}", point(t.from), point(t.to))
                                : fmt::format("at random places in the box {} to {} (seed {})", point(t.from),
                                              point(t.to), t.seed);
  return fmt::format("{} {}, moved every {} step{}", t.count, where, t.every, t.every == 1 ? "" : "s");
}

}  // namespace plume::config

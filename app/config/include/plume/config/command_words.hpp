// What plume's two programs (plume, plume-gui) share about their command lines (CLI11): options
// that take one value are refused when given twice, with the values named (CLI11's own refusal
// reads "At Most 1 required but received 2"), and arguments that no option or command takes, and
// missing files, are named in the programs' words (CLI11 lists stray arguments last first).
// Header-only: both programs link CLI11, the configuration library does not.
#pragma once
#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace plume::config::cli {

// Marks options that take one value: CLI11 keeps them all (so that check() can name them).
struct SingleValued {
  std::vector<const CLI::Option*> options;
  CLI::Option* operator()(CLI::Option* o) {
    options.push_back(o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast));
    return o;
  }
  // The first one given more than once, said plainly; none: nothing.
  std::optional<std::string> check() const {
    for (const CLI::Option* o : options) {
      if (o->count() < 2) continue;
      std::string values;
      for (const std::string& v : o->results()) values += (values.empty() ? "'" : ", '") + v + "'";
      return o->get_name() + " is given " + std::to_string(o->count()) + " times (" + values + "): give it once";
    }
    return std::nullopt;
  }
};

// CLI11's refusal, in the programs' words where it has its own.
inline std::string plain_words(const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    const std::string what = e.what();
    const auto colon = what.find(": ");
    std::vector<std::string> extra;
    std::istringstream words(colon == std::string::npos ? std::string() : what.substr(colon + 2));
    for (std::string w; words >> w;) extra.push_back(w);
    std::reverse(extra.begin(), extra.end());  // CLI11 lists the last first
    std::string list;
    for (const std::string& w : extra) list += (list.empty() ? "'" : ", '") + w + "'";
    if (!extra.empty())
      return std::string(extra.size() > 1 ? "arguments " : "argument ") + list + " not expected: one configuration " +
             "file at most, and options start with --";
  }
  // CLI::ExistingFile's and CLI::ExistingDirectory's words.
  std::string what = e.what();
  for (const char* from : {"File does not exist: ", "Directory does not exist: "}) {
    const auto at = what.find(from);
    if (at != std::string::npos) what = what.substr(0, at) + "no such " + (from[0] == 'F' ? "file" : "folder") + ": '" +
                                        what.substr(at + std::string(from).size()) + "'";
  }
  return what;
}

}  // namespace plume::config::cli

// The cases plume-gui offers for each model: the TOML files of an assets folder, each belonging to
// the model its `model` key names (no key: the configuration's default model, as for the batch
// driver). The folder is read at start-up rather than listed by the models: a case is a file that
// `plume run` reads as well, its `model` key already says whose it is, and a file added there
// appears in the GUI without a change to any code.
#pragma once
#include <string>
#include <vector>

namespace plume::gui {

struct Case {
  std::string name;     // the file's name without .toml: "d2q9_cylinder"
  std::string path;     // the file
  std::string model;    // the model it runs
  std::string summary;  // its first comment line, for a tooltip
};

// The assets folder of the source tree this program was built from (--assets overrides it).
std::string default_assets_folder();
// The cases of `folder`, sorted by name; files that are not TOML, or name a model that is not
// registered, are left out. An unreadable or missing folder gives none.
std::vector<Case> find_cases(const std::string& folder);
// The case of that name; nullptr when there is none.
const Case* find_case(const std::vector<Case>& cases, const std::string& name);
// The case whose file `path` is (however it is written); nullptr when none is.
const Case* case_of_file(const std::vector<Case>& cases, const std::string& path);
// The names of the cases, ", "-separated, for messages.
std::string case_names(const std::vector<Case>& cases);

}  // namespace plume::gui

#include "plume/catalyst/options.hpp"
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

OnError parse_on_error(std::string_view s) {
  const std::vector<std::string>& names = insitu::on_error_names();
  std::string choices;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (s == names[i]) return OnError(i);
    choices += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("\"" + names[i] + "\"");
  }
  throw Error("on_error must be " + choices + ", not \"" + std::string(s) + "\"");
}

const char* to_string(OnError e) { return insitu::on_error_names().at(std::size_t(e)).c_str(); }

std::string pipelines_dir() { return PLUME_PIPELINES_DIR; }

}  // namespace plume::catalyst

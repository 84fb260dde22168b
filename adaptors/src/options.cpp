#include "plume/catalyst/options.hpp"
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

OnError parse_on_error(std::string_view s) {
  if (s == "stop") return OnError::Stop;
  if (s == "disable") return OnError::Disable;
  throw Error("on_error must be \"stop\" or \"disable\", not \"" + std::string(s) + "\"");
}

const char* to_string(OnError e) { return e == OnError::Stop ? "stop" : "disable"; }

std::string pipelines_dir() { return PLUME_PIPELINES_DIR; }

}  // namespace plume::catalyst

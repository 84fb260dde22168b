#include "plume/io/build_info.hpp"

namespace plume::io {

const char* plume_version() { return PLUME_VERSION; }
const char* compiler() { return PLUME_COMPILER; }
const char* build_type() { return PLUME_BUILD_TYPE; }

std::string build_description() {
  return std::string("plume ") + plume_version() + " (git " + git_commit() + ", " + compiler() + ", " + build_type() +
         ")";
}

}  // namespace plume::io

// What built this plume: version, git commit, compiler. Written into summaries and checkpoints
// so that every output file says where it came from.
#pragma once
#include <string>

namespace plume::io {

const char* plume_version();  // the CMake project version, e.g. "0.1.0"
const char* git_commit();     // `git describe --always --dirty` of the source tree at build time, or "unknown"
const char* compiler();       // e.g. "GNU 12.2.0"
const char* build_type();     // CMAKE_BUILD_TYPE
std::string build_description();  // "plume 0.1.0 (git 27d8449-dirty, GNU 12.2.0, Release)"

}  // namespace plume::io

#include "read_file.hpp"
#include <fmt/format.h>
#include <sys/stat.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include "plume/geometry/error.hpp"

namespace plume::geometry {

std::string read_input_file(const std::string& path, const char* what) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw GeometryError(fmt::format("cannot read {} '{}': {}", what, path, std::strerror(errno)));
  // A folder opens like a file and reads as an empty one.
  struct stat st {};
  if (::fstat(::fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    throw GeometryError(fmt::format("cannot read {} '{}': it is a folder", what, path));
  }
  std::string bytes;
  char buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.append(buf, n);
  const bool failed = std::ferror(f);
  const int err = errno;
  std::fclose(f);
  if (failed) throw GeometryError(fmt::format("cannot read {} '{}': {}", what, path, std::strerror(err)));
  return bytes;
}

}  // namespace plume::geometry

#include "read_file.hpp"
#include "plume/geometry/error.hpp"
#include "plume/io/input_file.hpp"

namespace plume::geometry {

std::string read_input_file(const std::string& path, const char* what, std::uint64_t max_bytes) {
  try {
    return io::read_input_file(path, what, max_bytes);
  } catch (const io::InputFileError& e) {
    throw GeometryError(e.what());
  }
}

}  // namespace plume::geometry

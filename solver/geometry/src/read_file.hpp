// A whole input file as bytes; GeometryError "cannot read <what> '<path>': <reason>" when it
// cannot be read (missing, a folder, no permission), is not a regular file (a FIFO or a device
// would hang the reader) or holds more than `max_bytes` (plume/io/input_file.hpp).
#pragma once
#include <cstdint>
#include <string>

namespace plume::geometry {

std::string read_input_file(const std::string& path, const char* what, std::uint64_t max_bytes);

}  // namespace plume::geometry

// A whole input file as bytes; GeometryError "cannot read <what> '<path>': <reason>" when it
// cannot be read (missing, a folder, no permission).
#pragma once
#include <string>

namespace plume::geometry {

std::string read_input_file(const std::string& path, const char* what);

}  // namespace plume::geometry

// Seed 001's obstacle files: one solid cell per line, "x y 1" (0 <= x < nx, 0 <= y < ny; y = 0 is
// the bottom row). Fields are separated by spaces or tabs; blank lines are skipped; a line may end
// in "\r\n". Everything else is refused: fewer or more than three fields (no trailing text, no
// comments: the benchmark's own reader takes three numbers per line and nothing else), a field
// that is not a whole number, a coordinate out of range, a third field other than 1.
#pragma once
#include <memory>
#include <string>
#include "plume/geometry/site_bitmap.hpp"

namespace plume::geometry {

// Throws GeometryError "<path>:<line>: <problem>" for a bad line, or naming the file when it
// cannot be read.
std::shared_ptr<SiteBitmap> read_obstacle_file(const std::string& path, int nx, int ny);

}  // namespace plume::geometry

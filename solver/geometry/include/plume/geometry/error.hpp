// A geometry that cannot be built: a file that cannot be read or holds a bad line, parameters
// that describe no possible particle bed. The message names the file (and line) or the quantity;
// the configuration adds the key.
#pragma once
#include <stdexcept>

namespace plume::geometry {

struct GeometryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace plume::geometry

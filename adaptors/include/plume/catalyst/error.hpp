// The one exception type of the in-situ adaptor: bad options, a pipeline that does not exist,
// fails to load or raises (with on_error = stop), or Catalyst that cannot start.
#pragma once
#include <stdexcept>
#include <string>

namespace plume::catalyst {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error("in-situ: " + what) {}
};

}  // namespace plume::catalyst

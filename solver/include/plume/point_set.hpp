// What consumers (in situ, VTK output, plume-gui) see of state that lives on points rather than on
// sites: tracer particles, suspended particles. One set per kind of point, this rank's points only;
// a consumer that needs the whole set gathers it. Positions are in lattice units, global
// coordinates, with site (x, y, z) at (x, y, z): the same frame as the field grid's points.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace plume {

struct PointArray {
  std::string name;           // "id", "speed", "u": as the Catalyst array and the GUI's colour choice
  int components = 1;         // 1: a scalar per point; 3: a vector per point (x, y, z)
  std::vector<double> values; // components values per point, point after point
};

struct PointSet {
  std::string name;                // "tracers": the Catalyst channel and the GUI's layer
  int dimensions = 2;              // 2: the z coordinates are 0 (a 2-D lattice); 3
  std::vector<double> xyz;         // 3 values per point
  std::vector<std::int64_t> ids;   // one per point: a point keeps its id for the whole run
  std::vector<PointArray> arrays;  // values per point, each as long as the points

  std::size_t size() const { return ids.size(); }
  // Throws std::logic_error naming the set and the array whose length does not match the points:
  // what every producer guarantees and every consumer may rely on.
  void check() const {
    if (xyz.size() != 3 * ids.size())
      throw std::logic_error("point set '" + name + "': " + std::to_string(xyz.size()) + " coordinates for " +
                             std::to_string(ids.size()) + " points");
    for (const PointArray& a : arrays)
      if (a.components < 1 || a.values.size() != std::size_t(a.components) * ids.size())
        throw std::logic_error("point set '" + name + "': array '" + a.name + "' has " +
                               std::to_string(a.values.size()) + " values for " + std::to_string(ids.size()) +
                               " points of " + std::to_string(a.components) + " components");
  }
};

}  // namespace plume

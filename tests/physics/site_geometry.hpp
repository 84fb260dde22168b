// A Geometry for tests: the solid sites are those where a predicate on global (x, y) holds (in
// every z layer), or on global (x, y, z).
#pragma once
#include <functional>
#include <string>
#include "plume/solids.hpp"

namespace plume::test {

class SitesWhere final : public Geometry {
 public:
  explicit SitesWhere(std::function<bool(int, int)> solid)
      : solid_([solid = std::move(solid)](int x, int y, int) { return solid(x, y); }) {}
  explicit SitesWhere(std::function<bool(int, int, int)> solid) : solid_(std::move(solid)) {}
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0, ny = b.y1 - b.y0;
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x)
          if (solid_(x, y, z)) out[(std::size_t(z - b.z0) * ny + (y - b.y0)) * nx + (x - b.x0)] = 1;
  }
  std::string describe() const override { return "test sites"; }

 private:
  std::function<bool(int, int, int)> solid_;
};

}  // namespace plume::test

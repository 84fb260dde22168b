// Several geometries as one: a site is solid when any of them marks it.
#pragma once
#include <memory>
#include <vector>
#include "plume/solids.hpp"

namespace plume::geometry {

class Solids final : public Geometry {
 public:
  void add(std::shared_ptr<const Geometry> g) { parts_.push_back(std::move(g)); }
  const std::vector<std::shared_ptr<const Geometry>>& parts() const { return parts_; }
  bool empty() const { return parts_.empty(); }
  void mark(const Box& b, std::uint8_t* out) const override;
  // The nearest surface to the fluid site among the parts that mark the solid site.
  double link_fraction(int x, int y, int z, int ex, int ey, int ez) const override;
  std::string describe() const override;  // the parts' descriptions, joined by "; "

 private:
  std::vector<std::shared_ptr<const Geometry>> parts_;
};

}  // namespace plume::geometry

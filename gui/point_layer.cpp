#include "point_layer.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace plume::gui {

std::optional<std::pair<double, double>> in_plane(const PointSet& s, std::size_t i, const Plane& p, bool three_d) {
  const double* x = &s.xyz[3 * i];
  // The plane's sites hold the points within half a site of it: [position - 1/2, position + 1/2).
  if (three_d && !(x[p.axis] >= p.position - 0.5 && x[p.axis] < p.position + 0.5)) return std::nullopt;
  return std::make_pair(x[p.u], x[p.v]);
}

std::optional<PointPick> nearest_point(const std::vector<PointSet>& sets, const Plane& p, bool three_d, double a,
                                       double b, double radius) {
  std::optional<PointPick> best;
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const PointSet& s = sets[k];
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto at = in_plane(s, i, p, three_d);
      if (!at) continue;
      const double d = std::hypot(at->first - a, at->second - b);
      if (!(d <= radius)) continue;
      const bool better = !best || d < best->distance ||
                          (d == best->distance && k == best->set && s.ids[i] < sets[k].ids[best->index]);
      if (better) best = PointPick{k, i, d};
    }
  }
  return best;
}

double point_value(const PointArray& a, std::size_t i) {
  const double* v = &a.values[i * std::size_t(a.components)];
  if (a.components == 1) return v[0];
  double sum = 0.0;
  for (int c = 0; c < a.components; ++c) sum += v[c] * v[c];
  return std::sqrt(sum);
}

viz::Range point_range(const PointArray& a) {
  viz::Range r{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  const std::size_t n = a.components > 0 ? a.values.size() / std::size_t(a.components) : 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = point_value(a, i);
    if (!std::isfinite(v)) continue;
    r.lo = std::min(r.lo, v);
    r.hi = std::max(r.hi, v);
  }
  return r;
}

const PointArray* find_array(const PointSet& s, const std::string& name) {
  for (const PointArray& a : s.arrays)
    if (a.name == name) return &a;
  return nullptr;
}

std::string describe_point(const PointSet& s, std::size_t i, bool three_d) {
  char buf[160];
  const double* x = &s.xyz[3 * i];
  if (three_d)
    std::snprintf(buf, sizeof buf, "%s %lld at (%.4g, %.4g, %.4g)", s.name.c_str(), (long long)s.ids[i], x[0], x[1],
                  x[2]);
  else
    std::snprintf(buf, sizeof buf, "%s %lld at (%.4g, %.4g)", s.name.c_str(), (long long)s.ids[i], x[0], x[1]);
  std::string out = buf;
  for (const PointArray& a : s.arrays) {
    const double* v = &a.values[i * std::size_t(a.components)];
    out += "   " + a.name + " ";
    if (a.components > 1) out += "(";
    for (int c = 0; c < a.components; ++c) {
      std::snprintf(buf, sizeof buf, "%s%.4g", c > 0 ? ", " : "", v[c]);
      out += buf;
    }
    if (a.components > 1) out += ")";
  }
  return out;
}

}  // namespace plume::gui

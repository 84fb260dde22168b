#include "plume/viz/colormap.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace plume::viz {
namespace {

using Stops = std::array<std::array<double, 3>, 9>;  // at t = 0, 1/8, ..., 1

constexpr Stops kViridis{{{0.267004, 0.004874, 0.329415}, {0.282623, 0.140926, 0.457517},
                          {0.229739, 0.322361, 0.545706}, {0.172719, 0.448791, 0.557885},
                          {0.127568, 0.566949, 0.550556}, {0.157851, 0.683765, 0.501686},
                          {0.369214, 0.788888, 0.382914}, {0.678489, 0.863742, 0.189503},
                          {0.993248, 0.906157, 0.143936}}};
constexpr Stops kInferno{{{0.001462, 0.000466, 0.013866}, {0.087411, 0.044556, 0.224813},
                          {0.258234, 0.038571, 0.406485}, {0.416331, 0.090203, 0.432943},
                          {0.578304, 0.148039, 0.404411}, {0.735683, 0.215906, 0.330245},
                          {0.865006, 0.316822, 0.226055}, {0.954506, 0.468744, 0.099874},
                          {0.988362, 0.998364, 0.644924}}};
constexpr Stops kCoolwarm{{{0.230, 0.299, 0.754}, {0.389, 0.513, 0.925}, {0.552, 0.690, 0.996},
                           {0.717, 0.806, 0.965}, {0.865, 0.865, 0.865}, {0.958, 0.776, 0.688},
                           {0.956, 0.604, 0.486}, {0.873, 0.380, 0.303}, {0.706, 0.016, 0.150}}};

const Stops* stops(Colormap m) {
  switch (m) {
    case Colormap::Viridis: return &kViridis;
    case Colormap::Inferno: return &kInferno;
    case Colormap::Coolwarm: return &kCoolwarm;
    default: return nullptr;
  }
}

std::uint8_t to8(double v) { return std::uint8_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); }

}  // namespace

RGB8 colormap(Colormap map, double t) {
  if (std::isnan(t)) return {255, 0, 255};
  t = std::clamp(t, 0.0, 1.0);
  const Stops* s = stops(map);
  if (!s) return {to8(t), to8(t), to8(t)};
  const double u = t * 8.0;
  const int k = std::min(int(u), 7);
  const double a = u - k;
  const auto& p = (*s)[k];
  const auto& q = (*s)[k + 1];
  return {to8(p[0] + a * (q[0] - p[0])), to8(p[1] + a * (q[1] - p[1])), to8(p[2] + a * (q[2] - p[2]))};
}

std::vector<std::string> colormap_names() { return {"viridis", "inferno", "coolwarm", "grayscale"}; }

Colormap colormap_from_name(const std::string& name) {
  if (name == "viridis") return Colormap::Viridis;
  if (name == "inferno") return Colormap::Inferno;
  if (name == "coolwarm") return Colormap::Coolwarm;
  if (name == "grayscale" || name == "greyscale") return Colormap::Grayscale;
  throw std::invalid_argument("unknown colormap '" + name + "' (choose viridis, inferno, coolwarm or grayscale)");
}

const char* colormap_name(Colormap map) {
  switch (map) {
    case Colormap::Viridis: return "viridis";
    case Colormap::Inferno: return "inferno";
    case Colormap::Coolwarm: return "coolwarm";
    default: return "grayscale";
  }
}

}  // namespace plume::viz

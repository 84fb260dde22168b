// Colormaps for scalar fields: perceptually uniform (viridis, inferno), diverging (coolwarm),
// and grayscale. Piecewise-linear through control points sampled from the reference maps.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace plume::viz {

enum class Colormap { Viridis, Inferno, Coolwarm, Grayscale };

struct RGB8 {
  std::uint8_t r, g, b;
};

// Colour of t in [0, 1] (clamped); NaN maps to magenta so that it cannot go unnoticed.
RGB8 colormap(Colormap map, double t);
// "viridis", "inferno", "coolwarm", "grayscale"; throws std::invalid_argument naming the choices.
Colormap colormap_from_name(const std::string& name);
const char* colormap_name(Colormap map);
std::vector<std::string> colormap_names();

}  // namespace plume::viz

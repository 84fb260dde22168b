// A PNG image as a mask of solid sites. A pixel is solid when it is dark, i.e. its luminance
// (0.2126 R + 0.7152 G + 0.0722 B of its 8-bit values, over 255) is below 0.5, and opaque: a pixel
// of alpha below 0.5 is fluid whatever its colour (nothing is drawn there). The image's top row is
// the lattice's top row, y = ny - 1. An image of another size than the lattice is scaled to it by
// nearest neighbour: site (x, y) takes the pixel under its centre, column floor((x + 1/2) W / nx)
// and row floor((ny - 1 - y + 1/2) H / ny) from the top.
#pragma once
#include <memory>
#include <string>
#include "plume/geometry/site_bitmap.hpp"

namespace plume::geometry {

// Throws GeometryError naming the file when it cannot be read or is not a PNG image.
std::shared_ptr<SiteBitmap> read_mask_png(const std::string& path, int nx, int ny);

}  // namespace plume::geometry

#include "view_transform.hpp"
#include <algorithm>

namespace plume::gui {

double ViewTransform::pixels_per_site() const { return zoom * std::min(width / nx, height / ny); }

int ViewTransform::texture_side(double scale) const {
  const double need = 2.0 * std::max(scale, 1.0) * pixels_per_site() * std::max(nx, ny);
  int side = 256;
  while (side < need && side < (1 << 30)) side *= 2;
  return side;
}

void ViewTransform::to_lattice(double sx, double sy, double& x, double& y) const {
  const double s = pixels_per_site();
  x = cx + (sx - (left + 0.5 * width)) / s;
  y = cy - (sy - (top + 0.5 * height)) / s;
}

void ViewTransform::to_screen(double x, double y, double& sx, double& sy) const {
  const double s = pixels_per_site();
  sx = left + 0.5 * width + (x - cx) * s;
  sy = top + 0.5 * height - (y - cy) * s;
}

void ViewTransform::zoom_at(double sx, double sy, double factor) {
  double x, y;
  to_lattice(sx, sy, x, y);
  zoom = std::clamp(zoom * factor, kMinZoom, kMaxZoom);
  // Re-centre so that (x, y) maps back to (sx, sy).
  const double s = pixels_per_site();
  cx = x - (sx - (left + 0.5 * width)) / s;
  cy = y + (sy - (top + 0.5 * height)) / s;
}

void ViewTransform::pan(double dsx, double dsy) {
  const double s = pixels_per_site();
  cx -= dsx / s;
  cy += dsy / s;
}

void ViewTransform::fit() {
  zoom = 1.0;
  cx = 0.5 * nx;
  cy = 0.5 * ny;
}

void ViewTransform::set_area(double l, double t, double w, double h, int nx_, int ny_) {
  left = l;
  top = t;
  width = std::max(w, 1.0);
  height = std::max(h, 1.0);
  if (nx_ != nx || ny_ != ny) {
    nx = nx_;
    ny = ny_;
    fit();
  }
}

bool ViewTransform::contains(double sx, double sy) const {
  return sx >= left && sx < left + width && sy >= top && sy < top + height;
}

}  // namespace plume::gui

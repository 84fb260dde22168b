// Mapping between window pixels and lattice coordinates for the field view: square sites
// (correct aspect ratio) whatever the window's shape, zoom about a point, pan.
// Lattice coordinates are continuous: site (i, j) covers [i, i+1) x [j, j+1), y up.
#pragma once

namespace plume::gui {

struct ViewTransform {
  double left = 0, top = 0, width = 1, height = 1;  // the field area on screen (pixels, y down)
  int nx = 1, ny = 1;
  double zoom = 1.0;        // 1: the whole lattice fits the area
  double cx = 0.5, cy = 0.5;  // lattice point at the centre of the area

  static constexpr double kMinZoom = 0.25, kMaxZoom = 256.0;

  double pixels_per_site() const;
  // The longest side, in texels, a texture of the whole lattice needs for at least two texels
  // a pixel of `scale` (the framebuffer's pixels per window unit) at this zoom: a power of two
  // of at least 256, so that zooming changes it only at doublings.
  int texture_side(double scale = 1.0) const;
  void to_lattice(double sx, double sy, double& x, double& y) const;
  void to_screen(double x, double y, double& sx, double& sy) const;
  // Zooms by `factor` keeping the lattice point under (sx, sy) where it is.
  void zoom_at(double sx, double sy, double factor);
  // Moves the picture by (dsx, dsy) pixels.
  void pan(double dsx, double dsy);
  // Whole lattice, centred.
  void fit();
  // Sets the area and the lattice; a new lattice size refits the view.
  void set_area(double left, double top, double width, double height, int nx, int ny);
  bool contains(double sx, double sy) const;
};

}  // namespace plume::gui

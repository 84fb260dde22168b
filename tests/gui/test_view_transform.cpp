// Field view geometry: square sites whatever the window's shape, the whole lattice visible at
// zoom 1, and zooming about the cursor keeps the site under it in place.
#include <gtest/gtest.h>
#include "view_transform.hpp"

using plume::gui::ViewTransform;

TEST(ViewTransform, WholeLatticeFitsWithSquareSites) {
  ViewTransform v;
  v.set_area(100, 20, 800, 600, 256, 512);
  EXPECT_DOUBLE_EQ(v.pixels_per_site(), 600.0 / 512.0);  // the taller side limits
  double sx0, sy0, sx1, sy1;
  v.to_screen(0, 0, sx0, sy0);       // bottom-left corner of the lattice
  v.to_screen(256, 512, sx1, sy1);   // top-right corner
  EXPECT_DOUBLE_EQ(sy0, 620.0);      // bottom of the area: y points up
  EXPECT_DOUBLE_EQ(sy1, 20.0);
  EXPECT_DOUBLE_EQ(sx1 - sx0, 256 * 600.0 / 512.0);
  EXPECT_DOUBLE_EQ((sx1 - sx0) / 256, (sy0 - sy1) / 512);  // aspect ratio kept
  EXPECT_DOUBLE_EQ(0.5 * (sx0 + sx1), 500.0);                // centred

  ViewTransform w;
  w.set_area(0, 0, 1000, 300, 512, 128);  // wide lattice in a wide area: the width limits
  EXPECT_DOUBLE_EQ(w.pixels_per_site(), std::min(1000.0 / 512, 300.0 / 128));
}

TEST(ViewTransform, ZoomKeepsThePointUnderTheCursor) {
  ViewTransform v;
  v.set_area(0, 0, 640, 480, 100, 200);
  double x0, y0;
  v.to_lattice(200, 150, x0, y0);
  v.zoom_at(200, 150, 3.0);
  EXPECT_DOUBLE_EQ(v.zoom, 3.0);
  double x1, y1;
  v.to_lattice(200, 150, x1, y1);
  EXPECT_NEAR(x1, x0, 1e-9);
  EXPECT_NEAR(y1, y0, 1e-9);
  v.zoom_at(10, 10, 1e9);  // clamped
  EXPECT_DOUBLE_EQ(v.zoom, ViewTransform::kMaxZoom);
}

TEST(ViewTransform, PanMovesThePictureWithTheMouse) {
  ViewTransform v;
  v.set_area(0, 0, 400, 400, 100, 100);
  double x0, y0, x1, y1;
  v.to_lattice(200, 200, x0, y0);
  v.pan(40, -20);  // drag right and up: the picture follows
  v.to_lattice(240, 180, x1, y1);
  EXPECT_NEAR(x1, x0, 1e-12);
  EXPECT_NEAR(y1, y0, 1e-12);
  v.set_area(0, 0, 400, 400, 100, 100);  // same lattice: the view is kept
  v.to_lattice(240, 180, x1, y1);
  EXPECT_NEAR(x1, x0, 1e-12);
  v.set_area(0, 0, 400, 400, 50, 100);  // new lattice: fitted again
  EXPECT_DOUBLE_EQ(v.cx, 25.0);
  EXPECT_DOUBLE_EQ(v.zoom, 1.0);
}

// A lattice far larger than the view gets a texture of about twice the view's pixels (a power of
// two), zooming in asks for more, up to the whole lattice; a small lattice is never cut.
TEST(ViewTransform, TextureSideFollowsTheZoom) {
  ViewTransform v;
  v.set_area(0, 0, 1000, 900, 8192, 8192);  // 900 / 8192 pixels a site
  EXPECT_EQ(v.texture_side(), 2048);        // 2 x 900 = 1800 texels a side at least
  EXPECT_EQ(v.texture_side(2.0), 4096);     // a framebuffer of two pixels a unit
  v.zoom = 4.0;
  EXPECT_EQ(v.texture_side(), 8192);        // 7200: the whole lattice's 8192
  v.set_area(0, 0, 1000, 900, 200, 100);    // 4.5 pixels a site
  v.fit();
  EXPECT_GE(v.texture_side(), 200);
  EXPECT_EQ(v.texture_side() & (v.texture_side() - 1), 0);
}

// The disc arithmetic of every round shape (circles, particles), header-only so that code without
// the geometry library (the GPU tests' cylinder) shares it: which sites a disc holds, and where
// its edge crosses a link.
#pragma once
#include <cmath>

namespace plume::geometry {

// A site lies in a disc when its centre is strictly inside, so that two discs that only touch
// share no site.
inline bool in_disc(double dx, double dy, double r2) { return dx * dx + dy * dy < r2; }

// Where a round surface crosses a link from a site inside it, given the quadratic |d + t e|^2 = r^2
// of the link's points d + t e (d: the site from the centre, e: the link) as a t^2 + 2 b t + c = 0
// (a = |e|^2, b = d.e, c = |d|^2 - r^2 < 0 inside): the one root t > 0, where the link leaves,
// written without cancellation for either sign of b; returned as the distance from the neighbour,
// 1 - t, as a fraction of the link. 1/2 when the site is not inside or the neighbour not outside.
inline double exit_fraction(double a, double b, double c) {
  if (!(c < 0) || a == 0) return 0.5;
  const double root = std::sqrt(b * b - a * c);
  const double t = b > 0 ? -c / (b + root) : (root - b) / a;
  const double q = 1.0 - t;
  return q >= 0 && q <= 1 ? q : 0.5;
}

// Where the disc's edge crosses the link from a site inside it, at (dx, dy) from its centre, to
// the neighbour at e = (ex, ey) from that site: the distance from the neighbour to the edge as a
// fraction of the link (Geometry::link_fraction); 1/2 when the site is not inside or the
// neighbour not outside (a disc cut off by a periodic side, whose images are not marked).
inline double disc_link_fraction(double dx, double dy, double r, int ex, int ey) {
  return exit_fraction(double(ex * ex + ey * ey), dx * ex + dy * ey, dx * dx + dy * dy - r * r);
}

// The same for a ball (a sphere's sites) and a link e = (ex, ey, ez) in three dimensions.
inline double ball_link_fraction(double dx, double dy, double dz, double r, int ex, int ey, int ez) {
  return exit_fraction(double(ex * ex + ey * ey + ez * ez), dx * ex + dy * ey + dz * ez,
                       dx * dx + dy * dy + dz * dz - r * r);
}

}  // namespace plume::geometry

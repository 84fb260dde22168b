// The run's points over the field view (Snapshot::points: tracer particles): which of them a
// plane's picture shows and where, the one nearest the cursor, its read-out line and the value it
// is coloured by. Pure functions of the points, without a window, so that they are tested alone
// (tests/gui/test_point_layer.cpp); field_view.cpp draws with them.
//
// Positions are the point sets' own (plume/point_set.hpp): lattice units, site (x, y, z) at
// (x, y, z). A picture's site (a, b) covers [a, a + 1) x [b, b + 1) of the view (view_transform.hpp),
// so a point at picture coordinates (a, b) is drawn at view coordinates (a + 0.5, b + 0.5).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>
#include "plume/point_set.hpp"
#include "plume/viz/image.hpp"
#include "slice.hpp"

namespace plume::gui {

// Where point i of `s` lies in the picture of plane `p`: its coordinates along the plane's u and
// v axes; nothing when it is farther than half a site from the plane along its axis (on a 2-D
// lattice, `three_d` false, the plane holds every point).
std::optional<std::pair<double, double>> in_plane(const PointSet& s, std::size_t i, const Plane& p, bool three_d);

struct PointPick {
  std::size_t set = 0, index = 0;  // sets[set], point index
  double distance = 0.0;           // from the position asked about, lattice units
};

// The point of `sets` in plane p nearest to picture position (a, b), when one is within `radius`
// (lattice units); of points at one distance, the first set's, then the lower id.
std::optional<PointPick> nearest_point(const std::vector<PointSet>& sets, const Plane& p, bool three_d, double a,
                                       double b, double radius);

// The read-out of point i of `s`: its set, id and position, then each array's value at it
// ("tracers 17 at (3.25, 4.5)   speed 0.0123   u (0.01, -0.02, 0)").
std::string describe_point(const PointSet& s, std::size_t i, bool three_d);

// The value point i is coloured by: array `a`'s scalar, or the magnitude of a vector.
double point_value(const PointArray& a, std::size_t i);
// The finite extremes of point_value over every point of `a` (lo > hi when it has none).
viz::Range point_range(const PointArray& a);
// The array named `name` of `s`, or none.
const PointArray* find_array(const PointSet& s, const std::string& name);

}  // namespace plume::gui

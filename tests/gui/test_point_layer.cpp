// The run's points over plume-gui's field (gui/point_layer.hpp): which points a plane's picture
// holds and where, the one nearest a position within a radius (the hover read-out and the script's
// pick), its read-out line, the values the dots are coloured by; and the script lines that show
// them and pick one.
#include <gtest/gtest.h>
#include <array>
#include <cmath>
#include <variant>
#include "commands.hpp"
#include "point_layer.hpp"
#include "slice.hpp"

using namespace plume;
using namespace plume::gui;

namespace {

// Points of set `name` at the given positions, ids 100 + 10 i, a scalar "speed" = i + 0.5 and a
// vector "u" = (i, -2i, 3).
PointSet points(const std::string& name, const std::vector<std::array<double, 3>>& at) {
  PointSet s;
  s.name = name;
  s.arrays = {{"speed", 1, {}}, {"u", 3, {}}};
  for (std::size_t i = 0; i < at.size(); ++i) {
    s.ids.push_back(100 + 10 * std::int64_t(i));
    s.xyz.insert(s.xyz.end(), at[i].begin(), at[i].end());
    s.arrays[0].values.push_back(double(i) + 0.5);
    s.arrays[1].values.insert(s.arrays[1].values.end(), {double(i), -2.0 * double(i), 3.0});
  }
  return s;
}

const Plane flat = plane_of(Slice{}, 32, 16, 1);  // a 2-D lattice's only plane

}  // namespace

TEST(PointLayer, ThePointNearestAPositionWithinTheRadiusIsPicked) {
  const std::vector<PointSet> sets{points("tracers", {{{3.0, 4.0, 0}}, {{10.25, 2.5, 0}}, {{11.0, 2.5, 0}}})};
  auto hit = nearest_point(sets, flat, false, 10.5, 2.5, 1.0);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->index, 1u) << "10.25 is 0.25 away, 11 is 0.5";
  EXPECT_DOUBLE_EQ(hit->distance, 0.25);
  hit = nearest_point(sets, flat, false, 3.0, 4.6, 0.5);
  EXPECT_FALSE(hit) << "0.6 away is beyond a radius of 0.5";
  hit = nearest_point(sets, flat, false, 3.0, 4.6, 0.6);
  ASSERT_TRUE(hit);
  EXPECT_EQ(sets[0].ids[hit->index], 100);
  EXPECT_FALSE(nearest_point(sets, flat, false, 20.0, 10.0, 2.0)) << "nothing near";
  EXPECT_FALSE(nearest_point({}, flat, false, 3.0, 4.0, 2.0)) << "no points at all";
}

TEST(PointLayer, OfPointsAtOneDistanceTheFirstSetsThenTheLowerIdIsPicked) {
  PointSet a = points("tracers", {{{5.0, 5.0, 0}}, {{7.0, 5.0, 0}}});
  a.ids = {42, 17};  // the second point has the lower id
  const PointSet b = points("beads", {{{6.0, 6.0, 0}}});
  auto hit = nearest_point({a, b}, flat, false, 6.0, 5.0, 1.0);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->set, 0u);
  EXPECT_EQ(a.ids[hit->index], 17);
  hit = nearest_point({b, a}, flat, false, 6.0, 5.0, 1.0);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->set, 0u) << "the first set's point at the same distance";
}

TEST(PointLayer, AThreeDPlaneHoldsThePointsWithinHalfASiteOfItAtItsInPlaneCoordinates) {
  const PointSet s = points("tracers", {{{2.0, 3.0, 4.4}}, {{2.0, 3.0, 4.5}}, {{2.0, 3.0, 3.5}}, {{6.0, 1.0, 9.0}}});
  const Plane z4 = plane_of(Slice{2, 4}, 8, 8, 12);
  EXPECT_TRUE(in_plane(s, 0, z4, true));
  EXPECT_FALSE(in_plane(s, 1, z4, true)) << "z = 4.5 belongs to plane 5";
  EXPECT_TRUE(in_plane(s, 2, z4, true)) << "z = 3.5 belongs to plane 4";
  EXPECT_FALSE(in_plane(s, 3, z4, true));
  // The plane x = 6 shows y across and z up: point 3 at (1, 9).
  const Plane x6 = plane_of(Slice{0, 6}, 8, 8, 12);
  const auto at = in_plane(s, 3, x6, true);
  ASSERT_TRUE(at);
  EXPECT_EQ(at->first, 1.0);
  EXPECT_EQ(at->second, 9.0);
  const auto hit = nearest_point({s}, x6, true, 1.2, 8.9, 0.5);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->index, 3u);
  // A 2-D lattice's plane holds every point, whatever its z.
  EXPECT_TRUE(in_plane(s, 3, flat, false));
}

TEST(PointLayer, TheReadOutNamesTheSetIdPositionAndEveryArray) {
  const PointSet s = points("tracers", {{{1.0, 1.0, 0}}, {{3.25, 4.5, 0}}});
  EXPECT_EQ(describe_point(s, 1, false), "tracers 110 at (3.25, 4.5)   speed 1.5   u (1, -2, 3)");
  const PointSet d = points("tracers", {{{3.25, 4.5, 6.0}}});
  EXPECT_EQ(describe_point(d, 0, true), "tracers 100 at (3.25, 4.5, 6)   speed 0.5   u (0, -0, 3)");
}

TEST(PointLayer, DotsAreColouredByAScalarOrTheMagnitudeOfAVector) {
  const PointSet s = points("tracers", {{{0, 0, 0}}, {{1, 1, 0}}, {{2, 2, 0}}});
  const PointArray* speed = find_array(s, "speed");
  const PointArray* u = find_array(s, "u");
  ASSERT_TRUE(speed && u);
  EXPECT_EQ(find_array(s, "nope"), nullptr);
  EXPECT_EQ(point_value(*speed, 2), 2.5);
  EXPECT_DOUBLE_EQ(point_value(*u, 2), std::sqrt(4.0 + 16.0 + 9.0));
  const viz::Range r = point_range(*speed);
  EXPECT_EQ(r.lo, 0.5);
  EXPECT_EQ(r.hi, 2.5);
  PointArray gaps{"w", 1, {1.0, std::nan(""), -4.0}};
  const viz::Range g = point_range(gaps);
  EXPECT_EQ(g.lo, -4.0);
  EXPECT_EQ(g.hi, 1.0);
}

TEST(PointLayer, ScriptLinesShowHideColourAndPickPoints) {
  const auto points_line = [](const std::string& line) {
    return std::get<cmd::Points>(std::get<cmd::ViewCommand>(*cmd::parse(line)));
  };
  EXPECT_TRUE(points_line("points on").show);
  EXPECT_FALSE(points_line("points on").colour);
  EXPECT_FALSE(points_line("points off").show);
  EXPECT_EQ(points_line("points plain").colour, std::string());
  EXPECT_EQ(points_line("points speed").colour, std::string("speed"));
  const auto pick = std::get<cmd::Pick>(std::get<cmd::ViewCommand>(*cmd::parse("pick 3.5 7")));
  EXPECT_EQ(pick.x, 3.5);
  EXPECT_EQ(pick.y, 7.0);
  EXPECT_THROW(cmd::parse("pick 3"), std::invalid_argument);
  EXPECT_THROW(cmd::parse("points"), std::invalid_argument);
}

// 3-D runs in plume-gui: the plane a slice names, the values and solid mask of that plane, the
// solids brush and the paint brush in it, and the script's slice line.
#include <gtest/gtest.h>
#include <cmath>
#include <set>
#include <tuple>
#include "commands.hpp"
#include "paint.hpp"
#include "shown_field.hpp"
#include "slice.hpp"
#include "solid_brush.hpp"
#include "plume/solver.hpp"
#include "d2q37/collision.hpp"
#include "d2q37/lattice.hpp"

namespace gui = plume::gui;
namespace cmd = plume::gui::cmd;
using gui::Plane;
using gui::Slice;

namespace {

constexpr int NX = 6, NY = 5, NZ = 4;

// A D3Q19 field set whose every stored value says its site: ux = x + 10 y + 100 z.
plume::Fields numbered() {
  const plume::Model& m = plume::find_model("d3q19");
  plume::Fields f(m);
  f.resize(m, NX, NY, NZ);
  f.NX = NX, f.NY = NY, f.NZ = NZ;
  for (int k = 0; k < f.count(); ++k)
    for (std::size_t i = 0; i < f.sites(); ++i) f[k][i] = 0.0;
  for (int z = 0; z < NZ; ++z)
    for (int y = 0; y < NY; ++y)
      for (int x = 0; x < NX; ++x) f["ux"][f.at(x, y, z)] = x + 10 * y + 100 * z;
  return f;
}

}  // namespace

TEST(Slice, APlaneHoldsOneAxisAndSpansTheOtherTwo) {
  const Plane x = gui::plane_of(Slice{0, 2}, NX, NY, NZ);
  EXPECT_EQ(std::tie(x.axis, x.position, x.u, x.v, x.width, x.height), std::make_tuple(0, 2, 1, 2, NY, NZ));
  const Plane y = gui::plane_of(Slice{1, -1}, NX, NY, NZ);  // the middle
  EXPECT_EQ(std::tie(y.axis, y.position, y.u, y.v, y.width, y.height), std::make_tuple(1, NY / 2, 0, 2, NX, NZ));
  const Plane z = gui::plane_of(Slice{2, 99}, NX, NY, NZ);  // clamped to the lattice
  EXPECT_EQ(std::tie(z.axis, z.position, z.u, z.v, z.width, z.height), std::make_tuple(2, NZ - 1, 0, 1, NX, NY));
  int c[3];
  x.site(3, 1, c);
  EXPECT_EQ(std::make_tuple(c[0], c[1], c[2]), std::make_tuple(2, 3, 1));
  // A 2-D lattice is its z = 0 plane whatever the slice says.
  const Plane flat = gui::plane_of(Slice{0, 3}, NX, NY, 1);
  EXPECT_EQ(std::tie(flat.axis, flat.position, flat.width, flat.height), std::make_tuple(2, 0, NX, NY));
}

TEST(Slice, TheShownFieldIsThePlanesValuesAndItsRange) {
  const plume::Fields f = numbered();
  const plume::io::FieldChoice& ux = plume::io::field_choice(f.model(), "ux");
  gui::ShownField s;
  gui::prepare_shown_field(f, ux, 16384, s, nullptr, Slice{0, 2});  // x = 2: (y, z) pictures
  ASSERT_EQ(s.values.size(), std::size_t(NY) * NZ);
  EXPECT_EQ(s.texture_nx, NY);
  EXPECT_EQ(s.texture_ny, NZ);
  for (int b = 0; b < NZ; ++b)
    for (int a = 0; a < NY; ++a) EXPECT_EQ(s.values[std::size_t(b) * NY + a], 2 + 10 * a + 100 * b);
  EXPECT_EQ(s.range.lo, 2);
  EXPECT_EQ(s.range.hi, 2 + 10 * (NY - 1) + 100 * (NZ - 1));
  gui::prepare_shown_field(f, ux, 16384, s, nullptr, Slice{1, 4});  // y = 4: (x, z)
  ASSERT_EQ(s.values.size(), std::size_t(NX) * NZ);
  EXPECT_EQ(s.values[std::size_t(3) * NX + 5], 5 + 40 + 300);
  EXPECT_EQ(s.texture[std::size_t(3) * NX + 5], float(5 + 40 + 300 - s.offset));
  // A derived field, computed at the plane's sites alone: the whole lattice's at those sites.
  const plume::io::FieldChoice& speed = plume::io::field_choice(f.model(), "speed");
  const std::vector<double> all = plume::io::extract_field(f, speed);
  gui::prepare_shown_field(f, speed, 16384, s, nullptr, Slice{0, 3});
  for (int b = 0; b < NZ; ++b)
    for (int a = 0; a < NY; ++a) EXPECT_EQ(s.values[std::size_t(b) * NY + a], all[f.at(3, a, b)]);
}

TEST(Slice, TheSolidsBrushDrawsADiscInThePlaneOneSiteThick) {
  // A dab of radius 1 at (2, 2) of the plane y = 3: the 5 sites (x, 3, z) around x = 2, z = 2.
  gui::SolidStroke s{2, 2, 2, 2, 1.0, true};
  s.plane = Slice{1, 3};
  std::set<std::tuple<int, int, int>> sites;
  for (const plume::Box& b : gui::stroke_boxes(s, NX, NY, NZ))
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) EXPECT_TRUE(sites.insert({x, y, z}).second);
  EXPECT_EQ(sites, (std::set<std::tuple<int, int, int>>{{2, 3, 1}, {1, 3, 2}, {2, 3, 2}, {3, 3, 2}, {2, 3, 3}}));
}

TEST(Slice, ScriptLinesChooseThePlane) {
  const auto slice = [](const std::string& line) {
    return std::get<cmd::Slice>(std::get<cmd::ViewCommand>(*cmd::parse(line))).slice;
  };
  EXPECT_EQ(slice("slice x 7").axis, 0);
  EXPECT_EQ(slice("slice x 7").position, 7);
  EXPECT_EQ(slice("slice z").position, -1);
  EXPECT_EQ(slice("slice y middle").axis, 1);
  EXPECT_THROW(cmd::parse("slice w 3"), std::invalid_argument);
  EXPECT_THROW(cmd::parse("slice x -1"), std::invalid_argument);
  // A stroke's own plane survives the log's text form; a 2-D line says none.
  const cmd::SimCommand s = std::get<cmd::SimCommand>(*cmd::parse("solid draw 1 2 radius 2 plane x=5"));
  EXPECT_EQ(cmd::describe(s), "solid draw 1 2 radius 2 plane x=5");
  EXPECT_EQ(cmd::describe(std::get<cmd::SimCommand>(*cmd::parse("solid draw 1 2"))), "solid draw 1 2 radius 3");
  EXPECT_EQ(cmd::config_overrides(std::get<cmd::SimCommand>(*cmd::parse("lattice 8 8 16"))).back(),
            (std::pair<std::string, std::string>{"lattice.nz", "16"}));
}

TEST(Slice, ThePaintBrushPaintsABallAroundThePointOfThePlane) {
  // D2Q37's paint on populations laid out as a 3-D lattice: the sites within the radius of the
  // point (3, 2) of the plane z = 1, that is of lattice point (3, 2, 1), change, in that plane
  // and in the planes z = 0 and 2 beside it; no other site does.
  using L = plume::d2q37::D2Q37;
  const plume::Model& m = plume::find_model("d2q37");
  double feq[L::Q];
  plume::d2q37::equilibrium<L>(1.0, 0.0, 0.0, 1.0, feq);
  const std::size_t sites = std::size_t(NX) * NY * NZ;
  std::vector<double> f(L::Q * sites);
  for (int i = 0; i < L::Q; ++i)
    for (std::size_t s = 0; s < sites; ++s) f[i * sites + s] = feq[i];
  const std::vector<double> before = f;
  gui::Brush b{3, 2, 1.5, 0.05, true};
  b.plane = Slice{2, 1};
  const bool periodic[3] = {true, true, true};
  const long changed = gui::paint_populations(m, f, NX, NY, NZ, periodic, b);
  long seen = 0;
  for (int z = 0; z < NZ; ++z)
    for (int y = 0; y < NY; ++y)
      for (int x = 0; x < NX; ++x) {
        const std::size_t s = (std::size_t(z) * NY + y) * NX + x;
        const bool differs = f[s] != before[s];
        const bool inside = std::hypot(x - 3.0, y - 2.0, z - 1.0) < 1.5;
        EXPECT_EQ(differs, inside) << x << " " << y << " " << z;
        seen += differs;
      }
  EXPECT_EQ(seen, changed);
  EXPECT_EQ(changed, 9 + 2 * 5);  // the disc of 9 sites, and 5 in each plane beside it
  // In the plane x = 3 the same point is picture point (2, 1) (y across, z up): the same ball.
  std::vector<double> g = before;
  gui::Brush bx{2, 1, 1.5, 0.05, true};
  bx.plane = Slice{0, 3};
  gui::paint_populations(m, g, NX, NY, NZ, periodic, bx);
  EXPECT_EQ(g, f);
}

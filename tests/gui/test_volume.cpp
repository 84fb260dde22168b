// The 3-D layouts of plume-gui without a window: the volume's texels and range, where the
// camera puts a lattice point, the script's layout, camera and opacity lines, the three planes
// and the volume a snapshot carries, and a painted ball in a thermal3d run.
#include <gtest/gtest.h>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>
#include "commands.hpp"
#include "plume/config/run_config.hpp"
#include "plume/solver.hpp"
#include "simulation.hpp"
#include "volume.hpp"

namespace gui = plume::gui;
namespace cmd = plume::gui::cmd;
using gui::Layout;
using gui::Simulation;
using gui::Snapshot;

namespace {

// A D3Q19 field set whose ux says its site: ux = x + 10 y + 100 z; all of it fluid.
plume::Fields numbered(int nx, int ny, int nz) {
  const plume::Model& m = plume::find_model("d3q19");
  plume::Fields f(m);
  f.resize(m, nx, ny, nz);
  f.NX = nx, f.NY = ny, f.NZ = nz;
  for (int k = 0; k < f.count(); ++k)
    for (std::size_t i = 0; i < f.sites(); ++i) f[k][i] = 0.0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) f["ux"][f.at(x, y, z)] = x + 10 * y + 100 * z;
  return f;
}

Snapshot& wait_for(Simulation& sim, std::unique_ptr<Snapshot>& front, std::uint64_t seq) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (front->applied_seq < seq && std::chrono::steady_clock::now() < until)
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_GE(front->applied_seq, seq);
  return *front;
}

// The fields of a run of `config` after a hot blob of radius 3 and strength 0.2 around site
// (8, 6, 5), picked in the plane y = 6 (which shows x across and z up).
plume::Fields painted(const std::string& config) {
  Simulation sim(plume::config::parse_config(config, "the test"), false, 10);
  auto front = std::make_unique<Snapshot>();
  gui::Brush b{8, 5, 3.0, 0.2, true};
  b.plane = gui::Slice{1, 6};
  return wait_for(sim, front, sim.post(cmd::Paint{b})).fields;
}

}  // namespace

TEST(Volume, TheTexelsAreTheWholeFieldAboutTheMiddleOfItsRange) {
  const plume::Fields f = numbered(6, 5, 4);
  const plume::io::FieldChoice& ux = plume::io::field_choice(f.model(), "ux");
  gui::ShownVolume v;
  gui::prepare_volume(f, ux, v);
  EXPECT_EQ(v.kind, &ux);
  EXPECT_EQ(v.k, 1);
  ASSERT_EQ(v.texture_nx * v.texture_ny * v.texture_nz, 6 * 5 * 4);
  EXPECT_EQ(v.range.lo, 0.0);
  EXPECT_EQ(v.range.hi, 5 + 40 + 300.0);
  EXPECT_EQ(v.offset, 0.5 * 345);
  EXPECT_FALSE(v.texels_on_device);
  EXPECT_EQ(v.solid, std::vector<unsigned char>(6 * 5 * 4, 0));  // D3Q19's solid field: none solid
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 6; ++x)
        EXPECT_EQ(v.texture[(std::size_t(z) * 5 + y) * 6 + x], float(x + 10 * y + 100 * z - v.offset));
}

TEST(Volume, ALargeLatticeIsSampledEveryKthSite) {
  EXPECT_EQ(gui::volume_step(256, 256, 256), 1);
  EXPECT_EQ(gui::volume_step(257, 16, 16), 2);
  EXPECT_EQ(gui::volume_step(64, 64, 1024), 4);
  const plume::Fields f = numbered(600, 3, 3);  // k = 3
  gui::ShownVolume v;
  gui::prepare_volume(f, plume::io::field_choice(f.model(), "ux"), v);
  ASSERT_EQ(v.k, 3);
  EXPECT_EQ(v.texture_nx, 200);
  EXPECT_EQ(v.texture_ny, 1);
  EXPECT_EQ(v.texture_nz, 1);
  EXPECT_EQ(v.texture[7], float(21 - v.offset));  // texel 7 is site 21
  EXPECT_EQ(v.range.hi, 599 + 20 + 200.0);         // the range is the whole lattice's
}

TEST(Volume, TheCameraPutsAPointWhereTheDocsSay) {
  // 0 0: looking along +y, x to the right, z up. Lattice 10 x 20 x 30 in a 200 x 100 picture.
  const double s = gui::volume_scale(10, 20, 30, 200, 100);
  EXPECT_DOUBLE_EQ(s, 100 / std::sqrt(100.0 + 400 + 900));
  const double p[3] = {7.5, 2.5, 21.5};  // 3 right of the centre (5, 10, 15), 7 above it
  double px, py;
  gui::VolumeLook look;
  look.yaw = 0, look.pitch = 0;
  gui::project(look, 10, 20, 30, 200, 100, p, px, py);
  EXPECT_NEAR(px, 100 + 3 * s, 1e-9);
  EXPECT_NEAR(py, 50 - 7 * s, 1e-9);
  look.yaw = 180;  // from behind: x to the left
  gui::project(look, 10, 20, 30, 200, 100, p, px, py);
  EXPECT_NEAR(px, 100 - 3 * s, 1e-9);
  look.yaw = 90;  // along +x: -y to the right; the point is 7.5 - 10 = -7.5 (+0.5) along y
  gui::project(look, 10, 20, 30, 200, 100, p, px, py);
  EXPECT_NEAR(px, 100 + 7 * s, 1e-9);
  look.yaw = 0, look.pitch = 90;  // from above: x to the right, y up the picture
  gui::project(look, 10, 20, 30, 200, 100, p, px, py);
  EXPECT_NEAR(px, 100 + 3 * s, 1e-9);
  EXPECT_NEAR(py, 50 + 7 * s, 1e-9);
  const gui::CameraBasis b = gui::camera_basis(37, -12);
  const auto dot = [](const double* a, const double* c) { return a[0] * c[0] + a[1] * c[1] + a[2] * c[2]; };
  EXPECT_NEAR(dot(b.right, b.up), 0, 1e-12);
  EXPECT_NEAR(dot(b.right, b.forward), 0, 1e-12);
  EXPECT_NEAR(dot(b.up, b.forward), 0, 1e-12);
  EXPECT_NEAR(dot(b.forward, b.forward), 1, 1e-12);
}

TEST(Volume, TheScriptLinesOfThe3DLayouts) {
  EXPECT_EQ(std::get<cmd::Layout>(std::get<cmd::ViewCommand>(*cmd::parse("layout three"))).layout, Layout::Three);
  EXPECT_EQ(std::get<cmd::Layout>(std::get<cmd::ViewCommand>(*cmd::parse("layout volume"))).layout, Layout::Volume);
  EXPECT_EQ(std::get<cmd::Layout>(std::get<cmd::ViewCommand>(*cmd::parse("layout one"))).layout, Layout::One);
  const auto c = std::get<cmd::Camera>(std::get<cmd::ViewCommand>(*cmd::parse("camera -45 30")));
  EXPECT_EQ(c.yaw, -45);
  EXPECT_EQ(c.pitch, 30);
  const auto o = std::get<cmd::Opacity>(std::get<cmd::ViewCommand>(*cmd::parse("opacity 0.2 0.8 0.1")));
  EXPECT_EQ(o.scale, 0.2);
  EXPECT_TRUE(o.ramp);
  EXPECT_EQ(o.lo, 0.8);
  EXPECT_EQ(o.hi, 0.1);
  EXPECT_FALSE(std::get<cmd::Opacity>(std::get<cmd::ViewCommand>(*cmd::parse("opacity 1"))).ramp);
  for (const char* bad : {"layout two", "layout", "camera 10", "camera 0 91", "camera a 0", "opacity -1",
                          "opacity 1 0.5", "opacity 1 0.5 0.5"})
    EXPECT_THROW(cmd::parse(bad), std::invalid_argument) << bad;
}

TEST(Volume, ASnapshotCarriesTheThreePlanesOrTheVolumeAskedFor) {
  const plume::config::RunConfig c = plume::config::parse_config(
      "model = \"diffusion\"\n[lattice]\nnx = 12\nny = 10\nnz = 8\n[initial]\nstart = \"sine\"\n"
      "[run]\nbackend = \"cpu\"\n",
      "the test");
  Simulation sim(c, false, 10);
  const plume::io::FieldChoice& T = plume::io::field_choice(plume::find_model("diffusion"), "T");
  auto front = std::make_unique<Snapshot>();
  gui::Point3 point;
  point.p[0] = 3;  // y and z: the middle
  sim.show(&T, gui::Slice{2, 1}, Layout::Three, point);
  const Snapshot& three = wait_for(sim, front, sim.post(cmd::Steps{1}));
  ASSERT_EQ(three.layout, Layout::Three);
  const int want[3] = {3, 5, 4};
  for (int a = 0; a < 3; ++a) {
    const gui::ShownField& p = three.planes[a];
    EXPECT_EQ(p.kind, &T);
    EXPECT_EQ(p.plane.axis, a);
    EXPECT_EQ(p.plane.position, want[a]);
    // Its values are the field's at the plane's sites.
    int s[3];
    p.plane.site(2, 1, s);
    EXPECT_EQ(p.values[std::size_t(1) * p.plane.width + 2], three.fields["T"][three.fields.at(s[0], s[1], s[2])]);
  }
  EXPECT_EQ(three.shown.plane.axis, 2);  // the one slice is still prepared
  EXPECT_EQ(three.shown.plane.position, 1);
  sim.show(&T, gui::Slice{2, 1}, Layout::Volume, point);
  const Snapshot& vol = wait_for(sim, front, sim.post(cmd::Steps{1}));
  ASSERT_EQ(vol.layout, Layout::Volume);
  EXPECT_EQ(vol.volume.kind, &T);
  EXPECT_EQ(vol.volume.texture.size(), std::size_t(12 * 10 * 8));
  const std::size_t i = vol.fields.at(5, 6, 7);
  EXPECT_EQ(vol.volume.texture[i], float(vol.fields["T"][i] - vol.volume.offset));
}

TEST(Volume, PaintingA3DRunRaisesTheTemperatureInABall) {
  // The diffusion stencil at T = 0.5 everywhere: the blob raises T by the brush's raised-cosine
  // profile of the distance from (8, 6, 5), in every direction, and nowhere else.
  const plume::Fields f = painted(
      "model = \"diffusion\"\n[lattice]\nnx = 16\nny = 12\nnz = 10\n[initial]\nstart = \"blob\"\n"
      "background = 0.5\namplitude = 0.0\n[run]\nbackend = \"cpu\"\n");
  long raised = 0;
  for (int z = 0; z < 10; ++z)
    for (int y = 0; y < 12; ++y)
      for (int x = 0; x < 16; ++x) {
        const double r = std::hypot(x - 8.0, y - 6.0, z - 5.0);
        const double want = 0.5 + (r < 3 ? 0.2 * 0.5 * (1 + std::cos(M_PI * r / 3)) : 0.0);
        EXPECT_NEAR(f["T"][f.at(x, y, z)], want, 1e-12) << x << " " << y << " " << z;
        raised += r < 3;
      }
  EXPECT_EQ(raised, 93);  // the lattice points closer than 3 to one of them
}

TEST(Volume, Thermal3DPaintsItsTemperature) {
  // thermal3d at rest at T = 0.5 (walls at 0.5 too): the same blob adds the brush's amounts to
  // the temperature. Its fields are those of the populations after streaming (each site's T
  // gathers its neighbours'), so the heat shows within one site more of the centre, and all of it.
  EXPECT_EQ(plume::find_model("thermal3d").paint_quantity(), "temperature");
  const plume::Fields f = painted(
      "model = \"thermal3d\"\n[lattice]\nnx = 16\nny = 12\nnz = 10\n[physics]\nt_hot = 0.5\nt_cold = 0.5\n"
      "[reference]\nrayleigh = 0\n[initial]\namplitude = 0.0\n[run]\nbackend = \"cpu\"\n");
  gui::Brush b{8, 5, 3.0, 0.2, true};
  double added = 0.0, painted_heat = 0.0;
  for (int z = 0; z < 10; ++z)
    for (int y = 0; y < 12; ++y)
      for (int x = 0; x < 16; ++x) {
        const double r = std::hypot(x - 8.0, y - 6.0, z - 5.0), excess = f["T"][f.at(x, y, z)] - 0.5;
        if (r >= 4) EXPECT_NEAR(excess, 0.0, 1e-12) << x << " " << y << " " << z;
        added += excess;
        painted_heat += gui::brush_delta_T(b, r);
      }
  EXPECT_GT(painted_heat, 1.0);
  EXPECT_NEAR(added, painted_heat, 1e-10);
}

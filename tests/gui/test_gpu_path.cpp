// plume-gui's GPU path on a GPU machine (label gpu; docs/gui.md "GPU path"): drawn offscreen
// through the NVIDIA driver's EGL, a CUDA run must choose CUDA-OpenGL interop, and the field it
// draws must be the one the host upload draws, pixel for pixel. Skipped where there is no CUDA
// device or the OpenGL context is not NVIDIA's. PLUME_GUI_EXE in the environment names the
// program to run (a build carried to the GPU machine), else the one built beside this test.
#include <gtest/gtest.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>
#include "screen.hpp"
#include "xvfb.hpp"

using plume::test::Png;
using plume::test::ProcessResult;
using plume::test::read_png;
using plume::test::run_process;

namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/plume-gui-gpu-" + std::to_string(::getpid()) + "-" + name;
}

std::string exe() {
  const char* e = std::getenv("PLUME_GUI_EXE");
  return e && *e ? e : PLUME_GUI_EXE;
}

// A CUDA run of 300 steps (scripted, so both runs stop at the same state), drawn offscreen.
// The project's assets: PLUME_ASSETS in the environment (a checkout on the GPU machine), else the
// source tree's.
std::string assets() {
  const char* e = std::getenv("PLUME_ASSETS");
  return e && *e ? e : PLUME_ASSETS;
}

// `lattice`: the options that give the case and its lattice.
ProcessResult draw(const std::string& field, const std::string& upload, const std::string& shot,
                   const std::string& script,
                   std::vector<std::string> lattice = {"--set", "lattice.nx=256", "--set", "lattice.ny=512"}) {
  std::vector<std::string> a{exe(), "--offscreen", "--size", "1200x800"};
  a.insert(a.end(), lattice.begin(), lattice.end());
  for (const std::string& o : std::vector<std::string>{"--set", "run.backend=cuda", "--set", "output.dir=\"" + ::testing::TempDir() + "\"",
                               "--field", field, "--upload", upload, "--script", script, "--frames", "3",
                               "--screenshot", shot})
    a.push_back(o);
  return run_process(a, "");
}

// The same run drawn through interop (`a`) and through the host upload (`b`); `skip` says why
// nothing was compared (no CUDA run, not NVIDIA's OpenGL), else both ran and said their path.
struct BothPaths {
  std::string skip;
  Png a, b;
};
BothPaths draw_both(const std::string& field, const std::string& a, const std::string& b, const std::string& script,
                    const std::vector<std::string>& lattice) {
  BothPaths r;
  const ProcessResult via_device = draw(field, "auto", a, script, lattice);
  if (via_device.status != 0 && via_device.err.find("CUDA") != std::string::npos) {
    r.skip = "no CUDA run here: " + via_device.err;
    return r;
  }
  EXPECT_EQ(via_device.status, 0) << via_device.out << via_device.err;
  if (via_device.out.find("NVIDIA") == std::string::npos) {
    r.skip = "the OpenGL context is not NVIDIA's: " + via_device.out;
    return r;
  }
  EXPECT_NE(via_device.out.find("upload=\"CUDA-OpenGL interop"), std::string::npos) << via_device.out;
  const ProcessResult via_host = draw(field, "host", b, script, lattice);
  EXPECT_EQ(via_host.status, 0) << via_host.out << via_host.err;
  EXPECT_NE(via_host.out.find("upload=\"host upload"), std::string::npos) << via_host.out;
  r.a = read_png(a);
  r.b = read_png(b);
  return r;
}

}  // namespace

TEST(GuiGpuPath, InteropDrawsTheFieldTheHostUploadDraws) {
  const std::string script = temp_path("steps.txt");
  std::ofstream(script) << "steps 300\n";
  for (const std::string field : {"T", "vorticity", "p"}) {
    SCOPED_TRACE(field);
    const std::string a = temp_path(field + "-interop.png"), b = temp_path(field + "-host.png");
    const ProcessResult via_device = draw(field, "auto", a, script);
    if (via_device.status != 0 && via_device.err.find("CUDA") != std::string::npos)
      GTEST_SKIP() << "no CUDA run here: " << via_device.err;
    ASSERT_EQ(via_device.status, 0) << via_device.out << via_device.err;
    if (via_device.out.find("NVIDIA") == std::string::npos)
      GTEST_SKIP() << "the OpenGL context is not NVIDIA's: " << via_device.out;
    EXPECT_NE(via_device.out.find("upload=\"CUDA-OpenGL interop"), std::string::npos) << via_device.out;
    const ProcessResult via_host = draw(field, "host", b, script);
    ASSERT_EQ(via_host.status, 0) << via_host.out << via_host.err;
    EXPECT_NE(via_host.out.find("upload=\"host upload"), std::string::npos) << via_host.out;
    const Png pa = read_png(a), pb = read_png(b);
    ASSERT_EQ(pa.w, 1200);
    ASSERT_EQ(pb.w, 1200);
    // The field area (right of the 420-pixel panel, above the 120-pixel plots): the panel and the
    // plots show rates and frame times, which differ from run to run.
    const int x0 = 430, y0 = 10, x1 = 1190, y1 = 800 - 130;
    EXPECT_EQ(plume::test::differing_pixels(pa, pb, x0, y0, x1, y1), 0u);
    const plume::test::RegionStats s = plume::test::stats(pa, x0, y0, x1, y1);
    EXPECT_GT(s.colours, 30u) << "the field should vary";
    std::remove(a.c_str());
    std::remove(b.c_str());
  }
  std::remove(script.c_str());
}

TEST(GuiGpuPath, InteropDrawsTheWindTunnelAndItsSolidsAsTheHostUploadDoes) {
  // D2Q9's cylinder in a channel: the speed, the vorticity and the pressure through interop, the
  // solid sites in grey over them, the same pixels as the host upload.
  const std::string script = temp_path("tunnel.txt");
  std::ofstream(script) << "steps 300\nsolid draw 30 5 to 30 20 radius 2\nsteps 10\n";
  const std::vector<std::string> tunnel{"--config", assets() + "/d2q9_cylinder.toml"};
  for (const std::string field : {"speed", "vorticity", "p"}) {
    SCOPED_TRACE(field);
    const std::string a = temp_path(field + "-tunnel-interop.png"), b = temp_path(field + "-tunnel-host.png");
    const ProcessResult via_device = draw(field, "auto", a, script, tunnel);
    if (via_device.status != 0 && via_device.err.find("CUDA") != std::string::npos)
      GTEST_SKIP() << "no CUDA run here: " << via_device.err;
    ASSERT_EQ(via_device.status, 0) << via_device.out << via_device.err;
    if (via_device.out.find("NVIDIA") == std::string::npos)
      GTEST_SKIP() << "the OpenGL context is not NVIDIA's: " << via_device.out;
    EXPECT_NE(via_device.out.find("upload=\"CUDA-OpenGL interop"), std::string::npos) << via_device.out;
    const ProcessResult via_host = draw(field, "host", b, script, tunnel);
    ASSERT_EQ(via_host.status, 0) << via_host.out << via_host.err;
    const Png pa = read_png(a), pb = read_png(b);
    ASSERT_EQ(pa.w, 1200);
    const int x0 = 430, y0 = 10, x1 = 1190, y1 = 800 - 130;
    EXPECT_EQ(plume::test::differing_pixels(pa, pb, x0, y0, x1, y1), 0u);
    std::size_t grey = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) {
        const unsigned char* c = pa.at(x, y);
        grey += c[0] == 128 && c[1] == 128 && c[2] == 128;
      }
    EXPECT_GT(grey, 100u) << "the cylinder and the drawn wall are grey";
    std::remove(a.c_str());
    std::remove(b.c_str());
  }
  std::remove(script.c_str());
}

TEST(GuiGpuPath, InteropDrawsThe3DLayoutsAsTheHostUploadDoes) {
  // The D3Q19 Taylor-Green vortex on 48^3 sites: its three slices and its volume rendering,
  // through interop (three plane textures and a 3-D texture filled on the device), the same
  // pixels as the host upload.
  const std::vector<std::string> tg{"--config", assets() + "/d3q19_taylor_green.toml", "--set", "lattice.nx=48",
                                    "--set", "lattice.ny=48", "--set", "lattice.nz=48"};
  for (const std::string layout : {"three", "volume"}) {
    SCOPED_TRACE(layout);
    const std::string script = temp_path(layout + ".txt");
    std::ofstream(script) << "steps 20\nlayout " << layout << "\nslice x 10\ncamera 30 25\nopacity 0.2 0.3 1\n";
    const std::string a = temp_path(layout + "-interop.png"), b = temp_path(layout + "-host.png");
    const BothPaths p = draw_both("ux", a, b, script, tg);
    if (!p.skip.empty()) GTEST_SKIP() << p.skip;
    ASSERT_EQ(p.a.w, 1200);
    ASSERT_EQ(p.b.w, 1200);
    const int x0 = 430, y0 = 10, x1 = 1190, y1 = 800 - 130;
    EXPECT_EQ(plume::test::differing_pixels(p.a, p.b, x0, y0, x1, y1), 0u);
    EXPECT_GT(plume::test::stats(p.a, x0, y0, x1, y1).colours, 30u) << "the field should vary";
    for (const std::string& f : {a, b, script}) std::remove(f.c_str());
  }
}

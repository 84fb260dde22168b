// `plume run` with ParaView Catalyst pipelines (the real ParaView; the driver starts its own Xvfb
// for the rendering pipeline when there is no display): the in-situ extracts land in the run's
// folder at the in-situ steps, the rendered temperature shows a non-uniform field, and a pipeline
// that raises stops the run at start-up with the script's own error. `plume check` compiles the
// scripts. The private Xvfb does not outlive a killed run.
#include <gtest/gtest.h>
#include <signal.h>
#include <cmath>
#include <filesystem>
#include <functional>
#include <stb/stb_image.h>  // Debian's libstb carries the implementation
#include "background_run.hpp"
#include "plume/io/config.hpp"
#include "run_plume.hpp"

namespace fs = std::filesystem;
using namespace plume;
using plume::test::q;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::TempDir;

namespace {

std::string catalyst_case(const TempDir& tmp, const std::vector<std::string>& scripts,
                          const std::function<void(io::RunConfig&)>& adjust = {}) {
  io::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 40;
  c.insitu.every = 20;
  c.insitu.scripts = scripts;
  if (adjust) adjust(c);
  const std::string path = tmp / "case.toml";
  io::save_config(c, path);
  return path;
}

// Standard deviation of the grey level of a PNG's pixels.
double pixel_spread(const std::string& path) {
  int w = 0, h = 0, n = 0;
  unsigned char* p = stbi_load(path.c_str(), &w, &h, &n, 1);
  if (!p) return -1;
  double s = 0, s2 = 0;
  const double count = double(w) * h;
  for (int k = 0; k < w * h; ++k) {
    s += p[k];
    s2 += double(p[k]) * p[k];
  }
  stbi_image_free(p);
  return std::sqrt(std::max(0.0, s2 / count - (s / count) * (s / count)));
}

}  // namespace

TEST(CatalystRun, PipelinesWriteTheirExtractsAtTheInSituSteps) {
  TempDir tmp;
  const std::string pipes = std::string(PLUME_SOURCE_DIR) + "/pipelines/";
  const Result r = run_plume("run -q " + q(catalyst_case(tmp, {pipes + "temperature.py", pipes + "fields.py"})));
  ASSERT_EQ(r.code, 0) << r.err;
  const fs::path insitu = fs::path(tmp / "out") / "insitu";
  for (const char* step : {"0000000", "0000020", "0000040"}) {
    const fs::path png = insitu / (std::string("temperature_") + step + ".png");
    ASSERT_TRUE(fs::exists(png)) << png;
    EXPECT_GT(pixel_spread(png.string()), 20.0) << "a uniform image: " << png;
    EXPECT_TRUE(fs::exists(insitu / (std::string("fields_") + step + ".pvti"))) << step;
  }
  EXPECT_FALSE(fs::exists(insitu / "temperature_0000010.png")) << "in situ ran off its period";
  EXPECT_TRUE(fs::exists(insitu / "insitu.json"));
}

TEST(CatalystRun, APipelineThatRaisesStopsTheRunWithItsError) {
  TempDir tmp;
  const std::string bad = tmp / "broken.py";
  plume::test::write_file(bad, "# script-version: 2\nraise RuntimeError('plume-test: this pipeline is broken')\n");
  const Result r = run_plume("run -q " + q(catalyst_case(tmp, {bad})));
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("plume-test: this pipeline is broken"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(fs::path(tmp / "out") / "checkpoint_000000040.ckpt")) << "the run went on";
}

TEST(CatalystRun, CheckCompilesThePipelineScripts) {
  TempDir tmp;
  const std::string broken = tmp / "broken.py";
  plume::test::write_file(broken, "# script-version: 2\nfrom paraview.simple import *\nx = = 1\n");
  const std::string fine = std::string(PLUME_SOURCE_DIR) + "/pipelines/fields.py";
  const std::string config = catalyst_case(tmp, {fine, broken});
  Result r = run_plume("check " + q(config));
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("insitu.scripts[1] = \"" + broken + "\", line 3: SyntaxError: invalid syntax"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("insitu.scripts[0]"), std::string::npos) << r.err;
  // `run` refuses it the same way, before any work.
  r = run_plume("run -q " + q(config));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_FALSE(fs::exists(tmp / "out")) << "the run started";
  r = run_plume("check " + q(catalyst_case(tmp, {fine})));
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST(CatalystRun, XvfbDoesNotOutliveAKilledRun) {
  TempDir tmp;
  const std::string config = catalyst_case(tmp, {std::string(PLUME_SOURCE_DIR) + "/pipelines/temperature.py"},
                                           [](io::RunConfig& c) { c.steps = 1000000; });
  plume::test::BackgroundRun run("env -u DISPLAY " + std::string(PLUME_EXE) + " run -q " + q(config), tmp / "stdout",
                                 tmp / "stderr");
  // Once an image is rendered the server is up (killed while it starts, it dies writing its
  // display number to plume's closed pipe).
  ASSERT_TRUE(plume::test::wait_for_file(tmp / "out/insitu/temperature_0000000.png", 120))
      << plume::test::read_file(tmp / "stderr");
  const std::vector<pid_t> xvfb = plume::test::children_named(run.pid(), "Xvfb");
  ASSERT_EQ(xvfb.size(), 1u) << "plume started no Xvfb: " << plume::test::read_file(tmp / "stderr");
  run.signal(SIGKILL);
  ASSERT_TRUE(run.wait(10));
  const bool gone = plume::test::ended(xvfb[0], 10);
  if (!gone) ::kill(xvfb[0], SIGTERM);  // not left behind by the test either
  EXPECT_TRUE(gone) << "Xvfb " << xvfb[0] << " outlived plume";
}

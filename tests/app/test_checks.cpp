// `plume check` refuses what `plume run` would then reject or could not do (issue 45, item 6):
// each with exit status 2 and a message naming the key or the file, before any work.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <filesystem>
#include "run_plume.hpp"

using namespace plume;
using plume::test::q;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::run_shell;
using plume::test::TempDir;

namespace {

// A tiny valid case of `model` (its own default case on a small lattice) in `tmp`, output in tmp/out.
std::string case_of(const TempDir& tmp, const std::string& model, const std::string& more = "") {
  plume::test::write_file(tmp / "case.toml", "model = \"" + model + "\"\n" + more +
                                                 "\n[run]\nsteps = 4\nbackend = \"cpu\"\n[output]\ndir = \"" +
                                                 (tmp / "out") + "\"\n");
  return q(tmp / "case.toml");
}

void expect_refused(const Result& r, const std::string& text) {
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_HAS(r.err, "plume: error: ");
  EXPECT_HAS(r.err, text);
}

}  // namespace

// ParaView Live listens on live_port and the next one: 65535 has no next port.
TEST(Checks, TheLivePortNeedsTheNextPortToo) {
  TempDir tmp;
  const std::string c = case_of(tmp, "d2q9");
  expect_refused(run_plume("check " + c + " --set insitu.live_port=65535"),
                 "insitu.live_port = 65535 is out of range: must be >= 1 and <= 65534 (ParaView Live uses this port "
                 "and the next one");
  EXPECT_EQ(run_plume("check " + c + " --set insitu.live_port=65534").code, 0);
}

// A Rayleigh number that puts tau within U/8 of 1/2 blows up (Ra = 1e30 did at step 1740); the
// bound is Ra <= 576 H^2 Pr (here 147456 on 16 sites), and the default Ra = 5000 passes.
TEST(Checks, ARayleighNumberBeyondWhatTheLatticeResolvesIsRefused) {
  TempDir tmp;
  const std::string c = case_of(tmp, "thermal3d");
  EXPECT_EQ(run_plume("check " + c).code, 0);
  const Result r = run_plume("check " + c + " --set reference.rayleigh=1e30");
  expect_refused(r, "reference.rayleigh = 1e+30 and reference.prandtl = 1");
  EXPECT_HAS(r.err, "physics.tau - 1/2 = ");
  EXPECT_HAS(r.err, "is below U/8 = 0.00625");
  EXPECT_HAS(r.err, "the lattice holds Ra up to 1.47e+05");
  EXPECT_HAS(r.err, "physics.tau_t - 1/2 = ");
  EXPECT_EQ(run_plume("check " + c + " --set reference.rayleigh=1.4e5").code, 0) << "within the bound";
  expect_refused(run_plume("check " + c + " --set reference.rayleigh=1.5e5"), "physics.tau - 1/2 = ");
}

// A wall's speed without the wall: the run would be periodic there and ignore it.
TEST(Checks, AWallSpeedWithoutTheWallIsRefused) {
  TempDir tmp;
  const std::string d2q9 = case_of(tmp, "d2q9");
  expect_refused(run_plume("check " + d2q9 + " --set walls.top_u=0.05"),
                 "walls.top_u = 0.05 is given, but walls.enabled = false: there is no wall to move");
  EXPECT_EQ(run_plume("check " + d2q9 + " --set walls.top_u=0.05 --set walls.enabled=true").code, 0);
  TempDir tmp3;
  const std::string d3q19 = case_of(tmp3, "d3q19", "[lattice]\nnx = 8\nny = 8\nnz = 8\n");
  expect_refused(run_plume("check " + d3q19 + " --set walls.z_low_u=0.02"),
                 "walls.z_low_u = 0.02 is given, but walls.z = false");
  EXPECT_EQ(run_plume("check " + d3q19 + " --set walls.z_low_u=0.02 --set walls.z=true").code, 0);
}

// The sine asks for a period along x; a lattice of one column has none.
TEST(Checks, ADiffusionSineAlongAnAxisOfOneSiteIsRefused) {
  TempDir tmp;
  const std::string c = case_of(tmp, "diffusion", "[lattice]\nnx = 1\nny = 32\n");
  expect_refused(run_plume("check " + c),
                 "initial.kx = 1: the lattice has one site along x (lattice.nx = 1), where a sine has no period");
  EXPECT_EQ(run_plume("check " + c + " --set initial.kx=0").code, 0);
}

// A key of the model that --set model=... replaced is refused naming both models.
TEST(Checks, AKeyOfThePreviousModelIsRefusedNamingTheModelInForce) {
  TempDir tmp;
  const std::string c = case_of(tmp, "d2q37");
  for (const std::string sets : {"--set model=d2q9 --set physics.k1=0.01", "--set physics.k1=0.01 --set model=d2q9"})
    expect_refused(run_plume("check " + c + " " + sets),
                   "unknown key 'physics.k1': it is a key of model d2q37, and this configuration's model is d2q9");
}

// A FIFO named as a pipeline script is refused without being opened: opening it for reading would
// wait for a writer for ever.
TEST(Checks, APipelineScriptThatIsNoRegularFileIsRefusedWithoutOpeningIt) {
  TempDir tmp;
  ASSERT_EQ(::mkfifo((tmp / "pipe.py").c_str(), 0600), 0);
  const std::string c = case_of(tmp, "d2q9", "[insitu]\nscripts = [\"" + (tmp / "pipe.py") + "\"]\n");
  const Result r = run_shell("timeout 60 " + std::string(PLUME_EXE) + " check " + c);
  EXPECT_NE(r.code, 124) << "plume check hung on the FIFO";
  expect_refused(r, "insitu.scripts[0] = \"" + (tmp / "pipe.py") + "\" is not a file");
}

// --restart '' names no checkpoint: a usage error, not a run from step 0.
TEST(Checks, AnEmptyRestartIsAUsageError) {
  TempDir tmp;
  const std::string c = case_of(tmp, "d2q9");
  for (const char* command : {"run", "check"}) {
    const Result r = run_plume(std::string(command) + " " + c + " --restart ''");
    expect_refused(r, "--restart is given an empty file name");
    EXPECT_FALSE(std::filesystem::exists(tmp / "out")) << command << " did work";
  }
}

// A value of a megabyte, or a key of 100 kB, is cut in the message with its length.
TEST(Checks, ALongValueOrKeyIsCutInTheMessage) {
  TempDir tmp;
  const std::string value(1 << 20, 'a');
  plume::test::write_file(tmp / "long.toml", "model = \"d2q9\"\n[output]\nfield = \"" + value + "\"\ndir = \"" +
                                                 (tmp / "out") + "\"\n");
  const Result v = run_plume("check " + q(tmp / "long.toml"));
  expect_refused(v, "output.field: \"aaaa");
  EXPECT_HAS(v.err, "\u2026 (1048576 characters)");
  EXPECT_LT(v.err.size(), 4000u);
  const std::string key(100000, 'k');
  const Result k = run_plume("check " + case_of(tmp, "d2q9") + " --set " + key + "=1");
  expect_refused(k, "unknown key 'kkkk");
  EXPECT_HAS(k.err, "\u2026 (100000 characters)");
  EXPECT_LT(k.err.size(), 4000u);
}

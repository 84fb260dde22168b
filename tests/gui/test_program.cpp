// The real plume-gui under a private Xvfb: what it draws, what scripted steering does, and how
// it fails without a display or with a bad script.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include "pointer.hpp"
#include "screen.hpp"
#include "xvfb.hpp"

using plume::test::Png;
using plume::test::Pointer;
using plume::test::RegionStats;
using plume::test::read_png;
using plume::test::stats;
using plume::test::Process;
using plume::test::ProcessResult;
using plume::test::run_process;
using plume::test::Xvfb;

namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/plume-gui-" + std::to_string(::getpid()) + "-" + name;
}

// A small lattice on the CPU keeps every run to a few seconds.
std::vector<std::string> gui(std::vector<std::string> extra) {
  std::vector<std::string> a{PLUME_GUI_EXE, "--size", "1200x800", "--set", "lattice.nx=64", "--set",
                             "lattice.ny=128", "--set", "run.backend=cpu", "--set",
                             "output.dir=\"" + ::testing::TempDir() + "\""};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// Records of the --report file: "kind key=value ..." -> one map per line of that kind.
std::vector<std::map<std::string, std::string>> records(const std::string& path, const std::string& kind) {
  std::vector<std::map<std::string, std::string>> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w;
    if (!(words >> w) || w != kind) continue;
    std::map<std::string, std::string> r;
    while (words >> w) {
      const auto eq = w.find('=');
      if (eq != std::string::npos) r[w.substr(0, eq)] = w.substr(eq + 1);
    }
    out.push_back(r);
  }
  return out;
}

double num(const std::map<std::string, std::string>& r, const std::string& key) {
  const auto it = r.find(key);
  return it == r.end() ? NAN : std::stod(it->second);
}

// Pixels of exactly this colour in x0 <= x < x1, y0 <= y < y1.
std::size_t pixels_of(const Png& p, unsigned char r, unsigned char g, unsigned char b, int x0, int y0, int x1, int y1) {
  std::size_t n = 0;
  for (int y = std::max(0, y0); y < std::min(p.h, y1); ++y)
    for (int x = std::max(0, x0); x < std::min(p.w, x1); ++x) {
      const unsigned char* c = p.at(x, y);
      n += c[0] == r && c[1] == g && c[2] == b;
    }
  return n;
}

// Solid sites are drawn in the in-situ images' grey, whatever the colormap.
std::size_t solid_pixels(const Png& p) { return pixels_of(p, 128, 128, 128, 428, 8, 1082, 680); }

}  // namespace

// The paused initial state at 1200 x 800: the panel fills the left 420 pixels; the lattice (64 x
// 128, twice as tall as wide) is centred in the field area to its right, above the plots, with the
// colour bar beside it. Hot light fluid (bright in inferno) below, cold (dark) above.
void expect_initial_state_and_panel(const Png& p) {
  ASSERT_EQ(p.w, 1200);
  ASSERT_EQ(p.h, 800);
  const RegionStats upper = stats(p, 700, 40, 800, 200), lower = stats(p, 700, 500, 800, 640);
  EXPECT_LT(upper.mean, 40) << "top of the field should be cold (dark)";
  EXPECT_GT(lower.mean, 180) << "bottom of the field should be hot (bright)";
  const RegionStats field = stats(p, 650, 20, 860, 660);
  EXPECT_GT(field.stddev, 60);
  EXPECT_GT(field.colours, 30u);  // a gradient across the interface, not two flat blocks
  const RegionStats panel = stats(p, 8, 30, 400, 500);
  EXPECT_GT(panel.colours, 8u);
  EXPECT_GT(panel.bright_fraction, 0.005) << "the panel should carry text";
  EXPECT_LT(panel.bright_fraction, 0.4);
  EXPECT_LT(panel.mean, 120) << "the panel is ImGui's dark window, not the field";
}

TEST(Program, ScreenshotShowsTheFieldAndThePanel) {
  Xvfb x;
  const std::string shot = temp_path("shot.png");
  const ProcessResult r = run_process(gui({"--paused", "--frames", "5", "--screenshot", shot}), x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  expect_initial_state_and_panel(read_png(shot));
  EXPECT_NE(r.out.find("field upload: host upload"), std::string::npos) << r.out;  // CPU backend
  std::remove(shot.c_str());
}

TEST(Program, OffscreenDrawsTheSameWithoutAnyDisplay) {
  // No DISPLAY at all: EGL gives the context (Mesa's software device here, the GPU's driver on a
  // GPU node), and the frame is the one a window shows.
  const std::string shot = temp_path("offscreen.png");
  const ProcessResult r =
      run_process(gui({"--offscreen", "--paused", "--frames", "5", "--screenshot", shot}), "");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  expect_initial_state_and_panel(read_png(shot));
  EXPECT_NE(r.out.find("context=\"EGL"), std::string::npos) << r.out;
  std::remove(shot.c_str());
}

TEST(Program, ScriptedSteeringTakesEffect) {
  Xvfb x;
  const std::string script = temp_path("steer.txt"), report = temp_path("steer.report");
  const std::string reference_report = temp_path("reference.report");
  write_file(script,
             "# paint, then change gravity\n"
             "probe 32 30\n"
             "paint hot 32 30 radius 12 strength 0.06\n"
             "probe 32 30\n"
             "steps 30\n"
             "report\n"
             "gravity 0\n"
             "steps 30\n"
             "report\n"
             "field vorticity\n"
             "frames 2\n");
  const ProcessResult r = run_process(gui({"--script", script, "--frames", "1", "--report", report}), x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto probes = records(report, "probe"), diags = records(report, "diag");
  ASSERT_EQ(probes.size(), 2u);
  ASSERT_EQ(diags.size(), 2u);
  EXPECT_GT(num(probes[1], "T"), num(probes[0], "T") + 0.05);  // the hot blob (0.06 at its centre)
  EXPECT_NEAR(num(probes[1], "p"), num(probes[0], "p"), 0.01);   // at (nearly) constant pressure
  EXPECT_EQ(num(diags[0], "step"), 30);
  EXPECT_EQ(num(diags[1], "step"), 60);
  EXPECT_EQ(num(diags[1], "gravity"), 0.0);
  EXPECT_GT(num(diags[0], "gravity"), 0.0);

  // The same run without the change of gravity: the diagnostics part ways.
  const std::string ref_script = temp_path("reference.txt");
  write_file(ref_script, "paint hot 32 30 radius 12 strength 0.06\nsteps 60\nreport\n");
  const ProcessResult q =
      run_process(gui({"--script", ref_script, "--frames", "1", "--report", reference_report}), x.display());
  ASSERT_EQ(q.status, 0) << q.out << q.err;
  const auto ref = records(reference_report, "diag");
  ASSERT_EQ(ref.size(), 1u);
  EXPECT_EQ(num(ref[0], "step"), 60);
  EXPECT_GT(num(diags[1], "kinetic_energy"), 10 * num(ref[0], "kinetic_energy"));
  for (const auto& f : {script, report, ref_script, reference_report}) std::remove(f.c_str());
}

TEST(Program, MousePaintsOnTheFieldButNotThroughTheWidgets) {
  Xvfb x;
  const std::string script = temp_path("mouse.txt"), report = temp_path("mouse.report");
  // Six seconds of frames (at the default cap of 60 per second) for the pointer to act in.
  write_file(script, "probe 32 60\nprobe 32 100\nframes 360\nprobe 32 60\nprobe 32 100\n");
  Process p(gui({"--show", "--script", script, "--frames", "1", "--report", report}), x.display());
  ASSERT_TRUE(p.wait_for_output(":3: frames 360", 60)) << p.finish().err;
  Pointer m(x.display());
  m.settle(300);  // the first frames are drawn: the window is mapped
  // Positions in the 1200 x 800 window (the layout of ScreenshotShowsTheFieldAndThePanel): the
  // "raise" radio button of the Paint section, a line of text in the panel (the step), and the
  // lattice (64 x 128 sites, 5.1875 pixels a site, lower-left corner at (589, 672)).
  m.move(140, 723);
  m.click(1);  // a widget: selects the hot brush and must not paint
  m.move(50, 126);
  m.press(1);  // a press in the panel that is dragged over the field: ImGui's, not a stroke
  m.move(757, 300);
  m.move(760, 320);
  m.release(1);
  m.move(757, 358);  // site (32, 60)
  m.click(1);        // one dab
  const ProcessResult r = p.finish();
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::size_t dabs = 0;
  for (std::size_t at = r.out.find("paint hot"); at != std::string::npos; at = r.out.find("paint hot", at + 1)) ++dabs;
  EXPECT_EQ(dabs, 1u) << r.out;
  const auto probes = records(report, "probe");
  ASSERT_EQ(probes.size(), 4u);
  EXPECT_GT(num(probes[2], "T"), num(probes[0], "T") + 0.03);  // the brush: 0.05 at its centre
  EXPECT_EQ(num(probes[3], "T"), num(probes[1], "T"));         // 40 sites away: untouched
  std::remove(script.c_str());
  std::remove(report.c_str());
}

TEST(Program, WithoutADisplayItSaysHowToRun) {
  const ProcessResult r = run_process(gui({"--frames", "1"}), "");
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("DISPLAY"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("xvfb-run"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--offscreen"), std::string::npos) << r.err;
}

TEST(Program, BadInputFailsBeforeAnyWork) {
  // No display given: the input is checked before the window opens.
  const std::string script = temp_path("bad.txt");
  write_file(script, "steps 10\nsteps ten\n");
  const ProcessResult r = run_process(gui({"--script", script, "--frames", "1"}), "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(script + ":2: steps N must be an integer, got 'ten'"), std::string::npos) << r.err;
  std::remove(script.c_str());
  const ProcessResult c = run_process(gui({"--set", "physics.k1=-1", "--frames", "1"}), "");
  EXPECT_EQ(c.status, 2);
  EXPECT_NE(c.err.find("physics.k1"), std::string::npos) << c.err;
  const ProcessResult k = run_process(gui({"--set", "physics.viscosity=0.1", "--frames", "1"}), "");
  EXPECT_EQ(k.status, 2);
  EXPECT_NE(k.err.find("physics.viscosity"), std::string::npos) << k.err;
}

TEST(Program, AFailingScriptCommandStopsTheRunNamingTheLine) {
  Xvfb x;
  const std::string script = temp_path("fails.txt");
  write_file(script, "steps 2\nopen-checkpoint /nonexistent/state.chk\nsteps 100000\n");
  const ProcessResult r = run_process(gui({"--script", script, "--frames", "1"}), x.display());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(script + ":2: open-checkpoint /nonexistent/state.chk"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("now at step 100002"), std::string::npos);  // line 3 never ran
  std::remove(script.c_str());
}

// D3Q19 offers no painting and its lattice ends at z = 15: `tool raise`, `paint hot` and `slice z 16`
// (painting did nothing, and the slice showed z = 15, with exit status 0) are refused before the
// window opens, naming each line; `tool draw` and `slice x 15` are fine.
TEST(Program, AVerbOrAPlaneTheRunHasNotIsRefusedBeforeAnyWork) {
  const std::string config = temp_path("tool.toml"), script = temp_path("tool.txt");
  write_file(config, "model = \"d3q19\"\n[lattice]\nnx = 16\nny = 16\nnz = 16\n[run]\nbackend = \"cpu\"\n");
  write_file(script, "tool draw\ntool raise\npaint hot 5 5\nslice z 16\nslice x 15\nsteps 100000\n");
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--config", config, "--script", script, "--frames", "1"}, "");
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(script + ":2: tool: model d3q19 offers no painting"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(script + ":3: paint: model d3q19 offers no painting"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(script + ":4: slice z=16 lies outside the 16 x 16 x 16 lattice: 0 <= z <= 15"),
            std::string::npos)
      << r.err;
  for (const char* fine : {":1:", ":5:", ":6:"}) EXPECT_EQ(r.err.find(script + fine), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("tool draw"), std::string::npos) << "nothing ran: " << r.out;
  for (const auto& f : {config, script}) std::remove(f.c_str());
}

// A script is a regular file, read with a bound: /dev/zero was read without end (2.8 GB in 7 s), a
// FIFO blocked the start until a writer came, and an over-long line came back in every message
// (1 MB of them). Each is refused at once with the limit named, before the window opens.
TEST(Program, AScriptIsARegularFileOfBoundedSizeAndLines) {
  const std::string fifo = temp_path("script.fifo"), big = temp_path("big.txt"), wide = temp_path("wide.txt");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  write_file(big, std::string(2u << 20, '#'));
  write_file(wide, "steps 1\nsteps " + std::string(1000000, '9') + "\nsteps 2\n");
  const std::vector<std::pair<std::string, std::string>> cases{
      {"/dev/zero", "cannot read script '/dev/zero': it is a character device, not a regular file"},
      {fifo, "cannot read script '" + fifo + "': it is a FIFO (named pipe), not a regular file"},
      {big, "cannot read script '" + big + "': it is 2.00 MiB, over the 1.00 MiB limit for scripts"},
      {wide, wide + ":2: the line is 1000006 bytes long, over the limit of 4096 bytes for a script line"},
  };
  for (const auto& [path, expected] : cases) {
    plume::test::Process p(gui({"--script", path, "--frames", "1"}), "");
    ASSERT_TRUE(p.ended(10)) << path << ": still running after 10 s";
    const ProcessResult r = p.finish();
    EXPECT_EQ(r.status, 2) << path << ": " << r.err.substr(0, 1000);
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err.substr(0, 1000);
    EXPECT_LT(r.err.size() + r.out.size(), 2000u) << path << ": the messages quote what they refuse";
  }
  for (const auto& f : {fifo, big, wide}) std::remove(f.c_str());
}

TEST(Program, CommandLineMistakesAreUsageErrors) {
  const ProcessResult r = run_process(gui({"--field", "temperature"}), "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown field 'temperature'"), std::string::npos) << r.err;
  const ProcessResult s = run_process(gui({"--screenshot", "x.png"}), "");
  EXPECT_EQ(s.status, 2);
  EXPECT_NE(s.err.find("needs --frames"), std::string::npos) << s.err;
  const ProcessResult o = run_process(gui({"--offscreen"}), "");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--offscreen: needs --frames"), std::string::npos) << o.err;
  const ProcessResult u = run_process(gui({"--upload", "gpu", "--frames", "1"}), "");
  EXPECT_EQ(u.status, 2);
  EXPECT_NE(u.err.find("--upload"), std::string::npos) << u.err;
}

// The number options say in words what they take: CLI11's ranges printed an open end as DBL_MAX
// written out (309 digits) and a word as "not in range", NaN passed, and a window larger than X
// allows ended in an X error after the start.
TEST(Program, NumberOptionsSayWhatTheyTake) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--frames", "-1"}, "plume-gui: --frames: '-1' is out of range: expected a whole number from 0 to 1000000000"},
      {{"--frames", "abc"}, "--frames: 'abc' is not a whole number: expected one from 0 to 1000000000"},
      {{"--batch", "0"}, "--batch: '0' is out of range: expected a whole number from 1 to 1000000"},
      {{"--max-fps", "nan"}, "--max-fps: 'nan' is not a finite number: expected one from 0 to 1000"},
      {{"--snapshot-share", "nan"}, "--snapshot-share: 'nan' is not a finite number: expected one from 0.001 to 1"},
      {{"--max-texture", "8"}, "--max-texture: '8' is out of range: expected a whole number from 16 to 1048576"},
  };
  for (const auto& [args, expected] : cases) {
    const ProcessResult r = run_process(gui(args), "");
    EXPECT_EQ(r.status, 2) << args[0] << " " << args[1];
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("17976931348623157"), std::string::npos) << r.err;
  }
  const ProcessResult s = run_process({PLUME_GUI_EXE, "--size", "100000x100000", "--frames", "1"}, "");
  EXPECT_EQ(s.status, 2);
  EXPECT_NE(s.err.find("--size: expected WIDTHxHEIGHT from 320x240 to 16384x16384, got '100000x100000'"),
            std::string::npos)
      << s.err;
}

// --set model=... over a file of another model: the file's keys are checked against the model the
// run will have, as plume run checks them (D2Q37's collision and k1 are no D2Q9 keys), not dropped.
TEST(Program, ModelChangedOnTheCommandLineChecksTheFilesKeys) {
  const std::string file = temp_path("d2q37.toml");
  write_file(file, "[physics]\ncollision = \"rtrt\"\nk1 = 0.01\n");
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--config", file, "--set", "model=d2q9", "--frames", "1"}, "");
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("k1"), std::string::npos) << r.err;
  std::remove(file.c_str());
}

// --range said "At least 2 required but received 1" (CLI11's words) and took NaN; --screenshot wrote
// PNG data into x.jpg, and a missing folder ended the run with status 1 after all its frames.
TEST(Program, RangeAndScreenshotAreCheckedBeforeAnyWork) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--range", "1"}, "plume-gui: --range: takes two numbers, LO HI (--range 0.9 1.1), got one: '1'"},
      {{"--range", "nan", "1"}, "plume-gui: --range: 'nan' is not a finite number: LO and HI are"},
      {{"--frames", "1", "--screenshot", "shot.jpg"},
       "plume-gui: --screenshot: 'shot.jpg' does not end in .png, and the file written is a PNG"},
      {{"--frames", "1", "--screenshot", "/nonexistent/shot.png"},
       "plume-gui: --screenshot: cannot write '/nonexistent/shot.png': its folder '/nonexistent' does not exist"},
  };
  for (const auto& [args, expected] : cases) {
    const ProcessResult r = run_process(gui(args), "");
    EXPECT_EQ(r.status, 2) << args[0] << " " << args[1];
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("required"), std::string::npos) << r.err;
  }
}

TEST(Program, TheWholeScriptIsCheckedBeforeAnyLineRuns) {
  // No display given: every bad line, configuration keys and values included, is reported
  // before the window opens and before line 1 runs.
  const std::string script = temp_path("bad-keys.txt");
  write_file(script, "steps 1\nset physics.gravty 1e-4\nset physics.k1 -3\nsteps 2\nset foo.bar 1\n");
  const ProcessResult r = run_process(gui({"--script", script, "--frames", "1"}), "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(script + ":2: unknown key 'physics.gravty' (did you mean 'physics.gravity'?)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(script + ":3: physics.k1 = -3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(script + ":5: unknown section 'foo'"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("steps 1"), std::string::npos) << r.out;  // nothing ran
  std::remove(script.c_str());
}

TEST(Program, ABlownUpRunStopsSaysWhereAndSavesNoCheckpoint) {
  Xvfb x;
  // Accepted by the configuration's checks, unphysical (rho < 0, then NaN) within about 80 steps.
  const std::vector<std::string> unstable{"--set", "physics.gravity=0.1", "--set", "physics.k1=1e-6",
                                          "--set", "physics.k2=1e-6"};
  const std::string script = temp_path("blow-up.txt"), checkpoint = temp_path("blown-up.chk");
  write_file(script, "steps 3000\nsave-checkpoint " + checkpoint + "\n");
  std::vector<std::string> args = unstable;
  args.insert(args.end(), {"--script", script, "--frames", "1"});
  const ProcessResult r = run_process(gui(args), x.display());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find(script + ":1: steps 3000: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the state became unphysical at step "), std::string::npos) << r.err;  // when
  EXPECT_NE(r.err.find(" at (x="), std::string::npos) << r.err;                               // where
  EXPECT_EQ(::access(checkpoint.c_str(), F_OK), -1) << "a checkpoint of a blown-up state was written";
  EXPECT_EQ(r.out.find("saved a checkpoint"), std::string::npos) << r.out;

  // Running freely (no script): the run pauses at the fault and says so; a --frames run fails.
  args = unstable;
  args.insert(args.end(), {"--frames", "1200"});
  const ProcessResult q = run_process(gui(args), x.display());
  EXPECT_EQ(q.status, 1) << q.out << q.err;
  EXPECT_NE(q.err.find("plume-gui: paused: the state became unphysical at step "), std::string::npos) << q.err;
  std::remove(script.c_str());
}

TEST(Program, TheConfigurationFileMayBeGivenAsTheFirstArgument) {
  Xvfb x;
  // As in the README: plume-gui case.toml (and --config case.toml as before).
  const std::string config = temp_path("case.toml"), other = temp_path("other.toml");
  write_file(config, "[lattice]\nnx = 40\nny = 80\n[run]\nbackend = \"cpu\"\n");
  write_file(other, "[lattice]\nnx = 48\nny = 80\n");
  const std::vector<std::string> common{"--paused", "--frames", "2", "--size", "1200x800"};
  std::vector<std::string> positional{PLUME_GUI_EXE, config}, option{PLUME_GUI_EXE, "--config", config};
  positional.insert(positional.end(), common.begin(), common.end());
  option.insert(option.end(), common.begin(), common.end());
  for (const auto& argv : {positional, option}) {
    const ProcessResult r = run_process(argv, x.display());
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("lattice=40x80"), std::string::npos) << r.out;
  }
  // Two different files: which one was meant is not guessed.
  const ProcessResult both = run_process({PLUME_GUI_EXE, config, "--config", other, "--frames", "1"}, "");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("two configuration files given"), std::string::npos) << both.err;
  const ProcessResult missing = run_process({PLUME_GUI_EXE, config + ".missing", "--frames", "1"}, "");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find(config + ".missing"), std::string::npos) << missing.err;
  std::remove(config.c_str());
  std::remove(other.c_str());
}

TEST(Program, ChoosingACaseSwitchesTheModelAndItsTools) {
  // Started on a D2Q9 case by --config; a `case` line restarts with D2Q37's, whose brush paints
  // and draws no solids.
  Xvfb x;
  const std::string script = temp_path("cases.txt"), report = temp_path("cases.report");
  write_file(script,
             "report\n"
             "field vorticity\n"
             "steps 10\n"
             "report\n"
             "case rayleigh_taylor\n"
             "steps 2\n"
             "report\n"
             "field T\n"
             "solid draw 3 3\n"
             "report\n");
  const ProcessResult r = run_process(gui({"--config", PLUME_ASSETS "/d2q9_taylor_green.toml", "--script", script,
                                           "--frames", "1", "--report", report}),
                                      x.display());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const auto diags = records(report, "diag");
  ASSERT_EQ(diags.size(), 3u) << r.out << r.err;  // the line after the refused one does not run
  EXPECT_EQ(diags[0].at("collision"), "bgk");      // D2Q9's physics, on the lattice of --set
  EXPECT_EQ(num(diags[0], "nx"), 64);
  EXPECT_EQ(diags[0].count("gravity"), 0u);
  EXPECT_EQ(num(diags[1], "step"), 10);
  EXPECT_EQ(diags[2].at("collision"), "rtrt");     // D2Q37's, on the case's own lattice
  EXPECT_EQ(num(diags[2], "nx"), 192);
  EXPECT_EQ(num(diags[2], "step"), 2);
  EXPECT_NE(r.out.find("model d2q37 (tools: inspect, paint the temperature)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find(":9: solid draw 3 3 radius 3: model d2q37 has no solid sites"), std::string::npos) << r.err;
  std::remove(script.c_str());
  std::remove(report.c_str());
}

TEST(Program, TheModelIsChosenWithTheMouse) {
  Xvfb x;
  const std::string script = temp_path("model.txt"), report = temp_path("model.report");
  // Five seconds of frames (at the default cap of 60 per second) for the pointer to act in.
  write_file(script, "frames 300\nreport\n");
  Process p(gui({"--show", "--script", script, "--frames", "1", "--report", report}), x.display());
  ASSERT_TRUE(p.wait_for_output(":1: frames 300", 60)) << p.finish().err;
  Pointer m(x.display());
  m.settle(300);
  m.move(50, 36);  // the model's combo, top left of the panel
  m.click(1);
  m.settle(300);
  m.move(50, 80);  // its second entry: d2q9
  m.click(1);
  const ProcessResult r = p.finish();
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("model d2q9 (tools:"), std::string::npos) << r.out;
  const auto diags = records(report, "diag");
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].count("gravity"), 0u);  // D2Q9's physics
  EXPECT_EQ(diags[0].count("equilibrium"), 1u);
  std::remove(script.c_str());
  std::remove(report.c_str());
}

TEST(Program, AScriptedStrokeDrawsSolidsThatTheSolverHasAndTheFrameShows) {
  // The channel of d2q9_poiseuille (64 x 48, no solid sites): a wall drawn across it, part of it
  // erased again, while the flow runs.
  Xvfb x;
  const std::string script = temp_path("solids.txt"), report = temp_path("solids.report");
  const std::string before = temp_path("solids-before.png"), after = temp_path("solids-after.png");
  write_file(script,
             "field speed\n"
             "screenshot " + before + "\n"
             "probe 20 20\n"
             "solid draw 20 10 to 20 30 radius 1\n"
             "steps 20\n"
             "probe 20 20\n"   // on the wall
             "probe 19 30\n"   // its rounded end
             "probe 20 5\n"    // beyond its end
             "probe 23 20\n"   // beside it
             "screenshot " + after + "\n"
             "solid erase 20 20 radius 2\n"
             "steps 20\n"
             "probe 20 20\n"   // a gap in the wall
             "probe 20 12\n"   // the wall below the gap
             "report\n");
  const ProcessResult r = run_process(gui({"--config", PLUME_ASSETS "/d2q9_poiseuille.toml", "--script", script,
                                           "--frames", "1", "--report", report}),
                                      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto probes = records(report, "probe");
  ASSERT_EQ(probes.size(), 7u);
  EXPECT_EQ(num(probes[0], "solid"), 0);
  EXPECT_EQ(num(probes[1], "solid"), 1);
  EXPECT_EQ(num(probes[2], "solid"), 1);
  EXPECT_EQ(num(probes[3], "solid"), 0);
  EXPECT_EQ(num(probes[4], "solid"), 0);
  EXPECT_EQ(num(probes[5], "solid"), 0);
  EXPECT_EQ(num(probes[6], "solid"), 1);
  EXPECT_NE(r.out.find("solid draw 20 10 to 20 30 radius 1 (65 sites)"), std::string::npos) << r.out;
  // The frame: no grey before; after, the wall in grey.
  EXPECT_EQ(solid_pixels(read_png(before)), 0u);
  EXPECT_GT(solid_pixels(read_png(after)), 65u * 10);
  for (const auto& f : {script, report, before, after}) std::remove(f.c_str());
}

TEST(Program, A3DRunShowsTheSliceAskedForAndDrawsSolidsInIt) {
  // The D3Q19 Taylor-Green vortex on 32^3 sites: ux = U sin(kx) cos(ky) cos(kz) vanishes on the
  // plane x = 0 and on z = 8 (a quarter period), and varies across x = 8 and z = 0; with a fixed
  // colour range a plane of zeros is one flat colour. A solid disc drawn in the plane z = 0 shows
  // in grey there, as one row in the plane x = 16 that cuts it, and not at all in x = 24.
  Xvfb x;
  const std::string config = temp_path("tg3d.toml"), script = temp_path("tg3d.txt"), report = temp_path("tg3d.report");
  std::vector<std::string> shots;
  for (const char* n : {"x0", "x8", "z8", "z0", "disc", "x16", "x24"}) shots.push_back(temp_path(std::string("tg3d-") + n + ".png"));
  write_file(config,
             "model = \"d3q19\"\n[lattice]\nnx = 32\nny = 32\nnz = 32\n"
             "[initial]\nstart = \"taylor_green\"\namplitude = 0.05\n[run]\nbackend = \"cpu\"\n");
  write_file(script,
             "field ux\n"
             "range -0.05 0.05\n"
             "slice x 0\n"
             "screenshot " + shots[0] + "\n"
             "slice x 8\n"
             "screenshot " + shots[1] + "\n"
             "slice z 8\n"
             "screenshot " + shots[2] + "\n"
             "slice z 0\n"
             "screenshot " + shots[3] + "\n"
             "solid draw 16 16 radius 3\n"  // in the plane shown, z = 0
             "screenshot " + shots[4] + "\n"
             "slice x 16\n"
             "screenshot " + shots[5] + "\n"
             "probe 16 0\n"    // (x, y, z) = (16, 16, 0): in the disc
             "probe 16 1\n"    // (16, 16, 1): the disc is one site thick
             "slice x 24\n"
             "screenshot " + shots[6] + "\n");
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--size", "1200x800", "--config", config, "--script", script,
                                       "--frames", "1", "--report", report},
                                      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("solid draw 16 16 radius 3 plane z=0 (29 sites)"), std::string::npos) << r.out;
  std::vector<Png> p;
  for (const std::string& s : shots) p.push_back(read_png(s));
  const auto field = [](const Png& png) { return stats(png, 450, 40, 1060, 640); };
  EXPECT_LT(field(p[0]).stddev, 2.0) << "ux = 0 on the plane x = 0";
  EXPECT_GT(field(p[1]).stddev, 30.0) << "ux varies across the plane x = 8";
  EXPECT_LT(field(p[2]).stddev, 2.0) << "ux = 0 on the plane z = 8";
  EXPECT_GT(field(p[3]).stddev, 30.0) << "ux varies across the plane z = 0";
  EXPECT_EQ(solid_pixels(p[3]), 0u);
  const std::size_t disc = solid_pixels(p[4]), row = solid_pixels(p[5]);
  EXPECT_GT(disc, 29u * 200) << "29 sites of about 20 x 20 pixels";
  EXPECT_GT(row, 7u * 100) << "the disc's 7 sites in the plane x = 16";
  EXPECT_LT(row, disc / 2);
  EXPECT_EQ(solid_pixels(p[6]), 0u) << "the plane x = 24 misses the disc";
  const auto probes = records(report, "probe");
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_EQ(num(probes[0], "x"), 16);
  EXPECT_EQ(num(probes[0], "y"), 16);
  EXPECT_EQ(num(probes[0], "z"), 0);
  EXPECT_EQ(num(probes[0], "solid"), 1);
  EXPECT_EQ(num(probes[1], "z"), 1);
  EXPECT_EQ(num(probes[1], "solid"), 0);
  for (const auto& f : shots) std::remove(f.c_str());
  for (const auto& f : {config, script, report}) std::remove(f.c_str());
}

namespace {

// A 32^3 diffusion run at T = 0 with a hot blob painted around site (24, 16, 16), radius 6 and
// strength 1: T = (1 + cos(pi r / 6)) / 2 at distance r < 6 from it, 0 elsewhere.
constexpr double kBlob[3] = {24, 16, 16};
double blob_T(double x, double y, double z) {
  const double r = std::hypot(x - kBlob[0], y - kBlob[1], z - kBlob[2]);
  return r < 6 ? 0.5 * (1 + std::cos(M_PI * r / 6)) : 0.0;
}
const char* kBlobConfig =
    "model = \"diffusion\"\n[lattice]\nnx = 32\nny = 32\nnz = 32\n"
    "[initial]\nstart = \"blob\"\namplitude = 0.0\n[run]\nbackend = \"cpu\"\n";
const char* kPaintBlob = "field T\nslice z 16\npaint hot 24 16 radius 6 strength 1\n";

// The field area at 1200 x 800: right of the panel (428), above the plots, less the colour bar.
constexpr double kAreaLeft = 428, kAreaTop = 8, kAreaWidth = 1200 - 428 - 8, kAreaHeight = 800 - 120 - 16;

// Where site (u, v) of plane `a` of the three (a 32 x 32 picture) is drawn: three areas side by
// side under a title line, 8 pixels apart, the colour bar right of the third; each fits its
// square picture in the middle.
void three_slices_pixel(int a, int u, int v, int& px, int& py) {
  const double each = (kAreaWidth - 110 - 16) / 3, top = kAreaTop + 28, h = kAreaHeight - 28;
  const double s = std::min(each, h) / 32;
  const double left = kAreaLeft + a * (each + 8) + 0.5 * (each - 32 * s), bottom = top + 0.5 * (h + 32 * s);
  px = int(left + (u + 0.5) * s);
  py = int(bottom - (v + 0.5) * s);
}

}  // namespace

TEST(Program, ThreeSlicesShowThePlanesThroughThePointAndEachMoves) {
  // The blob in grayscale over [0, 1]: a site's grey level is 255 T. The planes x = 24, y = 16
  // and z = 16 all cut the blob through its centre, at their picture sites (16, 16), (24, 16) and
  // (24, 16) (a plane's picture spans its other two axes in order); moving the x plane to 27
  // takes 3 sites off the centre there (T = 1/2) and leaves the other two planes as they were.
  Xvfb x;
  const std::string config = temp_path("three.toml"), script = temp_path("three.txt"),
                    report = temp_path("three.report"), a = temp_path("three-a.png"), b = temp_path("three-b.png");
  write_file(config, kBlobConfig);
  write_file(script, std::string(kPaintBlob) +
                         "colormap grayscale\nrange 0 1\nlayout three\nslice x 24\nslice y 16\nslice z 16\n"
                         "screenshot " + a + "\n"
                         "probe 24 16\n"  // z = 16, the plane the last slice line names
                         "slice x 27\n"
                         "screenshot " + b + "\n"
                         "slice z 19\n"
                         "probe 24 16\n");  // (24, 16, 19): 3 sites above the centre
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--size", "1200x800", "--config", config, "--script", script,
                                       "--frames", "1", "--report", report},
                                      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const Png pa = read_png(a), pb = read_png(b);
  ASSERT_EQ(pa.w, 1200);
  ASSERT_EQ(pb.w, 1200);
  // (plane, u, v) and the lattice site it shows, for the point (24, 16, 16) and then (27, 16, 16).
  struct Probe {
    int plane, u, v;
  };
  const auto grey = [](const Png& p, const Probe& q) {
    int px, py;
    three_slices_pixel(q.plane, q.u, q.v, px, py);
    return p.luminance(px, py);
  };
  const auto site_of = [](const Probe& q, int position, double c[3]) {
    const int u = q.plane == 0 ? 1 : 0, v = q.plane == 2 ? 1 : 2;
    c[q.plane] = position;
    c[u] = q.u;
    c[v] = q.v;
  };
  const int at_a[3] = {24, 16, 16}, at_b[3] = {27, 16, 16};
  int checked = 0;
  for (const Probe q : {Probe{0, 16, 16}, Probe{0, 19, 16}, Probe{0, 16, 12}, Probe{0, 5, 5}, Probe{1, 24, 16},
                        Probe{1, 16, 16}, Probe{1, 24, 19}, Probe{1, 27, 16}, Probe{2, 24, 16}, Probe{2, 21, 16},
                        Probe{2, 24, 13}, Probe{2, 8, 16}}) {
    double c[3];
    site_of(q, at_a[q.plane], c);
    EXPECT_NEAR(grey(pa, q), 255 * blob_T(c[0], c[1], c[2]), 6) << q.plane << " " << q.u << " " << q.v;
    site_of(q, at_b[q.plane], c);
    EXPECT_NEAR(grey(pb, q), 255 * blob_T(c[0], c[1], c[2]), 6) << "moved: " << q.plane << " " << q.u << " " << q.v;
    ++checked;
  }
  EXPECT_EQ(checked, 12);
  EXPECT_NEAR(grey(pb, Probe{0, 16, 16}), 127.5, 6) << "the x plane moved to 27";
  // The probes: the painted temperature at the centre and 3 sites above it.
  const auto probes = records(report, "probe");
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_EQ(num(probes[0], "z"), 16);
  EXPECT_NEAR(num(probes[0], "T"), 1.0, 1e-9);
  EXPECT_EQ(num(probes[1], "z"), 19);
  EXPECT_NEAR(num(probes[1], "T"), 0.5, 1e-9);
  for (const auto& f : {config, script, report, a, b}) std::remove(f.c_str());
}

TEST(Program, TheVolumeRenderingShowsTheBlobWhereItProjectsFromEachAngle) {
  // The blob's centre (24, 16, 16) lies 8 sites right of the lattice's centre (16, 16, 16) seen
  // from the front (camera 0 0), 8 left of it from behind (180 0), on it from the side (90 0).
  // The ray through it crosses the most heat, so the brightest pixels gather there.
  Xvfb x;
  const std::string config = temp_path("volume.toml"), script = temp_path("volume.txt");
  const double angles[3][2] = {{0, 0}, {180, 0}, {90, 0}};
  std::vector<std::string> shots;
  std::string lines = std::string(kPaintBlob) + "range 0 1\nlayout volume\nopacity 0.5 0.2 1\n";
  for (int i = 0; i < 3; ++i) {
    shots.push_back(temp_path("volume-" + std::to_string(i) + ".png"));
    lines += "camera " + std::to_string(angles[i][0]) + " " + std::to_string(angles[i][1]) + "\nscreenshot " +
             shots.back() + "\n";
  }
  write_file(config, kBlobConfig);
  write_file(script, lines);
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--size", "1200x800", "--config", config, "--script", script,
                                       "--frames", "1"},
                                      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const double w = kAreaWidth - 110, h = kAreaHeight, s = std::min(w, h) / std::sqrt(3.0 * 32 * 32);
  std::vector<Png> p;
  for (int i = 0; i < 3; ++i) {
    p.push_back(read_png(shots[i]));
    ASSERT_EQ(p.back().w, 1200);
    // The centroid of the pixels within 10 % of the brightest in the volume's area, below the
    // overlay's white text.
    double top = 0;
    for (int y = int(kAreaTop) + 30; y < int(kAreaTop + h); ++y)
      for (int xx = int(kAreaLeft); xx < int(kAreaLeft + w); ++xx) top = std::max(top, p[i].luminance(xx, y));
    double sx = 0, sy = 0, n = 0;
    for (int y = int(kAreaTop) + 30; y < int(kAreaTop + h); ++y)
      for (int xx = int(kAreaLeft); xx < int(kAreaLeft + w); ++xx)
        if (p[i].luminance(xx, y) >= 0.9 * top) sx += xx, sy += y, n += 1;
    ASSERT_GT(n, 0);
    EXPECT_GT(top, 120) << "the blob shows";
    const double right = i == 0 ? 8.5 : i == 1 ? -8.5 : -0.5;  // (blob - centre) . camera's right
    EXPECT_NEAR(sx / n, kAreaLeft + 0.5 * w + right * s, 8) << "camera " << angles[i][0] << " " << angles[i][1];
    EXPECT_NEAR(sy / n, kAreaTop + 0.5 * h - 0.5 * s, 8) << "camera " << angles[i][0] << " " << angles[i][1];
    EXPECT_LT(n, 0.05 * w * h) << "a blob, not a fog";
  }
  EXPECT_GT(plume::test::differing_pixels(p[0], p[1], int(kAreaLeft), 8, int(kAreaLeft + w), int(kAreaTop + h)), 10000u);
  for (const auto& f : shots) std::remove(f.c_str());
  for (const auto& f : {config, script}) std::remove(f.c_str());
}

TEST(Program, TheMousePaintsABallInThePlaneOfTheThreeItIsOver) {
  // Three slices of the 32^3 diffusion run at T = 0 through (24, 16, 16); the one-slice plane is
  // z = 16. A click with the hot brush (radius 10, strength 0.05) on site (8, 20) of the middle
  // picture, the plane y = 16 (x across, z up), paints a ball around (8, 16, 20): its centre gets
  // 0.05, and (8, 20, 16), 5.66 sites away, 0.05 (1 + cos(0.566 pi)) / 2 = 0.0198. Stamped with
  // the one-slice plane instead, the two would be the other way round.
  Xvfb x;
  const std::string config = temp_path("mouse3d.toml"), script = temp_path("mouse3d.txt"),
                    report = temp_path("mouse3d.report");
  write_file(config, kBlobConfig);
  write_file(script,
             "field T\ncolormap grayscale\nrange 0 1\nlayout three\nslice x 24\nslice y 16\nslice z 16\n"
             "tool raise\nframes 360\n"
             "slice y 16\nprobe 8 20\nslice z 16\nprobe 8 20\n");
  Process p({PLUME_GUI_EXE, "--size", "1200x800", "--show", "--config", config, "--script", script, "--frames", "1",
             "--report", report},
            x.display());
  ASSERT_TRUE(p.wait_for_output(":9: frames 360", 60)) << p.finish().err;
  Pointer m(x.display());
  m.settle(300);
  int px, py;
  three_slices_pixel(1, 8, 20, px, py);
  m.move(px, py);
  m.click(1);
  const ProcessResult r = p.finish();
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("plane y=16"), std::string::npos) << r.out;
  const auto probes = records(report, "probe");
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_EQ(num(probes[0], "y"), 16);
  EXPECT_EQ(num(probes[0], "z"), 20);
  EXPECT_NEAR(num(probes[0], "T"), 0.05, 0.002) << "the ball's centre";
  EXPECT_EQ(num(probes[1], "y"), 20);
  EXPECT_EQ(num(probes[1], "z"), 16);
  EXPECT_NEAR(num(probes[1], "T"), 0.0198, 0.003) << "5.66 sites from the centre";
  for (const auto& f : {config, script, report}) std::remove(f.c_str());
}

TEST(Program, TheVolumeRenderingDrawsSolidsOpaqueGrey) {
  // D3Q19 on 32^3 sites with a solid disc of radius 6 drawn in the plane z = 16, one site thick;
  // with the fluid fully clear (opacity 0), the volume rendering shows only the disc, in grey:
  // seen from above (camera 0 90) its face, about 113 sites of 11.8 pixels square; seen edge-on
  // (camera 0 0) a line one site high.
  Xvfb x;
  const std::string config = temp_path("solid3d.toml"), script = temp_path("solid3d.txt"),
                    above = temp_path("solid3d-above.png"), side = temp_path("solid3d-side.png");
  write_file(config, "model = \"d3q19\"\n[lattice]\nnx = 32\nny = 32\nnz = 32\n[run]\nbackend = \"cpu\"\n");
  write_file(script, "slice z 16\nsolid draw 16 16 radius 6\nlayout volume\nopacity 0\ncamera 0 90\nscreenshot " +
                         above + "\ncamera 0 0\nscreenshot " + side + "\n");
  const ProcessResult r = run_process({PLUME_GUI_EXE, "--size", "1200x800", "--config", config, "--script", script,
                                       "--frames", "1"},
                                      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto grey = [](const Png& p) {
    return pixels_of(p, 128, 128, 128, 428, 40, 1082, 672) + pixels_of(p, 127, 127, 127, 428, 40, 1082, 672);
  };
  const double s = (kAreaWidth - 110) / std::sqrt(3.0 * 32 * 32);  // pixels per site
  const std::size_t face = grey(read_png(above)), edge = grey(read_png(side));
  EXPECT_GT(face, 0.8 * 113 * s * s) << "the disc's face";
  EXPECT_LT(face, 1.2 * 113 * s * s);
  EXPECT_GT(edge, 0.5 * 13 * s * s) << "the disc edge-on: 13 sites wide, one high";
  EXPECT_LT(edge, 2.0 * 13 * s * s);
  for (const auto& f : {config, script, above, side}) std::remove(f.c_str());
}

// --max-texture: a plane larger than the limit is shown every k-th site (here 64 x 128 sites under
// a limit of 32: k = 4, a 16 x 32 texture), drawn over the same area as the whole lattice.
TEST(Program, ALimitedTextureShowsEveryKthSiteOverTheSameArea) {
  const std::string full = temp_path("full.png"), limited = temp_path("limited.png");
  const ProcessResult a = run_process(gui({"--offscreen", "--paused", "--frames", "3", "--screenshot", full}), "");
  ASSERT_EQ(a.status, 0) << a.out << a.err;
  const ProcessResult b = run_process(
      gui({"--offscreen", "--paused", "--frames", "3", "--max-texture", "32", "--screenshot", limited}), "");
  ASSERT_EQ(b.status, 0) << b.out << b.err;
  const Png f = read_png(full), l = read_png(limited);
  expect_initial_state_and_panel(l);  // the same picture, cold above and hot below
  // Sixteen times fewer texels: far fewer colours across the interface, in blocks of 4 x 4 sites.
  const RegionStats fs = stats(f, 650, 20, 860, 660), ls = stats(l, 650, 20, 860, 660);
  EXPECT_LT(ls.colours * 2, fs.colours) << "full " << fs.colours << ", limited " << ls.colours;
  std::remove(full.c_str());
  std::remove(limited.c_str());
  const ProcessResult small = run_process(gui({"--max-texture", "8", "--frames", "1"}), "");
  EXPECT_EQ(small.status, 2);
  EXPECT_NE(small.err.find("--max-texture"), std::string::npos) << small.err;
}

// The --frames summary measures the run's second half apart from its start (late_*), and the
// OpenGL time of the frames, those that brought in a new field apart (gl_frame_ms=plain,new). How
// many snapshots the second half gets depends on the machine's load (two cores shared with other
// tests in CI): the rates are checked over the whole run, the second half's and the GL times for
// being there and measured.
TEST(Program, TheFramesSummaryGivesTheSecondHalfAndTheGlTimePerFrame) {
  const ProcessResult r = run_process(gui({"--offscreen", "--frames", "60"}), "");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const std::string& out = r.out;
  const auto value = [&](const std::string& key) {
    const auto at = out.rfind(" " + key + "=");
    EXPECT_NE(at, std::string::npos) << key << " missing in " << out;
    return at == std::string::npos ? std::string() : out.substr(at + key.size() + 2, out.find(' ', at + 1) - at - key.size() - 2);
  };
  EXPECT_GT(std::stod(value("site_updates_per_s")), 0.0);
  EXPECT_GT(std::stod(value("snapshots_per_s")), 0.0);
  EXPECT_GE(std::stod(value("late_site_updates_per_s")), 0.0);
  EXPECT_GE(std::stod(value("late_snapshots_per_s")), 0.0);
  EXPECT_GT(std::stod(value("upload_ms")), 0.0);  // the host upload of each new field
  const std::string gl = value("gl_frame_ms");
  const auto comma = gl.find(',');
  ASSERT_NE(comma, std::string::npos) << gl;
  const double plain = std::stod(gl.substr(0, comma)), with_field = std::stod(gl.substr(comma + 1));
  EXPECT_GE(plain, 0.0) << gl;
  EXPECT_GE(with_field, 0.0) << gl;
  EXPECT_GT(plain + with_field, 0.0) << "every frame draws, which takes GPU time: " << gl;
}

// A lattice wider than the view is drawn from every k-th site, at about two texels a pixel
// (the --frames summary's texture=), and zooming in brings the texture back to every site.
TEST(Program, TheTextureFollowsTheViewNotTheLattice) {
  const std::string fit = temp_path("fit.txt"), zoom = temp_path("zoom.txt");
  write_file(fit, "frames 90\n");
  write_file(zoom, "view 2048 128 16\nframes 90\n");
  const auto texture = [](const ProcessResult& r) {
    const auto at = r.out.rfind("texture=");
    return at == std::string::npos ? std::string() : r.out.substr(at + 8, r.out.find(' ', at) - at - 8);
  };
  const std::vector<std::string> big{"--offscreen", "--set", "model=d2q9", "--set", "lattice.nx=4096",
                                     "--set",       "lattice.ny=256", "--frames", "1"};
  auto args = big;
  args.insert(args.end(), {"--script", fit});
  const ProcessResult f = run_process(gui(args), "");
  ASSERT_EQ(f.status, 0) << f.out << f.err;
  // About 740 pixels for 4096 sites across: 2 x 740 texels at least, a power of two: every 2nd site.
  EXPECT_EQ(texture(f), "2048x128") << f.out;
  args = big;
  args.insert(args.end(), {"--script", zoom});
  const ProcessResult z = run_process(gui(args), "");
  ASSERT_EQ(z.status, 0) << z.out << z.err;
  EXPECT_EQ(texture(z), "4096x256") << z.out;
  std::remove(fit.c_str());
  std::remove(zoom.c_str());
}

// The command line's other refusals in plume-gui's words, not CLI11's ("At Most 1 required but
// received 2", "The following argument was not expected", "File does not exist").
TEST(Program, OptionsGivenTwiceAndStrayArgumentsAreNamed) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{PLUME_GUI_EXE, "--frames", "1", "--frames", "2"}, "plume-gui: --frames is given 2 times ('1', '2'): give it once"},
      {{PLUME_GUI_EXE, "--size", "400x300", "--size", "500x400", "--frames", "1"},
       "--size is given 2 times ('400x300', '500x400')"},
      {{PLUME_GUI_EXE, PLUME_GUI_EXE, "stray", "--frames", "1"},
       "plume-gui: argument 'stray' not expected: one configuration file at most"},
      {{PLUME_GUI_EXE, "no-such-case.toml", "--frames", "1"}, "plume-gui: config: no such file: 'no-such-case.toml'"},
  };
  for (const auto& [args, expected] : cases) {
    const ProcessResult r = run_process(args, "");
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
}

// Needs the tracers (solver/tracers): until they are in the build, [tracers] is refused.
TEST(Program, TracersAreDotsOverTheFieldAndAPickNamesTheOneThere) {
  // Five tracers along y = 24 of the d2q9_poiseuille channel (64 x 48), paused at step 0: the
  // middle one lies at x = 30 whether the line's ends hold tracers or not.
  Xvfb x;
  const std::string script = temp_path("points.txt"), report = temp_path("points.report");
  const std::string off = temp_path("points-off.png"), on = temp_path("points-on.png");
  write_file(script,
             "pause\n"
             "field speed\n"
             "colormap viridis\n"
             "points off\n"
             "frames 2\n"
             "screenshot " + off + "\n"
             "points on\n"
             "frames 2\n"
             "screenshot " + on + "\n"
             "pick 30 24\n"
             "pick 30 40\n");
  const ProcessResult r = run_process(
      gui({"--config", PLUME_ASSETS "/d2q9_poiseuille.toml", "--set", "tracers.seed_in=\"line\"", "--set",
           "tracers.count=5", "--set", "tracers.from=[10.0, 24.0]", "--set", "tracers.to=[50.0, 24.0]",
           "--script", script, "--frames", "1", "--report", report}),
      x.display());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto picks = records(report, "pick");
  ASSERT_EQ(picks.size(), 2u);
  EXPECT_EQ(picks[0].at("set"), "tracers");
  EXPECT_NEAR(num(picks[0], "px"), 30.0, 1e-9);
  EXPECT_NEAR(num(picks[0], "py"), 24.0, 1e-9);
  EXPECT_EQ(picks[1].count("set"), 0u) << "nothing within a site of (30, 40)";
  // The dots are white (with a black rim), far brighter than viridis' dark end, which the flat
  // field of step 0 takes: pixels of the field area that are bright with the points on and not
  // with them off (the overlay line and any read-out are the same in both), five dots' worth.
  const Png shot_off = read_png(off), shot_on = read_png(on);
  ASSERT_EQ(shot_on.w, shot_off.w);
  ASSERT_EQ(shot_on.h, shot_off.h);
  const auto bright = [](const Png& p, int x, int y) { return std::min({p.at(x, y)[0], p.at(x, y)[1], p.at(x, y)[2]}) > 200; };
  std::size_t dots = 0;
  for (int y = 8; y < 680; ++y)
    for (int x = 428; x < 1082; ++x) dots += bright(shot_on, x, y) && !bright(shot_off, x, y);
  EXPECT_GT(dots, 5u * 10) << "bright pixels that the points add";
  for (const auto& f : {script, report, off, on}) std::remove(f.c_str());
}

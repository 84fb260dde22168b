// `plume run` with ParaView Catalyst pipelines (the real ParaView; the driver starts its own Xvfb
// for the rendering pipeline when there is no display): the in-situ extracts land in the run's
// folder at the in-situ steps, the rendered temperature shows a non-uniform field, and a pipeline
// that raises stops the run at start-up with the script's own error. A pipeline can neither end
// the run (sys.exit) nor hold it up: past insitu.timeout or on SIGTERM it is interrupted, and one
// stuck where it cannot be interrupted ends the run with its checkpoint and summary. `plume check`
// compiles the scripts. The private Xvfb does not outlive a killed run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <stb/stb_image.h>  // Debian's libstb carries the implementation
#include "background_run.hpp"
#include "output_files.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/config/run_config.hpp"
#include "run_plume.hpp"

namespace fs = std::filesystem;
using namespace plume;
using plume::test::q;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::TempDir;

namespace {

std::string catalyst_case(const TempDir& tmp, const std::vector<std::string>& scripts,
                          const std::function<void(config::RunConfig&)>& adjust = {}) {
  config::RunConfig c = plume::test::tiny_config(tmp / "out");
  c.steps = 40;
  c.insitu.every = 20;
  c.insitu.scripts = scripts;
  if (adjust) adjust(c);
  const std::string path = tmp / "case.toml";
  config::save_config(c, path);
  return path;
}

// In situ every 10 steps and no other output, so that a checkpoint in the folder is one the
// handling of a pipeline's failure wrote.
void insitu_only(config::RunConfig& c) {
  c.insitu.every = 10;
  c.output.every = 0;
  c.output.checkpoint_every = 0;
}

// A pipeline (script-version 2, data only) whose catalyst_execute runs `body` (Python, indented
// by 8) from step 20 on, after creating the file `marker`.
std::string pipeline(const TempDir& tmp, const std::string& name, const std::string& body,
                     const std::string& imports = "") {
  const std::string path = tmp / name;
  plume::test::write_file(path, "# script-version: 2\nfrom paraview.simple import *\nfrom paraview import catalyst\n" +
                                    imports + "input = PVTrivialProducer(registrationName='input')\n" +
                                    "options = catalyst.Options()\ndef catalyst_execute(info):\n" +
                                    "    if info.timestep >= 20:\n        open(" + q(tmp / "marker") +
                                    ", 'w').close()\n" + body);
  return path;
}

// Stuck in C where no signal gets it out: glibc's sigwait starts again after a signal handler ran,
// and the signal it waits for is never sent.
const char* kStuckInC = R"(        libc = ctypes.CDLL(None)
        mask = ctypes.create_string_buffer(128)
        libc.sigemptyset(mask)
        libc.sigaddset(mask, int(signal.SIGRTMIN) + 10)
        libc.sigwait(mask, ctypes.byref(ctypes.c_int()))
)";

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

const char* kLoops = "        while True:\n            pass\n";  // a pipeline body that never returns

// Runs `script` with insitu.timeout = 3 (it must end well within 2 minutes).
Result run_with_time_limit_3s(const TempDir& tmp, const std::string& script) {
  const auto t0 = std::chrono::steady_clock::now();
  const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, [](config::RunConfig& c) {
                               insitu_only(c);
                               c.insitu.timeout = 3;
                             })));
  EXPECT_LT(seconds_since(t0), 120.0);
  return r;
}

// Runs `script` with no time limit in the background (insitu_only, then `adjust`) and sends
// `signal` once the pipeline has begun its call at step 20. Returns the exit status, or nothing if
// the run has not ended 20 s later.
std::optional<int> signal_at_step_20(const TempDir& tmp, const std::string& script, int signal = SIGTERM,
                                     const std::function<void(config::RunConfig&)>& adjust = {}) {
  const std::string config = catalyst_case(tmp, {script}, [&](config::RunConfig& c) {
    insitu_only(c);
    c.insitu.timeout = 0;
    if (adjust) adjust(c);
  });
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run -q " + q(config), tmp / "stdout", tmp / "stderr");
  if (!plume::test::wait_for_file(tmp / "marker", 120)) {
    ADD_FAILURE() << "the pipeline did not reach step 20: " << plume::test::read_file(tmp / "stderr");
    return std::nullopt;
  }
  run.signal(signal);
  return run.wait(20);
}
std::optional<int> sigterm_at_step_20(const TempDir& tmp, const std::string& script) {
  return signal_at_step_20(tmp, script);
}

// A pipeline (script-version 2, data only) whose catalyst_finalize runs `body` (indented by 4).
std::string finalizing_pipeline(const TempDir& tmp, const std::string& body, const std::string& imports = "") {
  const std::string path = tmp / "finalizes.py";
  plume::test::write_file(path, "# script-version: 2\nfrom paraview.simple import *\nfrom paraview import catalyst\n" +
                                    imports + "input = PVTrivialProducer(registrationName='input')\n" +
                                    "options = catalyst.Options()\ndef catalyst_execute(info):\n    pass\n" +
                                    "def catalyst_finalize():\n" + body);
  return path;
}

std::string summary_of(const TempDir& tmp) { return plume::test::read_file(tmp / "out/summary.json"); }

// The checkpoint that the handling of a pipeline's failure at step 20 wrote (insitu_only: the only
// one in the folder), complete, checksum and all; "" if there is none. The pipelines run on their
// own thread while the run goes on, so it is of the step where the run stopped: 20 or later.
std::string failure_checkpoint(const TempDir& tmp) {
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(tmp / "out"))
    if (e.path().extension() == ".ckpt") found.push_back(e.path());
  EXPECT_EQ(found.size(), 1u);
  if (found.size() != 1) return "";
  const long long step = io::read_checkpoint(found[0].string()).header.step;
  EXPECT_GE(step, 20);
  EXPECT_EQ(found[0].string(), plume::test::ckpt(tmp / "out", step));
  EXPECT_NE(summary_of(tmp).find("\"last\": " + std::to_string(step)), std::string::npos) << summary_of(tmp);
  return found[0].string();
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
  // Catalyst started, ran and ended on the sinks' own thread, beside the solver.
  EXPECT_NE(summary_of(tmp).find("\"on_own_thread\": true"), std::string::npos) << summary_of(tmp);
  EXPECT_NE(summary_of(tmp).find("\"calls\": 3"), std::string::npos) << summary_of(tmp);
  const fs::path insitu = fs::path(tmp / "out") / "insitu";
  for (const char* step : {"0000000", "0000020", "0000040"}) {
    const fs::path png = insitu / (std::string("temperature_") + step + ".png");
    ASSERT_TRUE(fs::exists(png)) << png;
    EXPECT_GT(pixel_spread(png.string()), 20.0) << "a uniform image: " << png;
    EXPECT_TRUE(fs::exists(insitu / (std::string("fields_") + step + ".pvti"))) << step;
  }
  EXPECT_FALSE(fs::exists(insitu / "temperature_0000010.png")) << "in situ ran off its period";
  EXPECT_TRUE(fs::exists(insitu / "insitu.json"));
  // The extracts were written into a staging folder and moved into place after each call; none is
  // left.
  for (const auto& e : fs::directory_iterator(insitu))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
}

// A run killed while a pipeline wrote leaves its staging folder (and its half extract in it), never
// a half file under an extract's name; the next run in the folder removes it.
TEST(CatalystRun, ARestartRemovesTheStagingFolderADeadRunLeft) {
  TempDir tmp;
  const std::string cfg = catalyst_case(tmp, {std::string(PLUME_SOURCE_DIR) + "/pipelines/fields.py"});
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  const fs::path insitu = fs::path(tmp / "out") / "insitu", dead = insitu / ".rank0.tmp.999999999";
  fs::create_directories(dead / "fields_0000060");
  plume::test::write_file((dead / "fields_0000060/fields_0000060_0.vti").string(), "<VTKFile half");
  const Result r = run_plume("run " + q(cfg) + " --steps 60 --restart " + q(tmp / "out/checkpoint_000000040.ckpt"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("removed 1 temporary file(s)"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dead));
  EXPECT_TRUE(fs::exists(insitu / "fields_0000060.pvti"));
  EXPECT_TRUE(fs::exists(insitu / "fields_0000060/fields_0000060_0.vti"));
}

// ParaView changes the process's working folder to the extracts' while a pipeline runs, on the
// sinks' thread: a run given a relative output folder still writes its images, checkpoints and
// summary there, never into insitu/, and leaves no temporary file.
TEST(CatalystRun, ARelativeOutputFolderHoldsTheRunsFilesWhilePipelinesRun) {
  TempDir tmp;
  const std::string slow = pipeline(tmp, "slow.py", "        time.sleep(0.3)\n", "import time\n");
  // Every call is slow (pipeline() starts its body at step 20; this one from the start).
  std::string text = plume::test::read_file(slow);
  text.replace(text.find("    if info.timestep >= 20:"), std::string("    if info.timestep >= 20:").size(),
               "    if True:");
  plume::test::write_file(slow, text);
  config::RunConfig c = plume::test::tiny_config("out");
  c.steps = 60;
  c.insitu.every = 2;
  c.insitu.scripts = {slow};
  c.output.every = 5;
  c.output.checkpoint_every = 10;
  config::save_config(c, tmp / "case.toml");
  const Result r = plume::test::run_shell("cd " + q(tmp.path) + " && " + PLUME_EXE + " run -q case.toml");
  ASSERT_EQ(r.code, 0) << r.err;
  const fs::path out = fs::path(tmp / "out");
  for (long step = 0; step <= 60; step += 5) {
    char image[32];
    std::snprintf(image, sizeof image, "T_%09ld.png", step);
    EXPECT_TRUE(fs::exists(out / image)) << "image of step " << step;
  }
  for (long step : {50L, 60L})  // the two newest kept (output.keep)
    EXPECT_TRUE(fs::exists(out / ("checkpoint_0000000" + std::to_string(step) + ".ckpt"))) << step;
  EXPECT_TRUE(fs::exists(out / "summary.json"));
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    EXPECT_EQ(name.find(".tmp."), std::string::npos) << e.path();
    if (e.path().parent_path().filename() == "insitu")
      EXPECT_TRUE(name.rfind("T_", 0) != 0 && name.find(".ckpt") == std::string::npos && name != "summary.json")
          << "a file of the run's in the extracts' folder: " << e.path();
  }
}

// ParaView's logging installs handlers of its own as Catalyst starts (a stack trace, then the end
// of the process); a SIGTERM while the pipelines load still stops the run as anywhere else: status
// 130, a checkpoint, the summary, and a log without terminal colours when stderr is a file.
TEST(CatalystRun, SigtermWhilePipelinesLoadStopsTheRunWithItsCheckpoint) {
  TempDir tmp;
  const std::string script = tmp / "slow_load.py";
  plume::test::write_file(script, "# script-version: 2\nimport time\nopen(" + q(tmp / "marker") +
                                      ", 'w').close()\ntime.sleep(5)\nfrom paraview.simple import *\n"
                                      "from paraview import catalyst\ninput = PVTrivialProducer(registrationName='input')\n"
                                      "options = catalyst.Options()\ndef catalyst_execute(info):\n    pass\n");
  const std::string config = catalyst_case(tmp, {script}, insitu_only);
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run " + q(config), tmp / "stdout", tmp / "stderr");
  ASSERT_TRUE(plume::test::wait_for_file(tmp / "marker", 120)) << plume::test::read_file(tmp / "stderr");
  run.signal(SIGTERM);
  const std::optional<int> code = run.wait(60);
  ASSERT_TRUE(code) << "the run did not end within 60 s";
  const std::string err = plume::test::read_file(tmp / "stderr");
  EXPECT_EQ(*code, 130) << err;
  EXPECT_NE(summary_of(tmp).find("\"status\": \"interrupted\""), std::string::npos) << summary_of(tmp);
  bool checkpoint = false;
  for (const auto& e : fs::directory_iterator(tmp / "out"))
    checkpoint = checkpoint || e.path().extension() == ".ckpt";
  EXPECT_TRUE(checkpoint) << "no checkpoint";
  EXPECT_EQ(err.find("Loguru caught a signal"), std::string::npos) << err;
  EXPECT_EQ(err.find('\x1b'), std::string::npos) << "terminal colours in a log file: " << err;
}

TEST(CatalystRun, APipelineThatRaisesStopsTheRunWithItsError) {
  TempDir tmp;
  const std::string bad = tmp / "broken.py";
  plume::test::write_file(bad, "# script-version: 2\nraise RuntimeError('plume-test: this pipeline is broken')\n");
  const Result r = run_plume("run -q " + q(catalyst_case(tmp, {bad})));
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("plume-test: this pipeline is broken"), std::string::npos) << r.err;
  // Once: in plume's report, not first by ParaView's output window as well.
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = r.err.find(what); at != std::string::npos; at = r.err.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("Traceback (most recent call last)"), 1u) << r.err;
  EXPECT_EQ(count("RuntimeError: plume-test: this pipeline is broken"), 1u) << r.err;
  EXPECT_FALSE(fs::exists(fs::path(tmp / "out") / "checkpoint_000000040.ckpt")) << "the run went on";
  // The folder the run had begun says why it ended.
  EXPECT_NE(summary_of(tmp).find("\"status\": \"failed\""), std::string::npos) << summary_of(tmp);
  EXPECT_NE(summary_of(tmp).find("plume-test: this pipeline is broken"), std::string::npos) << summary_of(tmp);
}

TEST(CatalystRun, OverwriteReplacesTheExtractsAndARefusedRestartLeavesThem) {
  TempDir tmp;
  const std::string fields = std::string(PLUME_SOURCE_DIR) + "/pipelines/fields.py";
  const std::string cfg = catalyst_case(tmp, {fields});
  const fs::path insitu = fs::path(tmp / "out") / "insitu";
  ASSERT_EQ(run_plume("run -q " + q(cfg)).code, 0);
  ASSERT_TRUE(fs::exists(insitu / "fields_0000040.pvti"));
  // A restart the checkpoint does not fit: refused before the pipelines start.
  const std::string description = plume::test::read_file(insitu / "insitu.json");
  Result r = run_plume("run -q " + q(cfg) + " --set lattice.nx=40 --set insitu.every=10 --restart " +
                       q(tmp / "out/checkpoint_000000020.ckpt"));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(plume::test::read_file(insitu / "insitu.json"), description) << "insitu.json rewritten";
  // A shorter run over it: the earlier run's extracts go, this run's are there.
  r = run_plume("run -q --overwrite " + q(cfg) + " --steps 20");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::exists(insitu / "fields_0000000.pvti"));
  EXPECT_TRUE(fs::exists(insitu / "fields_0000020.pvti"));
  EXPECT_FALSE(fs::exists(insitu / "fields_0000040.pvti")) << "an extract of the earlier run is left";
  EXPECT_TRUE(fs::exists(insitu / "insitu.json"));
}

TEST(CatalystRun, APipelineThatCallsSysExitFailsLikeAnyOther) {
  {
    // sys.exit(0) ended plume at once with status 0 and nothing saved.
    TempDir tmp;
    const std::string script = pipeline(tmp, "exits.py", "        sys.exit(0)\n", "import sys\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, insitu_only)));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("sys.exit(0)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("exits.py"), std::string::npos) << r.err;
    EXPECT_NE(failure_checkpoint(tmp), "") << "the sound state at the failure is kept";
    EXPECT_NE(summary_of(tmp).find("\"status\": \"failed\""), std::string::npos) << summary_of(tmp);
  }
  {
    // sys.exit(3) ended it with plume's own "diverged" status; under "disable" the run goes on.
    TempDir tmp;
    const std::string script = pipeline(tmp, "exits.py", "        sys.exit(3)\n", "import sys\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, [](config::RunConfig& c) {
                                 insitu_only(c);
                                 c.insitu.on_error = insitu::OnError::Disable;
                               })));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("sys.exit(3)"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(plume::test::ckpt(tmp / "out", 40))) << "the run did not reach its end";
    // The folder says why the extracts stop at step 20: insitu.json, written again at the end.
    const std::string description = plume::test::read_file(tmp / "out/insitu/insitu.json");
    EXPECT_NE(description.find("\"dropped\": \"at step 20: RuntimeError: the pipeline called sys.exit(3)"),
              std::string::npos)
        << description;
  }
}

TEST(CatalystRun, APipelinePastInsituTimeoutIsInterrupted) {
  TempDir tmp;
  const Result r = run_with_time_limit_3s(tmp, pipeline(tmp, "loops.py", kLoops));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("time limit of 3 s"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("loops.py"), std::string::npos) << r.err;
  EXPECT_NE(failure_checkpoint(tmp), "");
}

TEST(CatalystRun, SigtermEndsARunWhosePipelineNeverReturns) {
  // With no time limit, SIGTERM only set a flag while the pipeline looped: the run never ended.
  TempDir tmp;
  const auto code = sigterm_at_step_20(tmp, pipeline(tmp, "loops.py", kLoops));
  ASSERT_TRUE(code) << "SIGTERM did not end the run within 20 s";
  EXPECT_EQ(*code, 130) << plume::test::read_file(tmp / "stderr");
  EXPECT_NE(summary_of(tmp).find("\"status\": \"interrupted\""), std::string::npos) << summary_of(tmp);
  bool any_checkpoint = false;
  for (const auto& e : fs::directory_iterator(tmp / "out"))
    any_checkpoint = any_checkpoint || e.path().extension() == ".ckpt";
  EXPECT_TRUE(any_checkpoint);
}

TEST(CatalystRun, APipelineStuckOutsidePythonEndsTheRunWithItsCheckpoint) {
  TempDir tmp;
  const Result r = run_with_time_limit_3s(tmp, pipeline(tmp, "stuck.py", kStuckInC, "import ctypes, signal\n"));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("stuck outside Python"), std::string::npos) << r.err;
  const std::string ckpt = failure_checkpoint(tmp);
  ASSERT_NE(ckpt, "") << r.err;
  EXPECT_NE(r.err.find("last good checkpoint: " + ckpt), std::string::npos) << r.err;
  const std::string summary = summary_of(tmp);
  EXPECT_NE(summary.find("\"status\": \"failed\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("stuck outside Python"), std::string::npos) << summary;
}

TEST(CatalystRun, SigtermEndsARunWhosePipelineIsStuckOutsidePython) {
  TempDir tmp;
  const auto code = sigterm_at_step_20(tmp, pipeline(tmp, "stuck.py", kStuckInC, "import ctypes, signal\n"));
  ASSERT_TRUE(code) << "SIGTERM did not end the run within 20 s";
  EXPECT_EQ(*code, 130) << plume::test::read_file(tmp / "stderr");
  EXPECT_NE(failure_checkpoint(tmp), "");
  EXPECT_NE(summary_of(tmp).find("\"status\": \"interrupted\""), std::string::npos) << summary_of(tmp);
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
                                           [](config::RunConfig& c) { c.steps = 1000000; });
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

// What a pipeline writes to stderr itself (warnings.warn, NumPy's RuntimeWarning, a message) is
// shown, not taken for an error: ParaView's stderr counted it as one, and the run stopped with 1.
// A traceback after a warning in the same call still fails it.
TEST(CatalystRun, APipelinesWarningsAreShownNotFatal) {
  {
    TempDir tmp;
    const std::string script = pipeline(tmp, "warns.py",
                                        "        warnings.warn('plume-test: a warning of the pipeline')\n"
                                        "        numpy.float64(1.0) / numpy.float64(0.0)\n"
                                        "        print('plume-test: a line to stderr', file=sys.stderr)\n",
                                        "import sys\nimport warnings\nimport numpy\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, insitu_only)));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("UserWarning: plume-test: a warning of the pipeline"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("RuntimeWarning: divide by zero"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("plume-test: a line to stderr"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(plume::test::ckpt(tmp / "out", 40))) << "the run did not reach its end";
    EXPECT_NE(summary_of(tmp).find("\"status\": \"completed\""), std::string::npos) << summary_of(tmp);
  }
  {
    TempDir tmp;
    const std::string script = pipeline(tmp, "warns_then_raises.py",
                                        "        warnings.warn('plume-test: a warning first')\n"
                                        "        raise ValueError('plume-test: then an error')\n",
                                        "import warnings\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, insitu_only)));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("ValueError: plume-test: then an error"), std::string::npos) << r.err;
    EXPECT_NE(summary_of(tmp).find("\"status\": \"failed\""), std::string::npos) << summary_of(tmp);
  }
}

namespace {
// The processes whose parent is `parent`.
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> found;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (const auto s = plume::test::proc_stat(pid); s && s->ppid == parent) found.push_back(pid);
  }
  return found;
}
}  // namespace

// A FIFO given as a pipeline: the start-up hung in the scripts' syntax check (a python3 child
// reading the FIFO), and SIGTERM then ended plume but left that child, and MPI's daemon waiting
// for it, running. No child of plume may outlive it, and the run may not hang.
TEST(CatalystRun, AFifoPipelineLeavesNoChildBehind) {
  TempDir tmp;
  const std::string fifo = tmp / "pipeline.py";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string config = catalyst_case(tmp, {fifo});
  plume::test::BackgroundRun run(std::string(PLUME_EXE) + " run -q " + q(config), tmp / "stdout", tmp / "stderr");
  // Its children while it starts (or until it has refused the FIFO).
  std::vector<pid_t> children;
  const auto t0 = std::chrono::steady_clock::now();
  while (seconds_since(t0) < 8 && !run.wait(0.2))
    for (pid_t c : children_of(run.pid()))
      if (std::find(children.begin(), children.end(), c) == children.end()) children.push_back(c);
  if (!run.wait(0)) run.signal(SIGTERM);
  const std::optional<int> code = run.wait(20);
  ASSERT_TRUE(code) << "plume did not end within 20 s of SIGTERM";
  EXPECT_NE(*code, 0) << plume::test::read_file(tmp / "stderr");
  for (pid_t c : children) {
    const std::string comm = plume::test::proc_stat(c) ? plume::test::proc_stat(c)->comm : "";
    const bool gone = plume::test::ended(c, 10);
    if (!gone) ::kill(c, SIGKILL);  // not left behind by the test either
    EXPECT_TRUE(gone) << comm << " (" << c << ") outlived plume: " << plume::test::read_file(tmp / "stderr");
  }
}

// A signal while the pipelines' last call runs (after the run's last step) stops the run like a
// signal anywhere else: it ended with status 0 and "completed", its pipeline cut short.
TEST(CatalystRun, ASignalWhileThePipelinesLastCallHangsEndsTheRunAsInterrupted) {
  for (const int sig : {SIGTERM, SIGINT}) {
    TempDir tmp;
    const std::string script = pipeline(tmp, "sleeps.py", "        time.sleep(1000)\n", "import time\n");
    // Step 20 is the last: its call hangs while the run waits for it at its end.
    const auto code = signal_at_step_20(tmp, script, sig, [](config::RunConfig& c) { c.steps = 20; });
    ASSERT_TRUE(code) << "the signal did not end the run within 20 s";
    const std::string err = plume::test::read_file(tmp / "stderr");
    EXPECT_EQ(*code, 130) << sig << "\n" << err;
    EXPECT_NE(err.find("interrupted by signal " + std::to_string(sig) + " at step 20"), std::string::npos) << err;
    const std::string summary = summary_of(tmp);
    EXPECT_NE(summary.find("\"status\": \"interrupted\""), std::string::npos) << summary;
    EXPECT_TRUE(fs::exists(plume::test::ckpt(tmp / "out", 20))) << "the last step's checkpoint";
  }
}

// A pipeline failing in catalyst_finalize fails the run (status 1, "failed", the error named); it
// was logged after the summary said "completed", and the run ended with status 0.
TEST(CatalystRun, APipelineFailingInCatalystFinalizeFailsTheRun) {
  struct Case {
    std::string body, imports, error;
  };
  for (const Case& c : {Case{"    raise RuntimeError('plume-test: finalize broke')\n", "", "plume-test: finalize broke"},
                        Case{"    sys.exit(0)\n", "import sys\n", "the pipeline called sys.exit(0)"}}) {
    TempDir tmp;
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {finalizing_pipeline(tmp, c.body, c.imports)})));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("finalizes.py' failed in catalyst_finalize"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    const std::string summary = summary_of(tmp);
    EXPECT_NE(summary.find("\"status\": \"failed\""), std::string::npos) << summary;
    EXPECT_NE(summary.find(c.error), std::string::npos) << summary;
    EXPECT_TRUE(fs::exists(plume::test::ckpt(tmp / "out", 40))) << "the last step's checkpoint stays";
  }
  // Under on_error = "disable" it is a warning, and insitu.json names it.
  TempDir tmp;
  const Result r = run_plume("run -q " + q(catalyst_case(tmp, {finalizing_pipeline(tmp, "    raise RuntimeError('plume-test: finalize broke')\n")},
                                                       [](config::RunConfig& c) { c.insitu.on_error = insitu::OnError::Disable; })));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("plume-test: finalize broke"), std::string::npos) << r.err;
  EXPECT_NE(plume::test::read_file(tmp / "out/insitu/insitu.json").find("\"dropped\": \"in catalyst_finalize: RuntimeError: plume-test: finalize broke"),
            std::string::npos)
      << plume::test::read_file(tmp / "out/insitu/insitu.json");
}

// os._exit in a pipeline fails like sys.exit (it ended the whole run at once with status 0 and no
// summary). What Python cannot see (libc's _exit) still ends the process as it says, and the
// summary the run wrote as it started then says "running", never "completed".
TEST(CatalystRun, APipelineCallingOsExitFailsAndWhatEndsTheProcessLeavesARunningSummary) {
  {
    TempDir tmp;
    const std::string script = pipeline(tmp, "exits.py", "        os._exit(0)\n", "import os\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, insitu_only)));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("the pipeline called os._exit(0)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("exits.py"), std::string::npos) << r.err;
    EXPECT_NE(failure_checkpoint(tmp), "");
    EXPECT_NE(summary_of(tmp).find("\"status\": \"failed\""), std::string::npos) << summary_of(tmp);
  }
  {
    TempDir tmp;
    const std::string script = pipeline(tmp, "exits.py", "        ctypes.CDLL(None)._exit(0)\n", "import ctypes\n");
    const Result r = run_plume("run -q " + q(catalyst_case(tmp, {script}, insitu_only)));
    EXPECT_EQ(r.code, 0) << "libc's _exit(0) is the process's end: " << r.err;
    const std::string summary = summary_of(tmp);
    EXPECT_NE(summary.find("\"status\": \"running\""), std::string::npos) << summary;
    EXPECT_NE(summary.find("\"finished\": null"), std::string::npos) << summary;
  }
}

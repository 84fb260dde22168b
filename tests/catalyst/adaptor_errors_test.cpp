// The adaptor's errors, with real Catalyst: a script that is missing, not script-version 2, does not
// load, raises while it runs or makes VTK report an error stops the run with that error (or, with
// on_error = disable, is dropped with a warning while the rest goes on); bad options and misuse
// are errors too. A script that calls sys.exit fails like any other; one past its time limit, or
// running when the program asks to stop, is interrupted; one stuck outside Python ends the process
// through on_stuck. Catalyst starts once per process, and ctest runs each test in its own process.
#include <gtest/gtest.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <vector>
#include <unistd.h>
#include "d2q37/registration.hpp"
#include "plume/catalyst/script_syntax.hpp"
#include "plume/catalyst/adaptor.hpp"

namespace fs = std::filesystem;
using plume::catalyst::Adaptor;
using plume::catalyst::Error;
using plume::catalyst::OnError;
using plume::catalyst::Options;

namespace {

constexpr int NX = 16, NY = 24;

plume::Domain domain() { return plume::Domain::whole(NX, NY); }

plume::Fields fields() {
  plume::Fields f;
  f.resize(plume::d2q37::model(), NX, NY);
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) {
      const std::size_t i = f.at(x, y);
      f["T"][i] = 1.0 + 0.01 * y;
      f["rho"][i] = 1.0 - 0.001 * x;
      f["ux"][i] = 0.001 * x;
      f["uy"][i] = -0.001 * y;
    }
  return f;
}

// A fresh folder per test, for its scripts and extracts.
class AdaptorErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("plume-catalyst-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string script(const std::string& name, const std::string& body) const {
    const fs::path p = dir_ / name;
    std::ofstream(p) << body;
    return p.string();
  }
  Options options(std::vector<std::string> scripts, OnError on_error = OnError::Stop) {
    Options o;
    for (auto& s : scripts) o.scripts.push_back({s, 0});
    o.every = 10;
    o.output_dir = (dir_ / "insitu").string();
    o.on_error = on_error;
    o.log = [this](const std::string& m) { log_ += m + "\n"; };
    return o;
  }
  fs::path dir_;
  std::string log_;
};

const char* kRaisesAtStep20 = R"(# script-version: 2
from paraview.simple import *
from paraview import catalyst
input = PVTrivialProducer(registrationName='input')
options = catalyst.Options()
def catalyst_execute(info):
    if info.timestep >= 20:
        raise ValueError('deliberate failure at step %d' % info.timestep)
)";

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string fields_pipeline() { return plume::catalyst::pipelines_dir() + "/fields.py"; }

// A script whose catalyst_execute runs `body` (indented by 8) from step 20 on.
std::string from_step_20(const std::string& imports, const std::string& body) {
  return "# script-version: 2\nfrom paraview.simple import *\nfrom paraview import catalyst\n" + imports +
         "input = PVTrivialProducer(registrationName='input')\noptions = catalyst.Options()\n"
         "def catalyst_execute(info):\n    if info.timestep >= 20:\n" + body;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_F(AdaptorErrors, MissingScriptIsAConfigurationError) {
  const std::string missing = (dir_ / "no-such-pipeline.py").string();
  const std::string m = message_of([&] { Adaptor a(options({missing}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find(missing), std::string::npos) << m;
  EXPECT_NE(m.find("does not exist"), std::string::npos) << m;
  // Even when failing pipelines are to be dropped: a missing file is a mistake in the configuration.
  const std::string m2 = message_of([&] { Adaptor a(options({missing}, OnError::Disable), domain(), plume::d2q37::model()); });
  EXPECT_NE(m2.find("does not exist"), std::string::npos) << m2;
}

TEST_F(AdaptorErrors, BadOptionsAreRejected) {
  Options o = options({fields_pipeline()});
  o.every = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain(), plume::d2q37::model()); }).find("every"), std::string::npos);
  o = options({fields_pipeline()});
  o.live = true;
  o.live_port = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain(), plume::d2q37::model()); }).find("live_port"), std::string::npos);
  o.live_port = 22222;
  o.live_timeout = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain(), plume::d2q37::model()); }).find("live_timeout"), std::string::npos);
  EXPECT_NE(message_of([&] { Adaptor a(options({}), domain(), plume::d2q37::model()); }).find("nothing to do"), std::string::npos);
  EXPECT_NE(message_of([] { plume::catalyst::parse_on_error("ignore"); }).find("\"ignore\""), std::string::npos);
  EXPECT_EQ(plume::catalyst::parse_on_error("disable"), OnError::Disable);
  plume::Domain bad = domain();
  bad.x0 = NX;  // a block outside the lattice
  EXPECT_NE(message_of([&] { Adaptor a(options({fields_pipeline()}), bad, plume::d2q37::model()); }).find("domain"), std::string::npos);
}

TEST_F(AdaptorErrors, ScriptWithoutVersionMarkerIsRejected) {
  const std::string s = script("legacy.py", "from paraview.simple import *\ndef DoCoProcessing(datadescription):\n    pass\n");
  const std::string m = message_of([&] { Adaptor a(options({s}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find("script-version 2"), std::string::npos) << m;
}

// The same marker is looked for statically, with the scripts' syntax, when the configuration is
// checked (plume check, and plume run before any work): a script without it was refused only once
// the run had made its output folder.
TEST_F(AdaptorErrors, ScriptWithoutVersionMarkerIsFoundWithTheSyntaxCheck) {
  const std::string legacy = script("legacy.py", "from paraview.simple import *\ndef DoCoProcessing(datadescription):\n    pass\n");
  const std::string empty = script("empty.py", "");
  const std::string broken = script("broken.py", "x = = 1\n");
  const std::vector<plume::catalyst::SyntaxProblem> p =
      plume::catalyst::syntax_problems({fields_pipeline(), legacy, empty, broken});
  ASSERT_EQ(p.size(), 3u);
  for (std::size_t k : {0, 1}) {
    EXPECT_EQ(p[k].index, k + 1);
    EXPECT_EQ(p[k].line, 0);
    EXPECT_EQ(p[k].message, "not a ParaView Catalyst script-version 2 script (add the line '# script-version: 2' "
                            "and define extractors; see docs/insitu.md)");
  }
  EXPECT_EQ(p[2].index, 3u);  // a syntax error is the one problem told of that script
  EXPECT_EQ(p[2].line, 1);
}

TEST_F(AdaptorErrors, BrokenScriptStopsAtInitialisationWithItsError) {
  const std::string s = script("broken.py", "# script-version: 2\nfrom paraview.simple import *\nx = = 1\n");
  const std::string m = message_of([&] { Adaptor a(options({s}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find("while loading"), std::string::npos) << m;
  EXPECT_NE(m.find("SyntaxError"), std::string::npos) << m;
  EXPECT_NE(m.find("broken.py\", line 3"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, BrokenScriptIsDroppedWhenAskedAndTheOthersRun) {
  const std::string s = script("raises.py", "# script-version: 2\nraise RuntimeError('no such filter')\n");
  Adaptor a(options({s, fields_pipeline()}, OnError::Disable), domain(), plume::d2q37::model());
  EXPECT_NE(log_.find("no such filter"), std::string::npos) << log_;
  const auto st = a.stats();
  ASSERT_EQ(st.size(), 2u);
  EXPECT_FALSE(st[0].enabled);
  EXPECT_TRUE(st[1].enabled);
  const plume::Fields f = fields();
  a.execute(10, 1.0, f, domain());
  a.finalize();
  EXPECT_TRUE(fs::exists(dir_ / "insitu" / "fields_0000010.pvti"));
}

TEST_F(AdaptorErrors, ScriptRaisingDuringTheRunStopsIt) {
  Adaptor a(options({script("raises.py", kRaisesAtStep20)}), domain(), plume::d2q37::model());
  const plume::Fields f = fields();
  EXPECT_TRUE(a.due(10));
  EXPECT_FALSE(a.due(15));
  EXPECT_EQ(a.next_due(10), 20) << "the pipelines' schedule says when the caller hands the next fields";
  EXPECT_EQ(a.next_due(15), 20);
  a.execute(10, 1.0, f, domain());
  const std::string m = message_of([&] { a.execute(20, 2.0, f, domain()); });
  EXPECT_NE(m.find("at step 20"), std::string::npos) << m;
  EXPECT_NE(m.find("ValueError: deliberate failure at step 20"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, ScriptRaisingDuringTheRunIsDroppedWhenAsked) {
  Adaptor a(options({script("raises.py", kRaisesAtStep20), fields_pipeline()}, OnError::Disable), domain(), plume::d2q37::model());
  const plume::Fields f = fields();
  for (long step = 0; step <= 40; step += 10) a.execute(step, 0.1 * step, f, domain());
  EXPECT_NE(log_.find("deliberate failure at step 20"), std::string::npos) << log_;
  EXPECT_EQ(log_.find("step 30"), std::string::npos) << "dropped after its first failure:\n" << log_;
  const auto st = a.stats();
  EXPECT_EQ(st[0].calls, 3);  // steps 0, 10, 20
  EXPECT_FALSE(st[0].enabled);
  EXPECT_EQ(st[1].calls, 5);
  a.finalize();
  EXPECT_EQ(a.next_due(40), std::numeric_limits<long>::max()) << "nothing runs after finalize()";
  EXPECT_TRUE(fs::exists(dir_ / "insitu" / "fields_0000040.pvti"));
}

TEST_F(AdaptorErrors, ErrorReportedByVtkCountsAsAFailure) {
  // A partitioned-dataset writer given an image: ParaView prints an error and carries on.
  const std::string s = script("wrong_writer.py", R"(# script-version: 2
from paraview.simple import *
from paraview import catalyst
input = PVTrivialProducer(registrationName='input')
x = CreateExtractor('VTPD', input, registrationName='x')
x.Writer.FileName = 'x_{timestep:06d}.vtpd'
options = catalyst.Options()
)");
  Adaptor a(options({s}), domain(), plume::d2q37::model());
  const std::string m = message_of([&] { a.execute(0, 0.0, fields(), domain()); });
  EXPECT_NE(m.find("vtkXMLPartitionedDataSetWriter"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, FieldsOfAnotherBlockAreRejected) {
  Adaptor a(options({fields_pipeline()}), domain(), plume::d2q37::model());
  plume::Fields f = fields();
  f.resize(NX - 1, NY);
  EXPECT_NE(message_of([&] { a.execute(0, 0.0, f, domain()); }).find("not the adaptor's domain"), std::string::npos);
  plume::Domain other = domain();
  other.NX += 1;
  EXPECT_NE(message_of([&] { a.execute(0, 0.0, fields(), other); }).find("domain changed"), std::string::npos);
}

TEST_F(AdaptorErrors, RenderingWithoutDisplayIsExplained) {
  unsetenv("DISPLAY");
  const std::string m =
      message_of([&] { Adaptor a(options({plume::catalyst::pipelines_dir() + "/temperature.py"}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find("DISPLAY"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, CatalystStartsOncePerProcess) {
  { Adaptor a(options({fields_pipeline()}), domain(), plume::d2q37::model()); }
  const std::string m = message_of([&] { Adaptor b(options({fields_pipeline()}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find("once per process"), std::string::npos) << m;
}

// sys.exit in a script ended the process (PyErr_Print exits on SystemExit), with the script's code.
// Codes other than 0, so that this test cannot pass by ending its process.
TEST_F(AdaptorErrors, SysExitWhileLoadingIsAFailure) {
  const std::string s = script("exits.py", "# script-version: 2\nraise SystemExit(7)\n");
  const std::string m = message_of([&] { Adaptor a(options({s}), domain(), plume::d2q37::model()); });
  EXPECT_NE(m.find("while loading"), std::string::npos) << m;
  EXPECT_NE(m.find("sys.exit(7)"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, SysExitDuringTheRunIsAFailureThatOnErrorHandles) {
  const std::string s = script("exits.py", from_step_20("import sys\n", "        sys.exit(5)\n"));
  Adaptor a(options({s, fields_pipeline()}, OnError::Disable), domain(), plume::d2q37::model());
  const plume::Fields f = fields();
  for (long step = 0; step <= 30; step += 10) a.execute(step, 0.1 * step, f, domain());
  EXPECT_NE(log_.find("sys.exit(5)"), std::string::npos) << log_;
  EXPECT_NE(log_.find("at step 20"), std::string::npos) << log_;
  EXPECT_FALSE(a.stats()[0].enabled);
  a.finalize();
  EXPECT_TRUE(fs::exists(dir_ / "insitu" / "fields_0000030.pvti"));
}

TEST_F(AdaptorErrors, ACallPastItsTimeLimitIsInterrupted) {
  // A Python loop (interrupted between bytecodes) and a blocking sleep (woken by the signal).
  const std::string loops = script("loops.py", from_step_20("", "        while True:\n            pass\n"));
  const std::string sleeps = script("sleeps.py", from_step_20("import time\n", "        time.sleep(3600)\n"));
  Options o = options({loops, sleeps, fields_pipeline()}, OnError::Disable);
  o.timeout = 2;
  Adaptor a(o, domain(), plume::d2q37::model());
  const plume::Fields f = fields();
  a.execute(10, 1.0, f, domain());
  const auto t0 = std::chrono::steady_clock::now();
  a.execute(20, 2.0, f, domain());
  EXPECT_LT(seconds_since(t0), 30.0);
  for (const std::string& name : {"loops.py", "sleeps.py"}) {
    const std::string head = "pipeline '" + (dir_ / name).string() + "' failed at step 20:\nit took longer than its "
                             "time limit of 2 s and was interrupted";
    EXPECT_NE(log_.find(head), std::string::npos) << log_;
  }
  EXPECT_NE(log_.find("PipelineInterrupted"), std::string::npos) << log_;
  const auto st = a.stats();
  EXPECT_FALSE(st[0].enabled);
  EXPECT_FALSE(st[1].enabled);
  EXPECT_TRUE(st[2].enabled);
  a.execute(30, 3.0, f, domain());  // an interruption does not reach the calls after it
  EXPECT_EQ(a.stats()[2].calls, 3);
  a.finalize();
  EXPECT_TRUE(fs::exists(dir_ / "insitu" / "fields_0000030.pvti"));
}

TEST_F(AdaptorErrors, AStopRequestInterruptsTheRunningPipelineWithoutFailingIt) {
  std::atomic<bool> stop{false};
  Options o = options({script("loops.py", from_step_20("", "        while True:\n            pass\n")), fields_pipeline()});
  o.stop_requested = [&] { return stop.load(); };
  Adaptor a(o, domain(), plume::d2q37::model());
  const plume::Fields f = fields();
  a.execute(10, 1.0, f, domain());
  std::thread signal([&] {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    stop = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(message_of([&] { a.execute(20, 2.0, f, domain()); }), "");  // no failure, under on_error = stop
  signal.join();
  EXPECT_LT(seconds_since(t0), 20.0);
  EXPECT_NE(log_.find("loops.py' was interrupted"), std::string::npos) << log_;
  EXPECT_TRUE(a.stats()[0].enabled);
  EXPECT_TRUE(fs::exists(dir_ / "insitu" / "fields_0000010.pvti"));
  EXPECT_FALSE(fs::exists(dir_ / "insitu" / "fields_0000020.pvti")) << "the rest of the step runs after a stop request";
}

// glibc's sigwait starts again after a signal handler ran: stuck in C, out of Python's reach.
TEST_F(AdaptorErrors, ACallStuckOutsidePythonEndsTheProcessThroughOnStuck) {
  const std::string stuck = script("stuck.py", from_step_20("import ctypes, signal\n", R"(        libc = ctypes.CDLL(None)
        mask = ctypes.create_string_buffer(128)
        libc.sigemptyset(mask)
        libc.sigaddset(mask, int(signal.SIGRTMIN) + 10)
        libc.sigwait(mask, ctypes.byref(ctypes.c_int()))
)"));
  Options o = options({stuck});
  o.timeout = 1;
  o.on_stuck = [](const std::string& why) {
    std::fprintf(stderr, "on_stuck: %s\n", why.c_str());
    std::_Exit(42);
  };
  EXPECT_EXIT(
      {
        Adaptor a(o, domain(), plume::d2q37::model());
        a.execute(20, 2.0, fields(), domain());
      },
      ::testing::ExitedWithCode(42), "on_stuck: pipeline '.*stuck.py' at step 20 was interrupted because it exceeded "
                                     "its time limit of 1 s, and has not returned 5 s later: it is stuck outside Python");
}

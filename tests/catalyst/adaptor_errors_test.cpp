// The adaptor's errors, with real Catalyst: a script that is missing, not script-version 2, does not
// load, raises while it runs or makes VTK report an error stops the run with that error (or, with
// on_error = disable, is dropped with a warning while the rest goes on); bad options and misuse
// are errors too. Catalyst starts once per process, and ctest runs each test in its own process.
#include <gtest/gtest.h>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>
#include "plume/catalyst/adaptor.hpp"

namespace fs = std::filesystem;
using plume::catalyst::Adaptor;
using plume::catalyst::Error;
using plume::catalyst::OnError;
using plume::catalyst::Options;

namespace {

constexpr int NX = 16, NY = 24;

plume::Domain domain() { return plume::Domain{NX, NY, 0, 0, NX, NY}; }

plume::Fields fields() {
  plume::Fields f;
  f.resize(NX, NY);
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) {
      const std::size_t i = f.at(x, y);
      f.T[i] = 1.0 + 0.01 * y;
      f.rho[i] = 1.0 - 0.001 * x;
      f.ux[i] = 0.001 * x;
      f.uy[i] = -0.001 * y;
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

}  // namespace

TEST_F(AdaptorErrors, MissingScriptIsAConfigurationError) {
  const std::string missing = (dir_ / "no-such-pipeline.py").string();
  const std::string m = message_of([&] { Adaptor a(options({missing}), domain()); });
  EXPECT_NE(m.find(missing), std::string::npos) << m;
  EXPECT_NE(m.find("does not exist"), std::string::npos) << m;
  // Even when failing pipelines are to be dropped: a missing file is a mistake in the configuration.
  const std::string m2 = message_of([&] { Adaptor a(options({missing}, OnError::Disable), domain()); });
  EXPECT_NE(m2.find("does not exist"), std::string::npos) << m2;
}

TEST_F(AdaptorErrors, BadOptionsAreRejected) {
  Options o = options({fields_pipeline()});
  o.every = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain()); }).find("every"), std::string::npos);
  o = options({fields_pipeline()});
  o.live = true;
  o.live_port = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain()); }).find("live_port"), std::string::npos);
  o.live_port = 22222;
  o.live_timeout = 0;
  EXPECT_NE(message_of([&] { Adaptor a(o, domain()); }).find("live_timeout"), std::string::npos);
  EXPECT_NE(message_of([&] { Adaptor a(options({}), domain()); }).find("nothing to do"), std::string::npos);
  EXPECT_NE(message_of([] { plume::catalyst::parse_on_error("ignore"); }).find("\"ignore\""), std::string::npos);
  EXPECT_EQ(plume::catalyst::parse_on_error("disable"), OnError::Disable);
  plume::Domain bad = domain();
  bad.x0 = NX;  // a block outside the lattice
  EXPECT_NE(message_of([&] { Adaptor a(options({fields_pipeline()}), bad); }).find("domain"), std::string::npos);
}

TEST_F(AdaptorErrors, ScriptWithoutVersionMarkerIsRejected) {
  const std::string s = script("legacy.py", "from paraview.simple import *\ndef DoCoProcessing(datadescription):\n    pass\n");
  const std::string m = message_of([&] { Adaptor a(options({s}), domain()); });
  EXPECT_NE(m.find("script-version 2"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, BrokenScriptStopsAtInitialisationWithItsError) {
  const std::string s = script("broken.py", "# script-version: 2\nfrom paraview.simple import *\nx = = 1\n");
  const std::string m = message_of([&] { Adaptor a(options({s}), domain()); });
  EXPECT_NE(m.find("while loading"), std::string::npos) << m;
  EXPECT_NE(m.find("SyntaxError"), std::string::npos) << m;
  EXPECT_NE(m.find("broken.py\", line 3"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, BrokenScriptIsDroppedWhenAskedAndTheOthersRun) {
  const std::string s = script("raises.py", "# script-version: 2\nraise RuntimeError('no such filter')\n");
  Adaptor a(options({s, fields_pipeline()}, OnError::Disable), domain());
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
  Adaptor a(options({script("raises.py", kRaisesAtStep20)}), domain());
  const plume::Fields f = fields();
  EXPECT_TRUE(a.due(10));
  EXPECT_FALSE(a.due(15));
  a.execute(10, 1.0, f, domain());
  const std::string m = message_of([&] { a.execute(20, 2.0, f, domain()); });
  EXPECT_NE(m.find("at step 20"), std::string::npos) << m;
  EXPECT_NE(m.find("ValueError: deliberate failure at step 20"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, ScriptRaisingDuringTheRunIsDroppedWhenAsked) {
  Adaptor a(options({script("raises.py", kRaisesAtStep20), fields_pipeline()}, OnError::Disable), domain());
  const plume::Fields f = fields();
  for (long step = 0; step <= 40; step += 10) a.execute(step, 0.1 * step, f, domain());
  EXPECT_NE(log_.find("deliberate failure at step 20"), std::string::npos) << log_;
  EXPECT_EQ(log_.find("step 30"), std::string::npos) << "dropped after its first failure:\n" << log_;
  const auto st = a.stats();
  EXPECT_EQ(st[0].calls, 3);  // steps 0, 10, 20
  EXPECT_FALSE(st[0].enabled);
  EXPECT_EQ(st[1].calls, 5);
  a.finalize();
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
  Adaptor a(options({s}), domain());
  const std::string m = message_of([&] { a.execute(0, 0.0, fields(), domain()); });
  EXPECT_NE(m.find("vtkXMLPartitionedDataSetWriter"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, FieldsOfAnotherBlockAreRejected) {
  Adaptor a(options({fields_pipeline()}), domain());
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
      message_of([&] { Adaptor a(options({plume::catalyst::pipelines_dir() + "/temperature.py"}), domain()); });
  EXPECT_NE(m.find("DISPLAY"), std::string::npos) << m;
}

TEST_F(AdaptorErrors, CatalystStartsOncePerProcess) {
  { Adaptor a(options({fields_pipeline()}), domain()); }
  const std::string m = message_of([&] { Adaptor b(options({fields_pipeline()}), domain()); });
  EXPECT_NE(m.find("once per process"), std::string::npos) << m;
}

// Configuration: defaults, the TOML round trip, overrides, derived wall temperatures, help text.
#include <gtest/gtest.h>
#include "plume/config/run_config.hpp"
#include "test_support.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

config::RunConfig unusual_config() {
  config::RunConfig c = config::default_config();
  c.solver.nx = 64;
  c.solver.ny = 100;
  d2q37::physics(c.solver).model = d2q37::CollisionModel::BGK;
  d2q37::physics(c.solver).tau = 0.73;
  d2q37::physics(c.solver).gy = -2.6e-6;
  d2q37::physics(c.solver).k1 = 1.0 / 3.0;  // not a short decimal: the writer must keep every bit
  d2q37::physics(c.solver).top.kind = d2q37::WallKind::Adiabatic;
  d2q37::setup(c.solver).bottom_T = 1.25;
  d2q37::initial(c.solver).perturbation = d2q37::Perturbation::Random;
  d2q37::initial(c.solver).seed = 123456789012345ull;
  c.solver.precision = Precision::FP32;
  c.solver.tiles = {2, 3};
  c.solver.overlap = false;
  c.output.dir = "some dir/with \"quotes\"";
  c.output.field = "vorticity";
  c.output.colormap = "coolwarm";
  c.insitu.scripts = {"a.py", "b c.py"};
  c.insitu.live = true;
  c.insitu.live_every = 7;
  c.insitu.live_timeout = 2.5;
  c.insitu.on_error = insitu::OnError::Disable;
  c.insitu.when_busy = insitu::WhenBusy::Skip;
  c.steps = 12345;
  config::resolve(c);
  return c;
}

}  // namespace

TEST(Config, DefaultsAreValid) {
  TempDir tmp;
  config::RunConfig c = config::default_config();
  c.output.dir = tmp / "out";
  EXPECT_NO_THROW(config::validate(c));
  EXPECT_EQ(d2q37::physics(c.solver).bottom.T, d2q37::initial(c.solver).T_down);
  EXPECT_EQ(d2q37::physics(c.solver).top.T, d2q37::initial(c.solver).T_up);
  EXPECT_LT(d2q37::physics(c.solver).gy, 0.0) << "gravity points down";
}

TEST(Config, TomlRoundTripKeepsEveryValueExactly) {
  const config::RunConfig c = unusual_config();
  const std::string text = config::to_toml(c);
  const config::RunConfig r = config::parse_config(text, "round-trip");
  EXPECT_EQ(config::to_toml(r), text);
  EXPECT_EQ(r.solver.nx, 64);
  EXPECT_EQ(d2q37::physics(r.solver).model, d2q37::CollisionModel::BGK);
  EXPECT_EQ(d2q37::physics(r.solver).k1, 1.0 / 3.0);
  EXPECT_EQ(d2q37::physics(r.solver).gy, -2.6e-6);
  EXPECT_EQ(d2q37::physics(r.solver).top.kind, d2q37::WallKind::Adiabatic);
  EXPECT_EQ(d2q37::physics(r.solver).bottom.T, 1.25);
  ASSERT_TRUE(d2q37::setup(r.solver).bottom_T.has_value());
  EXPECT_FALSE(d2q37::setup(r.solver).top_T.has_value());
  EXPECT_EQ(d2q37::initial(r.solver).seed, 123456789012345ull);
  EXPECT_EQ(r.solver.precision, Precision::FP32);
  EXPECT_TRUE(r.solver.tiles.px == 2 && r.solver.tiles.py == 3);
  EXPECT_FALSE(r.solver.overlap);
  EXPECT_EQ(r.output.dir, c.output.dir);
  EXPECT_EQ(r.output.field, "vorticity");
  EXPECT_EQ(r.insitu.scripts, c.insitu.scripts);
  EXPECT_TRUE(r.insitu.live);
  EXPECT_EQ(r.insitu.live_every, 7) << "Live has its own cadence";
  EXPECT_EQ(r.insitu.live_timeout, 2.5);
  EXPECT_EQ(r.insitu.on_error, insitu::OnError::Disable);
  EXPECT_EQ(r.insitu.when_busy, insitu::WhenBusy::Skip);
  EXPECT_EQ(r.steps, 12345);
}

TEST(Config, WallTemperaturesFollowTheInitialStateUnlessSet) {
  config::RunConfig c = config::default_config();
  config::apply_override(c, "initial.T_down", "1.2");
  config::apply_override(c, "initial.T_up", "0.8");
  EXPECT_EQ(d2q37::physics(c.solver).bottom.T, 1.2);
  EXPECT_EQ(d2q37::physics(c.solver).top.T, 0.8);
  config::apply_override(c, "walls.bottom_T=1.3");
  config::apply_override(c, "initial.T_down", "1.4");
  EXPECT_EQ(d2q37::physics(c.solver).bottom.T, 1.3) << "an explicit wall temperature stays";
  EXPECT_EQ(d2q37::physics(c.solver).top.T, 0.8);
  // The written file says which walls follow, and reads back the same way.
  const config::RunConfig r = config::parse_config(config::to_toml(c), "t");
  config::RunConfig r2 = r;
  config::apply_override(r2, "initial.T_up", "0.7");
  EXPECT_EQ(d2q37::physics(r2.solver).top.T, 0.7);
  EXPECT_EQ(d2q37::physics(r2.solver).bottom.T, 1.3);
}

TEST(Config, DiagnosticsFollowTheImageCadenceUnlessSet) {
  config::RunConfig c = config::default_config();
  config::apply_override(c, "output.every", "500");
  EXPECT_EQ(c.output.diagnostics_cadence(), 500);
  config::apply_override(c, "output.diagnostics_every", "10");
  config::apply_override(c, "output.every", "1000");
  EXPECT_EQ(c.output.diagnostics_cadence(), 10) << "an explicit cadence stays";
  EXPECT_EQ(c.output.every, 1000);
  EXPECT_EQ(config::parse_config(config::to_toml(c), "t").output.diagnostics_cadence(), 10);
  // Unset, the written file says that it follows, and it goes on following when read back.
  config::RunConfig d = config::parse_config(config::to_toml(config::default_config()), "t");
  EXPECT_NE(config::to_toml(d).find("# diagnostics_every = 250"), std::string::npos) << config::to_toml(d);
  config::apply_override(d, "output.every", "40");
  EXPECT_EQ(d.output.diagnostics_cadence(), 40);
}

TEST(Config, ImageRangeIsAutoOrFixed) {
  config::RunConfig c = config::default_config();
  EXPECT_FALSE(c.output.range.has_value());
  config::apply_override(c, "output.range=0.95:1.05");
  ASSERT_TRUE(c.output.range.has_value());
  EXPECT_EQ(c.output.range->first, 0.95);
  EXPECT_EQ(c.output.range->second, 1.05);
  config::apply_override(c, "output.range=-1e-3:2.5e-3");
  EXPECT_EQ(c.output.range->first, -1e-3);
  const config::RunConfig r = config::parse_config(config::to_toml(c), "t");
  ASSERT_TRUE(r.output.range.has_value());
  EXPECT_EQ(r.output.range->second, 2.5e-3);
  config::apply_override(c, "output.range=auto");
  EXPECT_FALSE(c.output.range.has_value());
}

TEST(Config, OverridesAcceptTomlValuesAndBareWords) {
  config::RunConfig c = config::default_config();
  config::apply_override(c, "physics.collision=bgk");
  config::apply_override(c, "physics.collision=\"rtrt\"");
  EXPECT_EQ(d2q37::physics(c.solver).model, d2q37::CollisionModel::RTRT);
  config::apply_override(c, "physics.gravity=2e-4");
  EXPECT_EQ(d2q37::physics(c.solver).gy, -2e-4);
  config::apply_override(c, "physics.k3=1");  // an integer where a float is expected
  EXPECT_EQ(d2q37::physics(c.solver).k3, 1.0);
  config::apply_override(c, "insitu.scripts=[\"x.py\", \"y.py\"]");
  EXPECT_EQ(c.insitu.scripts, (std::vector<std::string>{"x.py", "y.py"}));
  config::apply_override(c, "insitu.scripts=z.py");
  EXPECT_EQ(c.insitu.scripts, std::vector<std::string>{"z.py"});
  config::apply_override(c, "output.dir=runs/a=b");  // only the first '=' separates key and value
  EXPECT_EQ(c.output.dir, "runs/a=b");
  config::apply_override(c, "walls.enabled=false");
  EXPECT_FALSE(d2q37::physics(c.solver).walls);
}

TEST(Config, FileValuesOverrideDefaultsAndTheRestStays) {
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "[lattice]\nnx = 80\n\n[physics]\ngravity = 3e-4\n");
  const config::RunConfig c = config::load_config(tmp / "c.toml");
  const config::RunConfig d = config::default_config();
  EXPECT_EQ(c.solver.nx, 80);
  EXPECT_EQ(d2q37::physics(c.solver).gy, -3e-4);
  EXPECT_EQ(c.solver.ny, d.solver.ny);
  EXPECT_EQ(d2q37::physics(c.solver).k1, d2q37::physics(d.solver).k1);
}

TEST(Config, HelpDescribesEveryKeyWithUnits) {
  const std::string help = config::describe_keys();
  for (const std::string& k : config::key_names()) EXPECT_NE(help.find(k + " = "), std::string::npos) << k;
  EXPECT_NE(help.find("lattice units"), std::string::npos);
  EXPECT_NE(help.find("one of rtrt, bgk"), std::string::npos);
  EXPECT_NE(help.find("physics.tau = 0.6"), std::string::npos) << "defaults are shown";
  EXPECT_NE(help.find("> 0.5"), std::string::npos) << "ranges are shown";
  EXPECT_GE(config::key_names().size(), 40u);
}

TEST(Config, ReferenceDocumentListsEveryKey) {
  const std::string doc = plume::test::read_file(std::string(PLUME_SOURCE_DIR) + "/docs/configuration.md");
  ASSERT_FALSE(doc.empty());
  for (const std::string& k : config::key_names()) {
    const auto dot = k.find('.');  // npos for a key of the top level
    const auto section = doc.find(dot == std::string::npos ? "### Top level" : "### [" + k.substr(0, dot) + "]");
    ASSERT_NE(section, std::string::npos) << k;
    EXPECT_NE(doc.find("| `" + k.substr(dot + 1) + "` |", section), std::string::npos) << k << " is not documented";
  }
}

// The configuration names its model at the top level; a file without the key (every file
// written before it existed) is a D2Q37 run.
TEST(Config, TheModelIsNamedAtTheTopLevel) {
  EXPECT_EQ(config::parse_config("[lattice]\nnx = 64\n", "old.toml").solver.model, "d2q37");
  EXPECT_EQ(config::parse_config("model = \"d2q37\"\n[lattice]\nnx = 64\n", "new.toml").solver.model, "d2q37");
  try {
    config::parse_config("model = \"d2q99\"\n", "bad.toml");
    ADD_FAILURE() << "an unknown model was accepted";
  } catch (const config::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("model"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("d2q37"), std::string::npos) << "the choices are named: " << e.what();
  }
  config::RunConfig c = config::default_config();
  config::apply_override(c, "model=d2q37");
  EXPECT_EQ(c.solver.model, "d2q37");
  EXPECT_EQ(config::to_toml(c).rfind("model = \"d2q37\"", 200) != std::string::npos, true) << "written before the sections";
  EXPECT_EQ(config::parse_config(config::to_toml(c), "round trip").solver.model, "d2q37");
}

TEST(Config, SaveIsAtomicAndReadable) {
  TempDir tmp;
  const config::RunConfig c = unusual_config();
  config::save_config(c, tmp / "config.toml");
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(tmp.path)) {
    ++files;
    EXPECT_EQ(e.path().filename(), "config.toml") << "no temporary file left behind";
  }
  EXPECT_EQ(files, 1u);
  EXPECT_EQ(config::to_toml(config::load_config(tmp / "config.toml")), config::to_toml(c));
}

TEST(Config, ClosestMatchFindsTyposOnly) {
  const std::vector<std::string> c{"physics", "lattice", "walls"};
  EXPECT_EQ(config::closest_match("phyiscs", c), "physics");
  EXPECT_EQ(config::closest_match("Lattice", c), "lattice");
  EXPECT_EQ(config::closest_match("zzz", c), "");
}

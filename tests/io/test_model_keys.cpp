// A model brings its own configuration keys (Model::parameters(), plume/parameters.hpp): the
// configuration's table is built from them, ranges that depend on the model come from it, and
// the model's rules across its parameters speak in its own terms.
#include <gtest/gtest.h>
#include <algorithm>
#include "plume/config/run_config.hpp"
#include "plume/parameters.hpp"
#include "test_support.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using plume::test::TempDir;
using plume::test::validate_error;

namespace {

std::string error_of_load(const std::string& toml) {
  TempDir tmp;
  plume::test::write_file(tmp / "case.toml", toml);
  try {
    config::load_config(tmp / "case.toml");
  } catch (const config::ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ModelKeys, EveryParameterOfTheModelIsAKeyOnceWithItsRange) {
  const Model& m = find_model("d2q37");
  const Parameters& params = m.parameters();
  ASSERT_GE(params.list.size(), 20u) << "physics, walls and initial";
  const std::vector<std::string> names = config::key_names();
  const std::string help = config::describe_keys();
  const std::string toml = config::to_toml(config::default_config());
  for (const Parameter& p : params.list) {
    EXPECT_EQ(std::count(names.begin(), names.end(), p.path()), 1) << p.path();
    EXPECT_NE(help.find("  " + p.path() + " = "), std::string::npos) << p.path();
    EXPECT_NE(help.find(p.meaning), std::string::npos) << p.path();
    EXPECT_NE(toml.find(p.name + " = "), std::string::npos) << p.path();
  }
  // A range the model states reaches --help and validation.
  const auto tau = std::find_if(params.list.begin(), params.list.end(),
                                [](const Parameter& p) { return p.path() == "physics.tau"; });
  ASSERT_NE(tau, params.list.end());
  ASSERT_TRUE(tau->lo.has_value());
  EXPECT_NE(help.find("physics.tau = 0.6"), std::string::npos);
  config::RunConfig c = config::default_config();
  config::apply_override(c, "physics.tau", std::to_string(tau->lo->value));
  EXPECT_NE(validate_error(c).find("physics.tau = 0.5 is out of range: must be > 0.5 (" + tau->range_note + ")"),
            std::string::npos);
}

TEST(ModelKeys, TheModelsDefaultCaseIsTheConfigurationsDefault) {
  const config::RunConfig c = config::default_config();
  EXPECT_EQ(c.solver.model, models().front()->name());
  ASSERT_TRUE(c.solver.model->owns(c.solver.setup));
  // Every parameter reads the same from the configuration's setup and from the model's default case.
  const AnySetup defaults = find_model("d2q37").parameters().defaults();
  const auto values = config::key_values(c);
  for (const Parameter& p : find_model("d2q37").parameters().list) {
    const auto kv = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == p.path(); });
    ASSERT_NE(kv, values.end()) << p.path();
    EXPECT_TRUE(p.get(defaults) == p.get(c.solver.setup)) << p.path();
  }
}

TEST(ModelKeys, AnUnknownModelIsAClearErrorNamingTheKnownOnes) {
  const std::string m = error_of_load("model = \"nope\"\n");
  EXPECT_NE(m.find("model: \"nope\" is not one of d2q37"), std::string::npos) << m;
  config::RunConfig c = config::default_config();
  // The configuration carries the model itself: a name that is none is refused where it enters.
  try {
    c.solver.model = "nope";
    ADD_FAILURE() << "an unknown model name was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("model 'nope': expected one of d2q37"), std::string::npos) << e.what();
  }
  EXPECT_EQ(c.solver.model, "d2q37") << "the configuration keeps its model";
  EXPECT_THROW(config::apply_override(c, "model", "d2q3"), config::ConfigError);
}

TEST(ModelKeys, KeysOfTheModelsSectionsAreCheckedAgainstItsParameters) {
  const std::string m = error_of_load("[physics]\nk1 = 0.01\n[walls]\nenable = true\n");
  EXPECT_NE(m.find("unknown key 'walls.enable' (did you mean 'walls.enabled'?)"), std::string::npos) << m;
  EXPECT_EQ(error_of_load("model = \"d2q37\"\n[physics]\nk1 = 0.01\n"), "");
}

TEST(ModelKeys, RangesThatDependOnTheModelComeFromIt) {
  const Model& m = find_model("d2q37");
  const std::string help = config::describe_keys();
  const std::string bytes = "fp64 = " + std::to_string(int(m.bytes_per_update(Precision::FP64))) +
                            " bytes/site/step, fp32 = " + std::to_string(int(m.bytes_per_update(Precision::FP32)));
  EXPECT_NE(help.find(bytes), std::string::npos) << help;
  config::RunConfig c = config::default_config();
  d2q37::physics(c.solver).walls = false;
  c.solver.nx = m.lattice().reach - 1;
  EXPECT_NE(validate_error(c).find("lattice.nx = " + std::to_string(c.solver.nx) + " is out of range: must be >= " +
                                   std::to_string(m.lattice().reach)),
            std::string::npos);
  c.solver.nx = m.lattice().reach;
  c.solver.ny = 64;
  EXPECT_EQ(validate_error(c).find("lattice.nx"), std::string::npos) << validate_error(c);
}

TEST(ModelKeys, TheModelsRulesSpeakItsTermsAndTheConfigurationNamesTheKey) {
  config::RunConfig c = config::default_config();
  c.solver.ny = 5;
  const std::vector<SetupProblem> p = find_model("d2q37").parameters().check(c.solver.setup, c.solver.nx, 5, 1);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].about, "ny");
  EXPECT_EQ(p[0].message.rfind("ny = 5 is too small for walls", 0), 0u) << p[0].message;
  EXPECT_NE(validate_error(c).find("lattice.ny = 5 is too small for walls"), std::string::npos);
}

TEST(ModelKeys, TheDiffusionStencilsStabilityLimitIsCheckedWithTheLatticesDepth) {
  const auto error_of = [](double kappa, int nz) {
    TempDir tmp;
    plume::test::write_file(tmp / "case.toml", "model = \"diffusion\"\n[lattice]\nnx = 16\nny = 16\nnz = " +
                                                   std::to_string(nz) + "\n[physics]\nkappa = " +
                                                   parameter::number_text(kappa) + "\n");
    return validate_error(config::load_config(tmp / "case.toml"));
  };
  EXPECT_EQ(error_of(0.16, 16), "");
  const std::string e = error_of(0.2, 16);
  EXPECT_NE(e.find("physics.kappa = 0.2 is above the explicit scheme's stability limit 1/6"), std::string::npos) << e;
  EXPECT_EQ(error_of(0.2, 1), "");  // 2-D: up to 1/4
  EXPECT_NE(error_of(0.3, 1).find("limit 1/4"), std::string::npos);
}

// The implicit scheme (docs/diffusion.md): stable for any kappa, but only for theta in [1/2, 1],
// refused before any work, by name; on several ranks it runs (its own tile stepper solves the
// lines that cross tiles), so 2 ranks are no problem.
TEST(ModelKeys, TheDiffusionImplicitSchemesThetaIsCheckedAndItRunsOnSeveralRanks) {
  const auto config_of = [](const std::string& physics) {
    TempDir tmp;
    plume::test::write_file(tmp / "case.toml", "model = \"diffusion\"\n[lattice]\nnx = 16\nny = 16\nnz = 16\n"
                                               "[physics]\nkappa = 10\n" + physics);
    return config::load_config(tmp / "case.toml");
  };
  EXPECT_EQ(validate_error(config_of("scheme = \"implicit\"\n")), "");
  EXPECT_EQ(validate_error(config_of("scheme = \"implicit\"\ntheta = 0.5\n")), "");
  EXPECT_NE(validate_error(config_of("scheme = \"explicit\"\n")).find("physics.kappa = 10 is above"),
            std::string::npos);
  for (const char* theta : {"0.4", "1.2"}) {
    const std::string e = validate_error(config_of("scheme = \"implicit\"\ntheta = " + std::string(theta) + "\n"));
    EXPECT_NE(e.find("physics.theta = " + std::string(theta) + " is out of range: must be"), std::string::npos) << e;
  }
  TempDir out;
  config::RunConfig c = config_of("scheme = \"implicit\"\n");
  c.output.dir = out / "out";
  EXPECT_EQ(plume::test::config_error_of([&] { config::validate(c, 2); }), "");
  EXPECT_EQ(plume::test::config_error_of([&] { config::validate(c, 1); }), "");
}

TEST(ModelKeys, WallTemperaturesThatFollowTheCaseBelongToTheModelsSetup) {
  config::RunConfig c = config::default_config();
  EXPECT_FALSE(d2q37::setup(c.solver).bottom_T.has_value());
  config::apply_override(c, "walls.bottom_T", "1.3");
  EXPECT_EQ(d2q37::setup(c.solver).bottom_T, 1.3);
  const Parameters& params = find_model("d2q37").parameters();
  for (const Parameter& p : params.list) {
    if (p.path() == "walls.bottom_T") EXPECT_EQ(p.follows(c.solver.setup), "");
    if (p.path() == "walls.top_T") EXPECT_EQ(p.follows(c.solver.setup), "initial.T_up");
  }
  EXPECT_NE(config::to_toml(c).find("# top_T = 0.9"), std::string::npos) << "a following key is written commented out";
}

// The second model: its own keys under the same section names, nothing of D2Q37's.
TEST(ModelKeys, TheSameSectionsHoldEachModelsOwnKeys) {
  EXPECT_EQ(error_of_load("model = \"d2q9\"\n[physics]\ntau = 0.7\ncollision = \"trt\"\n[walls]\ntop_u = 0.02\n"), "");
  const std::string k1 = error_of_load("model = \"d2q9\"\n[physics]\nk1 = 0.01\n");
  EXPECT_NE(k1.find("unknown key 'physics.k1'"), std::string::npos) << k1;
  const std::string tau = error_of_load("model = \"d2q37\"\n[walls]\ntop_u = 0.01\n");
  EXPECT_NE(tau.find("unknown key 'walls.top_u'"), std::string::npos) << tau;
  // What a D2Q9 file sets reaches its setup; what it does not set is its default case.
  TempDir tmp;
  plume::test::write_file(tmp / "c.toml", "model = \"d2q9\"\n[physics]\ntau = 0.7\n[initial]\nstart = \"uniform\"\n");
  const config::RunConfig c = config::load_config(tmp / "c.toml");
  const Model& m = find_model("d2q9");
  ASSERT_TRUE(m.owns(c.solver.setup));
  const auto value = [&](const std::string& path) {
    for (const Parameter& p : m.parameters().list)
      if (p.path() == path) return p.get(c.solver.setup);
    ADD_FAILURE() << "no parameter " << path;
    return ParameterValue{};
  };
  EXPECT_EQ(std::get<double>(value("physics.tau")), 0.7);
  EXPECT_EQ(std::get<std::string>(value("initial.start")), "uniform");
  EXPECT_EQ(std::get<std::string>(value("physics.collision")), "bgk");
  // Its rules speak its terms, and validation names the key.
  config::RunConfig fast = c;
  fast.output.dir = tmp / "out";
  config::apply_override(fast, "walls.top_u", "0.5");
  EXPECT_NE(validate_error(fast).find("walls.top_u = 0.5 is too fast"), std::string::npos) << validate_error(fast);
  // And the written configuration reads back to the same setup.
  const config::RunConfig back = config::parse_config(config::to_toml(c), "to_toml");
  EXPECT_EQ(config::to_toml(back), config::to_toml(c));
}

// D2Q9's bounce-back choices, interpolated walls among them; any other value is refused with the
// list.
TEST(ModelKeys, D2Q9sBounceBackIsOneOfItsThreeSchemes) {
  for (const char* b : {"half-way", "full-way", "interpolated"})
    EXPECT_EQ(error_of_load(std::string("model = \"d2q9\"\n[solids]\nbounce = \"") + b + "\"\n"), "") << b;
  const std::string bad = error_of_load("model = \"d2q9\"\n[solids]\nbounce = \"bouzidi\"\n");
  EXPECT_NE(bad.find("is not one of half-way, full-way, interpolated"), std::string::npos) << bad;
}

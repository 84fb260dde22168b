// Each default once: the application's configuration starts from the solver's own (SolverConfig),
// the in-situ defaults are plume/insitu/policy.hpp's (the adaptor's side: tests/catalyst), and the
// default asset states the defaults, not other values.
#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <vector>
#include "plume/config/run_config.hpp"
#include "plume/parameters.hpp"

using namespace plume;

TEST(ConfigDefaults, TheConfigurationsSolverPartIsTheSolversDefault) {
  const config::RunConfig d = config::default_config();
  const SolverConfig s;
  EXPECT_EQ(d.solver.model, s.model);
  EXPECT_EQ(d.solver.nx, s.nx);
  EXPECT_EQ(d.solver.ny, s.ny);
  EXPECT_EQ(d.solver.nz, s.nz);
  EXPECT_EQ(int(d.solver.precision), int(s.precision));
  EXPECT_EQ(int(d.solver.streaming), int(s.streaming));
  EXPECT_EQ(int(d.solver.backend), int(s.backend));
  EXPECT_EQ(d.solver.device, s.device);
  EXPECT_EQ(d.solver.threads, s.threads);
  EXPECT_EQ(d.solver.tiles.px, s.tiles.px);
  EXPECT_EQ(d.solver.tiles.py, s.tiles.py);
  EXPECT_EQ(d.solver.tiles.pz, s.tiles.pz);
  EXPECT_EQ(d.solver.overlap, s.overlap);
  EXPECT_EQ(int(d.solver.transport), int(s.transport));
  EXPECT_EQ(d.solver.solids, s.solids);
  // The tracers' defaults are TracerConfig's (plume/tracer_config.hpp), none of the configuration's own.
  EXPECT_EQ(int(d.solver.tracers.seeding), int(s.tracers.seeding));
  EXPECT_EQ(d.solver.tracers.count, s.tracers.count);
  EXPECT_EQ(d.solver.tracers.from, s.tracers.from);
  EXPECT_EQ(d.solver.tracers.to, s.tracers.to);
  EXPECT_EQ(d.solver.tracers.every, s.tracers.every);
  EXPECT_EQ(d.solver.tracers.seed, s.tracers.seed);
  EXPECT_FALSE(d.solver.tracers.any());
  // The case: the model's configured default case (Parameters::defaults, else its default setup).
  // A SolverConfig that holds no setup runs Model::default_setup() instead, which for D2Q37 is
  // another case (its Setup's member values: no gravity, k1 = k2 = 0.001), not the Rayleigh-Taylor
  // case of Parameters::defaults; the model states both, and existing tests rely on each.
  const Parameters& params = s.model->parameters();
  const AnySetup configured = params.defaults ? params.defaults() : s.model->default_setup();
  for (const Parameter& p : params.list) EXPECT_TRUE(p.get(d.solver.setup) == p.get(configured)) << p.path();
}

TEST(ConfigDefaults, TheConfigurationsOtherDefaultsAreItsMembers) {
  const config::RunConfig d = config::default_config();
  const config::RunConfig r;
  EXPECT_EQ(d.steps, r.steps);
  EXPECT_EQ(d.output.dir, r.output.dir);
  EXPECT_EQ(d.output.every, r.output.every);
  EXPECT_EQ(d.output.diagnostics_every, r.output.diagnostics_every);
  EXPECT_EQ(d.output.field, r.output.field);
  EXPECT_EQ(d.output.colormap, r.output.colormap);
  EXPECT_EQ(d.output.range, r.output.range);
  EXPECT_EQ(d.output.image_scale, r.output.image_scale);
  EXPECT_EQ(d.output.checkpoint_every, r.output.checkpoint_every);
  EXPECT_EQ(d.output.first_checkpoint, r.output.first_checkpoint);
  EXPECT_EQ(d.output.keep, r.output.keep);
  EXPECT_EQ(d.output.vtk_every, r.output.vtk_every);
  EXPECT_EQ(d.output.vtk_fields, r.output.vtk_fields);
  EXPECT_EQ(d.insitu.scripts, r.insitu.scripts);
  EXPECT_EQ(d.insitu.every, r.insitu.every);
  EXPECT_EQ(d.insitu.live, r.insitu.live);
  EXPECT_EQ(d.insitu.live_host, r.insitu.live_host);
  EXPECT_EQ(d.insitu.live_port, r.insitu.live_port);
  EXPECT_EQ(d.insitu.live_every, r.insitu.live_every);
  EXPECT_EQ(d.insitu.live_timeout, r.insitu.live_timeout);
  EXPECT_EQ(int(d.insitu.on_error), int(r.insitu.on_error));
  EXPECT_EQ(int(d.insitu.when_busy), int(r.insitu.when_busy));
  EXPECT_EQ(d.insitu.timeout, r.insitu.timeout);
  // The in-situ ones come from the one table the adaptor reads too.
  EXPECT_EQ(r.insitu.every, insitu::defaults::every);
  EXPECT_EQ(r.insitu.live_every, insitu::defaults::live_every);
  EXPECT_EQ(r.insitu.live_host, insitu::defaults::live_host);
  EXPECT_EQ(r.insitu.live_port, insitu::defaults::live_port);
  EXPECT_EQ(r.insitu.live_timeout, insitu::defaults::live_timeout);
  EXPECT_EQ(r.insitu.timeout, insitu::defaults::timeout);
  EXPECT_EQ(int(r.insitu.on_error), int(insitu::defaults::on_error));
}

// The default case (assets/rayleigh_taylor.toml, which `plume run` with no file runs as well)
// states the defaults: every key it gives has the default value, so that the two cannot drift.
TEST(ConfigDefaults, TheDefaultAssetStatesTheDefaults) {
  const std::string asset = std::string(PLUME_SOURCE_DIR) + "/assets/rayleigh_taylor.toml";
  const auto stated = config::key_values(config::load_config(asset));
  const auto defaults = config::key_values(config::default_config());
  ASSERT_EQ(stated.size(), defaults.size());
  for (std::size_t i = 0; i < stated.size(); ++i) {
    ASSERT_EQ(stated[i].first, defaults[i].first);
    EXPECT_EQ(stated[i].second, defaults[i].second) << stated[i].first << " in " << asset;
  }
}

// The adaptor's defaults are the run's: catalyst::Options starts from what the application's
// [insitu] keys default to (both read plume/insitu/policy.hpp's table), field by field.
#include <gtest/gtest.h>
#include "plume/catalyst/options.hpp"
#include "plume/config/run_config.hpp"

TEST(CatalystDefaults, TheAdaptorsOptionsStartFromTheRunsInSituDefaults) {
  const plume::catalyst::Options o;
  const plume::config::InSituConfig c = plume::config::default_config().insitu;
  EXPECT_EQ(o.every, c.every);
  EXPECT_EQ(o.live, c.live);
  EXPECT_EQ(o.live_host, c.live_host);
  EXPECT_EQ(o.live_port, c.live_port);
  EXPECT_EQ(o.live_every, c.live_every);
  EXPECT_EQ(o.live_timeout, c.live_timeout);
  EXPECT_EQ(int(o.on_error), int(c.on_error));
  EXPECT_EQ(o.timeout, c.timeout);
  EXPECT_TRUE(o.scripts.empty() && c.scripts.empty());
}

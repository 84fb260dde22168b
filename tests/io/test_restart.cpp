// Restart identity: N steps, checkpoint, restart, M steps gives the populations of N + M steps
// bit for bit (CPU backend, walls on).
#include <gtest/gtest.h>
#include <cstring>
#include "plume/io/checkpoint.hpp"
#include "test_support.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

void expect_restart_identity(config::RunConfig cfg, long n, long m) {
  TempDir tmp;
  const std::string ckpt = tmp / "n.ckpt";
  Solver straight(cfg.solver);
  straight.initialize();
  const std::vector<double> f0 = straight.populations();
  straight.advance(n);
  io::save_checkpoint(ckpt, straight, config::to_toml(cfg));
  ASSERT_FALSE(same_bits(f0, straight.populations())) << "the state must change, or the test proves nothing";
  straight.advance(m);

  Solver restarted(cfg.solver);
  const io::CheckpointHeader h = io::restore_checkpoint(ckpt, restarted, cfg.solver);
  EXPECT_EQ(h.step, n);
  EXPECT_EQ(restarted.step(), n);
  restarted.advance(m);
  EXPECT_EQ(restarted.step(), n + m);
  EXPECT_TRUE(same_bits(straight.populations(), restarted.populations()));
}

}  // namespace

TEST(Restart, RtrtWithFixedWallsIsBitIdentical) {
  TempDir tmp;
  expect_restart_identity(plume::test::tiny_config(tmp / "out"), 30, 25);
}

TEST(Restart, BgkWithAdiabaticWallsIsBitIdentical) {
  TempDir tmp;
  config::RunConfig cfg = plume::test::tiny_config(tmp / "out");
  d2q37::physics(cfg.solver).model = d2q37::CollisionModel::BGK;
  d2q37::physics(cfg.solver).tau = 0.8;
  d2q37::physics(cfg.solver).top.kind = d2q37::WallKind::Adiabatic;
  expect_restart_identity(cfg, 17, 13);
}

TEST(Restart, TwoThreadsAreBitIdenticalToo) {
  TempDir tmp;
  config::RunConfig cfg = plume::test::tiny_config(tmp / "out");
  cfg.solver.threads = 2;
  expect_restart_identity(cfg, 20, 20);
}

TEST(Restart, MismatchedConfigurationIsRefusedAndLeavesTheSolverAlone) {
  TempDir tmp;
  config::RunConfig cfg = plume::test::tiny_config(tmp / "out");
  Solver a(cfg.solver);
  a.initialize();
  a.advance(5);
  io::save_checkpoint(tmp / "a.ckpt", a, config::to_toml(cfg));

  config::RunConfig taller = cfg;
  taller.solver.ny = 64;
  Solver b(taller.solver);
  b.initialize();
  const std::vector<double> before = b.populations();
  EXPECT_THROW(io::restore_checkpoint(tmp / "a.ckpt", b, taller.solver), io::CheckpointError);
  EXPECT_EQ(b.step(), 0);
  EXPECT_TRUE(same_bits(before, b.populations()));
}

// Restart identity: N steps, checkpoint, restart, M steps gives the populations of N + M steps
// bit for bit (CPU backend, walls on); with D2Q9's solid sites, those drawn while running too.
#include <gtest/gtest.h>
#include <cstring>
#include "plume/io/checkpoint.hpp"
#include "test_support.hpp"
#include "d2q37/setup.hpp"
#include "schaefer_turek.hpp"

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

// D2Q9 with solid sites: those drawn while the run goes (plume-gui's brush) are part of the state,
// so the checkpoint stores the mask (format version 3) and a restart takes it, in place of the
// configuration's, which does not know them.
namespace {

// Schäfer and Turek's cylinder at D = 10 (tests/cases/schaefer_turek.hpp), 221 x 41.
SolverConfig d2q9_with_cylinder(d2q9::Bounce bounce) {
  SolverConfig c = test::schaefer_turek(test::Cylinder{});
  c.setup.as<d2q9::Setup>().physics.bounce = bounce;
  return c;
}

}  // namespace

TEST(Restart, SolidsDrawnWhileRunningSurviveTheCheckpointBitForBit) {
  for (const d2q9::Bounce bounce : {d2q9::Bounce::HalfWay, d2q9::Bounce::FullWay}) {
    const SolverConfig cfg = d2q9_with_cylinder(bounce);
    TempDir tmp;
    const std::string ckpt = tmp / "drawn.ckpt";
    Solver straight(cfg);
    straight.initialize();
    straight.advance(40);
    straight.edit_solids(Box{30, 32, 10, 30, 0, 1}, true);  // a plate downstream
    straight.edit_solids(Box{19, 21, 0, 41, 0, 1}, false);  // a cut through the cylinder
    straight.advance(15);
    io::save_checkpoint(ckpt, straight, "model = \"d2q9\"\n");
    const std::vector<std::uint8_t> drawn = straight.checkpoint_out().solids;
    straight.advance(60);

    const io::Checkpoint c = io::read_checkpoint(ckpt);
    EXPECT_EQ(c.header.version, io::kCheckpointVersionSolids);
    EXPECT_EQ(c.solids, drawn);
    EXPECT_EQ(c.solids[std::size_t(12) * 221 + 31], 1) << "a drawn site";
    EXPECT_EQ(c.solids[std::size_t(19) * 221 + 20], 0) << "an erased one";
    EXPECT_EQ(c.solids[std::size_t(19) * 221 + 22], 1) << "one of the configuration's";

    // The restarted run is set up from the configuration alone: the cylinder without the edits.
    Solver restarted(cfg);
    io::restore_checkpoint(ckpt, restarted, cfg);
    EXPECT_EQ(restarted.checkpoint_out().solids, drawn);
    restarted.advance(60);
    EXPECT_TRUE(same_bits(straight.populations(), restarted.populations()))
        << (bounce == d2q9::Bounce::HalfWay ? "half-way" : "full-way");
    Fields a, b;
    straight.snapshot().fields(a);
    restarted.snapshot().fields(b);
    EXPECT_EQ(a["solid"], b["solid"]);
    EXPECT_EQ(a["force_x"], b["force_x"]);
  }
}

TEST(Restart, SolidsDrawnIntoARunWithoutAnySurviveToo) {
  SolverConfig cfg = d2q9_with_cylinder(d2q9::Bounce::HalfWay);
  cfg.solids = nullptr;
  TempDir tmp;
  Solver straight(cfg);
  straight.initialize();
  EXPECT_TRUE(straight.checkpoint_out().solids.empty());
  io::save_checkpoint(tmp / "none.ckpt", straight, "model = \"d2q9\"\n");
  EXPECT_EQ(io::read_checkpoint(tmp / "none.ckpt").header.version, io::kCheckpointVersion)
      << "no solid sites: version 2, as before";
  straight.advance(20);
  straight.edit_solids(Box{30, 34, 8, 16, 0, 1}, true);
  straight.advance(10);
  io::save_checkpoint(tmp / "drawn.ckpt", straight, "model = \"d2q9\"\n");
  straight.advance(30);
  Solver restarted(cfg);
  io::restore_checkpoint(tmp / "drawn.ckpt", restarted, cfg);
  restarted.advance(30);
  EXPECT_TRUE(same_bits(straight.populations(), restarted.populations()));
}

TEST(Restart, AVersion2CheckpointKeepsTheConfigurationsSolids) {
  // A file written before masks were stored (version 2: the same bytes without the mask) restarts
  // with the solid sites its configuration describes, as it did.
  const SolverConfig cfg = d2q9_with_cylinder(d2q9::Bounce::HalfWay);
  TempDir tmp;
  Solver straight(cfg);
  straight.initialize();
  straight.advance(30);
  io::write_checkpoint(tmp / "v2.ckpt", cfg, "model = \"d2q9\"\n", straight.step(), straight.populations());
  EXPECT_EQ(io::read_checkpoint(tmp / "v2.ckpt").header.version, io::kCheckpointVersion);
  EXPECT_TRUE(io::read_checkpoint(tmp / "v2.ckpt").solids.empty());
  straight.advance(30);
  Solver restarted(cfg);
  io::restore_checkpoint(tmp / "v2.ckpt", restarted, cfg);
  restarted.advance(30);
  EXPECT_TRUE(same_bits(straight.populations(), restarted.populations()));
}

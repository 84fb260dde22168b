// The tracers in checkpoints: a restart continues them bit for bit (through the Solver's state and
// through a version 4 file), a checkpoint without them restarts them from their seeding, runs
// without tracers keep writing versions 2 and 3, and payloads that do not fit the run are refused.
#include <gtest/gtest.h>
#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include "plume/geometry/shapes.hpp"
#include "plume/io/checkpoint.hpp"
#include "tracer_case.hpp"

using namespace plume;
using namespace plume::test;
using Seeding = TracerConfig::Seeding;

namespace {

// A periodic Taylor–Green vortex that a body force carries along: the tracers circle and drift.
SolverConfig swirl(const TracerConfig& t) {
  d2q9::Setup st;
  st.initial.start = d2q9::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  st.physics.fx = 2e-5;
  st.physics.fy = -1e-5;
  return d2q9_run(32, 24, st, t);
}

TracerConfig some_tracers() { return seeded(Seeding::Region, 60, {0, 0, 0}, {31, 23, 0}, 3, 11); }

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string(name) + "_" + std::to_string(::getpid()) + ".ckpt"))
      .string();
}

std::vector<std::uint8_t> tracer_bytes(Solver& s) { return s.checkpoint_out().extra.at(0).bytes; }

std::uint32_t file_version(const std::string& path) { return io::read_checkpoint_header(path).version; }

}  // namespace

TEST(TracerCheckpoint, ARestartFromTheSolversStateContinuesTheTracersBitForBit) {
  // 40 steps (not a multiple of every = 3: the tracers' positions belong to step 39), then 41
  // more, against one run of 81.
  const SolverConfig c = swirl(some_tracers());
  Solver whole(c);
  whole.initialize();
  whole.advance(81);
  Solver first(c);
  first.initialize();
  first.advance(40);
  const CheckpointState at40 = first.checkpoint_out();
  ASSERT_EQ(at40.extra.size(), 1u);
  EXPECT_EQ(tracers::decode(at40.extra[0].bytes, lattice_of(first)).step, 39);
  Solver second(c);
  second.checkpoint_in(at40);
  EXPECT_EQ(second.step(), 40);
  second.advance(41);
  const std::vector<std::uint8_t> a = tracer_bytes(whole), b = tracer_bytes(second);
  EXPECT_EQ(a, b);
  // And they moved: the state is not the seeding's.
  Solver fresh(c);
  fresh.initialize();
  EXPECT_NE(tracer_bytes(fresh), a);
}

TEST(TracerCheckpoint, AVersion4FileRoundTripsTheExtraStateAndARestartFromItContinuesBitForBit) {
  const SolverConfig c = swirl(some_tracers());
  const std::string path = temp_path("tracers_v4");
  Solver whole(c);
  whole.initialize();
  whole.advance(60);
  Solver first(c);
  first.initialize();
  first.advance(30);
  io::save_checkpoint(path, first, "# config\n");
  EXPECT_EQ(file_version(path), io::kCheckpointVersionExtra);
  const io::Checkpoint k = io::read_checkpoint(path);
  const CheckpointState st = first.checkpoint_out();
  ASSERT_EQ(k.extra.size(), 1u);
  EXPECT_EQ(k.extra[0].name, "tracers");
  EXPECT_EQ(k.extra[0].bytes, st.extra[0].bytes);
  EXPECT_EQ(k.populations, st.populations);
  EXPECT_TRUE(k.solids.empty());
  Solver second(c);
  io::restore_checkpoint(path, second, c);
  second.advance(30);
  EXPECT_EQ(tracer_bytes(second), tracer_bytes(whole));
  std::remove(path.c_str());
}

TEST(TracerCheckpoint, WriteAndReadKeepSolidsAndSeveralPayloadsAndTheChecksumCoversThem) {
  SolverConfig c = swirl({});
  const std::string path = temp_path("tracers_payloads");
  const std::size_t sites = std::size_t(c.nx) * c.ny;
  std::vector<double> f(9 * sites, 1.0 / 9);
  std::vector<std::uint8_t> solids(sites, 0);
  solids[5] = 1;
  const std::vector<ExtraPayload> extra{{"tracers", {1, 2, 3, 4}}, {"particles", {}}, {"x", {255}}};
  io::write_checkpoint(path, c, "# text\n", 17, f, solids, extra);
  EXPECT_EQ(file_version(path), io::kCheckpointVersionExtra);
  const io::Checkpoint k = io::read_checkpoint(path);
  EXPECT_EQ(k.header.step, 17);
  EXPECT_EQ(k.solids, solids);
  ASSERT_EQ(k.extra.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(k.extra[i].name, extra[i].name);
    EXPECT_EQ(k.extra[i].bytes, extra[i].bytes);
  }
  // One byte of the last payload changed: the checksum says so.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() - 9] ^= 1;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  try {
    io::read_checkpoint(path);
    ADD_FAILURE() << "no error";
  } catch (const io::CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum mismatch"), std::string::npos) << e.what();
  }
  // A name given twice is refused before anything is written.
  EXPECT_THROW(io::write_checkpoint(path, c, "", 1, f, {}, {{"a", {}}, {"a", {}}}), io::CheckpointError);
  std::remove(path.c_str());
}

TEST(TracerCheckpoint, ARunWithoutTracersWritesVersions2And3AsBefore) {
  SolverConfig c = swirl({});
  const std::string path = temp_path("tracers_none");
  Solver s(c);
  s.initialize();
  io::save_checkpoint(path, s, "");
  EXPECT_EQ(file_version(path), io::kCheckpointVersion);
  EXPECT_TRUE(io::read_checkpoint(path).extra.empty());
  c.solids = std::make_shared<geometry::Rectangle>(4, 4, 8, 8);
  Solver w(c);
  w.initialize();
  io::save_checkpoint(path, w, "");
  EXPECT_EQ(file_version(path), io::kCheckpointVersionSolids);
  std::remove(path.c_str());
}

TEST(TracerCheckpoint, ACheckpointWithoutTracersRestartsThemFromTheirSeedingAtItsStep) {
  const SolverConfig plain = swirl({});
  Solver flow(plain);
  flow.initialize();
  flow.advance(25);
  const CheckpointState st = flow.checkpoint_out();
  ASSERT_TRUE(st.extra.empty());
  const SolverConfig c = swirl(some_tracers());
  Solver s(c);
  s.checkpoint_in(st);
  Solver seeded_at_0(c);
  seeded_at_0.initialize();
  const tracers::Record r = tracers_of(s), r0 = tracers_of(seeded_at_0);
  EXPECT_EQ(r.step, 25);
  ASSERT_EQ(r.tracers.size(), r0.tracers.size());
  for (std::size_t k = 0; k < r.tracers.size(); ++k) EXPECT_EQ(r.tracers[k].p, r0.tracers[k].p);  // the seeding's places
}

TEST(TracerCheckpointErrors, APayloadThatNoStateOfTheRunTakesIsRefused) {
  Solver with(swirl(some_tracers()));
  with.initialize();
  const CheckpointState st = with.checkpoint_out();
  Solver without(swirl({}));
  without.initialize();
  try {
    without.checkpoint_in(st);
    ADD_FAILURE() << "no error";
  } catch (const parallel::CollectiveError& e) {
    EXPECT_NE(std::string(e.what()).find("the checkpoint holds 'tracers', which this run does not have"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(without.step(), 0);  // refused before anything changed
  CheckpointState other = st;
  other.extra = {{"particles", {1, 2}}};
  EXPECT_THROW(with.checkpoint_in(other), parallel::CollectiveError);
}

TEST(TracerCheckpointErrors, TracerBytesThatDoNotReadAreRefused) {
  Solver s(swirl(some_tracers()));
  s.initialize();
  CheckpointState st = s.checkpoint_out();
  const std::vector<std::uint8_t> good = st.extra[0].bytes;
  const auto refused = [&](std::vector<std::uint8_t> bytes, const std::string& why) {
    st.extra[0].bytes = std::move(bytes);
    try {
      s.checkpoint_in(st);
      ADD_FAILURE() << "no error for " << why;
    } catch (const parallel::CollectiveError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  refused({1, 2, 3}, "cannot restore the tracers: the tracers' record is too short");
  std::vector<std::uint8_t> cut = good;
  cut.pop_back();
  refused(cut, "which does not hold the 60 tracers it announces");
  std::vector<std::uint8_t> version = good;
  version[8] = 9;
  refused(version, "has version 9");
  std::vector<std::uint8_t> outside = good;
  outside[32 + 8 + 7] = 0x7f;  // tracer 0's x: a huge number
  refused(outside, "places tracer 0 outside the lattice");
}

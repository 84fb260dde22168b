// The simulation thread: commands act in order and exactly, steering reaches the solver, a
// running batch yields to commands at once, files written from the desktop are the batch
// driver's (configuration and checkpoints), and a blown-up state stops the run and is never saved.
#include <gtest/gtest.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <thread>
#include <sys/resource.h>
#include <unistd.h>
#include "plume/config/run_config.hpp"
#include "simulation.hpp"
#include "d2q37/setup.hpp"

using plume::gui::CommandResult;
using plume::gui::Simulation;
using plume::gui::Snapshot;
namespace cmd = plume::gui::cmd;
namespace d2q37 = plume::d2q37;

namespace {

plume::config::RunConfig small_case(int nx = 48, int ny = 64) {
  plume::config::RunConfig c = plume::config::default_config();
  plume::config::apply_override(c, "lattice.nx", std::to_string(nx));
  plume::config::apply_override(c, "lattice.ny", std::to_string(ny));
  plume::config::apply_override(c, "run.backend", "cpu");
  plume::config::apply_override(c, "output.dir", "\"" + ::testing::TempDir() + "\"");
  return c;
}

// Waits (up to a minute: the machine may be busy) until the snapshot reflects command `seq`.
Snapshot& wait_for(Simulation& sim, std::unique_ptr<Snapshot>& front, std::uint64_t seq) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (front->applied_seq < seq) {
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (std::chrono::steady_clock::now() > until) {
      ADD_FAILURE() << "command " << seq << " not applied within 60 s";
      break;
    }
  }
  return *front;
}

CommandResult result_of(Simulation& sim, std::uint64_t seq) {
  for (const CommandResult& r : sim.drain_results())
    if (r.seq == seq) return r;
  return CommandResult{0, false, "no result"};
}

std::string temp_path(const char* name) { return ::testing::TempDir() + "/" + std::to_string(::getpid()) + name; }

}  // namespace

TEST(Simulation, StepsAreExactAndPausedMeansPaused) {
  Simulation sim(small_case(), false, 7);
  auto front = std::make_unique<Snapshot>();
  ASSERT_TRUE(sim.take(front));  // the initial state is there at once
  EXPECT_EQ(front->step, 0);
  const auto seq = sim.post(cmd::Steps{23});
  EXPECT_EQ(wait_for(sim, front, seq).step, 23);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  sim.take(front);
  EXPECT_EQ(front->step, 23);  // paused: nothing moves between commands
  EXPECT_EQ(sim.steps_total(), 23);
}

TEST(Simulation, SteeringReachesTheSolverAndTheDiagnostics) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  const auto a = sim.post(cmd::Steps{40});
  const double ke_before = wait_for(sim, front, a).diag.at("kinetic_energy");
  // Remove gravity: the stratified fluid is no longer in hydrostatic balance and starts moving.
  const auto s = sim.post(cmd::Set{"physics.gravity", "0"});
  EXPECT_DOUBLE_EQ(d2q37::physics(wait_for(sim, front, s).config.solver).gy, 0.0);
  EXPECT_TRUE(result_of(sim, s).ok);
  const auto b = sim.post(cmd::Steps{40});
  Simulation reference(small_case(), false, 10);
  auto ref = std::make_unique<Snapshot>();
  const auto r = reference.post(cmd::Steps{80});
  const double ke_changed = wait_for(sim, front, b).diag.at("kinetic_energy");
  const double ke_reference = wait_for(reference, ref, r).diag.at("kinetic_energy");
  EXPECT_GT(ke_changed, 10 * ke_reference);
  EXPECT_GT(ke_changed, 10 * ke_before);
}

TEST(Simulation, BadSteeringIsRefusedAndChangesNothing) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  sim.take(front);
  const double k1 = d2q37::physics(front->config.solver).k1;
  const auto seq = sim.post(cmd::Set{"physics.k1", "-1"});
  wait_for(sim, front, seq);
  const CommandResult r = result_of(sim, seq);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("physics.k1"), std::string::npos) << r.message;
  EXPECT_DOUBLE_EQ(d2q37::physics(front->config.solver).k1, k1);
  const auto typo = sim.post(cmd::Set{"physics.gravty", "1e-4"});
  wait_for(sim, front, typo);
  const CommandResult t = result_of(sim, typo);
  EXPECT_FALSE(t.ok);
  EXPECT_NE(t.message.find("gravity"), std::string::npos) << t.message;  // suggests the key meant
}

TEST(Simulation, ARunningBatchYieldsToCommands) {
  // A batch of a billion steps would take days; the command must still act within the minute.
  Simulation sim(small_case(), true, 1000000000L);
  auto front = std::make_unique<Snapshot>();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto seq = sim.post(cmd::Set{"physics.gravity", "1e-4"});
  Snapshot& s = wait_for(sim, front, seq);
  EXPECT_DOUBLE_EQ(d2q37::physics(s.config.solver).gy, -1e-4);
  EXPECT_TRUE(s.running);
  EXPECT_LT(s.step, 1000000L);
  const auto stop = sim.post(cmd::Run{false});
  EXPECT_FALSE(wait_for(sim, front, stop).running);
}

TEST(Simulation, PaintingAHotBlobRaisesTheLocalTemperature) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  sim.take(front);
  const Snapshot before = *front;
  const auto T = [](const Snapshot& s, int x, int y) { return s.fields["T"][s.fields.at(x, y)]; };
  const auto seq = sim.post(cmd::Paint{plume::gui::Brush{24, 44, 10, 0.05, true}});
  const auto cold = sim.post(cmd::Paint{plume::gui::Brush{24, 16, 10, 0.04, false}});
  Snapshot& s = wait_for(sim, front, cold);
  EXPECT_GE(s.applied_seq, seq);
  // The fields are those of the streamed populations: a site sees its neighbours' (slightly
  // less heated) equilibria too, so the rise at the centre is a little below the strength.
  EXPECT_GT(T(s, 24, 44) - T(before, 24, 44), 0.045);
  EXPECT_LT(T(s, 24, 44) - T(before, 24, 44), 0.0501);
  EXPECT_LT(T(s, 24, 16) - T(before, 24, 16), -0.036);
  EXPECT_GT(T(s, 24, 16) - T(before, 24, 16), -0.0401);
  EXPECT_EQ(T(s, 24, 30), T(before, 24, 30));  // between the discs, more than 3 sites (the reach) from both
  EXPECT_EQ(s.step, 0);
}

TEST(Simulation, ResetAndNewLatticeRestart) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  wait_for(sim, front, sim.post(cmd::Steps{5}));
  const auto r = sim.post(cmd::Reset{{{"initial.seed", "7"}, {"initial.perturbation", "single"}}});
  Snapshot& s = wait_for(sim, front, r);
  EXPECT_EQ(s.step, 0);
  EXPECT_EQ(d2q37::initial(s.config.solver).seed, 7u);
  EXPECT_EQ(d2q37::initial(s.config.solver).perturbation, plume::d2q37::Perturbation::Single);
  const auto l = sim.post(cmd::Lattice{32, 40});
  Snapshot& t = wait_for(sim, front, l);
  EXPECT_EQ(t.fields.nx, 32);
  EXPECT_EQ(t.fields.ny, 40);
  EXPECT_EQ(d2q37::initial(t.config.solver).seed, 7u);  // the rest of the configuration stays
}

TEST(Simulation, SavedConfigurationIsTheBatchDriversAndKeepsTheSteering) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  sim.post(cmd::Set{"physics.k1", "0.02"});
  sim.post(cmd::Set{"walls.top", "adiabatic"});
  const std::string path = temp_path("-steered.toml");
  const auto seq = sim.post(cmd::SaveConfig{path});
  wait_for(sim, front, seq);
  const plume::config::RunConfig c = plume::config::load_config(path);
  EXPECT_DOUBLE_EQ(d2q37::physics(c.solver).k1, 0.02);
  EXPECT_EQ(d2q37::physics(c.solver).top.kind, plume::d2q37::WallKind::Adiabatic);
  EXPECT_EQ(c.solver.nx, 48);
  // And loading it restarts on that configuration.
  const auto other = sim.post(cmd::Lattice{32, 32});
  wait_for(sim, front, other);
  const auto load = sim.post(cmd::LoadConfig{path});
  Snapshot& s = wait_for(sim, front, load);
  EXPECT_EQ(s.fields.nx, 48);
  EXPECT_DOUBLE_EQ(d2q37::physics(s.config.solver).k1, 0.02);
  std::remove(path.c_str());
}

TEST(Simulation, CheckpointRoundTripContinuesExactly) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  sim.post(cmd::Set{"physics.gravity", "3e-4"});
  const auto a = sim.post(cmd::Steps{12});
  const std::vector<double> T12 = wait_for(sim, front, a).fields["T"];
  const std::string path = temp_path("-state.chk");
  const auto save = sim.post(cmd::SaveCheckpoint{path});
  wait_for(sim, front, save);
  ASSERT_TRUE(result_of(sim, save).ok);
  sim.post(cmd::Set{"physics.gravity", "0"});
  sim.post(cmd::Steps{9});
  const auto open = sim.post(cmd::OpenCheckpoint{path});
  Snapshot& s = wait_for(sim, front, open);
  EXPECT_EQ(s.step, 12);
  EXPECT_DOUBLE_EQ(d2q37::physics(s.config.solver).gy, -3e-4);  // the checkpoint's own configuration
  EXPECT_EQ(s.fields["T"], T12);
  std::remove(path.c_str());
  const auto missing = sim.post(cmd::OpenCheckpoint{path});
  wait_for(sim, front, missing);
  const CommandResult r = result_of(sim, missing);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find(path), std::string::npos) << r.message;
}

TEST(Simulation, ShownFieldFollowsTheRequestAlsoWhenPaused) {
  // A GPU whose largest texture is 16 texels: the 48 x 64 lattice goes up as every 4th site.
  Simulation sim(small_case(48, 64), false, 10, 16);
  auto front = std::make_unique<Snapshot>();
  ASSERT_TRUE(sim.take(front));
  EXPECT_EQ(front->shown.kind->name, "T");
  sim.show(plume::gui::gui_field("rho"));
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (front->shown.kind->name != "rho" && std::chrono::steady_clock::now() < until)
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const plume::gui::ShownField& s = front->shown;
  ASSERT_EQ(s.kind->name, "rho");
  EXPECT_EQ(s.values, front->fields["rho"]);
  EXPECT_EQ(s.range.lo, *std::min_element(s.values.begin(), s.values.end()));
  EXPECT_EQ(s.range.hi, *std::max_element(s.values.begin(), s.values.end()));
  ASSERT_EQ(s.texture_nx, 12);
  ASSERT_EQ(s.texture_ny, 16);
  EXPECT_DOUBLE_EQ(s.offset, 0.5 * (s.range.lo + s.range.hi));
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 12; ++x)
      EXPECT_EQ(s.texture[std::size_t(y) * 12 + x], float(s.values[std::size_t(4 * y) * 48 + 4 * x] - s.offset));
  EXPECT_EQ(front->step, 0);
}

TEST(Simulation, SnapshotsAreSpacedToTheirShareOfTheTime) {
  // A front end that takes every snapshot at once: with the whole share (1) the running thread
  // publishes after every batch; with a share of 0.001 it waits 999 times a snapshot's cost.
  double cost = 0.0;
  auto snapshots_in = [&](double share) {
    Simulation sim(small_case(96, 128), true, 1, 16384, share);
    auto front = std::make_unique<Snapshot>();
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(600);
    while (std::chrono::steady_clock::now() < until)
      if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::microseconds(200));
    cost = front->snapshot_seconds;  // what the previous one took
    return sim.snapshots_total();
  };
  const long all = snapshots_in(1.0);
  EXPECT_GT(cost, 0.0);
  const long little = snapshots_in(0.001);
  EXPECT_GT(all, 10);
  EXPECT_LT(little * 5, all) << "share 1: " << all << " snapshots, share 0.001: " << little;
}

namespace {

// Strong gravity and almost no viscosity or conductivity: accepted by the configuration's checks
// (the top of the hydrostatic profile keeps enough pressure for the collision on 64 rows),
// blown up (rho or T < 0, then NaN) within a few dozen steps.
plume::config::RunConfig blowing_up_case() {
  plume::config::RunConfig c = small_case();
  plume::config::apply_override(c, "physics.gravity", "0.2");
  plume::config::apply_override(c, "physics.k1", "1e-6");
  plume::config::apply_override(c, "physics.k2", "1e-6");
  return c;
}

// Every result until one with sequence number `seq` has arrived (or a minute has gone by).
std::vector<CommandResult> results_until(Simulation& sim, std::uint64_t seq) {
  std::vector<CommandResult> all;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    for (const CommandResult& r : sim.drain_results()) all.push_back(r);
    if (!all.empty() && all.back().seq >= seq) return all;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ADD_FAILURE() << "no result for command " << seq << " within 60 s";
  return all;
}

bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

}  // namespace

TEST(Simulation, ABlownUpStatePausesSaysWhereAndIsNeverCheckpointed) {
  Simulation sim(blowing_up_case(), true, 1);
  auto front = std::make_unique<Snapshot>();
  // Running: the first snapshot that finds the state unphysical stops the run and says so.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (front->fault.empty() && std::chrono::steady_clock::now() < until)
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_FALSE(front->fault.empty()) << "still healthy at step " << front->step;
  EXPECT_FALSE(front->running);
  EXPECT_NE(front->fault.find("the state became unphysical at step"), std::string::npos) << front->fault;
  EXPECT_NE(front->fault.find("(x="), std::string::npos) << front->fault;  // where
  const long stopped_at = front->step;
  EXPECT_LT(stopped_at, 1000);

  // Saving it is refused, with the reason; nothing is written.
  const std::string path = temp_path("-blown-up.chk");
  const auto save = sim.post(cmd::SaveCheckpoint{path});
  std::vector<CommandResult> results = results_until(sim, save);
  const auto notice = std::find_if(results.begin(), results.end(), [](const CommandResult& r) { return r.seq == 0; });
  ASSERT_NE(notice, results.end()) << "the pause was not reported";
  EXPECT_FALSE(notice->ok);
  EXPECT_EQ(notice->message, "paused: " + front->fault);
  EXPECT_FALSE(results.back().ok);
  EXPECT_NE(results.back().message.find("refused, the state is not physical: the state became unphysical"),
            std::string::npos)
      << results.back().message;
  EXPECT_FALSE(exists(path));

  // Stepping it on is refused too (it only spreads the NaNs), so the state stays as found.
  const auto run = sim.post(cmd::Run{true});
  const auto step = sim.post(cmd::Steps{10});
  results = results_until(sim, step);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].seq, run);
  EXPECT_FALSE(results[0].ok);
  EXPECT_NE(results[0].message.find("refused"), std::string::npos) << results[0].message;
  EXPECT_FALSE(results[1].ok);
  Snapshot& s = wait_for(sim, front, step);
  EXPECT_EQ(s.step, stopped_at);
  EXPECT_FALSE(s.running);

  // A new state is healthy again, and can be saved.
  sim.post(cmd::Set{"physics.gravity", "1e-4"});
  sim.post(cmd::Reset{});
  const auto good = sim.post(cmd::SaveCheckpoint{path});
  results = results_until(sim, good);
  EXPECT_TRUE(results.back().ok) << results.back().message;
  EXPECT_TRUE(wait_for(sim, front, good).fault.empty());
  EXPECT_TRUE(exists(path));
  std::remove(path.c_str());
}

TEST(Simulation, StepsStopAtAFaultAndTheResultSaysWhereAndWhen) {
  Simulation sim(blowing_up_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  // Nobody takes the snapshots here: the thread looks at the state anyway.
  const auto seq = sim.post(cmd::Steps{100000});
  const std::vector<CommandResult> results = results_until(sim, seq);
  ASSERT_EQ(results.size(), 1u);  // the command's own failure, no second notice
  const CommandResult& r = results.back();
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.message.rfind("steps 100000: ", 0), 0u) << r.message;
  EXPECT_NE(r.message.find("the state became unphysical at step"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("(x="), std::string::npos) << r.message;
  EXPECT_LT(r.step, 50000);  // it did not go on to the end
  Snapshot& s = wait_for(sim, front, seq);
  EXPECT_EQ(s.step, r.step);
  EXPECT_FALSE(s.fault.empty());
}

namespace {

// In a child process whose address space is capped at 1 GiB above what it uses now: a lattice
// that needs more (2000 x 2000 sites: about 2.4 GB of populations, which the host's available
// memory would hold) fails there at once, whatever the machine's memory and overcommit policy,
// and nothing else is disturbed.
void with_little_memory(const std::function<void()>& body) {
  long vm_kib = 0;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmSize:", 0) == 0) vm_kib = std::stol(line.substr(7));
  const rlim_t cap = rlim_t(vm_kib) * 1024 + (rlim_t(1) << 30);
  const rlimit lim{cap, cap};
  if (::setrlimit(RLIMIT_AS, &lim) != 0) std::_Exit(3);
  body();
}

}  // namespace

TEST(SimulationDeathTest, ALatticeThatDoesNotFitIsNamedAndTheRunGoesOn) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(with_little_memory([] {
                Simulation sim(small_case(), false, 10);
                auto front = std::make_unique<Snapshot>();
                const auto seq = sim.post(cmd::Lattice{2000, 2000});
                const CommandResult r = results_until(sim, seq).back();
                const Snapshot& s = wait_for(sim, front, seq);
                std::fprintf(stderr, "[%s] %s; lattice now %d x %d\n", r.ok ? "ok" : "failed", r.message.c_str(),
                             s.fields.nx, s.fields.ny);
                std::exit(0);
              }),
              ::testing::ExitedWithCode(0),
              "\\[failed\\] lattice 2000 2000: not enough memory for a 2000 x 2000 lattice \\(4e\\+06 sites\\); "
              "lattice now 48 x 64");
  EXPECT_EXIT(with_little_memory([] {
                try {
                  Simulation sim(small_case(2000, 2000), false, 10);
                } catch (const std::exception& e) {
                  std::fprintf(stderr, "[refused] %s\n", e.what());
                }
                std::exit(0);
              }),
              ::testing::ExitedWithCode(0), "\\[refused\\] not enough memory for a 2000 x 2000 lattice");
}

// A lattice beyond the host's available memory is refused before anything is allocated, with the
// batch driver's estimate and both numbers; the run in progress goes on.
TEST(Simulation, ALatticeBeyondTheAvailableMemoryIsRefusedBeforeAllocating) {
  Simulation sim(small_case(), false, 10);
  auto front = std::make_unique<Snapshot>();
  // 10^9 sites of a sound atmosphere (a taller one would be refused for its physics first).
  const auto seq = sim.post(cmd::Lattice{1000000, 1000});
  const CommandResult r = results_until(sim, seq).back();
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("does not fit"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("available"), std::string::npos) << r.message;
  const Snapshot& s = wait_for(sim, front, seq);
  EXPECT_EQ(s.fields.nx, 48);
  EXPECT_EQ(s.fields.ny, 64);
  EXPECT_THROW(Simulation(small_case(1000000, 1000), false, 10), std::runtime_error);
}

TEST(Simulation, D2Q9IsSteeredLiveAndARefusedValueSaysWhy) {
  plume::config::RunConfig c = plume::config::load_config(PLUME_GUI_TEST_ASSETS "/d2q9_poiseuille.toml");
  plume::config::apply_override(c, "run.backend", "cpu");
  plume::config::apply_override(c, "output.dir", "\"" + ::testing::TempDir() + "\"");
  Simulation sim(c, false, 10);
  auto front = std::make_unique<Snapshot>();
  const auto value = [&](const std::string& key) {
    for (const auto& [k, v] : plume::config::key_values(front->config))
      if (k == key) return v;
    return std::string("(none)");
  };
  const auto a = sim.post(cmd::Set{"physics.tau", "0.9"});
  wait_for(sim, front, a);
  const CommandResult ok = result_of(sim, a);
  EXPECT_TRUE(ok.ok) << ok.message;
  EXPECT_NE(ok.message.find("from the next step"), std::string::npos) << ok.message;
  EXPECT_EQ(value("physics.tau"), "0.9");
  const auto b = sim.post(cmd::Set{"physics.tau", "0.5"});  // no viscosity
  wait_for(sim, front, b);
  const CommandResult tau = result_of(sim, b);
  EXPECT_FALSE(tau.ok);
  EXPECT_NE(tau.message.find("physics.tau"), std::string::npos) << tau.message;
  EXPECT_EQ(value("physics.tau"), "0.9");
  const auto w = sim.post(cmd::Set{"walls.top_u", "0.5"});  // faster than lattice Boltzmann holds
  wait_for(sim, front, w);
  const CommandResult wall = result_of(sim, w);
  EXPECT_FALSE(wall.ok);
  EXPECT_NE(wall.message.find("too fast"), std::string::npos) << wall.message;
}

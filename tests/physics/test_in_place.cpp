// In-place streaming (run.streaming = "in-place", plume/grid/planes.hpp) against two buffers on the
// CPU: the same per-site arithmetic reads and writes other slots of one buffer, so every state, its
// fields and its sums must be the two-buffer run's bit for bit, after odd step counts (the state
// held in the sites it streams to, halos included) and even ones; checkpoints, painting and drawn
// solids in between; and setups whose boundaries read a neighbour's populations are refused.
#include <gtest/gtest.h>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "in_place_cases.hpp"

using namespace plume;
using namespace plume::test;

namespace {

// "" when bitwise equal, else the first index that differs.
std::string first_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    if (std::memcmp(&a[k], &b[k], sizeof(double)) != 0)
      return "value " + std::to_string(k) + ": " + std::to_string(a[k]) + " vs " + std::to_string(b[k]);
  return "";
}

}  // namespace

TEST(InPlace, EveryModelGivesTheTwoBufferStatesFieldsAndSumsBitForBitAfterOddAndEvenSteps) {
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const ModelCase& c : lbm_cases(precision)) {
      Solver two(c.config), one(in_place(c.config));
      two.initialize();
      one.initialize();
      const std::string what = c.what + (precision == Precision::FP32 ? ", FP32" : ", FP64");
      EXPECT_NE(one.backend().description.find("in-place"), std::string::npos) << what;
      for (long steps : {1L, 1L, 5L, 6L}) {  // 1, 2, 7, 13: the state both ways round
        two.advance(steps);
        one.advance(steps);
        const std::string when = what + ", step " + std::to_string(two.step());
        EXPECT_EQ(first_difference(fluid_populations(one), fluid_populations(two)), "") << when;
        EXPECT_EQ(first_difference(all_fields(one), all_fields(two)), "") << when;
        EXPECT_EQ(first_difference(one.snapshot().site_sums(), two.snapshot().site_sums()), "") << when;
      }
    }
}

// A checkpoint is the state, however it is held: one taken after an odd step of an in-place run
// restarts a two-buffer run, and the other way round, and both go on as one uninterrupted run.
TEST(InPlace, CheckpointsMoveBetweenTwoBuffersAndInPlaceMidRun) {
  for (const ModelCase& c : lbm_cases(Precision::FP64)) {
    Solver reference(c.config);
    reference.initialize();
    reference.advance(12);
    for (bool from_in_place : {true, false}) {
      Solver first(from_in_place ? in_place(c.config) : c.config);
      first.initialize();
      first.advance(5);
      Solver second(from_in_place ? c.config : in_place(c.config));
      second.initialize();
      second.set_populations(first.populations(), first.step());
      second.advance(7);
      EXPECT_EQ(first_difference(fluid_populations(second), fluid_populations(reference)), "")
          << c.what << (from_in_place ? ": in place, then two buffers" : ": two buffers, then in place");
    }
  }
}

// Painting and drawing act on the state as it is held after an odd step too: edge and corner
// sites (whose populations then lie in the halos) painted, solids drawn and erased across the
// periodic sides.
TEST(InPlace, PaintingAndDrawingAfterAnOddStepGiveTheTwoBufferRun) {
  for (const ModelCase& c : lbm_cases(Precision::FP64)) {
    Solver two(c.config), one(in_place(c.config));
    paint_and_draw(two);
    paint_and_draw(one);
    EXPECT_EQ(first_difference(fluid_populations(one), fluid_populations(two)), "") << c.what;
  }
}

// A boundary that reads a population another site reads and overwrites in the same step cannot
// run in place: the configuration is refused before any work, naming the reason and the keys.
TEST(InPlace, SetupsThatReadANeighboursPopulationsAreRefusedByName) {
  const auto refused = [](const SolverConfig& c, const std::string& words) {
    try {
      Solver s(c);
      return std::string("accepted");
    } catch (const std::exception& e) {
      const std::string m = e.what();
      return m.find("in-place streaming") != std::string::npos && m.find(words) != std::string::npos
                 ? std::string()
                 : "message: " + m;
    }
  };
  SolverConfig d2q9c;
  d2q9c.model = "d2q9";
  d2q9c.nx = 20;
  d2q9c.ny = 10;
  d2q9c.backend = BackendKind::CPU;
  d2q9c.streaming = Streaming::InPlace;
  d2q9::Setup st;
  st.physics.bounce = d2q9::Bounce::Interpolated;
  d2q9c.setup = AnySetup(st);
  EXPECT_EQ(refused(d2q9c, "interpolated bounce-back"), "");
  EXPECT_EQ(refused(d2q9c, "solids.bounce"), "");

  SolverConfig d2q37c;
  d2q37c.nx = 20;
  d2q37c.ny = 24;
  d2q37c.backend = BackendKind::CPU;
  d2q37c.streaming = Streaming::InPlace;
  d2q37::physics(d2q37c).top.kind = d2q37::WallKind::Adiabatic;
  EXPECT_EQ(refused(d2q37c, "adiabatic wall"), "");

  SolverConfig diffusion;
  diffusion.model = "diffusion";
  diffusion.nx = diffusion.ny = 16;
  diffusion.backend = BackendKind::CPU;
  diffusion.streaming = Streaming::InPlace;
  EXPECT_EQ(refused(diffusion, "diffusion stencil"), "");

  // Steering into such a setup is refused the same way, and the run goes on as it was.
  d2q9::Setup half;
  d2q9c.setup = AnySetup(half);
  Solver s(d2q9c);
  s.initialize();
  EXPECT_THROW(s.steer(AnySetup(st)), std::invalid_argument);
  EXPECT_EQ(s.config().setup.as<d2q9::Setup>().physics.bounce, d2q9::Bounce::HalfWay);
}

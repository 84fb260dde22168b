// Rayleigh–Taylor initial state (spec section 7): deterministic for a seed whatever the thread
// count or the part of the lattice a process holds, and in discrete hydrostatic balance.
#include <gtest/gtest.h>
#include <cmath>
#include "d2q37/rayleigh_taylor.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

using namespace plume;

namespace {
std::vector<double> initial_populations(d2q37::Perturbation kind, int threads, std::uint64_t seed) {
  SolverConfig c;
  c.nx = 64;
  c.ny = 48;
  c.backend = BackendKind::CPU;
  c.threads = threads;
  d2q37::physics(c).gy = -1e-4;
  d2q37::initial(c).perturbation = kind;
  d2q37::initial(c).seed = seed;
  Solver s(c);
  s.initialize();
  return s.populations();
}
}  // namespace

class InitialStateTest : public ::testing::TestWithParam<d2q37::Perturbation> {};

TEST_P(InitialStateTest, IdenticalForOneAndTwoThreads) {
  EXPECT_EQ(initial_populations(GetParam(), 1, 7), initial_populations(GetParam(), 2, 7));
}

INSTANTIATE_TEST_SUITE_P(AllPerturbations, InitialStateTest,
                         ::testing::Values(d2q37::Perturbation::Single, d2q37::Perturbation::Multi, d2q37::Perturbation::Random),
                         [](const auto& info) {
                           return info.param == d2q37::Perturbation::Single ? "Single"
                                  : info.param == d2q37::Perturbation::Multi ? "Multi" : "Random";
                         });

TEST(InitialState, RandomPerturbationsDependOnTheSeed) {
  for (d2q37::Perturbation kind : {d2q37::Perturbation::Multi, d2q37::Perturbation::Random})
    EXPECT_NE(initial_populations(kind, 2, 7), initial_populations(kind, 2, 8));
}

TEST(InitialStateColumn, AnyRowRangeGivesTheSameValues) {
  plume::d2q37::InitialState s;
  s.perturbation = d2q37::Perturbation::Random;
  const int NX = 32, NY = 100;
  std::vector<double> rho(NY), T(NY);
  d2q37::rt_column(s, 1e-4, 5, NX, NY, 0, NY, [&](int y, double r, double t) { rho[y] = r; T[y] = t; });
  int seen = 0;
  d2q37::rt_column(s, 1e-4, 5, NX, NY, 37, 71, [&](int y, double r, double t) {
    EXPECT_EQ(r, rho[y]);
    EXPECT_EQ(t, T[y]);
    ++seen;
  });
  EXPECT_EQ(seen, 71 - 37);
}

TEST(InitialStateColumn, DiscreteHydrostaticBalanceAndInterface) {
  plume::d2q37::InitialState s;
  s.perturbation = d2q37::Perturbation::Single;
  s.amplitude = 2.0;
  s.mode = 1;
  const double g = 3e-4;
  const int NX = 16, NY = 200;
  std::vector<double> rho(NY), T(NY);
  d2q37::rt_column(s, g, 0, NX, NY, 0, NY, [&](int y, double r, double t) { rho[y] = r; T[y] = t; });
  EXPECT_DOUBLE_EQ(rho[0], s.rho_bottom);
  for (int y = 1; y < NY; ++y) EXPECT_NEAR(rho[y] * T[y], rho[y - 1] * (T[y - 1] - g), 1e-15);
  // Hot below, cold above, and the mid temperature at the displaced interface y_c = mid + A.
  EXPECT_NEAR(T[0], s.T_down, 1e-6);
  EXPECT_NEAR(T[NY - 1], s.T_up, 1e-6);
  const double yc = d2q37::interface_height(s, 0, NX, NY);
  EXPECT_NEAR(yc, 0.5 * (NY - 1) + 2.0, 1e-12);
}

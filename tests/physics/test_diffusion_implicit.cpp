// The diffusion model's implicit scheme (physics.scheme = "implicit"; solver/models/diffusion/
// implicit.hpp, line_solve.hpp): on a periodic box a sine mode decays per step by the scheme's
// exact factor, the product over the axes of (1 - (1 - theta) a) / (1 + theta a) with
// a = 4 r sin^2(k/2), at r far beyond the explicit limit, for backward Euler and Crank-Nicolson,
// in 3-D and 2-D; at any r no mode grows and the sum of T stays; between fixed-value walls the
// linear profile is steady and the lowest wall mode decays by its factor; theta outside [1/2, 1]
// is refused by name. Decomposed runs: tests/mpi/test_implicit_distributed.cpp.
#include <gtest/gtest.h>
#include <cmath>
#include <functional>
#include <vector>
#include "diffusion/model.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

constexpr double kPi = 3.14159265358979323846;

diffusion::Setup implicit(double kappa, double theta) {
  diffusion::Setup s;
  s.physics.kappa = kappa;
  s.physics.scheme = diffusion::Scheme::Implicit;
  s.physics.theta = theta;
  s.initial.background = 0.0;  // a mode alone: its round-off scales with it
  s.initial.amplitude = 1.0;
  return s;
}

diffusion::Setup sine(diffusion::Setup s, int kx, int ky, int kz) {
  s.initial.start = diffusion::Start::Sine;
  s.initial.k[0] = kx;
  s.initial.k[1] = ky;
  s.initial.k[2] = kz;
  return s;
}

// T (x fastest) after `steps` steps on nx x ny x nz, one CPU thread, from the case's start or
// from T = start(x, y, z).
std::vector<double> run(int nx, int ny, int nz, const diffusion::Setup& s, long steps,
                        std::function<double(int, int, int)> start = {}, Precision p = Precision::FP64) {
  SolverConfig c;
  c.model = "diffusion";
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.setup = AnySetup(s);
  c.precision = p;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  Solver solver(c);
  solver.initialize();
  if (start) {
    std::vector<double> t(std::size_t(nx) * ny * nz);
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) t[(std::size_t(z) * ny + y) * nx + x] = start(x, y, z);
    solver.set_populations(t, 0);
  }
  solver.advance(steps);
  return solver.populations();
}

// One axis' factor of a mode whose second difference is -4 sin^2(half) times it.
double axis_factor(double r, double theta, double half) {
  const double a = 4.0 * r * std::sin(half) * std::sin(half);
  return (1.0 - (1.0 - theta) * a) / (1.0 + theta * a);
}

// At most `steps`, at least 1, such that |g|^steps >= 1e-3.
long steps_above(double g, long steps) {
  while (steps > 1 && std::pow(std::abs(g), double(steps)) < 1e-3) --steps;
  return steps;
}

// The largest deviation of T from g^n times the start over the lattice, relative to |g|^n,
// for the sine of `s` on the periodic nx x ny x nz box (g: the product of the axes' factors).
double decay_error(int nx, int ny, int nz, const diffusion::Setup& s, long steps, Precision p = Precision::FP64) {
  const int N[3] = {nx, ny, nz};
  double g = 1;
  for (int a = 0; a < 3; ++a)
    if (N[a] > 1 && s.initial.k[a] != 0) g *= axis_factor(s.physics.kappa, s.physics.theta, kPi * s.initial.k[a] / N[a]);
  // Round-off leaves ~1e-16 in every other mode, the slowly decaying ones included: the mode is
  // followed only while it stands well above that (|g|^n >= 1e-3), so that the check is of the
  // factor and not of the round-off.
  steps = steps_above(g, steps);
  const std::vector<double> t = run(nx, ny, nz, s, steps, {}, p);
  const double gn = std::pow(g, double(steps));
  double worst = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        const double exact = gn * diffusion::initial_value(s.initial, x, y, z, nx, ny, nz);
        worst = std::max(worst, std::abs(t[(std::size_t(z) * ny + y) * nx + x] - exact) / std::abs(gn));
      }
  return worst;
}

double sum(const std::vector<double>& t) {
  double s = 0;
  for (double v : t) s += v;
  return s;
}

}  // namespace

// r = 10 is 60 times the explicit scheme's limit in 3-D (1/6).
TEST(DiffusionImplicit, ASineModeDecaysByTheExactDiscreteFactorIn3D) {
  for (double theta : {1.0, 0.5}) {
    EXPECT_LT(decay_error(16, 20, 12, sine(implicit(10.0, theta), 1, 2, 1), 12), 1e-11) << "theta " << theta;
    EXPECT_LT(decay_error(16, 20, 12, sine(implicit(10.0, theta), 2, 1, 3), 12), 1e-11) << "theta " << theta;
    EXPECT_LT(decay_error(16, 20, 12, sine(implicit(0.3, theta), 1, 2, 1), 12), 1e-11) << "theta " << theta;
  }
  // FP32 storage rounds T to 24 bits after each axis' solve.
  EXPECT_LT(decay_error(16, 20, 12, sine(implicit(10.0, 1.0), 1, 2, 1), 12, Precision::FP32), 1e-5);
}

TEST(DiffusionImplicit, ASineModeDecaysByTheExactDiscreteFactorIn2D) {
  for (double theta : {1.0, 0.5}) {
    EXPECT_LT(decay_error(24, 18, 1, sine(implicit(10.0, theta), 2, 1, 0), 12), 1e-11) << "theta " << theta;
    EXPECT_LT(decay_error(24, 18, 1, sine(implicit(10.0, theta), 1, 3, 1), 12), 1e-11) << "theta " << theta;
  }
  // An axis of two sites (the periodic line whose two neighbours are one site).
  EXPECT_LT(decay_error(24, 2, 1, sine(implicit(10.0, 0.5), 3, 0, 0), 12), 1e-11);
}

// The factors differ from the explicit scheme's and from the unsplit theta-scheme's (whose factor
// is (1 - (1 - theta) sum a) / (1 + theta sum a)) by far more than the tolerance above: the test
// checks this split scheme.
TEST(DiffusionImplicit, TheFactorIsTheSplitSchemesNotAnotherOne) {
  const double r = 10.0, h1 = kPi / 16, h2 = 2 * kPi / 20;
  const double split = axis_factor(r, 1.0, h1) * axis_factor(r, 1.0, h2);
  const double a = 4 * r * (std::sin(h1) * std::sin(h1) + std::sin(h2) * std::sin(h2));
  EXPECT_GT(std::abs(split - 1.0 / (1.0 + a)), 1e-2);
  EXPECT_LT(std::abs(split), 1.0);
}

// At r = 1000 every mode's factor lies in [-1, 1]: the spread of T about its mean never grows
// (in the mean square: Crank-Nicolson's factors near -1 may move the extremes), and the sum of T
// stays on the periodic box, whose solves only move T between sites.
TEST(DiffusionImplicit, AnyRIsStableAndTheSumOfTStays) {
  const int nx = 13, ny = 11, nz = 9;
  const auto start = [](int x, int y, int z) {
    return 1.0 + ((x * 7 + y * 3 + z * 5) % 11) * 0.3 + (x == 4 && y == 5 && z == 6 ? 40.0 : 0.0);
  };
  for (double theta : {1.0, 0.5}) {
    std::vector<double> t = run(nx, ny, nz, implicit(1000.0, theta), 0, start);
    const double total = sum(t);
    const auto spread = [&](const std::vector<double>& v) {
      const double mean = sum(v) / double(v.size());
      double s = 0;
      for (double x : v) s += (x - mean) * (x - mean);
      return s;
    };
    const double spread0 = spread(t);
    double before = spread0;
    for (long steps = 1; steps <= 30; ++steps) {
      t = run(nx, ny, nz, implicit(1000.0, theta), steps, start);
      ASSERT_TRUE(std::isfinite(sum(t)));
      // At r = 1000 each solve's round-off is ~r eps of T: the sum holds to that, step after step.
      EXPECT_NEAR(sum(t), total, 1e-10 * total) << "theta " << theta << ", step " << steps;
      const double now = spread(t);
      // Once the spread has decayed to round-off it no longer shrinks: a slack at that level.
      EXPECT_LE(now, before * (1 + 1e-12) + 1e-20 * spread0) << "theta " << theta << ", step " << steps;
      before = now;
    }
    if (theta == 1.0) EXPECT_LT(before, 1e-6 * spread(run(nx, ny, nz, implicit(1000.0, theta), 0, start)));
  }
}

// Between walls at T_low and T_high (walls.hpp: the images 2 T_w - T) the linear profile is the
// implicit scheme's steady state too, and the lowest mode between walls at 0,
// sin(pi (y + 1/2) / NY), decays by the axis factor with half = pi / (2 NY).
TEST(DiffusionImplicit, WallsKeepTheLinearProfileAndTheirLowestModeDecaysByItsFactor) {
  for (double theta : {1.0, 0.5}) {
    diffusion::Setup s = implicit(10.0, theta);
    s.physics.walls_y = true;
    s.physics.y_low = 1.0;
    s.physics.y_high = 3.0;
    const int nx = 6, ny = 10, nz = 8;
    const auto line = [&](int, int y, int) { return 1.0 + 2.0 * (y + 0.5) / ny; };
    const std::vector<double> t = run(nx, ny, nz, s, 40, line);
    double worst = 0;
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
          worst = std::max(worst, std::abs(t[(std::size_t(z) * ny + y) * nx + x] - line(x, y, z)));
    EXPECT_LT(worst, 1e-13) << "theta " << theta;

    // The lowest mode between walls at 0 on y and z, times a sine along x.
    diffusion::Setup m = implicit(10.0, theta);
    m.physics.walls_y = m.physics.walls_z = true;
    const auto mode = [&](int x, int y, int z) {
      return std::sin(2 * kPi * x / nx) * std::sin(kPi * (y + 0.5) / ny) * std::sin(kPi * (z + 0.5) / nz);
    };
    const double g = axis_factor(10.0, theta, kPi / nx) * axis_factor(10.0, theta, kPi / (2 * ny)) *
                     axis_factor(10.0, theta, kPi / (2 * nz));
    const long steps = steps_above(g, 10);
    const double gn = std::pow(g, double(steps));
    const std::vector<double> u = run(nx, ny, nz, m, steps, mode);
    double err = 0;
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
          err = std::max(err, std::abs(u[(std::size_t(z) * ny + y) * nx + x] - gn * mode(x, y, z)) / std::abs(gn));
    EXPECT_LT(err, 1e-11) << "theta " << theta;
    // Walls one site further out (half = pi / (2 (NY + 2))) would give a visibly other factor.
    EXPECT_GT(std::abs(std::pow(axis_factor(10.0, theta, kPi / (2 * (ny + 2))) / axis_factor(10.0, theta, kPi / (2 * ny)),
                                double(steps)) - 1.0),
              0.01);
  }
}

TEST(DiffusionImplicit, ThetaOutsideItsRangeIsRefusedNamingTheKey) {
  const Parameters& p = find_model("diffusion").parameters();
  for (const Parameter& k : p.list)
    if (k.path() == "physics.theta") {
      ASSERT_TRUE(k.lo && k.hi);
      EXPECT_EQ(k.lo->value, 0.5);
      EXPECT_EQ(k.hi->value, 1.0);
      EXPECT_FALSE(k.lo->open || k.hi->open);
    }
  // The explicit limit does not hold for the implicit scheme, but still for the explicit one.
  EXPECT_TRUE(p.check(AnySetup(implicit(10.0, 1.0)), 16, 16, 16).empty());
  diffusion::Setup e = implicit(10.0, 1.0);
  e.physics.scheme = diffusion::Scheme::Explicit;
  const std::vector<SetupProblem> problems = p.check(AnySetup(e), 16, 16, 16);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].about, "physics.kappa");
}

// The diffusion stencil between fixed-value walls (walls.y, walls.z; solver/models/diffusion/
// walls.hpp): the linear profile between two walls is the scheme's steady state to round-off, and
// any start reaches it; the lowest mode between walls at 0, sin(pi (y + 1/2) / NY), decays by the
// exact discrete factor 1 - 4 r sin^2(pi / (2 NY)) per step (with z walls too, the sum of both
// axes' terms); a bad wall key is refused by name.
#include <gtest/gtest.h>
#include <cmath>
#include <functional>
#include "diffusion/model.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

constexpr double kPi = 3.14159265358979323846;

SolverConfig walled(int nx, int ny, int nz, const diffusion::Setup& s) {
  SolverConfig c;
  c.model = "diffusion";
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.setup = AnySetup(s);
  c.backend = BackendKind::CPU;
  c.threads = 1;
  return c;
}

// T after `steps` steps from T = start(x, y, z) (or from the case's start when `start` is empty).
std::vector<double> run(int nx, int ny, int nz, const diffusion::Setup& s, long steps,
                        std::function<double(int, int, int)> start = {}) {
  Solver solver(walled(nx, ny, nz, s));
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

double worst(const std::vector<double>& t, int nx, int ny, int nz, std::function<double(int, int, int)> exact) {
  double w = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) w = std::max(w, std::abs(t[(std::size_t(z) * ny + y) * nx + x] - exact(x, y, z)));
  return w;
}

diffusion::Setup with_walls(bool y, bool z, double kappa) {
  diffusion::Setup s;
  s.physics.kappa = kappa;
  s.physics.walls_y = y;
  s.physics.walls_z = z;
  return s;
}

}  // namespace

TEST(DiffusionWalls, TheLinearProfileBetweenTwoWallsIsTheSteadyState) {
  const int nx = 4, ny = 12, nz = 10;
  // Walls on y at 1 and 3: T = 1 + 2 (y + 1/2) / ny, the walls half a site beyond the layers.
  diffusion::Setup s = with_walls(true, false, 0.16);
  s.physics.y_low = 1.0;
  s.physics.y_high = 3.0;
  const auto profile_y = [&](int, int y, int) { return 1.0 + 2.0 * (y + 0.5) / ny; };
  EXPECT_LT(worst(run(nx, ny, nz, s, 200, profile_y), nx, ny, nz, profile_y), 1e-14) << "it stays";
  // From the default sine start it gets there: the slowest mode decays by 1 - 4 r sin^2(pi / 24)
  // = 0.989 per step, to 1e-16 in 3500 steps.
  EXPECT_LT(worst(run(nx, ny, nz, s, 3500), nx, ny, nz, profile_y), 1e-13);
  // On z: the same.
  diffusion::Setup t = with_walls(false, true, 0.1);
  t.physics.z_low = -0.5;
  t.physics.z_high = 0.25;
  const auto profile_z = [&](int, int, int z) { return -0.5 + 0.75 * (z + 0.5) / nz; };
  EXPECT_LT(worst(run(nx, ny, nz, t, 200, profile_z), nx, ny, nz, profile_z), 1e-14);
  // On a 2-D lattice (the 5-point stencil).
  EXPECT_LT(worst(run(6, ny, 1, s, 200, profile_y), 6, ny, 1, profile_y), 1e-14);
}

TEST(DiffusionWalls, TheLowestModeDecaysByTheExactDiscreteFactor) {
  const int nx = 4, ny = 12, nz = 10;
  const double r = 0.15;
  for (const auto& [wy, wz] : {std::pair{true, false}, std::pair{false, true}, std::pair{true, true}}) {
    const auto mode = [&, wy = wy, wz = wz](int, int y, int z) {
      return (wy ? std::sin(kPi * (y + 0.5) / ny) : 1.0) * (wz ? std::sin(kPi * (z + 0.5) / nz) : 1.0);
    };
    double s2 = 0;
    if (wy) s2 += std::pow(std::sin(kPi / (2 * ny)), 2);
    if (wz) s2 += std::pow(std::sin(kPi / (2 * nz)), 2);
    const double g = 1 - 4 * r * s2;
    const long steps = 300;
    const double gn = std::pow(g, double(steps));
    const auto exact = [&](int x, int y, int z) { return gn * mode(x, y, z); };
    const std::vector<double> t = run(nx, ny, nz, with_walls(wy, wz, r), steps, mode);
    EXPECT_LT(worst(t, nx, ny, nz, exact) / gn, 1e-12) << "walls on y " << wy << ", z " << wz;
    // The walls are where the factor says: walls one site further out (at the halo sites) would
    // give 1 - 4 r sin^2(pi / (2 (n + 1))), visibly different after these steps.
    const double g_other = 1 - 4 * r * (wy ? std::pow(std::sin(kPi / (2 * (ny + 1))), 2) : 0.0) -
                           4 * r * (wz ? std::pow(std::sin(kPi / (2 * (nz + 1))), 2) : 0.0);
    EXPECT_GT(std::abs(std::pow(g_other, double(steps)) / gn - 1), 1e-2);
  }
}

TEST(DiffusionWalls, ZWallsOnALatticeOfOnePlaneAreRefused) {
  diffusion::Setup s = with_walls(false, true, 0.1);
  bool named = false;
  for (const SetupProblem& p : diffusion::parameters().check(AnySetup(s), 16, 16, 1)) named |= p.about == "walls.z";
  EXPECT_TRUE(named);
  EXPECT_TRUE(diffusion::parameters().check(AnySetup(s), 16, 16, 8).empty());
}

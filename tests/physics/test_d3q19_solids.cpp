// D3Q19 with solid sites: layers of solid sites around a duct are exactly the built-in half-way
// walls; the force on the solids (momentum exchange) balances the body force that drives the
// flow past a block; bounce-back conserves the fluid's mass.
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include <numeric>
#include <vector>
#include "d3q19_case.hpp"
#include "site_geometry.hpp"

using namespace plume;
using plume::test::D3Q19Run;
using d3q19::L;

namespace {

std::shared_ptr<const Geometry> where(std::function<bool(int, int, int)> f) {
  return std::make_shared<test::SitesWhere>(std::move(f));
}

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

}  // namespace

TEST(D3Q19Solids, SolidLayersAreExactlyTheBuiltInHalfWayWalls) {
  d3q19::Setup walls;
  walls.physics.collision = d3q19::Collision::TRT;
  walls.physics.tau = 0.9;
  walls.physics.walls_y = walls.physics.walls_z = true;
  walls.physics.fx = 1e-5;
  walls.initial.start = d3q19::Start::TaylorGreen;
  walls.initial.amplitude = 0.01;
  d3q19::Setup layers = walls;
  layers.physics.walls_y = layers.physics.walls_z = false;  // periodic, with solid layers around the duct
  const int NX = 6, NY = 8, NZ = 7;
  D3Q19Run a(NX, NY, NZ, walls);
  D3Q19Run b(NX, NY + 2, NZ + 2, layers,
             where([&](int, int y, int z) { return y == 0 || y == NY + 1 || z == 0 || z == NZ + 1; }));
  // The same initial state in the duct's sites.
  const std::vector<double> fa0 = a.populations();
  std::vector<double> fb0 = b.populations();
  const std::size_t na = std::size_t(NX) * NY * NZ, nb = std::size_t(NX) * (NY + 2) * (NZ + 2);
  auto in_b = [&](int i, std::size_t k) {  // site k of the duct in b's populations
    const std::size_t x = k % NX, y = k / NX % NY, z = k / (std::size_t(NX) * NY);
    return i * nb + ((z + 1) * (NY + 2) + y + 1) * NX + x;
  };
  for (int i = 0; i < L::Q; ++i)
    for (std::size_t k = 0; k < na; ++k) fb0[in_b(i, k)] = fa0[i * na + k];
  b.set_populations(fb0);
  a.advance(200);
  b.advance(200);
  const std::vector<double> fa = a.populations(), fb = b.populations();
  for (int i = 0; i < L::Q; ++i)
    for (std::size_t k = 0; k < na; ++k) ASSERT_EQ(fa[i * na + k], fb[in_b(i, k)]) << "population " << i << " site " << k;
}

TEST(D3Q19Solids, ForceOnTheSolidsBalancesTheBodyForceInSteadyFlow) {
  // A block in a periodic box driven by a body force: in steady flow all the momentum the force
  // adds goes into the solids.
  d3q19::Setup st;
  st.physics.collision = d3q19::Collision::TRT;
  st.physics.tau = 0.8;
  st.physics.fx = 1e-5;
  const int NX = 16, NY = 12, NZ = 12;
  D3Q19Run s(NX, NY, NZ, st, where([](int x, int y, int z) { return x >= 6 && x < 10 && y >= 4 && y < 8 && z >= 4 && z < 8; }));
  s.advance(4000);
  const Fields f = s.fields();
  const double fluid = double(NX * NY * NZ) - sum(f["solid"]);
  EXPECT_EQ(fluid, NX * NY * NZ - 64);
  const double drag = sum(f["force_x"]), expected = st.physics.fx * fluid;
  EXPECT_NEAR(drag / expected, 1.0, 1e-3);
  // The block is symmetric under y -> -y and z -> -z: no force across the flow.
  EXPECT_NEAR(sum(f["force_y"]) / expected, 0.0, 1e-9);
  EXPECT_NEAR(sum(f["force_z"]) / expected, 0.0, 1e-9);
}

TEST(D3Q19Solids, BounceBackConservesTheFluidsMass) {
  d3q19::Setup st;
  st.physics.tau = 0.7;
  st.initial.start = d3q19::Start::TaylorGreen;
  st.initial.amplitude = 0.03;
  const int N = 12;
  auto solid = [](int x, int y, int z) { return (x > 2 && x < 6 && y > 1 && y < 9 && z > 3 && z < 7) || (x == 9 && y == 9 && z == 9); };
  D3Q19Run s(N, N, N, st, where(solid));
  // The fluid's mass: solid sites hold nothing that moves.
  auto mass = [&] {
    const std::vector<double> f = s.populations();
    double m = 0;
    for (int i = 0; i < L::Q; ++i)
      for (int z = 0; z < N; ++z)
        for (int y = 0; y < N; ++y)
          for (int x = 0; x < N; ++x)
            if (!solid(x, y, z)) m += f[((std::size_t(i) * N + z) * N + y) * N + x];
    return m;
  };
  const double m0 = mass();
  s.advance(300);
  EXPECT_NEAR(mass() / m0, 1.0, 1e-13);
}

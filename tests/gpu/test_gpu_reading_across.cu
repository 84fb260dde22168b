// D3Q19's and D2Q37's steps read across the periodic boundaries of one block themselves
// (plume/grid/wrap.hpp, cuda::wrap_for), as the backend runs them with two buffers: with every
// ghost NaN, the production kernel (D3Q19 FP32: two rows a thread; TRT and BGK; D2Q37 with walls
// and periodic in y, reaching three sites across) gives the bits of the same kernel reading ghosts
// filled with the periodic images. The lattice's sides are no multiple of a block, and ny is odd
// (the last row of an FP32 block is a pair's single row).
#include <gtest/gtest.h>
#include "cuda_device.hpp"
#include "d2q37/model.hpp"
#include "d3q19/model.hpp"
#include "stencil_variants.cuh"
#include "thermal3d/model.hpp"

using namespace plume;

namespace {

// The lattice's parameters for variant V of model M (set: how to change the defaults).
template <class M, class Real, int V, class Set>
void expect_same_bits(const char* model, int nz, Set&& set) {
  bench::Lattice<M, Real> lat(37, 29, nz);
  set(lat.p);
  ASSERT_EQ(M::variant(lat.p), V);
  const Wrap wrap = cuda::wrap_for<M, Real>(lat.p, lat.d);
  const parallel::Periodic periodic = M::periodic(lat.p);
  const int n[3] = {37, 29, nz};
  for (int axis = 0; axis < 3; ++axis) ASSERT_EQ(wrap.n[axis], periodic[axis] ? n[axis] : 0) << "axis " << axis;
  using Production = typename cuda::ProductionShape<M, V, Real>::type;
  constexpr int steps = 6;
  const std::string what = std::string(model) + (sizeof(Real) == 4 ? " FP32" : " FP64") + ", variant " + std::to_string(V);
  const auto reference = bench::stencil_steps<M, Real, Production>(lat, steps, bench::stencil_boxes(lat.d, false));
  // The comparison sees a difference where there is one: the state a step before.
  EXPECT_GT(bench::different_sites(
                bench::stencil_steps<M, Real, Production>(lat, steps - 1, bench::stencil_boxes(lat.d, false)), reference,
                lat.l),
            0);
  EXPECT_EQ(bench::different_sites(bench::stencil_steps_wrapping<M, Real, Production>(lat, steps, wrap), reference, lat.l), 0)
      << what << ": sites whose populations differ from the step's with the halos filled";
  // Each periodic axis' wrap is used: without it the NaN ghosts along that axis reach the lattice.
  for (int axis = 0; axis < 3; ++axis) {
    if (wrap.n[axis] == 0) continue;
    Wrap without = wrap;
    without.n[axis] = 0;
    EXPECT_GT(bench::different_sites(bench::stencil_steps_wrapping<M, Real, Production>(lat, steps, without),
                                     reference, lat.l),
              0)
        << what << ": no wrap along axis " << axis;
  }
}

TEST(GpuReadingAcross, D3q19GivesTheBitsOfTheFilledHalos) {
  PLUME_REQUIRE_CUDA_DEVICE();
  using M = d3q19::Traits;
  const auto bgk = [](d3q19::Params& p) { p.collision = isothermal::Collision::BGK; };
  const auto trt = [](d3q19::Params& p) { p.collision = isothermal::Collision::TRT; };
  expect_same_bits<M, float, 0>("D3Q19", 23, bgk);
  expect_same_bits<M, float, 2>("D3Q19", 23, trt);
  expect_same_bits<M, double, 0>("D3Q19", 23, bgk);
  expect_same_bits<M, double, 2>("D3Q19", 23, trt);
}

TEST(GpuReadingAcross, D2q37GivesTheBitsOfTheFilledHalos) {
  PLUME_REQUIRE_CUDA_DEVICE();
  using M = d2q37::Traits;
  const auto walls = [](d2q37::PhysicsParams& p) { p.walls = true; };
  const auto periodic_y = [](d2q37::PhysicsParams& p) { p.walls = false; };
  expect_same_bits<M, double, 0>("D2Q37 with walls", 1, walls);
  expect_same_bits<M, double, 0>("D2Q37 periodic in y", 1, periodic_y);
  expect_same_bits<M, float, 0>("D2Q37 with walls", 1, walls);
  expect_same_bits<M, float, 0>("D2Q37 periodic in y", 1, periodic_y);
}

// Along a wall, and with models whose update does not read across (thermal3d), the ghosts are
// filled and read.
TEST(GpuReadingAcross, OnlyAlongPeriodicAxesOfModelsThatCan) {
  using M = d3q19::Traits;
  d3q19::Params p;
  p.walls_y = true;
  const Wrap w = cuda::wrap_for<M, float>(p, Domain::whole(40, 30, 20));
  EXPECT_EQ(w.n[0], 40);
  EXPECT_EQ(w.n[1], 0);
  EXPECT_EQ(w.n[2], 20);
  p.walls_y = false;
  p.inlet.on = true;
  EXPECT_EQ((cuda::wrap_for<M, double>(p, Domain::whole(40, 30, 20)).n[0]), 0);
  const Wrap t = cuda::wrap_for<thermal3d::Traits, float>(thermal3d::Params{}, Domain::whole(40, 30, 20));
  EXPECT_EQ(t.n[0] + t.n[1] + t.n[2], 0);
}

}  // namespace

// The diffusion stencil's CUDA kernels (plume/grid/stencil_kernel.hpp: columns, shared-memory
// tiles, vectors along x; every one bench/lab/stencil_variants.cuh lists) give the production
// kernel's T bit for bit: on a lattice whose sides are no multiple of a block, a tile or a vector,
// over the whole block and over 27 boxes of it that start and end off those bounds (as the boxes of
// a decomposed tile do), FP32 and FP64 storage. They call the model's one per-site formula; what
// could differ is which sites they write and which neighbours they read.
#include <gtest/gtest.h>
#include <string>
#include "cuda_device.hpp"
#include "diffusion/model.hpp"
#include "stencil_variants.cuh"

using namespace plume;

namespace {

using M = diffusion::Traits<3>;

template <class Real, int... Is>
void expect_same_bits(std::integer_sequence<int, Is...>) {
  // 150 x 41 x 33: partial blocks, tiles and vectors in x, y and z; 5 steps.
  bench::Lattice<M, Real> lat(150, 41, 33);
  ASSERT_EQ(M::variant(lat.p), 0) << "the default case is periodic (the kernels' variant)";
  constexpr int steps = 5;
  using Production = typename cuda::ProductionShape<M, 0, Real>::type;
  const auto reference = bench::stencil_steps<M, Real, Production>(lat, steps, bench::stencil_boxes(lat.d, false));
  // The comparison sees a difference where there is one: the state a step before.
  EXPECT_GT(bench::different_sites(
                bench::stencil_steps<M, Real, Production>(lat, steps - 1, bench::stencil_boxes(lat.d, false)), reference,
                lat.l),
            0);
  // One site per thread (update_site, as the walls' variant and 2-D run) agrees with it too.
  EXPECT_EQ(bench::different_sites(
                bench::stencil_steps<M, Real, cuda::StepShape<128, 16>>(lat, steps, bench::stencil_boxes(lat.d, true)),
                reference, lat.l),
            0)
      << "one site per thread" << (sizeof(Real) == 4 ? ", FP32" : ", FP64") << ": sites whose T differs";
  auto one = [&](auto i) {
    constexpr int I = decltype(i)::value;
    for (bool cut : {false, true}) {
      const auto t = bench::stencil_steps<M, Real, bench::VariantShape<I>>(lat, steps, bench::stencil_boxes(lat.d, cut));
      EXPECT_EQ(bench::different_sites(t, reference, lat.l), 0) << bench::traits_line(bench::stencil_variants[I]) << (sizeof(Real) == 4 ? ", FP32" : ", FP64")
                            << (cut ? ", 27 boxes" : ", one box") << ": sites whose T differs from the production kernel's";
    }
  };
  (one(std::integral_constant<int, Is>{}), ...);
}

// One periodic block, as the backend steps it: the production kernel reads the neighbours across
// the boundaries itself (cuda::wrap_for) and gives the same bits as with the halos filled, while
// every ghost here holds NaN. A width that is no multiple of the kernel's vector keeps the x ghosts.
template <class Real>
void expect_same_bits_wrapping() {
  bench::Lattice<M, Real> lat(152, 41, 33);
  using Production = typename cuda::ProductionShape<M, 0, Real>::type;
  const Wrap wrap = cuda::wrap_for<M, Real>(lat.p, lat.d);
  ASSERT_EQ(wrap.n[0], 152);
  ASSERT_EQ(wrap.n[1], 41);
  ASSERT_EQ(wrap.n[2], 33);
  EXPECT_EQ((cuda::wrap_for<M, Real>(lat.p, Domain::whole(151, 41, 33)).n[0]), 0);
  constexpr int steps = 5;
  const auto reference = bench::stencil_steps<M, Real, Production>(lat, steps, bench::stencil_boxes(lat.d, false));
  const auto wrapped = bench::stencil_steps_wrapping<M, Real, Production>(lat, steps, wrap);
  EXPECT_EQ(bench::different_sites(wrapped, reference, lat.l), 0)
      << (sizeof(Real) == 4 ? "FP32" : "FP64") << ": sites whose T differs from the one with the halos filled";
  // The check sees a ghost read: without the wrap along y, the NaN rows reach the lattice.
  Wrap no_y = wrap;
  no_y.n[1] = 0;
  EXPECT_GT(bench::different_sites(bench::stencil_steps_wrapping<M, Real, Production>(lat, steps, no_y), reference,
                                   lat.l),
            0);
}

TEST(GpuStencilKernels, ReadingAcrossThePeriodicBoundariesGivesTheSameBits) {
  PLUME_REQUIRE_CUDA_DEVICE();
  expect_same_bits_wrapping<float>();
  expect_same_bits_wrapping<double>();
}

TEST(GpuStencilKernels, EveryKernelGivesTheProductionBitsOnAnyBox) {
  PLUME_REQUIRE_CUDA_DEVICE();
  expect_same_bits<float>(std::make_integer_sequence<int, bench::kStencilVariants>{});
  expect_same_bits<double>(std::make_integer_sequence<int, bench::kStencilVariants>{});
}

}  // namespace

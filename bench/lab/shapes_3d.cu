// The 3-D step kernels (D3Q19, the diffusion stencil) in other shapes than the production one,
// timed directly (outside the backend, halos left as they are: the kernels' own cost) on an N^3
// lattice in the model's default case, FP32 and FP64 storage, each as a fraction of the copy
// bandwidth measured in the same process; and the periodic halo copies of one step apart. The
// diffusion stencil's kernels of bench/lab/stencil_variants.cuh (columns, shared-memory tiles, vectors
// along x) come with their traits line (plume/grid/stencil_kernel.hpp) and whether T after a few
// steps, on the whole block and on 27 boxes of it, has the production kernel's bits ("same bits")
// or not ("DIFFERENT"); the vectors among them timed as the backend runs them on one periodic
// block, reading across the boundaries. docs/benchmarks.md records every variant tried.
//   shapes_3d N [STEPS [d3q19|diffusion]]   (the last: that model only)
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include "copy_bandwidth.hpp"
#include "copy_planes.cuh"
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "kernel_resources.hpp"
#include "kernels.cuh"
#include "stencil_variants.cuh"
#include "d3q19/model.hpp"
#include "diffusion/model.hpp"
#include "plume/parameters.hpp"

using namespace plume;
namespace cu = plume::cuda;

namespace {

double g_copy = 0;  // B/s, read + write

using bench::Lattice;

template <class M, class Real>
StepArgs<Real, typename M::Params> args(Lattice<M, Real>& lat, int k) {
  return lat.args(k);
}

// Best of three runs of `steps` launches of `launch(k)`, in ms per launch.
template <class F>
double time_ms(int steps, F&& launch) {
  cudaEvent_t e0, e1;
  PLUME_CUDA_CHECK(cudaEventCreate(&e0));
  PLUME_CUDA_CHECK(cudaEventCreate(&e1));
  for (int k = 0; k < 4; ++k) launch(k);
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    PLUME_CUDA_CHECK(cudaEventRecord(e0, nullptr));
    for (int k = 0; k < steps; ++k) launch(k);
    PLUME_CUDA_CHECK(cudaEventRecord(e1, nullptr));
    PLUME_CUDA_CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    PLUME_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    best = std::min(best, double(ms) / steps);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return best;
}

template <class M, class Real>
void report(const char* model, const Lattice<M, Real>& lat, const std::string& name, const std::string& res, double ms,
            const char* bits = nullptr) {
  const double rate = double(lat.d.sites()) / (ms * 1e-3);
  const double bytes = 2.0 * M::Lattice::Q * sizeof(Real);
  std::printf("shape %s %d^3 %s | %-38s | %-22s | %8.3f ms | %7.2f G | %.3f%s%s\n", model, lat.d.nx,
              sizeof(Real) == 4 ? "FP32" : "FP64", name.c_str(), res.c_str(), ms, rate / 1e9,
              g_copy > 0 ? rate * bytes / g_copy : 0.0, bits ? " | " : "", bits ? bits : "");
}

// The registers and local memory of the kernel that launch_box runs for Shape.
template <class M, class Real, class Shape>
std::string shape_resources() {
  if constexpr (Shape::mapping == cu::Mapping::Column)
    return resources(cu::column_kernel<M, 0, Real, Shape::block_x, Shape::min_blocks, Shape::layers>);
  else if constexpr (Shape::mapping == cu::Mapping::Tile)
    return resources(cu::tile_kernel<M, 0, Real, Shape::block_x, Shape::block_y, Shape::rows, Shape::layers,
                                     Shape::ahead, Shape::min_blocks>) +
           ", " + std::to_string(Shape::min_blocks) + " blocks";
  else if constexpr (Shape::mapping == cu::Mapping::Vector)
    return resources(cu::vector_kernel<M, 0, Real, Shape::block_x, Shape::width, Shape::layers, Shape::ahead, Shape::min_blocks>) +
           ", " + std::to_string(Shape::min_blocks) + " blocks";
  else
    return resources(cu::step_kernel<M, 0, Real, Shape::block_x, Shape::min_blocks, Shape::rows_at_once>);
}

template <class M, class Real, class Shape>
double shape_ms(Lattice<M, Real>& lat, int steps) {
  return time_ms(steps, [&](int k) { cu::launch_box<M, 0, Real, Shape>(args(lat, k), Box::of(lat.d), nullptr); });
}

// As the backend steps one periodic block: a vector kernel, or the rows of a model whose update
// reads across (reads_across), reads across the periodic boundaries itself (cuda::wrap_for),
// the others read the ghosts (not filled here: the kernel's own cost).
template <class M, class Real, class Shape>
double shape_ms_production(Lattice<M, Real>& lat, int steps) {
  Wrap wrap;
  if constexpr (Shape::mapping == cu::Mapping::Vector)
    wrap = {{lat.d.nx % Shape::width == 0 ? lat.d.nx : 0, lat.d.ny, lat.d.nz}};
  else if constexpr (Shape::mapping == cu::Mapping::Rows && reads_across<M>::value)
    wrap = {{lat.d.nx, lat.d.ny, lat.d.nz}};
  return time_ms(steps, [&](int k) {
    StepArgs<Real, typename M::Params> a = args(lat, k);
    a.wrap = wrap;
    cu::launch_box<M, 0, Real, Shape>(a, Box::of(lat.d), nullptr);
  });
}

template <class M, class Real, class Shape>
void shape(const char* model, Lattice<M, Real>& lat, const char* name, int steps) {
  const double ms = shape_ms<M, Real, Shape>(lat, steps);
  report(model, lat, name, shape_resources<M, Real, Shape>(), ms);
}

// The periodic halos of one step (the three axes), as the backend fills them.
template <class M, class Real>
void halos(const char* model, Lattice<M, Real>& lat, int steps) {
  const double ms = time_ms(steps, [&](int) {
    for (int axis = 0; axis < 3; ++axis) {
      const parallel::PeriodicCopy c = parallel::periodic_copy(lat.l, axis);
      const long long n = 2LL * c.depth * c.positions();
      cu::periodic_axis_kernel<typename M::Lattice, Real><<<unsigned((n + 127) / 128), 128>>>(lat.a.data(), lat.l, c, PlaneMap::Plain);
    }
  });
  report(model, lat, "periodic halos, 3 axes (not a step)", "", ms);
}

template <class Real>
void d3q19_shapes(int n, int steps) {
  using M = d3q19::Traits;
  Lattice<M, Real> lat(n);
  const char* m = "d3q19-bgk";
  using Production = typename cu::ProductionShape<M, 0, Real>::type;
  shape<M, Real, Production>(m, lat, "production, reading the ghosts", steps);
  report(m, lat, "production, reading across (as the backend)", shape_resources<M, Real, Production>(),
         shape_ms_production<M, Real, Production>(lat, steps));
  shape<M, Real, cu::StepShape<128, 5, 1>>(m, lat, "128 x 5 blocks, 1 row", steps);
  shape<M, Real, cu::StepShape<128, 5, 4>>(m, lat, "128 x 5 blocks, 4 rows per thread", steps);
  shape<M, Real, cu::StepShape<128, 5, 16>>(m, lat, "128 x 5 blocks, 16 rows per thread", steps);
  shape<M, Real, cu::StepShape<256, 2, 1>>(m, lat, "256 x 2 blocks, 1 row", steps);
  shape<M, Real, cu::StepShape<64, 10, 1>>(m, lat, "64 x 10 blocks, 1 row", steps);
  shape<M, Real, cu::StepShape<128, 4, 1, 2>>(m, lat, "pairs, 128 x 4 blocks", steps);
  shape<M, Real, cu::StepShape<128, 3, 1, 2>>(m, lat, "pairs, 128 x 3 blocks", steps);
  shape<M, Real, cu::StepShape<128, 4, 4, 2>>(m, lat, "pairs, 128 x 4 blocks, 4 per thread", steps);
  shape<M, Real, cu::StepShape<128, 5, 1, 2>>(m, lat, "pairs, 128 x 5 blocks", steps);
  shape<M, Real, cu::StepShape<128, 3, 4, 2>>(m, lat, "pairs, 128 x 3 blocks, 4 per thread", steps);
  shape<M, Real, cu::StepShape<256, 2, 1, 2>>(m, lat, "pairs, 256 x 2 blocks", steps);
  halos(m, lat, steps);
  const double ms = time_ms(steps, [&](int k) {
    bench::copy_planes<M::Lattice::Q, Real>(k % 2 ? lat.b.data() : lat.a.data(), k % 2 ? lat.a.data() : lat.b.data(), lat.l, nullptr);
  });
  report(m, lat, "copy of the 19 planes (the ceiling)", resources(bench::copy_planes_kernel<M::Lattice::Q, Real>), ms);
}

// The stencil's kernels of bench/lab/stencil_variants.cuh, each timed, then T after a few steps on the
// whole block and on 27 boxes of it against the production kernel's on the whole block.
template <class Real, int... Is>
void stencil_kernels(Lattice<diffusion::Traits<3>, Real>& lat, int steps, std::integer_sequence<int, Is...>) {
  using M = diffusion::Traits<3>;
  constexpr int kCheckSteps = 3;
  using Production = typename cu::ProductionShape<M, 0, Real>::type;
  const auto reference = bench::stencil_steps<M, Real, Production>(lat, kCheckSteps, bench::stencil_boxes(lat.d, false));
  auto one = [&](auto i) {
    constexpr int I = decltype(i)::value;
    using Shape = bench::VariantShape<I>;
    const double ms = shape_ms_production<M, Real, Shape>(lat, steps);
    bool same = true;
    for (bool cut : {false, true})
      same = same && bench::different_sites(bench::stencil_steps<M, Real, Shape>(lat, kCheckSteps, bench::stencil_boxes(lat.d, cut)),
                                            reference, lat.l) == 0;
    report("diffusion", lat, bench::traits_line(bench::stencil_variants[I]), shape_resources<M, Real, Shape>(), ms,
           same ? "same bits" : "DIFFERENT");
  };
  (one(std::integral_constant<int, Is>{}), ...);
  std::printf("stencil kernels: the production one is %s (diffusion/tuning.hpp, stencil_kernel(%d))\n",
              bench::traits_line(M::Tuning::stencil_kernel(int(sizeof(Real)))).c_str(), int(sizeof(Real)));
}

template <class Real>
void diffusion_shapes(int n, int steps) {
  using M = diffusion::Traits<3>;
  Lattice<M, Real> lat(n);
  const char* m = "diffusion";
  shape<M, Real, typename cu::ProductionShape<M, 0, Real>::type>(m, lat, "production", steps);
  shape<M, Real, cu::StepShape<128, 16, 4>>(m, lat, "128 x 16 blocks, 4 rows per thread", steps);
  shape<M, Real, cu::StepShape<256, 8, 1>>(m, lat, "256 x 8 blocks, 1 row", steps);
  shape<M, Real, cu::StepShape<512, 4, 1>>(m, lat, "512 x 4 blocks, 1 row", steps);
  shape<M, Real, cu::StepShape<128, 16, 1>>(m, lat, "one site per thread, 128 x 16 blocks", steps);
  shape<M, Real, cu::ColumnShape<128, 16, 4>>(m, lat, "columns of 4 layers", steps);
  shape<M, Real, cu::ColumnShape<128, 16, 16>>(m, lat, "columns of 16 layers", steps);
  shape<M, Real, cu::ColumnShape<256, 8, 8>>(m, lat, "columns of 8 layers, 256 threads", steps);
  shape<M, Real, cu::ColumnShape<128, 12, 8>>(m, lat, "columns of 8 layers, 128 x 12 blocks", steps);
  shape<M, Real, cu::ColumnShape<128, 8, 8>>(m, lat, "columns of 8 layers, 128 x 8 blocks", steps);
  shape<M, Real, cu::ColumnShape<128, 8, 16>>(m, lat, "columns of 16 layers, 128 x 8 blocks", steps);
  halos(m, lat, steps);
  stencil_kernels(lat, steps, std::make_integer_sequence<int, bench::kStencilVariants>{});
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 256;
  const int steps = argc > 2 ? std::atoi(argv[2]) : (n <= 256 ? 50 : 10);
  g_copy = copy_bandwidth();
  std::printf("copy bandwidth %.0f GB/s; %d^3, %d launches per timing (best of 3)\n", g_copy / 1e9, n, steps);
  const std::string only = argc > 3 ? argv[3] : "";
  if (only.empty() || only == "d3q19") {
    d3q19_shapes<float>(n, steps);
    d3q19_shapes<double>(n, steps);
  }
  if (only.empty() || only == "diffusion") {
    diffusion_shapes<float>(n, steps * 4);
    diffusion_shapes<double>(n, steps * 4);
  }
  return 0;
}

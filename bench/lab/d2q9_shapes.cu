// The D2Q9 step kernel in other shapes than the production one, timed directly (outside the
// backend) on a periodic N x N lattice at rest plus a shear wave, in FP64 and FP32 storage, each
// as a fraction of the copy bandwidth measured in the same process (docs/benchmarks.md records
// every variant tried). Bytes per site update: 2 x 9 x sizeof(storage).
//   d2q9_shapes N [STEPS]
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>
#include "copy_bandwidth.hpp"
#include "kernel_resources.hpp"
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "kernels.cuh"
#include "d2q9/model.hpp"

using namespace plume;
namespace cu = plume::cuda;
using T = d2q9::Traits;

namespace {


template <class Real>
struct Lattice {
  Domain d;
  Layout l;
  d2q9::Params p;
  cu::DeviceBuffer<Real> a, b;
  explicit Lattice(int n)
      : d(Domain::whole(n, n)),
        l(make_layout(n, n, 1, parallel::halo_width<d2q9::L>(0), 0, d2q9::L::Q, sizeof(Real))),
        a(l.elements()), b(l.elements()) {
    p.tau = 0.6;
    std::vector<Real> f(l.elements(), Real(0));
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const d2q9::Macro m{1.0, 0.05 * std::sin(2 * M_PI * y / n), 0.0};
        for (int i = 0; i < d2q9::L::Q; ++i)
          f[std::size_t(i) * l.stride + l.site(x, y)] = Real(d2q9::equilibrium<d2q9::Equilibrium::Compressible>(i, m));
      }
    PLUME_CUDA_CHECK(cudaMemcpy(a.data(), f.data(), f.size() * sizeof(Real), cudaMemcpyHostToDevice));
    PLUME_CUDA_CHECK(cudaMemcpy(b.data(), f.data(), f.size() * sizeof(Real), cudaMemcpyHostToDevice));
  }
};

// The same pull (walls, solids, inlet and outlet code included) and store with no collision: the
// ceiling of the step's memory access pattern.
template <class Real>
__global__ void __launch_bounds__(128, 8) pull_store_kernel(const StepArgs<Real, d2q9::Params> a) {
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= a.layout.nx) return;
  for (int y = int(blockIdx.y); y < a.layout.ny; y += int(gridDim.y)) {
    double f[d2q9::L::Q];
    d2q9::pull(a, x, y, f);
    d2q9::store(a.dst, a.layout, x, y, f);
  }
}

// Bulk sites only (a periodic lattice, halos filled): R rows per thread, every row's raw loads
// issued before any arithmetic, then (Collide) BGK, then the stores. A trial of how many bytes a
// thread must have in flight, not production code.
template <class Real, int R, bool Collide>
__global__ void __launch_bounds__(128, R == 1 ? 8 : R == 2 ? 6 : 4) rows_kernel(const StepArgs<Real, d2q9::Params> a) {
  using d2q9::L;
  const Layout& l = a.layout;
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= l.nx) return;
  for (int y0 = R * int(blockIdx.y); y0 < l.ny; y0 += R * int(gridDim.y)) {
    Real v[R][L::Q];
#pragma unroll
    for (int r = 0; r < R; ++r)
      static_for<L::Q>([&](auto ic) {
        constexpr int i = decltype(ic)::value;
        v[r][i] = load_ro(a.src[i] + l.site(x, y0 + r) - L::ey(i) * l.pitch - L::ex(i));
      });
#pragma unroll
    for (int r = 0; r < R; ++r) {
      double f[L::Q];
      static_for<L::Q>([&](auto ic) { f[decltype(ic)::value] = double(v[r][decltype(ic)::value]); });
      if constexpr (Collide) d2q9::collide<d2q9::Collision::BGK, d2q9::Equilibrium::Compressible>(f, a.params);
      d2q9::store(a.dst, l, x, y0 + r, f);
    }
  }
}

// A plain copy of the nine planes, site for site (no shifted reads), one row per thread: the
// ceiling of a step of this lattice, with the same launch and tail costs as one step.
template <class Real>
__global__ void __launch_bounds__(128) copy_planes_kernel(const StepArgs<Real, d2q9::Params> a) {
  const Layout& l = a.layout;
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= l.nx) return;
  for (int y = int(blockIdx.y); y < l.ny; y += int(gridDim.y))
    static_for<d2q9::L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      a.dst[i][l.site(x, y)] = load_ro(a.src[i] + l.site(x, y));
    });
}
struct CopyTrial {};

struct Row {
  std::string name, res;
  double rate;
};

template <int R, bool Collide>
struct RowsTrial {};
template <class S>
struct is_rows_trial : std::false_type {};
template <int R, bool C>
struct is_rows_trial<RowsTrial<R, C>> : std::true_type {
  static constexpr int rows = R;
  static constexpr bool collide = C;
};

// Shape = void: the pull + store kernel; RowsTrial<R, C>: rows_kernel.
template <class Real, class Shape, int V>
Row time_shape(Lattice<Real>& lat, const char* name, int steps, cudaStream_t s) {
  cudaEvent_t e0, e1;
  PLUME_CUDA_CHECK(cudaEventCreate(&e0));
  PLUME_CUDA_CHECK(cudaEventCreate(&e1));
  auto step = [&](int k) {
    Real* src = k % 2 ? lat.b.data() : lat.a.data();
    Real* dst = k % 2 ? lat.a.data() : lat.b.data();
    if constexpr (!std::is_same_v<Shape, CopyTrial>) cu::launch_halo<d2q9::L>(src, lat.l, true, s);
    const StepArgs<Real, d2q9::Params> args{plain_planes<const Real>(src, lat.l), plain_planes(dst, lat.l), lat.l, lat.d, lat.p};
    if constexpr (std::is_void_v<Shape>) {
      pull_store_kernel<Real><<<dim3((lat.l.nx + 127) / 128, std::min(lat.l.ny, 65535)), 128, 0, s>>>(args);
      PLUME_CUDA_CHECK_LAUNCH();
    } else if constexpr (std::is_same_v<Shape, CopyTrial>) {
      copy_planes_kernel<Real><<<dim3((lat.l.nx + 127) / 128, std::min(lat.l.ny, 65535)), 128, 0, s>>>(args);
      PLUME_CUDA_CHECK_LAUNCH();
    } else if constexpr (is_rows_trial<Shape>::value) {
      constexpr int R = is_rows_trial<Shape>::rows;
      rows_kernel<Real, R, is_rows_trial<Shape>::collide>
          <<<dim3((lat.l.nx + 127) / 128, std::min(lat.l.ny / R, 65535)), 128, 0, s>>>(args);
      PLUME_CUDA_CHECK_LAUNCH();
    } else {
      cu::launch_box<T, V, Real, Shape>(args, Box::of(lat.d), s);
    }
  };
  for (int k = 0; k < 4; ++k) step(k);
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    PLUME_CUDA_CHECK(cudaEventRecord(e0, s));
    for (int k = 0; k < steps; ++k) step(k);
    PLUME_CUDA_CHECK(cudaEventRecord(e1, s));
    PLUME_CUDA_CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    PLUME_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    best = std::min(best, double(ms) / steps);
  }
  const double rate = double(lat.d.sites()) / (best * 1e-3);
  if constexpr (std::is_void_v<Shape>) {
    return {name, resources(pull_store_kernel<Real>), rate};
  } else if constexpr (std::is_same_v<Shape, CopyTrial>) {
    return {name, resources(copy_planes_kernel<Real>), rate};
  } else if constexpr (is_rows_trial<Shape>::value) {
    return {name, resources(rows_kernel<Real, is_rows_trial<Shape>::rows, is_rows_trial<Shape>::collide>), rate};
  } else {
    return {name, resources(cu::step_kernel<T, V, Real, Shape::block_x, Shape::min_blocks, Shape::rows_at_once>),
            rate};
  }
}

template <class Real>
void shapes(int n, int steps, double copy, cudaStream_t s) {
  Lattice<Real> lat(n);
  const char* prec = sizeof(Real) == 8 ? "FP64" : "FP32";
  const double bytes = 2.0 * d2q9::L::Q * sizeof(Real);
  constexpr int BGK = 0, TRT = 2;
  std::vector<Row> rows;
  using BgkShape = typename cu::ProductionShape<T, BGK, Real>::type;
  using TrtShape = typename cu::ProductionShape<T, TRT, Real>::type;
  rows.push_back(time_shape<Real, BgkShape, BGK>(lat, "BGK production", steps, s));
  rows.push_back(time_shape<Real, cu::DefaultStepShape<T, BGK>, BGK>(lat, "BGK one row per thread", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 8, 4>, BGK>(lat, "BGK 4 rows per thread", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 8, 1, 2>, BGK>(lat, "BGK 2 rows at once, 8 blocks", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 6, 1, 2>, BGK>(lat, "BGK 2 rows at once, 6 blocks", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 5, 1, 2>, BGK>(lat, "BGK 2 rows at once, 5 blocks", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 6, 1, 2>, TRT>(lat, "TRT 2 rows at once, 6 blocks", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 5, 1, 2>, TRT>(lat, "TRT 2 rows at once, 5 blocks", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<64, 16>, BGK>(lat, "BGK 64x1, 16 blocks", steps, s));
  rows.push_back(time_shape<Real, TrtShape, TRT>(lat, "TRT production", steps, s));
  rows.push_back(time_shape<Real, cu::DefaultStepShape<T, TRT>, TRT>(lat, "TRT one row per thread", steps, s));
  rows.push_back(time_shape<Real, void, BGK>(lat, "pull + store only (no collision)", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<1, false>, BGK>(lat, "bulk loads+stores, 1 row", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<2, false>, BGK>(lat, "bulk loads+stores, 2 rows", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<4, false>, BGK>(lat, "bulk loads+stores, 4 rows", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<1, true>, BGK>(lat, "bulk BGK, 1 row", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<2, true>, BGK>(lat, "bulk BGK, 2 rows loaded first", steps, s));
  rows.push_back(time_shape<Real, RowsTrial<4, true>, BGK>(lat, "bulk BGK, 4 rows loaded first", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 6, 2, 2>, BGK>(lat, "BGK 2 rows at once, 2 pairs/thread", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<128, 6, 4, 2>, BGK>(lat, "BGK 2 rows at once, 4 pairs/thread", steps, s));
  rows.push_back(time_shape<Real, cu::StepShape<256, 3, 1, 2>, BGK>(lat, "BGK 2 rows at once, 256 x 1", steps, s));
  rows.push_back(time_shape<Real, CopyTrial, BGK>(lat, "copy of the planes (ceiling)", steps, s));
  rows.push_back(time_shape<Real, BgkShape, BGK>(lat, "BGK production, again", steps, s));
  for (const Row& r : rows)
    std::printf("shape %d %s | %-32s | %-22s | %7.3f G site updates/s | %.3f of copy\n", n, prec, r.name.c_str(),
                r.res.c_str(), r.rate * 1e-9, r.rate * bytes / copy);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: d2q9_shapes N [STEPS]\n");
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const int steps = argc > 2 ? std::atoi(argv[2]) : 50;
  cudaStream_t s;
  PLUME_CUDA_CHECK(cudaStreamCreate(&s));
  const double copy = copy_bandwidth();
  std::printf("copy bandwidth %.0f GB/s\n", copy * 1e-9);
  shapes<double>(n, steps, copy, s);
  shapes<float>(n, steps * 2, copy, s);
  return 0;
}

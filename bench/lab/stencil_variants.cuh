// The diffusion stencil's CUDA kernels tried beside the production one (plume/grid/stencil_kernel.hpp:
// columns, shared-memory tiles, vectors along x), as the StencilKernel values its traits may
// choose, and what bench/shapes_3d.cu (timing) and tests/gpu/test_gpu_stencil_kernels.cu (the bits)
// run them on: a block of a 3-D model in its default case with its periodic halos, stepped with
// one shape over a set of boxes.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <string>
#include <vector>
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "kernels.cuh"
#include "plume/parallel/halo_plan.hpp"
#include "plume/parameters.hpp"

namespace plume::bench {

// The kernels tried: the production one first (the reference of the bits), then tiles of 256 and
// 512 threads with 16 to 64 layers per block, 1 to 8 layers read ahead and 1 or 2 sites per
// thread, then vectors of 2 and 4 sites per thread (FP32: 8 and 16 bytes, FP64: 16 and 32),
// their loads in the layer they serve, then 1 or 2 layers ahead (2026-11-27: slower, and five more
// such shapes were too; docs/benchmarks.md), then (2026-11-28, T held as doubles) other budgets,
// block widths, layers and 8 sites a thread.
constexpr StencilKernel stencil_variants[] = {
    StencilKernel::column(128, 8, 40),
    StencilKernel::tile(32, 8, 16, 2, 40),
    StencilKernel::tile(32, 8, 32, 2, 40),
    StencilKernel::tile(32, 8, 64, 2, 40),
    StencilKernel::tile(32, 8, 32, 1, 32),
    StencilKernel::tile(32, 8, 32, 4, 48),
    StencilKernel::tile(32, 8, 32, 8, 64),
    StencilKernel::tile(64, 4, 32, 2, 40),
    StencilKernel::tile(32, 16, 32, 2, 40),
    StencilKernel::tile(64, 8, 32, 2, 40),
    StencilKernel::tile(32, 8, 32, 2, 56, 2),
    StencilKernel::tile(32, 8, 16, 2, 56, 2),
    StencilKernel::tile(64, 4, 32, 4, 64, 2),
    StencilKernel::vector(128, 4, 8, 64),
    StencilKernel::vector(128, 4, 16, 64),
    StencilKernel::vector(64, 4, 16, 64),
    StencilKernel::vector(128, 2, 8, 48),
    StencilKernel::vector(64, 4, 16, 64, 1),
    StencilKernel::vector(64, 4, 16, 96, 2),
    StencilKernel::vector(64, 2, 16, 64, 2),
    StencilKernel::vector(64, 4, 16, 48),
    StencilKernel::vector(64, 4, 16, 56),
    StencilKernel::vector(64, 4, 8, 64),
    StencilKernel::vector(64, 4, 32, 64),
    StencilKernel::vector(32, 4, 16, 64),
    StencilKernel::vector(64, 8, 16, 96),
    StencilKernel::vector(64, 8, 16, 64),
    StencilKernel::vector(128, 8, 8, 96),
    StencilKernel::vector(64, 4, 8, 56),
    StencilKernel::vector(64, 4, 4, 64),
    StencilKernel::vector(32, 4, 8, 64),
    StencilKernel::vector(64, 4, 12, 64),
    StencilKernel::vector(96, 4, 8, 64),
    StencilKernel::vector(64, 4, 8, 60),
};
constexpr int kStencilVariants = int(sizeof stencil_variants / sizeof stencil_variants[0]);

// Variant I as a launch shape (kernels.cuh).
template <int I>
struct VariantKernel {
  static constexpr StencilKernel value = stencil_variants[I];
};
template <int I>
using VariantShape = cuda::StencilShape<VariantKernel<I>>;

// The line of a model's traits that chooses kernel k (plume/grid/stencil_kernel.hpp).
inline std::string traits_line(const StencilKernel& k) {
  const std::string n = [&] {
    switch (k.kind) {
      case StencilKernel::Tile:
        return "tile(" + std::to_string(k.block_x) + ", " + std::to_string(k.block_y) + ", " +
               std::to_string(k.layers) + ", " + std::to_string(k.depth) + ", " + std::to_string(k.registers) +
               (k.rows != 1 ? ", " + std::to_string(k.rows) : std::string()) + ")";
      case StencilKernel::Vector:
        return "vector(" + std::to_string(k.block_x) + ", " + std::to_string(k.depth) + ", " +
               std::to_string(k.layers) + ", ";
      default:
        return "column(" + std::to_string(k.block_x) + ", " + std::to_string(k.layers) + ", ";
    }
  }();
  const std::string ahead = k.kind == StencilKernel::Vector && k.ahead != 0 ? ", " + std::to_string(k.ahead) : "";
  return "StencilKernel::" + (k.kind == StencilKernel::Tile ? n : n + std::to_string(k.registers) + ahead + ")");
}

// A block of model M on an N1 x N2 x N3 lattice in the model's default case, both buffers holding
// the initial state.
template <class M, class Real>
struct Lattice {
  using L = typename M::Lattice;
  Domain d;
  Layout l;
  typename M::Params p;
  typename M::Setup setup;
  cuda::DeviceBuffer<Real> a, b;
  Lattice(int nx, int ny, int nz)
      : d(Domain::whole(nx, ny, nz)),
        l(make_layout(nx, ny, nz, parallel::halo_width<L>(0), parallel::halo_width<L>(2), L::Q, sizeof(Real))),
        a(l.elements()), b(l.elements()) {
    const Model& m = M::model();
    AnySetup any = m.parameters().defaults ? m.parameters().defaults() : m.default_setup();
    if (m.parameters().derive) m.parameters().derive(any);
    setup = any.template as<typename M::Setup>();
    p = M::params(setup);
    reset();
  }
  explicit Lattice(int n) : Lattice(n, n, n) {}
  void reset() {
    // The states go to the other buffer where they fit (as in the backend), else to their own.
    using State = typename M::SiteState;
    if (std::size_t(d.sites()) * sizeof(State) <= std::size_t(l.elements()) * sizeof(Real)) {
      cuda::launch_initial_state<M, Real>(plain_planes(a.data(), l), b.data(), std::size_t(d.sites()), l, d, setup, nullptr);
      PLUME_CUDA_CHECK(cudaDeviceSynchronize());
    } else {
      cuda::DeviceBuffer<State> states(std::size_t(d.sites()));
      cuda::launch_initial_state<M, Real>(plain_planes(a.data(), l), states.data(), states.size(), l, d, setup, nullptr);
      PLUME_CUDA_CHECK(cudaDeviceSynchronize());
    }
    PLUME_CUDA_CHECK(cudaMemcpy(b.data(), a.data(), a.bytes(), cudaMemcpyDeviceToDevice));
  }
  // The state of step k reads (k even: a) and the one it writes.
  Real* src(int k) { return k % 2 ? b.data() : a.data(); }
  Real* dst(int k) { return k % 2 ? a.data() : b.data(); }
  StepArgs<Real, typename M::Params> args(int k) { return {plain_planes<const Real>(src(k), l), plain_planes(dst(k), l), l, d, p}; }
};

// The periodic halos of f along the three axes, as the backend of one block fills them.
template <class M, class Real>
void fill_periodic_halos(Real* f, const Layout& l) {
  for (int axis = 0; axis < 3; ++axis) {
    const parallel::PeriodicCopy c = parallel::periodic_copy(l, axis);
    const long long n = 2LL * c.depth * c.positions();
    if (n == 0) continue;  // no ghosts along z in 2-D
    cuda::periodic_axis_kernel<typename M::Lattice, Real><<<unsigned((n + 127) / 128), 128>>>(f, l, c, PlaneMap::Plain);
    PLUME_CUDA_CHECK_LAUNCH();
  }
}

// The whole block as one box, or cut at 1 and n - 1 along each axis into 27 boxes (the interior
// and the face, edge and corner slabs of a decomposed tile): boxes that start and end off a
// vector's and a tile's bounds.
inline std::vector<Box> stencil_boxes(const Domain& d, bool cut) {
  if (!cut) return {Box::of(d)};
  const int n[3] = {d.nx, d.ny, d.nz};
  std::vector<Box> boxes;
  for (int k = 0; k < 27; ++k) {
    int lo[3], hi[3];
    for (int a = 0, q = k; a < 3; ++a, q /= 3) {
      const int cuts[4] = {0, 1, n[a] - 1, n[a]};
      lo[a] = cuts[q % 3];
      hi[a] = cuts[q % 3 + 1];
    }
    Box b;
    b.x0 = lo[0], b.x1 = hi[0], b.y0 = lo[1], b.y1 = hi[1], b.z0 = lo[2], b.z1 = hi[2];
    if (!b.empty()) boxes.push_back(b);
  }
  return boxes;
}

// The state after `steps` steps from the initial state with shape Shape over `boxes`, the
// periodic halos filled before each (a copy on the device, its layout the lattice's).
template <class M, class Real, class Shape>
cuda::DeviceBuffer<Real> stencil_steps(Lattice<M, Real>& lat, int steps, const std::vector<Box>& boxes) {
  lat.reset();
  for (int k = 0; k < steps; ++k) {
    fill_periodic_halos<M>(lat.src(k), lat.l);
    for (const Box& b : boxes) cuda::launch_box<M, 0, Real, Shape>(lat.args(k), b, nullptr);
  }
  cuda::DeviceBuffer<Real> out(std::size_t(lat.l.elements()));
  PLUME_CUDA_CHECK(cudaMemcpy(out.data(), lat.src(steps), out.bytes(), cudaMemcpyDeviceToDevice));
  return out;
}

// Every value of f outside the lattice's sites (ghosts and padding) in each of its Q planes set to
// NaN: a step that reads a ghost spreads NaN into the sites next to it.
template <class Real>
__global__ void poison_ghosts_kernel(Real* f, const Layout l, int Q) {
  const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= Q * l.stride) return;
  const long long e = k % l.stride;
  const int rows = l.ny + 2 * l.halo;
  const long long r = e / l.pitch;
  const int x = int(e - r * l.pitch) - l.xoff, y = int(r % rows) - l.halo, z = int(r / rows) - l.hz;
  if (x < 0 || x >= l.nx || y < 0 || y >= l.ny || z < 0 || z >= l.nz) f[k] = Real(NAN);
}

// As stencil_steps over the whole block, but as the backend steps one periodic block whose kernel
// reads across the periodic boundaries itself (cuda::wrap_for): no halo filled, every ghost NaN.
template <class M, class Real, class Shape>
cuda::DeviceBuffer<Real> stencil_steps_wrapping(Lattice<M, Real>& lat, int steps, const Wrap& wrap) {
  lat.reset();
  constexpr int Q = M::Lattice::Q;
  for (int k = 0; k < steps; ++k) {
    poison_ghosts_kernel<<<unsigned((Q * lat.l.stride + 127) / 128), 128>>>(lat.src(k), lat.l, Q);
    PLUME_CUDA_CHECK_LAUNCH();
    StepArgs<Real, typename M::Params> a = lat.args(k);
    a.wrap = wrap;
    cuda::launch_box<M, 0, Real, Shape>(a, Box::of(lat.d), nullptr);
  }
  cuda::DeviceBuffer<Real> out(std::size_t(lat.l.elements()));
  PLUME_CUDA_CHECK(cudaMemcpy(out.data(), lat.src(steps), out.bytes(), cudaMemcpyDeviceToDevice));
  return out;
}

// The interior sites where u and v differ in any bit, one thread per site.
template <class Real>
__global__ void count_different_kernel(const Real* u, const Real* v, const Layout l, unsigned long long* count) {
  using Bits = std::conditional_t<sizeof(Real) == 4, unsigned, unsigned long long>;
  const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= (long long)l.nx * l.ny * l.nz) return;
  const int x = int(k % l.nx), y = int(k / l.nx % l.ny), z = int(k / ((long long)l.nx * l.ny));
  const int s = l.site(x, y, z);
  if (reinterpret_cast<const Bits*>(u)[s] != reinterpret_cast<const Bits*>(v)[s]) atomicAdd(count, 1ull);
}

template <class Real>
long long different_sites(const cuda::DeviceBuffer<Real>& u, const cuda::DeviceBuffer<Real>& v, const Layout& l) {
  cuda::DeviceBuffer<unsigned long long> count(1);
  PLUME_CUDA_CHECK(cudaMemset(count.data(), 0, sizeof(unsigned long long)));
  const long long n = l.interior_sites();
  count_different_kernel<Real><<<unsigned((n + 255) / 256), 256>>>(u.data(), v.data(), l, count.data());
  PLUME_CUDA_CHECK_LAUNCH();
  unsigned long long c = 0;
  PLUME_CUDA_CHECK(cudaMemcpy(&c, count.data(), sizeof c, cudaMemcpyDeviceToHost));
  return (long long)c;
}

}  // namespace plume::bench

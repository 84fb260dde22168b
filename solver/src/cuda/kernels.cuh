// The CUDA kernels of one block: a fused pull-stream + collide step (bulk and wall rows),
// the periodic halo, the Rayleigh–Taylor initial state and the fields. The physics is the
// per-site code of d2q37/site.hpp, the same source the CPU backend runs; this file only
// maps sites to threads. Included by the backend and by the GPU benchmark, which times other
// block shapes of the same kernels.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include "cuda_check.hpp"
#include "plume/grid/layout.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "d2q37/rayleigh_taylor.hpp"
#include "d2q37/site.hpp"

namespace plume::cuda {

// Threads of a step block along x (one site each), the blocks per multiprocessor that
// __launch_bounds__ asks the register allocator to fit, and how many rows each thread updates
// (rows y, y + gridDim.y, ...).
template <int BX, int MinBlocks, int RowsPerThread = 1>
struct StepShape {
  static constexpr int block_x = BX;
  static constexpr int min_blocks = MinBlocks;
  static constexpr int rows_per_thread = RowsPerThread;
};
// The RTRT step kernel needs 124 registers: 4 blocks of 128 threads (16 warps) fit in one
// multiprocessor's register file. On an H200 no other shape beats it with FP32 storage, and in FP64
// the shapes from 64x8 to 256x2 are within the spread of the timings (bench/gpu_bench.cu,
// docs/benchmarks.md).
using DefaultStepShape = StepShape<128, 4>;

// One fused pull-stream + collide update of the sites of the box [x_begin, x_end) x [y_begin,
// y_end), thread x of block (bx, by) updating (x_begin + bx * BX + x, y_begin + by + k gridDim.y).
// The threads of a block share a row, so a wall row takes the wall path as a whole block: walls
// and bulk are one launch (the wall path needs fewer registers than the bulk one, so it costs the
// bulk nothing). A whole block and the boxes of a decomposed tile run this same kernel, so every
// site gets the same machine code (the same FMA contractions) whatever the tiling: bit for bit.
template <class L, CollisionModel M, class Real, int BX, int MinBlocks>
__global__ void __launch_bounds__(BX, MinBlocks)
    step_kernel(const phys::StepArgs<Real> a, int x_begin, int x_end, int y_begin, int y_end) {
  const int x = x_begin + int(blockIdx.x) * BX + int(threadIdx.x);
  if (x >= x_end) return;
  for (int y = y_begin + int(blockIdx.y); y < y_end; y += gridDim.y) {
    int side, j;
    if (a.params.walls && phys::wall_row(a.domain.y0 + y, a.domain.NY, L::reach, side, j))
      phys::update_wall_site<L>(a, x, y, side, j);
    else
      phys::update_bulk_site<L, M>(a, x, y);
  }
}

PLUME_HD inline int wrap(int v, int n) { return ((v % n) + n) % n; }

// Periodic images of the interior into the ghost ring: the x halos of the interior rows (of all
// rows when y is periodic too) and, when y is periodic, the y halos of the interior columns; one
// thread per ghost site, each ghost copied from its interior image (so corners need no second
// pass). Only what a pull reads is copied: plane i reads ghost (gx, gy) only if the site
// (gx + e_x, gy + e_y) is interior, i.e. 26 of the 111 values of a row's three ghost columns.
template <class L, class Real>
__global__ void halo_kernel(Real* f, const Layout l, int periodic_y) {
  const int h = l.halo, nx = l.nx, ny = l.ny;
  const int rows = periodic_y ? ny + 2 * h : ny;
  const int n_x = 2 * h * rows;
  const int n_y = periodic_y ? 2 * h * nx : 0;
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int x, y;
  if (k < n_x) {
    const int r = k / (2 * h), c = k % (2 * h);
    y = periodic_y ? r - h : r;
    x = c < h ? c - h : nx + (c - h);
  } else if ((k -= n_x) < n_y) {
    const int r = k / nx;
    x = k % nx;
    y = r < h ? r - h : ny + (r - h);
  } else {
    return;
  }
  const int ghost = l.site(x, y), image = l.site(wrap(x, nx), wrap(y, ny));
  static_for<L::Q>([&](auto i) {
    constexpr int ex = L::ex(decltype(i)::value), ey = L::ey(decltype(i)::value);
    const int tx = x + ex, ty = y + ey;
    if (tx >= 0 && tx < nx && ty >= 0 && ty < ny) {
      Real* p = f + i * l.stride;
      p[ghost] = p[image];
    }
  });
}

template <class L, class Real>
void launch_halo(Real* f, const Layout& l, bool periodic_y, cudaStream_t s) {
  const long long n = 2LL * l.halo * (periodic_y ? l.ny + 2 * l.halo : l.ny) + (periodic_y ? 2LL * l.halo * l.nx : 0);
  const int threads = 128;
  halo_kernel<L, Real><<<unsigned((n + threads - 1) / threads), threads, 0, s>>>(f, l, periodic_y ? 1 : 0);
  PLUME_CUDA_CHECK_LAUNCH();
}

// The box [x0, x1) x [y0, y1) with collision model M.
template <class L, CollisionModel M, class Real, class Shape>
void launch_box(const phys::StepArgs<Real>& a, int x0, int x1, int y0, int y1, cudaStream_t s) {
  if (y1 <= y0 || x1 <= x0) return;
  constexpr int BX = Shape::block_x, MB = Shape::min_blocks, RPT = Shape::rows_per_thread;
  const dim3 grid((x1 - x0 + BX - 1) / BX, std::min((y1 - y0 + RPT - 1) / RPT, 65535));
  step_kernel<L, M, Real, BX, MB><<<grid, BX, 0, s>>>(a, x0, x1, y0, y1);
  PLUME_CUDA_CHECK_LAUNCH();
}

// Rows [y0, y1) with collision model M.
template <class L, CollisionModel M, class Real, class Shape>
void launch_rows(const phys::StepArgs<Real>& a, int y0, int y1, cudaStream_t s) {
  launch_box<L, M, Real, Shape>(a, 0, a.layout.nx, y0, y1, s);
}

// One time step with collision model M: the halos of the source, then every row into the
// destination. Two launches.
template <class L, CollisionModel M, class Real, class Shape>
void launch_step_with(Real* src, Real* dst, const Layout& l, const Domain& d, const PhysicsParams& p,
                      cudaStream_t s) {
  launch_halo<L>(src, l, !p.walls, s);
  launch_rows<L, M, Real, Shape>(phys::StepArgs<Real>{src, dst, l, d, p}, 0, l.ny, s);
}

// BGK keeps all 37 populations live while it makes f_eq: it needs about 168 registers, so it
// gets the blocks per multiprocessor that leave it that many.
template <class Shape>
using BgkShape = StepShape<Shape::block_x, std::max(1, std::min(Shape::min_blocks, 65536 / (Shape::block_x * 168))),
                           Shape::rows_per_thread>;

template <class L, class Real, class Shape = DefaultStepShape>
void launch_step(Real* src, Real* dst, const Layout& l, const Domain& d, const PhysicsParams& p, cudaStream_t s) {
  if (p.model == CollisionModel::BGK)
    launch_step_with<L, CollisionModel::BGK, Real, BgkShape<Shape>>(src, dst, l, d, p, s);
  else
    launch_step_with<L, CollisionModel::RTRT, Real, Shape>(src, dst, l, d, p, s);
}

// One step for the box b of a tile whose halos the caller filled (current src -> next dst).
template <class L, class Real, class Shape = DefaultStepShape>
void launch_box_step(Real* src, Real* dst, const Layout& l, const Domain& d, const PhysicsParams& p, const Box& b,
                     cudaStream_t s) {
  const phys::StepArgs<Real> a{src, dst, l, d, p};
  if (p.model == CollisionModel::BGK)
    launch_box<L, CollisionModel::BGK, Real, BgkShape<Shape>>(a, b.x0, b.x1, b.y0, b.y1, s);
  else
    launch_box<L, CollisionModel::RTRT, Real, Shape>(a, b.x0, b.x1, b.y0, b.y1, s);
}

// The slabs of one face of a tile (halo_plan.hpp) between the state and a contiguous buffer, one
// thread per (slab, position): slab k of the buffer is the face's cross-section (begin, length)
// of population slabs[k].pop in layer slabs[k].layer.
template <class Real, bool ToBuffer>
__global__ void __launch_bounds__(256) move_slabs_kernel(Real* f, const Layout l, const int2* slabs, int nslab,
                                                         int axis, int2 begin, int2 length, Real* buf) {
  const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long positions = (long long)length.x * length.y;
  if (k >= (long long)nslab * positions) return;
  const int s = int(k / positions);
  const long long j = k % positions;
  const int2 slab = slabs[s];  // (pop, layer)
  const int b[2] = {begin.x, begin.y}, n[2] = {length.x, length.y};
  const long long at = slab.x * l.stride + parallel::face_offset(l, axis, slab.y, b, n, j);
  if (ToBuffer)
    buf[k] = f[at];
  else
    f[at] = buf[k];
}

// One tile across a periodic direction: every population of the opposite edge into the ghost
// layers of the axis, over the cross-section with the earlier axes' halos (edges and corners come).
template <class L, class Real>
__global__ void __launch_bounds__(128) periodic_axis_kernel(Real* f, const Layout l, const parallel::PeriodicCopy c) {
  const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= 2LL * c.depth * c.positions()) return;
  int ghost, image;
  c.sites(l, k, ghost, image);
  for (int i = 0; i < L::Q; ++i) f[i * l.stride + ghost] = f[i * l.stride + image];
}

// Rayleigh–Taylor state, in two passes. First one thread per column runs the column's hydrostatic
// recurrence from the bottom row (rt_column, as the CPU backend does, so every decomposition gets
// the same numbers) and leaves rho and T of each site in scratch memory (nx*ny each, x fastest);
// this pass is sequential in y but cheap. Then every site, in parallel, gets its equilibrium.
template <class L>
__global__ void __launch_bounds__(128) rt_columns_kernel(double* rho, double* T, const Domain d, const InitialState s,
                                                         double g) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= d.nx) return;
  rt_column(s, g, d.x0 + x, d.NX, d.NY, d.y0, d.y0 + d.ny, [&](int yg, double r, double t) {
    const long long k = (long long)(yg - d.y0) * d.nx + x;
    rho[k] = r;
    T[k] = t;
  });
}

template <class L, class Real>
__global__ void __launch_bounds__(128) rt_equilibrium_kernel(Real* f, const Layout l, const double* rho,
                                                             const double* T) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= l.nx) return;
  for (int y = blockIdx.y; y < l.ny; y += gridDim.y) {
    const long long k = (long long)y * l.nx + x;
    double feq[L::Q];
    phys::equilibrium<L>(rho[k], 0.0, 0.0, T[k], feq);
    phys::store<L>(f, l, x, y, feq);
  }
}

// scratch: 2 nx ny doubles that the kernels may overwrite (the other population buffer).
template <class L, class Real>
void launch_initial_state(Real* f, double* scratch, const Layout& l, const Domain& d, const InitialState& s,
                          double g, cudaStream_t st) {
  const long long n = (long long)d.nx * d.ny;
  rt_columns_kernel<L><<<(d.nx + 127) / 128, 128, 0, st>>>(scratch, scratch + n, d, s, g);
  PLUME_CUDA_CHECK_LAUNCH();
  rt_equilibrium_kernel<L, Real>
      <<<dim3((l.nx + 127) / 128, std::min(l.ny, 65535)), 128, 0, st>>>(f, l, scratch, scratch + n);
  PLUME_CUDA_CHECK_LAUNCH();
}

// rho, u_H, T_H of every interior site into four nx*ny arrays, x fastest.
template <class L, class Real>
__global__ void __launch_bounds__(128) fields_kernel(const Real* f, const Layout l, const Domain d,
                                                     const PhysicsParams p, double* rho, double* ux, double* uy,
                                                     double* T) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= l.nx) return;
  for (int y = blockIdx.y; y < l.ny; y += gridDim.y) {
    const phys::Macro m = phys::site_fields<L>(f, l, d, p, x, y);
    const long long k = (long long)y * l.nx + x;
    rho[k] = m.rho;
    ux[k] = m.ux;
    uy[k] = m.uy;
    T[k] = m.T;
  }
}

}  // namespace plume::cuda

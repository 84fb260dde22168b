// The ceiling of a lattice's step on the device it runs on: a plain copy of its Q planes, site
// for site (no shifted reads, no arithmetic, no halos), in the step's launch shape (128 threads a
// block along x, rows in a grid-stride loop, 2-D or 3-D), with the launch and tail costs of one
// step. Each thread loads all Q values of its site before it stores any. Timed beside the step
// kernels (bench/gpu_bench.cu, bench/shapes_3d.cu), it says how much of the 4 GiB copy's
// bandwidth a kernel that moves these bytes in this pattern can reach at all.
#pragma once
#include <cuda_runtime.h>
#include "plume/grid/layout.hpp"
#include "plume/hd.hpp"

namespace plume::bench {

template <int Q, class Real>
__global__ void __launch_bounds__(128) copy_planes_kernel(const Real* src, Real* dst, const Layout l) {
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= l.nx) return;
  const int rows = l.ny * l.nz;
  for (int r = int(blockIdx.y); r < rows; r += int(gridDim.y)) {
    const int z = r / l.ny, y = r - z * l.ny;
    const int s = l.site(x, y, z);
    Real v[Q];
    static_for<Q>([&](auto i) { v[decltype(i)::value] = __ldg(src + decltype(i)::value * l.stride + s); });
    static_for<Q>([&](auto i) { dst[decltype(i)::value * l.stride + s] = v[decltype(i)::value]; });
  }
}

// One copy of the planes of layout l from src to dst on stream s.
template <int Q, class Real>
void copy_planes(const Real* src, Real* dst, const Layout& l, cudaStream_t s) {
  const long long rows = (long long)l.ny * l.nz;
  copy_planes_kernel<Q, Real><<<dim3(unsigned((l.nx + 127) / 128), unsigned(rows < 65535 ? rows : 65535)), 128, 0, s>>>(src, dst, l);
}

}  // namespace plume::bench

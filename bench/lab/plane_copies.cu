// How close to the device's copy bandwidth can any kernel come that moves a lattice's Q planes
// the way a fused step must: every site's Q values read before they are written, the Q planes
// streamed at once? Issue #15 asks D2Q37 (Q = 37) for 0.92 of the copy. This program times that
// copy in several shapes (threads a block, sites a thread with vector loads, the loads and stores
// interleaved); the pull of a step without its collision (each population read from the site
// e_i behind, D2Q37's 37 velocities, stored at the site), straight from global memory as the
// step does and staged through shared memory in whole aligned sectors; and, as the upper bound
// of the bytes themselves, the planes copied as flat arrays. Each against the 4 GiB cudaMemcpy
// of the same process (copy_bandwidth.hpp).
//
//   plane_copies [NX NY] [Q]     (default 8192 8192 37; FP64 and FP32 storage)
//
// Prints one line per variant: "RESULT <prec> <variant> ms=<t> ratio=<fraction of the copy>".
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include "copy_bandwidth.hpp"
#include "event_timing.hpp"

namespace {

using plume::bench::best_ms;

constexpr int kMaxQ = 37;
template <int A>
using Shifts = std::integral_constant<int, A>;  // pull_kernel's Axes, as a type

// V consecutive sites a thread, as one vector of V values (V = 1, 2 or 4; 16 bytes at most), the
// rows of the lattice in a grid-stride loop over blockIdx.y, as the step kernels do. `Interleave`:
// each plane stored right after it is loaded (fewer live registers) instead of all loads first.
template <class Vec, int Q, bool Interleave>
__global__ void sites_kernel(const Vec* __restrict__ src, Vec* __restrict__ dst, int nvx, int ny, long long stride) {
  const int x = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  if (x >= nvx) return;
  for (int y = int(blockIdx.y); y < ny; y += int(gridDim.y)) {
    const long long s = (long long)y * nvx + x;
    if constexpr (Interleave) {
#pragma unroll
      for (int i = 0; i < Q; ++i) dst[i * stride + s] = __ldg(src + i * stride + s);
    } else {
      Vec v[Q];
#pragma unroll
      for (int i = 0; i < Q; ++i) v[i] = __ldg(src + i * stride + s);
#pragma unroll
      for (int i = 0; i < Q; ++i) dst[i * stride + s] = v[i];
    }
  }
}

// D2Q37's velocities (e_x, e_y): the rest site and shells of |e| 1, sqrt 2, 2, sqrt 5, sqrt 8, 3,
// sqrt 10.
__constant__ int kEx[kMaxQ] = {0,  1, -1, 0,  0, 1, -1, 1, -1, 2, -2, 0,  0,  2, -2, 2, -2, 1, -1,
                               1, -1, 2, -2, 2, -2, 3, -3, 0, 0,  3, -3, 3, -3, 1, -1, 1, -1};
__constant__ int kEy[kMaxQ] = {0, 0,  0,  1, -1, 1, 1,  -1, -1, 0, 0, 2, -2, 1,  1, -1, -1, 2, 2,
                               -2, -2, 2, 2, -2, -2, 0, 0, 3, -3, 1, 1, -1, -1, 3, 3, -3, -3};
constexpr int kReach = 3, kXoff = 32;  // ghost rows and columns; interior x = 0 at element 32

// The pull of a step without its collision: population i of site (x, y) from site (x - e_x,
// y - e_y), stored at (x, y), in the step's shape (128 threads along a row, rows in a
// grid-stride loop). `Staged`: the block first loads, for each population, the whole sectors
// its row segment covers (the segment widened by a sector each side) into shared memory with
// aligned loads, then each thread takes its shifted values from there. `Axes`: the shifts kept,
// 3 both (the step's), 1 only e_x (all from the site's own row), 2 only e_y (whole rows); 4 every
// population from the row below (one shift for all); 8 the step's shifts on the stores instead of
// the loads (a push: each value to the site e_i ahead).
template <class Real, bool Staged, int Axes = 3>
__global__ void __launch_bounds__(128) pull_kernel(const Real* __restrict__ src, Real* __restrict__ dst, int nx, int ny,
                                                   int pitch, long long stride) {
  constexpr int M = 32 / sizeof(Real), W = 128 + 2 * M;  // a sector's elements; the staged width
  const int t = int(threadIdx.x), x0 = int(blockIdx.x) * 128, x = x0 + t;
  for (int y = int(blockIdx.y); y < ny; y += int(gridDim.y)) {
    const long long s = (long long)(y + kReach) * pitch + kXoff + x;
    Real v[kMaxQ];
    if constexpr (Staged) {
      __shared__ Real sh[kMaxQ][W];
      __syncthreads();  // the row before is read
#pragma unroll
      for (int i = 0; i < kMaxQ; ++i) {
        const int ey = Axes & 2 ? kEy[i] : 0;
        const Real* row = src + i * stride + (long long)(y - ey + kReach) * pitch + kXoff + x0 - M;
        sh[i][t] = __ldg(row + t);
        if (t < 2 * M) sh[i][128 + t] = __ldg(row + 128 + t);
      }
      __syncthreads();
#pragma unroll
      for (int i = 0; i < kMaxQ; ++i) v[i] = sh[i][M + t - (Axes & 1 ? kEx[i] : 0)];
    } else {
#pragma unroll
      for (int i = 0; i < kMaxQ; ++i)
        v[i] = __ldg(src + i * stride + s - (Axes & 2 ? kEy[i] : Axes & 4 ? 1 : 0) * pitch - (Axes & 1 ? kEx[i] : 0));
    }
    if (x < nx) {
#pragma unroll
      for (int i = 0; i < kMaxQ; ++i) dst[i * stride + s + (Axes & 8 ? kEy[i] * pitch + kEx[i] : 0)] = v[i];
    }
  }
}

// Distinct values everywhere (the pulls' source), and the count of elements where two arrays differ.
template <class Real>
__global__ void fill_kernel(Real* a, long long n) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long long)gridDim.x * blockDim.x)
    a[k] = Real(k % 1000003);
}
template <class Real>
__global__ void differ_kernel(const Real* a, const Real* b, long long n, unsigned long long* count) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long long)gridDim.x * blockDim.x)
    if (a[k] != b[k]) atomicAdd(count, 1ULL);
}

// The same bytes as one flat array: the best a kernel can do with them at all.
template <class Vec>
__global__ void flat_kernel(const Vec* __restrict__ src, Vec* __restrict__ dst, long long n) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long long)gridDim.x * blockDim.x)
    dst[k] = __ldg(src + k);
}

template <class Real>
void run(int nx, int ny, int q, double copy) {
  const char* prec = sizeof(Real) == 8 ? "fp64" : "fp32";
  const long long stride = (long long)nx * ny;
  const double bytes = 2.0 * q * stride * sizeof(Real);
  Real *src = nullptr, *dst = nullptr;
  PLUME_CUDA_CHECK(cudaMalloc(&src, q * stride * sizeof(Real)));
  PLUME_CUDA_CHECK(cudaMalloc(&dst, q * stride * sizeof(Real)));
  PLUME_CUDA_CHECK(cudaMemset(src, 0, q * stride * sizeof(Real)));
  auto report = [&](const std::string& name, double ms) {
    std::printf("RESULT %s %-34s ms=%.4f ratio=%.4f\n", prec, name.c_str(), ms, bytes / (ms * 1e-3) / copy);
    std::fflush(stdout);
  };
  auto sites = [&](auto vec, int threads, auto interleave, const std::string& name) {
    using Vec = decltype(vec);
    constexpr int V = sizeof(Vec) / sizeof(Real);
    const int nvx = nx / V;
    const dim3 grid(unsigned((nvx + threads - 1) / threads), unsigned(std::min(ny, 65535)));
    auto k = sites_kernel<Vec, kMaxQ, decltype(interleave)::value>;
    if (q != kMaxQ) return;  // the kernel is compiled for D2Q37's 37 planes
    report(name, best_ms(nullptr, 5, [&] {
             k<<<grid, threads>>>(reinterpret_cast<const Vec*>(src), reinterpret_cast<Vec*>(dst), nvx, ny, stride / V);
           }));
  };
  using V2 = std::conditional_t<sizeof(Real) == 8, double2, float2>;
  using V4 = std::conditional_t<sizeof(Real) == 8, double2, float4>;  // 16 bytes at most
  using No = std::integral_constant<bool, false>;
  using Yes = std::integral_constant<bool, true>;
  sites(Real{}, 128, No{}, "1 site, 128 threads (the step's)");
  sites(Real{}, 256, No{}, "1 site, 256 threads");
  sites(Real{}, 64, No{}, "1 site, 64 threads");
  sites(Real{}, 128, Yes{}, "1 site, 128 threads, interleaved");
  sites(V2{}, 128, No{}, "2 sites (vector), 128 threads");
  sites(V2{}, 64, No{}, "2 sites (vector), 64 threads");
  sites(V2{}, 128, Yes{}, "2 sites (vector), interleaved");
  if (sizeof(V4) / sizeof(Real) == 4) sites(V4{}, 64, No{}, "4 sites (vector), 64 threads");
  {
    const long long n = q * stride * (long long)sizeof(Real) / 16;
    report("flat copy of the planes (16 B)", best_ms(nullptr, 5, [&] {
             flat_kernel<float4><<<132 * 16, 256>>>(reinterpret_cast<const float4*>(src),
                                                    reinterpret_cast<float4*>(dst), n);
           }));
  }
  report("cudaMemcpy of the planes", best_ms(nullptr, 5, [&] {
           PLUME_CUDA_CHECK(cudaMemcpyAsync(dst, src, q * stride * sizeof(Real), cudaMemcpyDeviceToDevice));
         }));
  cudaFree(src);
  cudaFree(dst);
  if (q != kMaxQ || nx % 128 != 0) return;
  // The pulls, on planes with kReach ghost rows and columns (rows of `pitch` elements, interior
  // x = 0 at a 128-byte boundary, as plume's layout has them); only the interior's bytes count.
  const int pitch = nx + 2 * kXoff;
  const long long pstride = (long long)pitch * (ny + 2 * kReach);
  PLUME_CUDA_CHECK(cudaMalloc(&src, q * pstride * sizeof(Real)));
  PLUME_CUDA_CHECK(cudaMalloc(&dst, q * pstride * sizeof(Real)));
  Real* ref = nullptr;
  unsigned long long* count = nullptr;
  PLUME_CUDA_CHECK(cudaMalloc(&ref, q * pstride * sizeof(Real)));
  PLUME_CUDA_CHECK(cudaMallocManaged(&count, sizeof *count));
  fill_kernel<<<132 * 16, 256>>>(src, q * pstride);
  PLUME_CUDA_CHECK(cudaMemset(dst, 0, q * pstride * sizeof(Real)));
  const dim3 grid(unsigned(nx / 128), unsigned(std::min(ny, 65535)));
  const auto pull = [&](const std::string& name, auto staged, auto axes) {
    report(name, best_ms(nullptr, 5, [&] {
             pull_kernel<Real, decltype(staged)::value, decltype(axes)::value>
                 <<<grid, 128>>>(src, dst, nx, ny, pitch, pstride);
           }));
  };
  using Direct = std::false_type;
  using Staged = std::true_type;
  pull("pull, no collision (the step's loads)", Direct{}, Shifts<3>{});
  PLUME_CUDA_CHECK(cudaMemcpy(ref, dst, q * pstride * sizeof(Real), cudaMemcpyDeviceToDevice));
  pull("pull staged through shared memory", Staged{}, Shifts<3>{});
  *count = 0;
  differ_kernel<<<132 * 16, 256>>>(dst, ref, q * pstride, count);
  PLUME_CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("staged pull differs from the direct one in %llu values\n", *count);
  pull("pull along x only", Direct{}, Shifts<1>{});
  pull("pull along y only", Direct{}, Shifts<2>{});
  pull("no shift, the same kernel", Direct{}, Shifts<0>{});
  pull("every population from the row below", Direct{}, Shifts<4>{});
  pull("push (the shifts on the stores)", Direct{}, Shifts<8>{});
  pull("pull along x only, staged", Staged{}, Shifts<1>{});
  cudaFree(count);
  cudaFree(ref);
  cudaFree(src);
  cudaFree(dst);
}

}  // namespace

int main(int argc, char** argv) {
  const int nx = argc > 2 ? std::atoi(argv[1]) : 8192, ny = argc > 2 ? std::atoi(argv[2]) : 8192;
  const int q = argc > 3 ? std::atoi(argv[3]) : kMaxQ;
  if (nx % 4 != 0 || nx <= 0 || ny <= 0 || q <= 0 || q > kMaxQ) {
    std::fprintf(stderr, "usage: plane_copies [NX NY] [Q]: NX a multiple of 4, 1 <= Q <= %d\n", kMaxQ);
    return 2;
  }
  cudaDeviceProp p{};
  PLUME_CUDA_CHECK(cudaGetDeviceProperties(&p, 0));
  const double copy = copy_bandwidth();
  std::printf("device %s, %d x %d, Q = %d, copy %.1f GB/s\n", p.name, nx, ny, q, copy * 1e-9);
  run<double>(nx, ny, q, copy);
  run<float>(nx, ny, q, copy);
  std::printf("copy again %.1f GB/s\n", copy_bandwidth() * 1e-9);
  return 0;
}

// Where the D2Q37 step's time goes beyond its bytes (issue #15 asks for 0.92 of the copy
// bandwidth). The production step kernel (cuda/kernels.cuh, Traits::update with the snapshot hook)
// against the same work taken apart, each in the production launch shape (one site a thread,
// blocks of 128 along a row, rows in a grid-stride loop, the blocks a multiprocessor the
// register budget gives) on the same planes:
//   - pull, the model's RTRT collision, store (d2q37/site.hpp's pull and store), in plume's layout
//     and in one whose rows are 32 values longer;
//   - the same with the FP64 fields computed at every site as the production bulk update does
//     (update_bulk_site);
//   - Traits::update (walls, the snapshot hook's lambda) in the bare kernel;
//   - the production step_kernel itself.
// And a block that marches up a band of rows reading every plane at the same row at the same
// time: `plane_copies` found the 37 planes streamed at once at 0.94 of the copy, and a pull with
// the shifts in a table at 0.73-0.79. The block of BX x R threads loads the next R rows of every
// plane into shared memory at each turn (cp.async in 16-byte pieces, whole sectors widened by one
// each side, P turns ahead of their use); plane i keeps a row there until the sites it streams
// to have pulled it (a ring of R (P + 1) + 3 + e_y rows).
// And, in `pipe` mode: rows in a pipeline (pipelined_kernel: a thread updates several rows, the
// loads of a later row in flight while it collides one); two planes a load (duo_kernel: FP32,
// 8-byte loads and stores with one site a thread); the Hopper bulk-copy engine (bulk_kernel: row
// segments of every plane copied into shared memory by cp.async.bulk, S - 1 rows ahead).
// Outputs compared bit for bit where the same update code runs.
//
//   d2q37_step [N ...]        (square lattices; default 8192 4096; FP64 and FP32 storage)
//   d2q37_step pitch N ...    (the production step in layouts with longer rows and planes)
//   d2q37_step place N ...    (the production step with its two buffers placed against each other)
//   d2q37_step pipe N ...     (the production step, the rows in a pipeline, two planes a load
//                              and the bulk copies alone)
//
// One line per variant: "RESULT <prec> <N> <variant> ms=<t> ratio=<fraction of the copy>",
// the ratio against the 4 GiB cudaMemcpy of the same process (copy_bandwidth.hpp), bytes counted
// as the step's: 37 values read and 37 written per site.
#include <cuda_pipeline.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include "copy_bandwidth.hpp"
#include "event_timing.hpp"
#include "d2q37/model.hpp"
#include "kernels.cuh"

namespace {

using plume::bench::best_ms;

namespace d2 = plume::d2q37;
namespace cu = plume::cuda;
using L = d2::D2Q37;
using T = d2::Traits;
using plume::static_for;
constexpr int Q = L::Q;
template <class Real>
using Args = plume::StepArgs<Real, d2::PhysicsParams>;

// The blocks of 128 threads a multiprocessor that RTRT's register budget gives (DefaultStepShape).
template <class Real>
constexpr int kMinBlocks = cu::DefaultStepShape<T, 0, Real, 128>::min_blocks;

// The bare update of a bulk site: pull, [the FP64 fields, as update_bulk_site computes them at
// every site], the RTRT collision (or none), store.
// kIntLoads, kIntBoth (FP32 storage): the float-to-double conversions of the loads (and the
// double-to-float ones of the stores) done with integer operations, valid for normal numbers only
// (the planes hold nothing else here): what the FP32 step gains if its 74 conversions a site,
// which run in the FP64 units at a quarter of their rate on Hopper, leave them.
// kL2x128, kL2x256 (+ kPullOnly: no collision): every load asks the L2 to fetch 128 or 256 bytes
// around it from DRAM (ld.global.nc.L2::128B / L2::256B): a warp of FP32 values reads 128 bytes a
// plane, and 74 planes stream at once.
// kStreamStores: pull, RTRT, and stores marked streaming (st.global.cs, evict first).
enum Work { kPull = 0, kRtrt = 1, kFields = 2, kIntLoads = 3, kIntBoth = 4, kL2x128 = 5, kL2x256 = 6, kPullOnly = 8,
            kStreamStores = 16 };
template <int Bytes, class Real>
__device__ __forceinline__ Real load_l2(const Real* p) {
  Real v;
  if constexpr (sizeof(Real) == 4 && Bytes == 256) asm("ld.global.nc.L2::256B.f32 %0, [%1];" : "=f"(v) : "l"(p));
  else if constexpr (sizeof(Real) == 4) asm("ld.global.nc.L2::128B.f32 %0, [%1];" : "=f"(v) : "l"(p));
  else if constexpr (Bytes == 256) asm("ld.global.nc.L2::256B.f64 %0, [%1];" : "=d"(v) : "l"(p));
  else asm("ld.global.nc.L2::128B.f64 %0, [%1];" : "=d"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ double widen_normal(float v) {
  const unsigned u = __float_as_uint(v);
  const unsigned hi = (u & 0x80000000u) | (((u & 0x7fffffffu) >> 3) + (896u << 20));
  return __hiloint2double(int(hi), int(u << 29));
}
__device__ __forceinline__ float narrow_normal(double v) {
  const unsigned long long u = (unsigned long long)__double_as_longlong(v), m = u & 0x7fffffffffffffffull;
  const unsigned long long r = m + 0x0fffffffull + ((m >> 29) & 1u);
  return __uint_as_float(unsigned(u >> 32 & 0x80000000u) | (unsigned(r >> 29) - (896u << 23)));
}
template <int W, class Real>
__device__ __forceinline__ void bare_update(const Args<Real>& a, int x, int y) {
  if constexpr (W == kFields) {
    d2::update_bulk_site<L, d2::CollisionModel::RTRT>(a, x, y);
  } else if constexpr ((W & 7) == kL2x128 || (W & 7) == kL2x256) {
    const plume::Layout& l = a.layout;
    const int s = l.site(x, y);
    double f[Q];
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      f[i] = double(load_l2<(W & 7) == kL2x256 ? 256 : 128>(a.src[i] + (s - L::ey(i) * l.pitch - L::ex(i))));
    });
    if constexpr ((W & kPullOnly) == 0) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    d2::store<L>(a.dst, l, x, y, f);
  } else if constexpr (W == kStreamStores) {
    const int s = a.layout.site(x, y);
    double f[Q];
    d2::pull<L>(a.src, a.layout, a.wrap, x, y, f);
    d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    static_for<Q>([&](auto ic) { __stcs(a.dst[decltype(ic)::value] + s, Real(f[decltype(ic)::value])); });
  } else if constexpr (W == kIntLoads || W == kIntBoth) {
    const plume::Layout& l = a.layout;
    const int s = l.site(x, y);
    double f[Q];
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      f[i] = widen_normal(float(__ldg(a.src[i] + (s - L::ey(i) * l.pitch - L::ex(i)))));
    });
    d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      a.dst[i][s] = W == kIntBoth ? Real(narrow_normal(f[i])) : Real(f[i]);
    });
  } else {
    double f[Q];
    d2::pull<L>(a.src, a.layout, a.wrap, x, y, f);
    if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    d2::store<L>(a.dst, a.layout, x, y, f);
  }
}

// The production shape around the bare update (Bare) or the model's whole update (Traits::update
// with the walls' test and the snapshot hook's lambda, given nothing to take).
template <class Real, int W, bool Bare>
__global__ void __launch_bounds__(128, kMinBlocks<Real>) shape_kernel(const Args<Real> a) {
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= a.layout.nx) return;
  for (int y = int(blockIdx.y); y < a.layout.ny; y += int(gridDim.y)) {
    if constexpr (Bare)
      bare_update<W>(a, x, y);
    else
      T::update<0>(a, x, y, 0);
  }
}

// shape_kernel's bare update (pull, RTRT, store), with thread 0 of each block first asking the
// bulk-copy engine to prefetch into the L2 the row segments that the block K rows further up will
// pull (cp.async.bulk.prefetch.L2: one instruction a plane, no registers, no shared memory): its
// loads then find the L2 holding their lines.
template <class Real, int K>
__global__ void __launch_bounds__(128, kMinBlocks<Real>) l2_prefetch_kernel(const Args<Real> a) {
  const plume::Layout& l = a.layout;
  const int x0 = int(blockIdx.x) * 128, x = x0 + int(threadIdx.x), y = int(blockIdx.y);
  if (threadIdx.x == 0 && y + K < l.ny) {
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      const Real* from = a.src[i] + l.site(x0 - 4, y + K - L::ey(i));
      asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(from), "r"(unsigned(136 * sizeof(Real))) : "memory");
    });
  }
  if (x < l.nx) bare_update<kRtrt>(a, x, y);
}

// Two neighbouring sites a thread (x even), FP32 storage: every plane read and written in 8-byte
// pieces, so that a warp's access is 256 bytes (with one site a thread an FP32 warp moves 128,
// and a plain copy of the 37 planes so ran at 0.79 of the copy bandwidth against 0.94 with 8-byte
// pieces: bench/lab/plane_copies). A plane with odd e_x is read from the even site before x - e_x: its
// second value is site x's, the first of the next lane's is site x + 1's (a shuffle; the warp's
// last lane reads that one itself). The two sites then collide one after the other.
template <int W, int MB>
__global__ void __launch_bounds__(128, MB) pair_kernel(const Args<float> a) {
  const plume::Layout& l = a.layout;
  const int lane = int(threadIdx.x) & 31, x = 2 * (int(blockIdx.x) * 128 + int(threadIdx.x));
  for (int y = int(blockIdx.y); y < l.ny; y += int(gridDim.y)) {
    const int s = l.site(x, y);
    float v0[Q], v1[Q];
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value, ex = L::ex(i), ey = L::ey(i);
      const float* p = a.src[i] + (s - ey * l.pitch);
      if constexpr (ex % 2 == 0) {
        const float2 v = __ldg(reinterpret_cast<const float2*>(p - ex));
        v0[i] = v.x;
        v1[i] = v.y;
      } else {
        const float2 v = __ldg(reinterpret_cast<const float2*>(p - ex - 1));
        const float last = lane == 31 ? __ldg(p + 1 - ex) : 0.0f;
        const float next = __shfl_down_sync(0xffffffffu, v.x, 1);
        v0[i] = v.y;
        v1[i] = lane == 31 ? last : next;
      }
    });
    double f[Q];
    static_for<Q>([&](auto ic) { f[decltype(ic)::value] = double(v0[decltype(ic)::value]); });
    if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    static_for<Q>([&](auto ic) { v0[decltype(ic)::value] = float(f[decltype(ic)::value]); });
    static_for<Q>([&](auto ic) { f[decltype(ic)::value] = double(v1[decltype(ic)::value]); });
    if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      *reinterpret_cast<float2*>(a.dst[i] + s) = make_float2(v0[i], float(f[i]));
    });
  }
}

// Two planes a load, FP32 storage, one site a thread: a warp's 32 sites of plane i are read by its
// lanes 0-15 and those of plane i + 1 by lanes 16-31, each lane 8 bytes, and shuffles hand each
// lane its site's values (a plane with odd e_x is read from the even index before its first
// source, and lane 15 of the half reads the one value past the window). The stores likewise.
// The warp so moves 256 bytes an instruction, as with two sites a thread (pair_kernel), while a
// thread keeps the registers of one site. Shift false: every plane read at the site itself.
template <int W, bool Shift, int MB>
__global__ void __launch_bounds__(128, MB) duo_kernel(const Args<float> a) {
  const plume::Layout& l = a.layout;
  constexpr unsigned all = 0xffffffffu;
  const int lane = int(threadIdx.x) & 31, h = lane >> 4, hl = lane & 15;
  const int xw = int(blockIdx.x) * 128 + int(threadIdx.x) - lane;  // the warp's first site
  for (int y = int(blockIdx.y); y < l.ny; y += int(gridDim.y)) {
    const int sw = l.site(xw, y);
    double f[Q];
    static_for<(Q + 1) / 2>([&](auto kc) {
      constexpr int i = 2 * decltype(kc)::value, j = i + 1;
      constexpr int exi = Shift ? L::ex(i) : 0, eyi = Shift ? L::ey(i) : 0;
      if constexpr (j >= Q) {
        f[i] = double(__ldg(a.src[i] + (sw + lane - eyi * l.pitch - exi)));
      } else {
        constexpr int exj = Shift ? L::ex(j) : 0, eyj = Shift ? L::ey(j) : 0, oi = exi & 1, oj = exj & 1;
        const float* p = h ? a.src[j] + (sw - eyj * l.pitch - exj - oj) : a.src[i] + (sw - eyi * l.pitch - exi - oi);
        const float2 v = __ldg(reinterpret_cast<const float2*>(p) + hl);
        float last = 0.0f;
        if constexpr (oi || oj)
          if (hl == 15 && (h ? oj : oi)) last = __ldg(p + 32);
        // Site `lane` of plane i is at window position lane + oi of half 0, of plane j at lane + oj of half 1.
        const auto take = [&](auto oc, int base) {
          constexpr int o = decltype(oc)::value;
          const int pos = lane + o, src = base + min(pos >> 1, 15);
          const float vx = __shfl_sync(all, v.x, src), vy = __shfl_sync(all, v.y, src);
          float r = (pos & 1) ? vy : vx;
          if constexpr (o == 1) {
            const float lv = __shfl_sync(all, last, base + 15);
            r = pos == 32 ? lv : r;
          }
          return r;
        };
        f[i] = double(take(std::integral_constant<int, oi>{}, 0));
        f[j] = double(take(std::integral_constant<int, oj>{}, 16));
      }
    });
    if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    static_for<(Q + 1) / 2>([&](auto kc) {
      constexpr int i = 2 * decltype(kc)::value, j = i + 1;
      if constexpr (j >= Q) {
        a.dst[i][sw + lane] = float(f[i]);
      } else {
        const float fi = float(f[i]), fj = float(f[j]);
        const float ai = __shfl_sync(all, fi, 2 * hl), bi = __shfl_sync(all, fi, 2 * hl + 1);
        const float aj = __shfl_sync(all, fj, 2 * hl), bj = __shfl_sync(all, fj, 2 * hl + 1);
        float* q = (h ? a.dst[j] : a.dst[i]) + sw;
        reinterpret_cast<float2*>(q)[hl] = h ? make_float2(aj, bj) : make_float2(ai, bi);
      }
    });
  }
}

// The Hopper bulk-copy engine (TMA, cp.async.bulk): a block of 128 threads updates sites x0 .. x0 +
// 127 of a band of R rows. For each row y, thread 0 has the engine copy, for every plane i, the
// segment [x0 - 4, x0 + 132) of row y - e_y(i) into a stage of shared memory (one 16-byte-aligned
// piece a plane, whole sectors: the x shifts cost one sector a plane and block instead of one a
// warp), S - 1 rows ahead, completion counted by an mbarrier a stage; the threads then pull
// x - e_x(i) from the stage, collide and store. One __syncthreads a row frees the stage read.
__device__ __forceinline__ unsigned smem_addr(const void* p) { return unsigned(__cvta_generic_to_shared(p)); }
template <class Real, int S, int MB, int W>
__global__ void __launch_bounds__(128, MB) bulk_kernel(const Args<Real> a, int band) {
  constexpr int Span = 136;  // values of a plane's segment: 4 before the block's first site, 4 after its last
  constexpr unsigned Bytes = Span * sizeof(Real);
  static_assert(Bytes % 16 == 0, "bulk copies move 16-byte multiples");
  extern __shared__ __align__(128) unsigned char bulk_bytes_[];
  Real* const stage = reinterpret_cast<Real*>(bulk_bytes_);
  __shared__ __align__(8) unsigned long long full[S];
  const plume::Layout& l = a.layout;
  const int t = int(threadIdx.x), x0 = int(blockIdx.x) * 128, y0 = int(blockIdx.y) * band, y1 = min(l.ny, y0 + band);
  if (t == 0) {
    for (int k = 0; k < S; ++k) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&full[k])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  const auto issue = [&](int y, int k) {  // thread 0: row y into stage k
    const unsigned bar = smem_addr(&full[k]);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(unsigned(Q * Bytes)) : "memory");
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      const Real* from = a.src[i] + l.site(x0 - 4, y - L::ey(i));
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                       smem_addr(stage + (k * Q + i) * Span)),
                   "l"(from), "r"(Bytes), "r"(bar)
                   : "memory");
    });
  };
  if (t == 0)
    for (int k = 0; k < S - 1 && y0 + k < y1; ++k) issue(y0 + k, k);
  int k = 0, phase = 0;
  for (int y = y0; y < y1; ++y) {
    if (t == 0 && y + S - 1 < y1) issue(y + S - 1, (k + S - 1) % S);
    asm volatile(
        "{\n .reg .pred p;\n WAIT_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra WAIT_%=;\n}\n" ::"r"(
            smem_addr(&full[k])),
        "r"(unsigned(phase))
        : "memory");
    if (x0 + t < l.nx) {
      double f[Q];
      static_for<Q>([&](auto ic) {
        constexpr int i = decltype(ic)::value;
        f[i] = double(stage[(k * Q + i) * Span + 4 + t - L::ex(i)]);
      });
      if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
      d2::store<L>(a.dst, l, x0 + t, y, f);
    }
    __syncthreads();  // every thread has read stage k: the engine may refill it
    if (++k == S) {
      k = 0;
      phase ^= 1;
    }
  }
}

// shape_kernel's bare update, but every site's loads and stores in row 0: the same instructions,
// their bytes in the L2 cache instead of DRAM.
template <class Real>
__global__ void __launch_bounds__(128, kMinBlocks<Real>) l2_kernel(const Args<Real> a) {
  const int x = int(blockIdx.x) * 128 + int(threadIdx.x);
  if (x >= a.layout.nx) return;
  for (int y = int(blockIdx.y); y < a.layout.ny; y += int(gridDim.y)) bare_update<kRtrt>(a, x, plume::opaque(y * 0));
}

// The marching block (above). Turn y (y0, y0 + R, ...): the rows y + 3 + R P .. + R - 1 of every
// plane are loaded (one cp.async group a turn; rows past the last ghost row are not), the groups
// but the last P waited for (rows up to y + R + 2 are in), and thread (t, q) pulls site
// (x0 + t, y + q): plane i's row y + q - e_y. o[e + 3]: the slot of row y - e of the planes with
// e_y = e, the oldest they still need; the turn's loads go to the R slots before it (the rows
// pulled at the turn before, hence the barrier at the end of each turn).
template <int R, int P>
__host__ __device__ constexpr int depth(int ey) {
  return R * (P + 1) + 3 + ey;
}
template <int R, int P>
__host__ __device__ constexpr int first(int i) {
  int n = 0;
  for (int j = 0; j < i; ++j) n += depth<R, P>(L::ey(j));
  return n;
}
template <class Real, int BX, int R, int P>
constexpr std::size_t ring_bytes() {
  return std::size_t(first<R, P>(Q)) * (BX + 2 * (32 / sizeof(Real))) * sizeof(Real);
}
template <class Real, int BX, int R, int P, int W>
__global__ void __launch_bounds__(BX* R) march_kernel(const Args<Real> a, int band) {
  constexpr int M = 32 / int(sizeof(Real)), WR = BX + 2 * M;  // a sector's values; a ring row
  constexpr int V = 16 / int(sizeof(Real)), C = WR / V;        // values a piece; pieces a row
  static_assert(WR % V == 0, "ring rows are whole 16-byte pieces");
  extern __shared__ __align__(16) unsigned char ring_bytes_[];
  Real* const ring = reinterpret_cast<Real*>(ring_bytes_);
  const plume::Layout& l = a.layout;
  const int t = int(threadIdx.x), q = int(threadIdx.y), lt = q * BX + t;
  const int x0 = int(blockIdx.x) * BX, y0 = int(blockIdx.y) * band, y1 = min(l.ny, y0 + band);
  // Rows r0 .. r0 + n - 1 of plane i into its slots from s0 on (wrapping at its depth).
  const auto load = [&](auto ic, int r0, int n, int s0) {
    constexpr int i = decltype(ic)::value, D = depth<R, P>(L::ey(i));
    for (int k = lt; k < n * C; k += BX * R) {
      const int row = k / C, piece = k % C;
      int slot = s0 + row;
      slot = slot >= D ? slot - D : slot;
      Real* to = ring + (first<R, P>(i) + slot) * WR + piece * V;
      const Real* from = a.src[i] + l.site(x0 - M, r0 + row) + piece * V;
      __pipeline_memcpy_async(to, from, 16);
    }
  };
  const int last = l.ny + l.halo - 1;  // the last ghost row
  // Before the first turn: plane i's rows y0 - e_y .. y0 + 2 (one group), then the P turns ahead.
  int o[7];
  static_for<7>([&](auto ec) {
    constexpr int e = decltype(ec)::value - 3, D = depth<R, P>(e);
    o[e + 3] = ((y0 - e) % D + D) % D;
  });
  static_for<Q>([&](auto ic) {
    constexpr int e = L::ey(decltype(ic)::value);
    load(ic, y0 - e, 3 + e, o[e + 3]);
  });
  __pipeline_commit();
  for (int k = 0; k < P; ++k) {
    static_for<Q>([&](auto ic) {
      constexpr int e = L::ey(decltype(ic)::value), D = depth<R, P>(e);
      const int r0 = y0 + 3 + k * R, n = min(R, last - r0 + 1), s0 = (o[e + 3] + 3 + e + k * R) % D;
      if (n > 0) load(ic, r0, n, s0);
    });
    __pipeline_commit();
  }
  for (int y = y0; y < y1; y += R) {
    static_for<Q>([&](auto ic) {
      constexpr int e = L::ey(decltype(ic)::value), D = depth<R, P>(e);
      const int r0 = y + 3 + R * P, n = min(R, last - r0 + 1);
      const int s0 = o[e + 3] - R < 0 ? o[e + 3] - R + D : o[e + 3] - R;
      if (n > 0) load(ic, r0, n, s0);
    });
    __pipeline_commit();
    __pipeline_wait_prior(P);
    __syncthreads();
    if (y + q < y1) {
      double f[Q];
      static_for<Q>([&](auto ic) {
        constexpr int i = decltype(ic)::value, e = L::ey(i), D = depth<R, P>(e);
        const int slot = o[e + 3] + q >= D ? o[e + 3] + q - D : o[e + 3] + q;
        f[i] = double(ring[(first<R, P>(i) + slot) * WR + M + t - L::ex(i)]);
      });
      if constexpr (W == kRtrt) d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
      d2::store<L>(a.dst, l, x0 + t, y + q, f);
    }
    static_for<7>([&](auto ec) {
      constexpr int e = decltype(ec)::value, D = depth<R, P>(e - 3);
      o[e] = o[e] + R >= D ? o[e] + R - D : o[e] + R;
    });
    __syncthreads();  // the slots pulled here are the next turn's
  }
  __pipeline_wait_prior(0);
}

// Rows in a pipeline: thread x of block (bx, by) updates the sites x of `rows` rows, and the
// loads of a later row are in flight while it collides one. With one site a thread and a row each,
// a warp's loads and its collision alternate, and only the other warps' loads overlap its
// arithmetic; with FP32 storage (half the bytes a warp has in flight) the step ran at 0.87-0.89 of
// the copy with the FP64 units 40 % busy and the DRAM at 80 % of its peak (Nsight Compute,
// 2026-11-28). Modes:
//   kStages: the loads by cp.async into S stages of shared memory (37 x 128 values each), which
//            hold no registers, rows by, by + gridDim.y, ... (`rows` of them);
//   kAhead:  into registers, one row ahead, the rows by rows .. by rows + rows - 1 (neighbours:
//            the blocks resident at once read nearby rows, as the one-row kernel's do);
//   kPairs:  two neighbouring rows' loads before either collision, the same rows.
enum Pipe { kStages, kAhead, kPairs };
template <class Real, int MB, int S, int Mode>
__global__ void __launch_bounds__(128, MB) pipelined_kernel(const Args<Real> a, int rows) {
  extern __shared__ __align__(16) unsigned char stage_bytes_[];
  Real* const stage = reinterpret_cast<Real*>(stage_bytes_);
  const plume::Layout& l = a.layout;
  const int t = int(threadIdx.x), x = int(blockIdx.x) * 128 + t;
  const auto finish = [&](int y, double* f) {
    d2::collide_with<L, d2::CollisionModel::RTRT>(f, a.params);
    d2::store<L>(a.dst, l, x, y, f);
  };
  const auto load = [&](int y, Real* v) {
    const int s = l.site(x, y);
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      v[i] = __ldg(a.src[i] + (s - L::ey(i) * l.pitch - L::ex(i)));
    });
  };
  const auto widen = [&](const Real* v, double* f) { static_for<Q>([&](auto ic) { f[decltype(ic)::value] = double(v[decltype(ic)::value]); }); };
  if constexpr (Mode == kStages) {
    const int step = int(gridDim.y);
    const auto issue = [&](int y, int k) {  // row y's loads into stage k (cp.async)
      if (y < l.ny) {
        const int s = l.site(x, y);
        static_for<Q>([&](auto ic) {
          constexpr int i = decltype(ic)::value;
          __pipeline_memcpy_async(stage + (k * Q + i) * 128 + t, a.src[i] + (s - L::ey(i) * l.pitch - L::ex(i)),
                                  sizeof(Real));
        });
      }
      __pipeline_commit();
    };
    for (int k = 0; k < S - 1; ++k) issue(int(blockIdx.y) + k * step, k);
    int k = 0;
    for (int y = int(blockIdx.y); y < l.ny; y += step) {
      issue(y + (S - 1) * step, (k + S - 1) % S);
      __pipeline_wait_prior(S - 1);  // this thread's copies of row y are in (it alone reads them)
      double f[Q];
      static_for<Q>([&](auto ic) { f[decltype(ic)::value] = double(stage[(k * Q + decltype(ic)::value) * 128 + t]); });
      finish(y, f);
      k = k + 1 == S ? 0 : k + 1;
    }
  } else if constexpr (Mode == kAhead) {
    const int y0 = int(blockIdx.y) * rows, y1 = min(l.ny, y0 + rows);
    Real next[Q];
    if (y0 < y1) load(y0, next);
    for (int y = y0; y < y1; ++y) {
      double f[Q];
      widen(next, f);
      if (y + 1 < y1) load(y + 1, next);
      finish(y, f);
    }
  } else {
    const int y0 = int(blockIdx.y) * rows, y1 = min(l.ny, y0 + rows);
    for (int y = y0; y < y1; y += 2) {
      Real v0[Q], v1[Q];
      load(y, v0);
      if (y + 1 < y1) load(y + 1, v1);
      double f[Q];
      widen(v0, f);
      finish(y, f);
      if (y + 1 < y1) {
        widen(v1, f);
        finish(y + 1, f);
      }
    }
  }
}

// Populations near a rest equilibrium (w_i, perturbed by up to 1 %), different everywhere, ghosts
// included: the collision's input is a state it could meet.
template <class Real>
__global__ void fill_kernel(plume::Planes<Real> f, long long n) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long long)gridDim.x * blockDim.x) {
    static_for<Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value;
      const unsigned h = unsigned(k * 2654435761ull + i * 40503u) * 2246822519u;
      f[i][k] = Real(L::w(i) * (1.0 + 0.01 * (double(h >> 8) / double(1u << 24) * 2.0 - 1.0)));
    });
  }
}
// Interior values of a and b that differ, and the largest relative difference.
template <class Real>
__global__ void differ_kernel(plume::Planes<Real> a, plume::Planes<Real> b, plume::Layout l, unsigned long long* count,
                              double* worst) {
  const long long n = (long long)l.nx * l.ny;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += (long long)gridDim.x * blockDim.x) {
    const int s = l.site(int(k % l.nx), int(k / l.nx));
    for (int i = 0; i < Q; ++i) {
      const double u = a[i][s], v = b[i][s];
      if (u != v) {
        atomicAdd(count, 1ull);
        const double r = fabs(u - v) / fmax(fabs(u), fabs(v));
        atomicMax(reinterpret_cast<unsigned long long*>(worst), __double_as_longlong(r));
      }
    }
  }
}

template <class Real>
plume::Planes<const Real> as_const(const plume::Planes<Real>& p) {
  plume::Planes<const Real> c;
  for (int i = 0; i < Q; ++i) c.at[i] = p.at[i];
  return c;
}

// Whether kernel k, in blocks of 128 threads, can have `shared` bytes of dynamic shared memory;
// then its blocks a multiprocessor and its attributes (registers, local memory).
template <class K>
bool prepare(K k, std::size_t shared, int& blocks, cudaFuncAttributes& fa) {
  if (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)) == cudaSuccess &&
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, 128, shared) == cudaSuccess && blocks > 0 &&
      cudaFuncGetAttributes(&fa, k) == cudaSuccess)
    return true;
  cudaGetLastError();
  return false;
}

// The variants on an n x n lattice in one layout: plume's (`wide` false) or rows 32 values longer
// with interior x = 0 32 values in (the layout of bench/lab/plane_copies).
// pipe_only: the production kernel and the pipelined rows alone (`d2q37_step pipe N ...`).
template <class Real>
void run(int n, bool wide, double copy, bool pipe_only = false) {
  const char* prec = sizeof(Real) == 8 ? "fp64" : "fp32";
  plume::Layout l = plume::make_layout(n, n, 1, L::reach, 0, Q, sizeof(Real));
  if (wide) {
    l.xoff = 32;
    l.pitch = n + 64;
    l.stride = (long long)l.pitch * l.rows;
  }
  const double bytes = 2.0 * Q * double(n) * n * sizeof(Real);
  Real *base[3] = {};
  for (Real*& b : base) PLUME_CUDA_CHECK(cudaMalloc(&b, Q * l.stride * sizeof(Real)));
  const plume::Planes<Real> src = plume::plain_planes(base[0], l), out = plume::plain_planes(base[1], l),
                            ref = plume::plain_planes(base[2], l);
  fill_kernel<<<132 * 8, 256>>>(src, l.stride);
  PLUME_CUDA_CHECK(cudaDeviceSynchronize());
  unsigned long long* count = nullptr;
  double* worst = nullptr;
  PLUME_CUDA_CHECK(cudaMallocManaged(&count, sizeof *count));
  PLUME_CUDA_CHECK(cudaMallocManaged(&worst, sizeof *worst));
  Args<Real> a;
  a.src = as_const(src);
  a.layout = l;
  a.domain = plume::Domain::whole(n, n);
  a.params.gy = -1e-4;
  a.params.walls = false;
  const std::string where = std::string(wide ? " [rows +32]" : "");
  auto report = [&](const std::string& name, double ms) {
    std::printf("RESULT %s %d %-52s ms=%.4f ratio=%.4f\n", prec, n, (name + where).c_str(), ms,
                bytes / (ms * 1e-3) / copy);
    std::fflush(stdout);
  };
  auto compare = [&](const char* what, const plume::Planes<Real>& x, const plume::Planes<Real>& y) {
    *count = 0;
    *worst = 0;
    differ_kernel<<<132 * 8, 256>>>(x, y, l, count, worst);
    PLUME_CUDA_CHECK(cudaDeviceSynchronize());
    std::printf("  %s: %llu values differ (largest relative difference %.3g)\n", what, *count, *worst);
  };
  const dim3 grid(unsigned(n / 128), unsigned(std::min(n, 65535)));
  // The device at its working clocks before the first timing (it starts from idle ones).
  a.dst = out;
  for (int k = 0; k < 100; ++k) shape_kernel<Real, kRtrt, true><<<grid, 128>>>(a);
  const auto shape = [&](const std::string& name, auto w, auto bare, const plume::Planes<Real>& to) {
    a.dst = to;
    report(name, best_ms(nullptr, 5, [&] { shape_kernel<Real, decltype(w)::value, decltype(bare)::value><<<grid, 128>>>(a); }));
  };
  using Bare = std::true_type;
  using Whole = std::false_type;
  if (pipe_only) {
    a.params.walls = true;
    a.dst = out;
    report("production step_kernel (launch_box), walls",
           best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real>(a, plume::Box{0, n, 0, n, 0, 1}, 0); }));
    a.params.walls = false;
  } else {
  shape("pull only", std::integral_constant<int, kPull>{}, Bare{}, ref);
  shape("pull, RTRT, store", std::integral_constant<int, kRtrt>{}, Bare{}, ref);
  shape("the same, the fields at every site", std::integral_constant<int, kFields>{}, Bare{}, out);
  compare("against pull, RTRT, store", out, ref);
  if constexpr (std::is_same_v<Real, float>) {
    shape("the same, loads widened by integer operations", std::integral_constant<int, kIntLoads>{}, Bare{}, out);
    compare("against pull, RTRT, store", out, ref);
    shape("the same, stores narrowed so too", std::integral_constant<int, kIntBoth>{}, Bare{}, out);
    compare("against pull, RTRT, store", out, ref);
    shape("pull, RTRT, store, again", std::integral_constant<int, kRtrt>{}, Bare{}, ref);
  }
  {
    a.params.walls = true;
    shape("Traits::update, walls (the bare kernel)", std::integral_constant<int, kRtrt>{}, Whole{}, ref);
    a.dst = out;
    const plume::Box box{0, n, 0, n, 0, 1};
    report("production step_kernel (launch_box), walls", best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real>(a, box, 0); }));
    compare("production against Traits::update in the bare kernel", out, ref);
    a.params.walls = false;
  }
  // Other blocks a multiprocessor for the production kernel; for FP32, two sites a thread.
  {
    a.params.walls = true;
    a.dst = out;
    const plume::Box box{0, n, 0, n, 0, 1};
    report("production, 5 blocks/SM", best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real, cu::StepShape<128, 5>>(a, box, 0); }));
    report("production, 256 threads, 2 blocks/SM",
           best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real, cu::StepShape<256, 2>>(a, box, 0); }));
    report("production, 512 threads, 1 block/SM",
           best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real, cu::StepShape<512, 1>>(a, box, 0); }));
    report("production, 64 threads, 8 blocks/SM",
           best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real, cu::StepShape<64, 8>>(a, box, 0); }));
    report("production, 256 threads, 2 blocks/SM, again",
           best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real, cu::StepShape<256, 2>>(a, box, 0); }));
    report("production step_kernel (launch_box), walls, again", best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real>(a, box, 0); }));
    // The same instructions with every load and store in one L2-resident row: the step's rate
    // were DRAM free (the arithmetic's and the instructions' ceiling).
    a.params.walls = false;
    report("pull, RTRT, store, all in row 0 (no DRAM)", best_ms(nullptr, 5, [&] { l2_kernel<Real><<<grid, 128>>>(a); }));
    a.params.walls = false;
    if constexpr (std::is_same_v<Real, float>) {
      if (n % 256 == 0) {
        const dim3 pg(unsigned(n / 256), unsigned(std::min(n, 65535)));
        a.dst = ref;
        shape_kernel<Real, kRtrt, true><<<grid, 128>>>(a);
        a.dst = out;
        report("pairs, pull only", best_ms(nullptr, 5, [&] { pair_kernel<kPull, 3><<<pg, 128>>>(a); }));
        report("pairs, RTRT, 3 blocks/SM", best_ms(nullptr, 5, [&] { pair_kernel<kRtrt, 3><<<pg, 128>>>(a); }));
        compare("against pull, RTRT, store", out, ref);
        report("pairs, RTRT, 2 blocks/SM", best_ms(nullptr, 5, [&] { pair_kernel<kRtrt, 2><<<pg, 128>>>(a); }));
        report("pairs, RTRT, 4 blocks/SM", best_ms(nullptr, 5, [&] { pair_kernel<kRtrt, 4><<<pg, 128>>>(a); }));
        compare("against pull, RTRT, store", out, ref);
      }
    }
  }
  }  // !pipe_only
  // The L2's fetch size on every load, against the one-site kernel.
  if (pipe_only) {
    a.params.walls = false;
    shape("pull only (one site a thread, load_ro)", std::integral_constant<int, kPull>{}, std::true_type{}, out);
    shape("pull only, loads L2::128B", std::integral_constant<int, kL2x128 | kPullOnly>{}, std::true_type{}, out);
    shape("pull only, loads L2::256B", std::integral_constant<int, kL2x256 | kPullOnly>{}, std::true_type{}, out);
    shape("pull, RTRT, store (one site a thread, load_ro)", std::integral_constant<int, kRtrt>{}, std::true_type{}, ref);
    shape("pull, RTRT, store, loads L2::128B", std::integral_constant<int, kL2x128>{}, std::true_type{}, out);
    compare("against pull, RTRT, store", out, ref);
    shape("pull, RTRT, store, loads L2::256B", std::integral_constant<int, kL2x256>{}, std::true_type{}, out);
    compare("against pull, RTRT, store", out, ref);
    shape("pull, RTRT, store, streaming stores", std::integral_constant<int, kStreamStores>{}, std::true_type{}, out);
    compare("against pull, RTRT, store", out, ref);
    a.dst = out;
    report("pull, RTRT, store, L2 prefetch 2 rows ahead", best_ms(nullptr, 5, [&] { l2_prefetch_kernel<Real, 2><<<grid, 128>>>(a); }));
    compare("against pull, RTRT, store", out, ref);
    report("pull, RTRT, store, L2 prefetch 8 rows ahead", best_ms(nullptr, 5, [&] { l2_prefetch_kernel<Real, 8><<<grid, 128>>>(a); }));
    compare("against pull, RTRT, store", out, ref);
    report("pull, RTRT, store, L2 prefetch 32 rows ahead", best_ms(nullptr, 5, [&] { l2_prefetch_kernel<Real, 32><<<grid, 128>>>(a); }));
    compare("against pull, RTRT, store", out, ref);
    shape("pull, RTRT, store (one site a thread), after", std::integral_constant<int, kRtrt>{}, std::true_type{}, ref);
  }
  // Two planes a load (duo_kernel), FP32, against the one-site kernels.
  if constexpr (std::is_same_v<Real, float>) {
    a.params.walls = false;
    a.dst = ref;
    shape("pull only (one site a thread)", std::integral_constant<int, kPull>{}, std::true_type{}, out);
    shape("pull, RTRT, store (one site a thread)", std::integral_constant<int, kRtrt>{}, std::true_type{}, ref);
    a.dst = out;
    const auto duo = [&](const std::string& name, auto k) {
      cudaFuncAttributes fa{};
      PLUME_CUDA_CHECK(cudaFuncGetAttributes(&fa, k));
      PLUME_CUDA_CHECK(cudaMemset(base[1], 0, Q * l.stride * sizeof(Real)));
      report(name + " (" + std::to_string(fa.numRegs) + " regs, " + std::to_string(fa.localSizeBytes) + " B local)",
             best_ms(nullptr, 5, [&] { k<<<grid, 128>>>(a); }));
    };
    duo("two planes a load: copy, no shifts", duo_kernel<kPull, false, 4>);
    duo("two planes a load: pull only", duo_kernel<kPull, true, 4>);
    duo("two planes a load: pull, RTRT, store, 4 blocks", duo_kernel<kRtrt, true, 4>);
    compare("against pull, RTRT, store", out, ref);
    duo("two planes a load: pull, RTRT, store, 3 blocks", duo_kernel<kRtrt, true, 3>);
    compare("against pull, RTRT, store", out, ref);
    duo("two planes a load: pull, RTRT, store, 5 blocks", duo_kernel<kRtrt, true, 5>);
    compare("against pull, RTRT, store", out, ref);
  }
  // The bulk-copy engine (bulk_kernel), against the one-site kernel's bits.
  {
    a.params.walls = false;
    a.dst = ref;
    shape("pull, RTRT, store (one site a thread)", std::integral_constant<int, kRtrt>{}, std::true_type{}, ref);
    const auto bulk = [&](auto st, auto mb, auto w, int band) {
      constexpr int S = decltype(st)::value, MB = decltype(mb)::value, W = decltype(w)::value;
      const std::size_t shared = std::size_t(S) * Q * 136 * sizeof(Real);
      const auto k = bulk_kernel<Real, S, MB, W>;
      int blocks = 0;
      cudaFuncAttributes fa{};
      if (!prepare(k, shared, blocks, fa)) {
        std::printf("bulk %d stages: not launched\n", S);
        return;
      }
      a.dst = out;
      PLUME_CUDA_CHECK(cudaMemset(base[1], 0, Q * l.stride * sizeof(Real)));
      const dim3 gb(unsigned(n / 128), unsigned((n + band - 1) / band));
      const std::string name = std::string("bulk copies (TMA), ") + (W == kRtrt ? "RTRT, " : "pull only, ") +
                               std::to_string(S) + " stages, bands " + std::to_string(band) + ", " +
                               std::to_string(blocks) + " blocks (" + std::to_string(fa.numRegs) + " regs, " +
                               std::to_string(shared / 1024) + " KB)";
      report(name, best_ms(nullptr, 5, [&] { k<<<gb, 128, shared>>>(a, band); }));
      PLUME_CUDA_CHECK(cudaDeviceSynchronize());
      if (W == kRtrt) compare("against pull, RTRT, store", out, ref);
    };
    using Pull = std::integral_constant<int, kPull>;
    using Rtrt = std::integral_constant<int, kRtrt>;
    using MBs = std::integral_constant<int, kMinBlocks<Real>>;
    for (int band : {8, 32}) {
      bulk(std::integral_constant<int, 2>{}, MBs{}, Pull{}, band);
      bulk(std::integral_constant<int, 2>{}, MBs{}, Rtrt{}, band);
      if constexpr (sizeof(Real) == 4) {
        bulk(std::integral_constant<int, 3>{}, MBs{}, Pull{}, band);
        bulk(std::integral_constant<int, 3>{}, MBs{}, Rtrt{}, band);
        bulk(std::integral_constant<int, 4>{}, MBs{}, Rtrt{}, band);
      }
    }
    bulk(std::integral_constant<int, 2>{}, MBs{}, Rtrt{}, 128);
  }
  // Rows in a pipeline (pipelined_kernel), against the bare kernel's bits; `rows` a thread.
  {
    a.dst = ref;
    a.params.walls = false;
    shape_kernel<Real, kRtrt, true><<<grid, 128>>>(a);
    const auto pipe = [&](auto mb, auto st, auto mode, int rows) {
      constexpr int MB = decltype(mb)::value, S = decltype(st)::value, Mode = decltype(mode)::value;
      const std::size_t shared = Mode == kStages ? std::size_t(S) * Q * 128 * sizeof(Real) : 0;
      const auto k = pipelined_kernel<Real, MB, S, Mode>;
      int blocks = 0;
      cudaFuncAttributes fa{};
      if (!prepare(k, shared, blocks, fa)) {
        std::printf("pipelined mode %d: not launched\n", Mode);
        return;
      }
      a.dst = out;
      PLUME_CUDA_CHECK(cudaMemset(base[1], 0, Q * l.stride * sizeof(Real)));
      const dim3 gp(unsigned(n / 128), unsigned((n + rows - 1) / rows));
      const std::string how = Mode == kStages ? std::to_string(S) + " stages in shared memory, rows gridDim.y apart"
                              : Mode == kAhead ? std::string("one row ahead in registers")
                                               : std::string("two rows' loads first");
      const std::string name = "pipelined, " + how + ", " + std::to_string(rows) + " rows, " + std::to_string(blocks) +
                               " blocks (" + std::to_string(fa.numRegs) + " regs, " + std::to_string(fa.localSizeBytes) +
                               " B local)";
      report(name, best_ms(nullptr, 5, [&] { k<<<gp, 128, shared>>>(a, rows); }));
      compare("against pull, RTRT, store", out, ref);
    };
    a.dst = ref;
    report("pull, RTRT, store (one row a thread), again", best_ms(nullptr, 5, [&] { shape_kernel<Real, kRtrt, true><<<grid, 128>>>(a); }));
    using Stages = std::integral_constant<int, kStages>;
    using Ahead = std::integral_constant<int, kAhead>;
    using Pairs = std::integral_constant<int, kPairs>;
    using One = std::integral_constant<int, 1>;
    // cp.async into stages of shared memory, rows gridDim.y apart (2 and 3 stages in FP32; FP64
    // keeps 2: 76 KB a block).
    for (int rows : {4, 16, 64}) {
      pipe(std::integral_constant<int, kMinBlocks<Real>>{}, std::integral_constant<int, 2>{}, Stages{}, rows);
      if constexpr (sizeof(Real) == 4)
        pipe(std::integral_constant<int, kMinBlocks<Real>>{}, std::integral_constant<int, 3>{}, Stages{}, rows);
    }
    // Neighbouring rows a thread.
    for (int rows : {2, 4, 8}) {
      pipe(std::integral_constant<int, 4>{}, One{}, Ahead{}, rows);
      pipe(std::integral_constant<int, 3>{}, One{}, Ahead{}, rows);
      pipe(std::integral_constant<int, 3>{}, One{}, Pairs{}, rows);
      pipe(std::integral_constant<int, 2>{}, One{}, Pairs{}, rows);
    }
  }
  // The marching block, against the bare kernel.
  if (pipe_only) wide = true;  // not marched
  a.dst = ref;
  shape_kernel<Real, kRtrt, true><<<grid, 128>>>(a);
  const auto march = [&](auto bx, auto r, auto ahead, int band) {
    constexpr int BX = decltype(bx)::value, R = decltype(r)::value, P = decltype(ahead)::value;
    constexpr std::size_t shared = ring_bytes<Real, BX, R, P>();
    const auto k = march_kernel<Real, BX, R, P, kRtrt>;
    const std::string name = "march RTRT " + std::to_string(BX) + "x" + std::to_string(R) + ", " +
                             std::to_string(P) + " ahead, bands " + std::to_string(band);
    int blocks = 0;
    if (n % BX != 0 || band % R != 0 ||
        cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, BX * R, shared) != cudaSuccess || blocks == 0) {
      cudaGetLastError();
      std::printf("%s: %zu bytes of shared memory, not launched\n", name.c_str(), shared);
      return;
    }
    a.dst = out;
    PLUME_CUDA_CHECK(cudaMemset(base[1], 0, Q * l.stride * sizeof(Real)));
    const dim3 gm(unsigned(n / BX), unsigned((n + band - 1) / band));
    report(name + " (" + std::to_string(shared / 1024) + " KB, " + std::to_string(blocks) + " blocks)",
           best_ms(nullptr, 5, [&] { k<<<gm, dim3(BX, R), shared>>>(a, band); }));
    compare("against pull, RTRT, store", out, ref);
  };
  if (!wide) {
    march(std::integral_constant<int, 64>{}, std::integral_constant<int, 2>{}, std::integral_constant<int, 0>{}, 512);
    march(std::integral_constant<int, 64>{}, std::integral_constant<int, 4>{}, std::integral_constant<int, 0>{}, 512);
  }
  cudaFree(count);
  cudaFree(worst);
  for (Real* b : base) cudaFree(b);
}

// The production step kernel (walls, RTRT) in plume's layout with its rows `extra` 128-byte lines
// longer and its planes `gap` 128-byte lines apart beyond their rows: which row and plane strides
// the step's shifted reads prefer. Two buffers of the largest layout, reused.
template <class Real>
void sweep(int n, double copy, const std::vector<int>& extras, const std::vector<int>& gaps) {
  const char* prec = sizeof(Real) == 8 ? "fp64" : "fp32";
  const plume::Layout l0 = plume::make_layout(n, n, 1, L::reach, 0, Q, sizeof(Real));
  const int align = int(128 / sizeof(Real));
  const int max_extra = *std::max_element(extras.begin(), extras.end());
  const int max_gap = *std::max_element(gaps.begin(), gaps.end());
  const long long most = ((long long)(l0.pitch + max_extra * align) * l0.rows + (long long)max_gap * align) * Q;
  Real *src = nullptr, *dst = nullptr;
  PLUME_CUDA_CHECK(cudaMalloc(&src, most * sizeof(Real)));
  PLUME_CUDA_CHECK(cudaMalloc(&dst, most * sizeof(Real)));
  const double bytes = 2.0 * Q * double(n) * n * sizeof(Real);
  for (int gap : gaps)
    for (int extra : extras) {
      plume::Layout l = l0;
      l.pitch = l0.pitch + extra * align;
      l.stride = (long long)l.pitch * l.rows + (long long)gap * align;
      Args<Real> a;
      const plume::Planes<Real> s = plume::plain_planes(src, l);
      a.src = as_const(s);
      a.dst = plume::plain_planes(dst, l);
      a.layout = l;
      a.domain = plume::Domain::whole(n, n);
      a.params.gy = -1e-4;
      fill_kernel<<<132 * 8, 256>>>(s, l.stride);
      const plume::Box box{0, n, 0, n, 0, 1};
      const double ms = best_ms(nullptr, 5, [&] { cu::launch_box<T, 0, Real>(a, box, 0); });
      std::printf("PITCH %s %d row %+5d B (%6lld B) plane %+6d B  ms=%.4f ratio=%.4f\n", prec, n, extra * 128,
                  (long long)l.pitch * (long long)sizeof(Real), gap * 128, ms, bytes / (ms * 1e-3) / copy);
      std::fflush(stdout);
    }
  cudaFree(src);
  cudaFree(dst);
}

// The production step kernel (walls, RTRT) with its two buffers in one allocation, the second
// `apart` 128-byte lines after the first's end, rows `extra` lines longer than plume's and interior
// x = 0 `shift` lines further in: where the buffers lie against each other. Each timing is a
// step from the first buffer into the second and one back, as a run alternates them; the first
// configuration again after every eight, to see the device drift.
template <class Real>
void placement(int n, double copy) {
  const char* prec = sizeof(Real) == 8 ? "fp64" : "fp32";
  const plume::Layout l0 = plume::make_layout(n, n, 1, L::reach, 0, Q, sizeof(Real));
  const int align = int(128 / sizeof(Real));
  const std::vector<int> aparts = {0, 1, 2, 4, 8, 16, 32, 512, 16384};
  const long long most = 2LL * (l0.pitch + 3 * align) * l0.rows * Q + (long long)aparts.back() * align;
  Real* buf = nullptr;
  PLUME_CUDA_CHECK(cudaMalloc(&buf, most * sizeof(Real)));
  const double bytes = 4.0 * Q * double(n) * n * sizeof(Real);
  struct Config {
    int extra, shift, apart;
  };
  std::vector<Config> configs;
  for (int extra : {0, 2})
    for (int shift : {0, 1})
      for (int apart : aparts) {
        if (configs.size() % 8 == 0 && !configs.empty()) configs.push_back({0, 0, 0});
        configs.push_back({extra, shift, apart});
      }
  for (const Config& c : configs) {
    plume::Layout l = l0;
    l.xoff = l0.xoff + c.shift * align;
    l.pitch = l0.pitch + (c.extra + c.shift) * align;
    l.stride = (long long)l.pitch * l.rows;
    Real* second = buf + Q * l.stride + (long long)c.apart * align;
    const plume::Planes<Real> one = plume::plain_planes(buf, l), two = plume::plain_planes(second, l);
    fill_kernel<<<132 * 8, 256>>>(one, l.stride);
    fill_kernel<<<132 * 8, 256>>>(two, l.stride);
    Args<Real> there, back;
    there.src = as_const(one);
    there.dst = two;
    back.src = as_const(two);
    back.dst = one;
    for (Args<Real>* a : {&there, &back}) {
      a->layout = l;
      a->domain = plume::Domain::whole(n, n);
      a->params.gy = -1e-4;
    }
    const plume::Box box{0, n, 0, n, 0, 1};
    const double ms = best_ms(nullptr, 5, [&] {
      cu::launch_box<T, 0, Real>(there, box, 0);
      cu::launch_box<T, 0, Real>(back, box, 0);
    });
    std::printf("PLACE %s %d row %+5d B, x0 %+4d B, apart %8d B  ms=%.4f ratio=%.4f\n", prec, n,
                (c.extra + c.shift) * 128, c.shift * 128, c.apart * 128, ms, bytes / (ms * 1e-3) / copy);
    std::fflush(stdout);
  }
  cudaFree(buf);
}

}  // namespace

int main(int argc, char** argv) {
  // `d2q37_step pitch N ...`: the sweep of row and plane strides instead of the variants.
  const bool pitch = argc > 1 && (std::string(argv[1]) == "pitch" || std::string(argv[1]) == "place" ||
                                  std::string(argv[1]) == "pipe");
  std::vector<int> sizes;
  for (int k = pitch ? 2 : 1; k < argc; ++k) sizes.push_back(std::atoi(argv[k]));
  if (sizes.empty()) sizes = {8192, 4096};
  for (int n : sizes)
    if (n <= 0 || (!pitch && n % 128 != 0)) {
      std::fprintf(stderr, "usage: d2q37_step [pitch] [N ...]: each N positive (a multiple of 128 but for pitch)\n");
      return 2;
    }
  cudaDeviceProp prop{};
  PLUME_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const double copy = copy_bandwidth();
  std::printf("device %s, copy %.1f GB/s\n", prop.name, copy * 1e-9);
  if (argc > 1 && std::string(argv[1]) == "place") {
    for (int k = 2; k < argc; ++k) {
      placement<double>(std::atoi(argv[k]), copy);
      placement<float>(std::atoi(argv[k]), copy);
    }
    std::printf("copy again %.1f GB/s\n", copy_bandwidth() * 1e-9);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "pipe") {
    for (int k = 2; k < argc; ++k) {
      run<float>(std::atoi(argv[k]), false, copy, true);
      run<double>(std::atoi(argv[k]), false, copy, true);
    }
    std::printf("copy again %.1f GB/s\n", copy_bandwidth() * 1e-9);
    return 0;
  }
  if (pitch) {
    for (int n : sizes) {
      sweep<double>(n, copy, {0, 1, 2, 3, 4, 5, 6, 8}, {0});
      sweep<double>(n, copy, {0, 2}, {1, 2, 4, 8, 33});
      sweep<float>(n, copy, {0, 1, 2, 3, 4, 5, 6, 8}, {0});
      sweep<float>(n, copy, {0, 2}, {1, 2, 4, 8, 33});
    }
    std::printf("copy again %.1f GB/s\n", copy_bandwidth() * 1e-9);
    return 0;
  }
  for (int n : sizes)
    for (bool wide : {false, true}) {
      run<double>(n, wide, copy);
      run<float>(n, wide, copy);
    }
  std::printf("copy again %.1f GB/s\n", copy_bandwidth() * 1e-9);
  return 0;
}

// The diagnostics' row sums and the fault check over a CUDA backend's device fields (the fields
// kernel's output: kFields arrays of n values, x fastest), running the per-row and per-site code of
// plume/reductions.hpp that the host runs over host fields. Only O(rows) sums and one fault record
// leave the device.
#pragma once
#include <cuda_runtime.h>
#include "plume/reductions.hpp"

namespace plume::cuda {

// Row r of the block (r = z ny + y) by thread r: the sums of its fields in x order (the host's
// order, so the host's bits), their extremes over finite values (+inf / -inf where there is none)
// and the model's own row quantities (Traits::add_row_site, after the field sums for a model of
// two passes). out holds kFields sums, the own quantities, kFields minima and kFields maxima, one
// array of `rows` values each. Rows are not split across threads: a 2-D lattice of 8192 rows
// still gives 8192 threads, and a split would change the host's bits.
template <class M>
__global__ void __launch_bounds__(128) row_sums_kernel(const double* fields, long long n, int nx, int rows, int x0,
                                                       int NX, double* out) {
  constexpr int K = M::kFields, Q = own_row_sums_of<M>::value;
  const int r = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (r >= rows) return;
  const double* row = fields + (long long)r * nx;
  double s[K], lo[K], hi[K];
  for (int k = 0; k < K; ++k) s[k] = 0.0, lo[k] = INFINITY, hi[k] = -INFINITY;
  for (int x = 0; x < nx; ++x)
    for (int k = 0; k < K; ++k) {
      const double v = row[k * n + x];
      s[k] += v;
      if (is_finite(v)) {
        lo[k] = v < lo[k] ? v : lo[k];
        hi[k] = v > hi[k] ? v : hi[k];
      }
    }
  for (int k = 0; k < K; ++k) {
    out[(long long)k * rows + r] = s[k];
    out[(long long)(K + Q + k) * rows + r] = lo[k];
    out[(long long)(2 * K + Q + k) * rows + r] = hi[k];
  }
  if constexpr (Q > 0) {
    double q[Q];
    row_quantities<M>([&](int k, int x) { return row[k * n + x]; }, nx, x0, NX, s, q);
    for (int j = 0; j < Q; ++j) out[(long long)(K + j) * rows + r] = q[j];
  }
}

// The fault check's result on the device: the first bad site (its index in the fields, x fastest;
// ~0 when there is none), the number of bad sites, and what is wrong at the first. The kernels of
// the check are not templates: static, since every model's backend includes them.
struct FaultRecord {
  unsigned long long first;
  unsigned long long count;
  double value;
  int field;
};

static __global__ void fault_reset_kernel(FaultRecord* rec) {
  rec->first = ~0ull;
  rec->count = 0;
  rec->value = 0;
  rec->field = -1;
}

// Every site of the n, in a grid-stride loop; each warp adds its count and lowers the first index
// with atomics (a minimum and an integer sum: the same result in any order).
static __global__ void __launch_bounds__(256) fault_kernel(const double* fields, long long n, FaultRule rule,
                                                     FaultRecord* rec) {
  unsigned long long first = ~0ull, count = 0;
  for (long long i = (long long)blockIdx.x * 256 + threadIdx.x; i < n; i += 256LL * gridDim.x) {
    double v;
    if (bad_field(rule, [&](int k) { return fields[k * n + i]; }, v) >= 0) {
      ++count;
      if ((unsigned long long)i < first) first = (unsigned long long)i;
    }
  }
  for (int o = 16; o > 0; o /= 2) {
    count += __shfl_down_sync(0xffffffffu, count, o);
    const unsigned long long f = __shfl_down_sync(0xffffffffu, first, o);
    first = f < first ? f : first;
  }
  if ((threadIdx.x & 31) == 0 && count > 0) {
    atomicAdd(&rec->count, count);
    atomicMin(&rec->first, first);
  }
}

// What is wrong at the first bad site, the host's way (bad_field).
static __global__ void fault_site_kernel(const double* fields, long long n, FaultRule rule, FaultRecord* rec) {
  if (rec->count == 0) return;
  const long long i = (long long)rec->first;
  double v = 0;
  rec->field = bad_field(rule, [&](int k) { return fields[k * n + i]; }, v);
  rec->value = v;
}

// The colour range of one field over a box (reductions.hpp, add_box_site): every block's threads
// in a grid-stride loop, a tree in shared memory, each block's result into partial[block]; then one
// thread merges the blocks. Extremes with ordered signed zeros and an integer count: the host's
// bits in any order.
constexpr int kRangeThreads = 256;
static_assert(sizeof(FieldRange) == 5 * sizeof(double), "FieldRange: four extremes and a count");

static __global__ void __launch_bounds__(kRangeThreads) range_kernel(FieldSource src, const double* mask, Box b,
                                                                     long long n, FieldRange* partial) {
  __shared__ double raw[kRangeThreads * 5];  // no constructors in shared memory: raw storage
  FieldRange* part = reinterpret_cast<FieldRange*>(raw);
  FieldRange r;
  for (long long i = (long long)blockIdx.x * kRangeThreads + threadIdx.x; i < n; i += (long long)kRangeThreads * gridDim.x)
    add_box_site(r, src, mask, b, i);
  part[threadIdx.x] = r;
  __syncthreads();
  for (int o = kRangeThreads / 2; o > 0; o /= 2) {
    if (int(threadIdx.x) < o) merge_range(part[threadIdx.x], part[threadIdx.x + o]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = part[0];
}

static __global__ void range_merge_kernel(const FieldRange* partial, int blocks, FieldRange* out) {
  FieldRange r;
  for (int i = 0; i < blocks; ++i) merge_range(r, partial[i]);
  *out = r;
}

// The values of up to kMaxValues fields at one site (reductions.hpp, field_values), a thread each.
constexpr int kMaxValues = 24;
struct ValueSources {
  FieldSource v[kMaxValues];
  int n = 0;
};

static __global__ void values_kernel(ValueSources s, int x, int y, int z, double* out) {
  const int i = int(threadIdx.x);
  if (i < s.n) out[i] = s.v[i].at(x, y, z);
}

}  // namespace plume::cuda

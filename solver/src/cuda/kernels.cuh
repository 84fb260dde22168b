// The CUDA kernels of one block of any model (traits M, plume/model_contract.hpp states them):
// a fused pull-stream + collide step, the periodic halos, the initial state of the model's case
// and the fields. The physics is the model's per-site code, the same source the CPU backend
// runs; this file only maps sites to threads. Included by the backend and by the GPU benchmark,
// which times other block shapes of the same kernels.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <type_traits>
#include "cuda_check.hpp"
#include "plume/grid/layout.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "plume/grid/step_args.hpp"
#include "plume/grid/stencil_kernel.hpp"
#include "plume/model_contract.hpp"
#include "reduction_kernels.cuh"
#include "stencil_kernels.cuh"

namespace plume::cuda {

// How a step kernel maps sites to threads (launch_box): rows of sites (step_kernel), columns
// (column_kernel), and for an axis stencil of one plane tiles and vectors (stencil_kernels.cuh).
enum class Mapping { Rows, Column, Tile, Vector };

// Threads of a step block along x (one site each), the blocks per multiprocessor that
// __launch_bounds__ asks the register allocator to fit, and how many rows each thread updates
// (rows y, y + gridDim.y, ...).
// Rows = 2: a thread updates two neighbouring rows at once (Traits::update_rows, which loads both
// sites before computing either: twice the bytes in flight per thread).
template <int BX, int MinBlocks, int RowsPerThread = 1, int Rows = 1>
struct StepShape {
  static constexpr Mapping mapping = Mapping::Rows;
  static constexpr int block_x = BX;
  static constexpr int min_blocks = MinBlocks;
  static constexpr int rows_per_thread = RowsPerThread;
  static constexpr int rows_at_once = Rows;
  static constexpr int layers = 0;
};
// A 3-D model whose traits update a column of sites (update_column): threads of BX sites along x,
// each marching up `Layers` z layers of one row (column_kernel).
template <int BX, int MinBlocks, int Layers>
struct ColumnShape : StepShape<BX, MinBlocks> {
  static constexpr Mapping mapping = Mapping::Column;
  static constexpr int layers = Layers;
};
// An axis stencil of one plane (stencil_kernels.cuh): blocks of BX x BY threads, R sites per
// thread along y, marching Layers layers with a shared-memory tile per layer, loads Ahead layers
// ahead (tile_kernel); threads of W sites along x marching Layers layers, loads Ahead layers
// ahead (vector_kernel).
template <int BX, int BY, int R, int Layers, int Ahead, int MinBlocks>
struct TileShape : StepShape<BX, MinBlocks> {
  static constexpr Mapping mapping = Mapping::Tile;
  static constexpr int block_y = BY, rows = R, layers = Layers, ahead = Ahead;
};
template <int BX, int W, int Layers, int Ahead, int MinBlocks>
struct VectorShape : StepShape<BX, MinBlocks> {
  static constexpr Mapping mapping = Mapping::Vector;
  static constexpr int width = W, layers = Layers, ahead = Ahead;
};
// The shape of a StencilKernel (the numbers a model's traits give), in blocks of `threads` that
// use its registers: as many as a multiprocessor's 64 K registers hold, at most 2048 threads.
constexpr int blocks_for(int threads, int registers) {
  return std::max(1, std::min(2048 / threads, 65536 / (threads * registers)));
}
template <class K>  // K::value: a StencilKernel
using StencilShape = std::conditional_t<
    K::value.kind == StencilKernel::Tile,
    TileShape<K::value.block_x, K::value.block_y, K::value.rows, K::value.layers, K::value.depth,
              blocks_for(K::value.block_x * K::value.block_y, K::value.registers)>,
    std::conditional_t<K::value.kind == StencilKernel::Vector,
                       VectorShape<K::value.block_x, K::value.depth, K::value.layers, K::value.ahead,
                                   blocks_for(K::value.block_x, K::value.registers)>,
                       ColumnShape<K::value.block_x, blocks_for(K::value.block_x, K::value.registers),
                                   K::value.layers>>>;
// The threads of a step block: 128 along x, or what a model's tuning asks for a variant and its
// storage (Tuning::step_threads(variant, bytes per value)). The blocks per multiprocessor that
// __launch_bounds__ asks for follow from the registers a model's variant needs
// (Tuning::registers, or registers(variant, bytes per value) where the best budget differs with
// the storage): as many blocks as the 64 K registers of a multiprocessor hold, at most 2048
// threads (blocks_for). Each model's choices: solver/models/<name>/tuning.hpp.
template <class M>
constexpr int step_registers(int variant, int bytes_per_value) {
  if constexpr (has_storage_registers<M>::value)
    return M::Tuning::registers(variant, bytes_per_value);
  else
    return M::Tuning::registers(variant);
}
template <class M>
constexpr int step_threads(int variant, int bytes_per_value) {
  if constexpr (has_step_threads<M>::value)
    return M::Tuning::step_threads(variant, bytes_per_value);
  else
    return 128;
}
template <class M, int V, class Real = double, int BX = step_threads<M>(V, int(sizeof(Real)))>
using DefaultStepShape =
    StepShape<BX, blocks_for(BX, step_registers<M>(V, int(sizeof(Real))))>;

// The shape the backend launches: the default, except
// - for FP32 storage of a model whose traits update two rows at once (update_rows): two rows per
//   thread, in as many blocks of 128 as the registers of the pair (Tuning::pair_registers) leave room
//   for. With one site per thread, FP32 storage has too few bytes in flight: D2Q9 BGK at 8192^2 on
//   an H200 ran at 0.84 of the copy bandwidth so, 0.87 with two rows (docs/benchmarks.md). A run
//   with solid sites gets the default shape all the same (launch_box);
// - for a 3-D model with update_column (the diffusion stencil): the kernel its traits choose
//   (Tuning::stencil_kernel(bytes per value), plume/grid/stencil_kernel.hpp; measured with
//   bench/shapes_3d.cu, docs/benchmarks.md).
template <class M, int V, class Real>
struct ProductionShape {
  static constexpr int blocks(int registers) { return blocks_for(128, registers); }
  struct Chosen {
    static constexpr StencilKernel value = M::Tuning::stencil_kernel(int(sizeof(Real)));
  };
  template <bool Rows, bool Column, class = void>
  struct pick {
    using type = DefaultStepShape<M, V, Real>;
  };
  template <class U>
  struct pick<true, false, U> {
    using type = StepShape<128, blocks(M::Tuning::pair_registers(V)), 1, 2>;
  };
  template <class U>
  struct pick<false, true, U> {
    using type = StencilShape<Chosen>;
  };
  using type = typename pick<std::is_same_v<Real, float> && has_update_rows<M, V, Real>::value,
                             has_update_column<M, V, Real>::value>::type;
};

// The rows (y, z) of a box that one block of the step kernel takes, walked without a division
// per row: row r = (z - z0) n + (y - y0) / Rows for r = first, first + stride, ..., where n is the
// number of row groups (single rows, or pairs with Rows = 2) of one z layer.
template <int Rows>
struct RowWalk {
  int y, z;    // the current group's first row and its layer
  int dy, dz;  // one stride in groups of a layer and in layers
  int y0, n, z_end;
  PLUME_HD RowWalk(int first, int stride, int y_begin, int y_end, int z_begin, int z_end_)
      : y0(y_begin), n((y_end - y_begin + Rows - 1) / Rows), z_end(z_end_) {
    const int q = first / n;
    y = first - q * n;
    z = z_begin + q;
    dz = stride / n;
    dy = stride - dz * n;
  }
  PLUME_HD bool more() const { return z < z_end; }
  PLUME_HD int row() const { return y0 + Rows * y; }
  PLUME_HD void next() {
    y += dy;
    z += dz;
    if (y >= n) {
      y -= n;
      ++z;
    }
  }
};

// Whether the step kernels of a model write the snapshot of the state they read (update_site):
// every variant's kernel must be a Rows kernel (the columns, tiles and vectors of a stencil
// cannot), and the model may keep its steps free of the snapshot's code for a precision
// (Tuning::step_snapshots(bytes per value), where that code cost its ordinary steps: thermal3d
// FP64); such models' snapshots come from the fields kernel.
template <class M, class Real, int... Vs>
constexpr bool all_rows(std::integer_sequence<int, Vs...>) {
  return ((ProductionShape<M, Vs, Real>::type::mapping == Mapping::Rows) && ...);
}
template <class M, class Real>
inline constexpr bool steps_write_fields =
    all_rows<M, Real>(std::make_integer_sequence<int, M::kVariants>{}) && model_step_snapshots<M, Real>::value;

// What a step that also snapshots the state it reads makes (SnapshotHook): the fields, as
// fields_kernel writes them (field c of site k at fields[c n + k], n the block's sites), and on them
// the fault check of fault_kernel (the number of bad sites and the first; fault_site_kernel then
// says what is wrong there). A step without a snapshot gets fields == nullptr.
struct SnapshotOut {
  double* fields = nullptr;
  FaultRule rule;
  FaultRecord* fault = nullptr;
};

// The snapshot hook of site (x, y, z) in a step (plume/hd.hpp): hook(fill) has fill(v) write the
// site's fields of the state the step reads into v, then stores them and counts the site if it is
// bad, when the step takes a snapshot. The pointer is made anew at every site (opaque to the
// compiler), so the branch cannot be hoisted out of the row loop into two versions of the loop:
// every step, with or without a snapshot, runs one machine code, and the update's bits do not
// depend on it.
template <class M, class Real>
struct SnapshotHook {
  const StepArgs<Real, typename M::Params>& a;
  const SnapshotOut& out;
  int x, y, z;
  template <class Fill>
  __device__ PLUME_FORCEINLINE void operator()(Fill&& fill) const {
    double* fields = out.fields;
    asm volatile("" : "+l"(fields));
    if (!fields) return;
    double v[M::kFields];
    fill(v);
    put(fields, v);
  }
  __device__ PLUME_FORCEINLINE void put(double* fields, const double* v) const {
    const Layout& l = a.layout;
    const long long n = (long long)l.nx * l.ny * l.nz, k = ((long long)z * l.ny + y) * l.nx + x;
    for (int c = 0; c < M::kFields; ++c) fields[c * n + k] = v[c];
    double bad;
    if (bad_field(out.rule, [&](int c) { return v[c]; }, bad) >= 0) {
      atomicAdd(&out.fault->count, 1ull);
      atomicMin(&out.fault->first, (unsigned long long)k);
    }
  }
};

// A model whose update takes the snapshot hook (update_snapshots, Traits::kUpdateSnapshots) gives the
// fields from the populations it has read. Else the step calls M::fields before the update, with
// its own copy of x (opaque), so that the fields' loads and arithmetic are never merged with the
// update's: the populations are read twice (from the cache the second time).

// The snapshot of site (x, y, z) by M::fields, apart from its update (with its own copy of x):
// before an update that does not take the hook, or of two rows at once.
template <class M, class Real>
__device__ PLUME_FORCEINLINE void snapshot_site(const StepArgs<Real, typename M::Params>& a, const SnapshotOut& out,
                                                int x, int y, int z) {
  if constexpr (steps_write_fields<M, Real>)
    SnapshotHook<M, Real>{a, out, x, y, z}([&](double* v) { M::fields(a, opaque(x), y, z, v); });
}

// Site (x, y, z)'s update by variant V, taking the step's snapshot if there is one; R >= 0: the
// update of reach Reach(R) (update_reach), else the one that reads the reach from `a`.
template <class M, int V, int R = -1, class Real>
__device__ PLUME_FORCEINLINE void update_site(const StepArgs<Real, typename M::Params>& a, const SnapshotOut& out,
                                              int x, int y, int z) {
  if constexpr (steps_write_fields<M, Real> && update_snapshots<M>::value) {
    static_assert(R < 0, "an update that takes the snapshot hook has one reach");
    M::template update<V>(a, x, y, z, SnapshotHook<M, Real>{a, out, x, y, z});
  } else {
    snapshot_site<M>(a, out, x, y, z);  // nothing where the steps take no snapshots
    if constexpr (R < 0)
      M::template update<V>(a, x, y, z);
    else
      M::template update_reach<V, Reach(R)>(a, x, y, z);
  }
}
template <class M, int V, int R, class Real>
__device__ PLUME_FORCEINLINE void update_rows(const StepArgs<Real, typename M::Params>& a, int x, int y, int z) {
  if constexpr (R < 0)
    M::template update_rows<V>(a, x, y, z);
  else
    M::template update_rows_reach<V, Reach(R)>(a, x, y, z);
}

// One fused pull-stream + collide update (variant V of model M) of the sites of the box
// [x_begin, x_end) x [y_begin, y_end) x [z_begin, z_end), thread x of block (bx, by) updating
// x = x_begin + bx * BX + x and the rows (of every z layer in 3-D) by, by + gridDim.y, ...
// The threads of a block share a row, so a row-wise branch of the model (D2Q37's wall rows) is
// taken by a whole block: walls and bulk are one launch. A whole block and the boxes of a
// decomposed tile run this same kernel, so every site gets the same machine code (the same FMA
// contractions) whatever the tiling: bit for bit. (In place, a single block's steps into the
// shifted way run the pushing kernel of reach R or staged_push_kernel, a tile's the reading one:
// the same update code but for the store, whose bits the decomposed GPU tests compare.)
// With Rows = 2, a thread takes row pairs (y, y + 1) of a layer, y = y_begin, y_begin + 2, ...,
// and a last single row alone.
// `snap`: the snapshot of the state the step reads, if any (update_site).
template <class M, int V, class Real, int BX, int MinBlocks, int Rows = 1, int R = -1>
__global__ void __launch_bounds__(BX, MinBlocks)
    step_kernel(const StepArgs<Real, typename M::Params> a, int x_begin, int x_end, int y_begin, int y_end,
                int z_begin, int z_end, const SnapshotOut snap) {
  const int x = x_begin + int(blockIdx.x) * BX + int(threadIdx.x);
  if (x >= x_end) return;
  if constexpr (M::Lattice::D == 2) {  // rows y only: no layers to walk
    if constexpr (Rows == 2) {
      for (int y = y_begin + 2 * int(blockIdx.y); y < y_end; y += 2 * int(gridDim.y)) {
        if (y + 1 < y_end) {
          snapshot_site<M>(a, snap, x, y, 0);
          snapshot_site<M>(a, snap, x, y + 1, 0);
          update_rows<M, V, R>(a, x, y, 0);
        } else {
          update_site<M, V, R>(a, snap, x, y, 0);
        }
      }
    } else {
      for (int y = y_begin + int(blockIdx.y); y < y_end; y += gridDim.y) update_site<M, V, R>(a, snap, x, y, 0);
    }
  } else {
    for (RowWalk<Rows> w(int(blockIdx.y), int(gridDim.y), y_begin, y_end, z_begin, z_end); w.more(); w.next()) {
      const int y = w.row();
      if constexpr (Rows == 2) {
        if (y + 1 < y_end) {
          snapshot_site<M>(a, snap, x, y, w.z);
          snapshot_site<M>(a, snap, x, y + 1, w.z);
          update_rows<M, V, R>(a, x, y, w.z);
        } else {
          update_site<M, V, R>(a, snap, x, y, w.z);
        }
      } else {
        update_site<M, V, R>(a, snap, x, y, w.z);
      }
    }
  }
}

// The sites of the box as columns: thread x of block (bx, by, bz) updates the sites
// x = x_begin + bx * BX + x of rows y = y_begin + by, y_begin + by + gridDim.y, ..., each from
// layer z_begin + bz * Layers up through Layers layers (M::update_column). Every box of a tile runs
// this same kernel: the same machine code for every site whatever the tiling.
template <class M, int V, class Real, int BX, int MinBlocks, int Layers>
__global__ void __launch_bounds__(BX, MinBlocks)
    column_kernel(const StepArgs<Real, typename M::Params> a, int x_begin, int x_end, int y_begin, int y_end,
                  int z_begin, int z_end) {
  const int x = x_begin + int(blockIdx.x) * BX + int(threadIdx.x);
  if (x >= x_end) return;
  const int z0 = z_begin + int(blockIdx.z) * Layers, z1 = min(z_end, z0 + Layers);
  for (int y = y_begin + int(blockIdx.y); y < y_end; y += int(gridDim.y)) M::template update_column<V>(a, x, y, z0, z1);
}

// The populations of lattice L that move along x (e_x != 0), and the place of population i among
// them.
template <class L>
constexpr int x_movers() {
  int n = 0;
  for (int i = 0; i < L::Q; ++i) n += L::e(i, 0) != 0;
  return n;
}
template <class L>
constexpr int x_mover_slot(int i) {
  int n = 0;
  for (int j = 0; j < i; ++j) n += L::e(j, 0) != 0;
  return n;
}

// In place, the step into the shifted way (planes.hpp) of a block whose rows span a lattice
// periodic in x, pushing across it (StepArgs::push names x): a block takes whole rows (y, z), its
// threads the sites x = t, t + BX, ... of each. A population that does not move along x is
// stored as store_pushed stores it; one that does goes to shared memory first, and once the
// row's sites are done each thread stores the values that arrive at sites t, t + BX, ... of
// the row they move to (across x at its ends). A warp's store then covers whole aligned sectors,
// where a site's own push lands one site off: a warp of FP64 values crosses three 128-byte lines
// instead of two and shares its first and last sectors with the neighbouring warps. D3Q19 FP64 in
// place on an H200 ran at 0.91 of two buffers at 480^3 and 512^3 with those stores, at 0.99 staged
// (with the L1 cache left room: kStagedPushCarveout; docs/benchmarks.md). Each value is stored
// with the same bits as the update stores it; a row's two passes are kept apart by __syncthreads.
template <class M, int V, class Real, int BX, int MinBlocks>
__global__ void __launch_bounds__(BX, MinBlocks)
    staged_push_kernel(const StepArgs<Real, typename M::Params> a, int y_begin, int y_end, int z_begin, int z_end,
                       const SnapshotOut snap) {
  using L = typename M::Lattice;
  extern __shared__ __align__(16) unsigned char staged_bytes[];
  Real* const staged = reinterpret_cast<Real*>(staged_bytes);
  const int nx = a.layout.nx;
  for (RowWalk<1> w(int(blockIdx.y), int(gridDim.y), y_begin, y_end, z_begin, z_end); w.more(); w.next()) {
    const int y = w.row(), z = w.z;
    for (int x = int(threadIdx.x); x < nx; x += BX) {
      snapshot_site<M>(a, snap, x, y, z);  // nothing where the steps take no snapshots
      M::template update_to<V>(a, x, y, z, [&](int s, const double* f) {
        const Across across(a.push, a.layout, x, y, z);
        static_for<L::Q>([&](auto ic) {
          constexpr int i = decltype(ic)::value;
          if constexpr (L::e(i, 0) == 0)
            a.dst[i][s + across.of<0, -L::e(i, 1), -L::e(i, 2)>()] = Real(f[i]);
          else
            staged[x_mover_slot<L>(i) * nx + x] = Real(f[i]);
        });
      });
    }
    __syncthreads();
    const Across across(a.push, a.layout, 0, y, z);  // y and z only: of<0, ...>
    const int row = a.layout.site(0, y, z);
    static_for<L::Q>([&](auto ic) {
      constexpr int i = decltype(ic)::value, ex = L::e(i, 0);
      if constexpr (ex != 0) {
        // Slot i of site x of the row it moves to is dst[i] at the index of site x - e_x (the
        // shifted way's base holds e_i), the value of site x - e_x, across x at the row's ends.
        Real* const to = a.dst[i] + (row - ex + across.of<0, -L::e(i, 1), -L::e(i, 2)>());
        const Real* const from = staged + x_mover_slot<L>(i) * nx;
        for (int x = int(threadIdx.x); x < nx; x += BX) {
          const int source = x - ex;
          to[x] = from[source < 0 ? source + nx : source >= nx ? source - nx : source];
        }
      }
    });
    __syncthreads();  // the row's values are stored before the next row's are staged
  }
}

PLUME_HD inline int wrap(int v, int n) { return ((v % n) + n) % n; }

// Periodic images of the interior into the ghost ring: the x halos of the interior rows (of all
// rows when y is periodic too) and, when y is periodic, the y halos of the interior columns; one
// thread per ghost site, each ghost copied from its interior image (so corners need no second
// pass). Only what the update reads is copied: plane i is read at ghost (gx, gy) only if a site
// (gx, gy) - o is interior for one of its read offsets o (PlaneReads): for a pull, o = -e_i, i.e.
// 26 of the 111 values of a D2Q37 row's three ghost columns.
// (2-D lattices periodic in x: the fast path of a single block's step.)
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
    using R = PlaneReads<L>;
    constexpr int q = decltype(i)::value;
    bool read = false;
    static_for<R::count(q)>([&](auto k) {
      constexpr int ox = R::offset(q, decltype(k)::value, 0), oy = R::offset(q, decltype(k)::value, 1);
      const int tx = x - ox, ty = y - oy;
      read |= tx >= 0 && tx < nx && ty >= 0 && ty < ny;
    });
    if (read) {
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

// The box b with variant V of model M.
// `snap` (Rows kernels only, steps_write_fields): the snapshot of the state it reads, if any.
// a.wrap (only where wrap_for says so): the kernel reads the neighbours across those periodic
// boundaries itself, and their ghost sites are not filled.
// R >= 0 (Rows kernels): the kernel of reach Reach(R) (update_reach).
template <class M, int V, class Real, class Shape = typename ProductionShape<M, V, Real>::type, int R = -1>
void launch_box(const StepArgs<Real, typename M::Params>& a, const Box& b, cudaStream_t s,
                const SnapshotOut& snap = {}) {
  if (b.empty()) return;
  if constexpr (Shape::mapping == Mapping::Column) {
    constexpr int BX = Shape::block_x, Z = Shape::layers;
    const dim3 grid((b.x1 - b.x0 + BX - 1) / BX, unsigned(std::min(b.y1 - b.y0, 65535)), unsigned((b.z1 - b.z0 + Z - 1) / Z));
    column_kernel<M, V, Real, BX, Shape::min_blocks, Z><<<grid, BX, 0, s>>>(a, b.x0, b.x1, b.y0, b.y1, b.z0, b.z1);
    PLUME_CUDA_CHECK_LAUNCH();
  } else if constexpr (Shape::mapping == Mapping::Tile) {
    constexpr int BX = Shape::block_x, BY = Shape::block_y, TY = BY * Shape::rows, Z = Shape::layers;
    const dim3 grid((b.x1 - b.x0 + BX - 1) / BX, unsigned((b.y1 - b.y0 + TY - 1) / TY), unsigned((b.z1 - b.z0 + Z - 1) / Z));
    tile_kernel<M, V, Real, BX, BY, Shape::rows, Z, Shape::ahead, Shape::min_blocks>
        <<<grid, dim3(BX, BY), 0, s>>>(a, b.x0, b.x1, b.y0, b.y1, b.z0, b.z1);
    PLUME_CUDA_CHECK_LAUNCH();
  } else if constexpr (Shape::mapping == Mapping::Vector) {
    constexpr int BX = Shape::block_x, W = Shape::width, Z = Shape::layers;
    const int g0 = (b.x0 / W) * W;  // the first vector's first site
    const dim3 grid((b.x1 - g0 + BX * W - 1) / (BX * W), unsigned(std::min(b.y1 - b.y0, 65535)), unsigned((b.z1 - b.z0 + Z - 1) / Z));
    vector_kernel<M, V, Real, BX, W, Z, Shape::ahead, Shape::min_blocks>
        <<<grid, BX, 0, s>>>(a, b.x0, b.x1, b.y0, b.y1, b.z0, b.z1);
    PLUME_CUDA_CHECK_LAUNCH();
  } else {
    // With solid sites every site takes the boundaries' path, where a thread's two rows go one
    // after the other: one site a thread then, in the model's budget for one (a bed of obstacles
    // on an H100, FP32: D2Q9 +6-11 %, D3Q19 +20-25 %; docs/benchmarks.md).
    if constexpr (Shape::rows_at_once == 2 && std::is_same_v<Shape, typename ProductionShape<M, V, Real>::type>)
      if (a.solid != nullptr) return launch_box<M, V, Real, DefaultStepShape<M, V, Real>>(a, b, s, snap);
    constexpr int BX = Shape::block_x, MB = Shape::min_blocks, RPT = Shape::rows_per_thread * Shape::rows_at_once;
    const long long rows = (long long)(b.y1 - b.y0) * (b.z1 - b.z0);
    const dim3 grid((b.x1 - b.x0 + BX - 1) / BX, unsigned(std::min<long long>((rows + RPT - 1) / RPT, 65535)));
    step_kernel<M, V, Real, BX, MB, Shape::rows_at_once, R><<<grid, BX, 0, s>>>(a, b.x0, b.x1, b.y0, b.y1, b.z0,
                                                                                b.z1, snap);
    PLUME_CUDA_CHECK_LAUNCH();
  }
}

// The shared memory a block of staged_push_kernel may take: what every block gets without asking
// for more. It holds a row's values that move along x: FP64 D3Q19 rows of up to 614 sites.
constexpr std::size_t kStagedPushBytes = 48 * 1024;
// The share of a multiprocessor's unified L1 and shared memory that the kernel asks to be shared
// memory, in percent. Left to itself the driver carves out as much shared memory as the register
// budget's five blocks need, which at 512 FP64 sites a row (41 KB a block) leaves 28 KB of L1: the
// step then ran at 10.76 G site updates/s, at 58 % (fewer blocks, the rest L1) at 11.66 G and at
// 72 % at 11.64 G (D3Q19 512^3 on an H200, docs/benchmarks.md). Short rows keep all five blocks
// (256 sites: 21 KB a block).
constexpr int kStagedPushCarveout = 58;

// The box b of a step into the shifted way by staged_push_kernel, where it applies: a model that
// hands its values over (update_to), one site a thread (two rows a thread keep their own kernel:
// FP32 storage, in place at 0.97 of two buffers without staging, docs/benchmarks.md), a box of
// whole rows pushing across x, and a row's movers within kStagedPushBytes. False otherwise.
template <class M, int V, class Real>
bool launch_staged_push(const StepArgs<Real, typename M::Params>& a, const Box& b, cudaStream_t s,
                        const SnapshotOut& snap) {
  if constexpr (has_update_to<M, V, Real>::value) {
    using Shape = typename ProductionShape<M, V, Real>::type;
    if constexpr (Shape::mapping == Mapping::Rows && Shape::rows_at_once == 1) {
      const int nx = a.layout.nx;
      const std::size_t bytes = std::size_t(x_movers<typename M::Lattice>()) * nx * sizeof(Real);
      if (a.push.n[0] != nx || b.x0 != 0 || b.x1 != nx || bytes > kStagedPushBytes) return false;
      const auto kernel = staged_push_kernel<M, V, Real, Shape::block_x, Shape::min_blocks>;
      PLUME_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            kStagedPushCarveout));
      const long long rows = (long long)(b.y1 - b.y0) * (b.z1 - b.z0);
      const dim3 grid(1, unsigned(std::min<long long>(rows, 65535)));
      kernel<<<grid, Shape::block_x, bytes, s>>>(a, b.y0, b.y1, b.z0, b.z1, snap);
      PLUME_CUDA_CHECK_LAUNCH();
      return true;
    }
  }
  return false;
}

// The box b with variant V: without solid sites, by the kernel of the step's reach where the
// model's update has one per reach (update_reach); else by the kernel that reads it from `a`.
template <class M, int V, class Real>
void launch_box_reach(const StepArgs<Real, typename M::Params>& a, const Box& b, cudaStream_t s,
                      const SnapshotOut& snap) {
  if constexpr (has_update_reach<M, V, Real>::value) {
    using Shape = typename ProductionShape<M, V, Real>::type;
    static_assert(Shape::mapping == Mapping::Rows, "one kernel per reach: a Rows kernel");
    if (a.solid == nullptr) {
      if (a.push.any() && launch_staged_push<M, V, Real>(a, b, s, snap)) return;
      if (a.push.any()) return launch_box<M, V, Real, Shape, int(Reach::Pushes)>(a, b, s, snap);
      return launch_box<M, V, Real, Shape, int(Reach::Across)>(a, b, s, snap);
    }
  }
  launch_box<M, V, Real>(a, b, s, snap);
}

// The box b with the variant the parameters choose.
template <class M, class Real, int... Vs>
void launch_box_variant(const StepArgs<Real, typename M::Params>& a, const Box& b, cudaStream_t s,
                        const SnapshotOut& snap, std::integer_sequence<int, Vs...>) {
  const int v = M::variant(a.params);
  ((v == Vs ? launch_box_reach<M, Vs, Real>(a, b, s, snap) : void()), ...);
}

// One step for the box b of a block whose halos are filled (a.src -> a.dst), but for those that
// a.wrap reads across (wrap_for); with `snap` (steps_write_fields only), also the snapshot of the
// state it reads.
template <class M, class Real>
void launch_box_step(const StepArgs<Real, typename M::Params>& a, const Box& b, cudaStream_t s,
                     const SnapshotOut& snap = {}) {
  launch_box_variant<M, Real>(a, b, s, snap, std::make_integer_sequence<int, M::kVariants>{});
}

// Where the production kernel of the parameters' variant reads across the periodic boundaries
// (`periodic`) of a block `d` that spans the lattice itself (Wrap; a tile masks out the axes it does
// not span, CudaBackend::tile_wrap): the vectors of a stencil
// along y and z, and along x where the rows hold whole vectors (nx a multiple of their width); the
// rows of a model whose update reads across (reads_across) along every periodic axis. The other
// kernels read the ghost sites, and so does every kernel in place (CudaBackend::step_async).
template <class M, class Real, int... Vs>
Wrap wrap_variant(int v, const Domain& d, const parallel::Periodic& periodic, std::integer_sequence<int, Vs...>) {
  Wrap w;
  const auto one = [&](auto vc) {
    using Shape = typename ProductionShape<M, decltype(vc)::value, Real>::type;
    bool along_x = true;
    if constexpr (Shape::mapping == Mapping::Vector)
      along_x = d.nx % Shape::width == 0;
    else if constexpr (Shape::mapping != Mapping::Rows || !reads_across<M>::value)
      return;
    w.n[0] = periodic[0] && along_x ? d.nx : 0;
    w.n[1] = periodic[1] ? d.ny : 0;
    w.n[2] = periodic[2] ? d.nz : 0;
  };
  ((v == Vs ? one(std::integral_constant<int, Vs>{}) : void()), ...);
  return w;
}
template <class M, class Real>
Wrap wrap_for(const typename M::Params& p, const Domain& d) {
  return wrap_variant<M, Real>(M::variant(p), d, M::periodic(p), std::make_integer_sequence<int, M::kVariants>{});
}

// The slabs of one face of a tile (halo_plan.hpp) between the state and a contiguous buffer, one
// thread per (slab, position): slab k of the buffer is the face's cross-section (begin, length)
// of population slabs[k].pop in layer slabs[k].layer.
template <class Real, bool ToBuffer>
__global__ void __launch_bounds__(256) move_slabs_kernel(Real* f, const Layout l, const int2* slabs, int nslab,
                                                         int axis, int2 begin, int2 length, Real* buf) {
  // 32-bit indices: a face's buffer holds far fewer than 2^31 values (halo_plan.hpp).
  const int k = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  const int positions = length.x * length.y;
  if (k >= nslab * positions) return;
  const int s = k / positions;
  const int j = k - s * positions;
  const int2 slab = slabs[s];  // (pop, layer)
  const int b[2] = {begin.x, begin.y}, n[2] = {length.x, length.y};
  const long long at = slab.x * l.stride + parallel::face_offset(l, axis, slab.y, b, n, j);
  if (ToBuffer)
    buf[k] = f[at];
  else
    f[at] = buf[k];
}

// One tile across a periodic direction: the opposite edge into the ghost layers of the axis, over
// the cross-section with the earlier axes' halos (edges and corners come). Only the planes the
// update reads across the face (LatticeInfo::extent): for a pull, plane i is read in the low ghost
// layer iff e_i points up the axis, so D3Q19 copies 5 of its 19 planes into each side. A ghost of
// an edge or corner is read only across every face it lies beyond, so the earlier axes' copies
// have filled its image when this one needs it.
// `state` is how the buffer holds the state (planes.hpp). Swapped (in place): its pulls read slot
// i where the plain pull reads plane opposite(i), so that plane's extent decides. Shifted: the
// halos hold pushed values, and slot i of a ghost at depth d goes back to its image where e_i
// points that far across the face: exactly the slots the sites next to the face pushed there.

// How many ghost layers beyond the face of `axis` (its low or high side) plane i is read from in a
// state read by pulls: the plane's extent (LatticeInfo::extent) or, in place's swapped state,
// that of plane opposite(i), whose pull reads slot i. Compile-time numbers chosen at run time (a
// constexpr table indexed at run time would be copied to local memory).
template <class L, int i>
__device__ PLUME_FORCEINLINE int pull_reach(int axis, bool low, bool swapped) {
  constexpr LatticeInfo info = describe_lattice<L>();
  constexpr int o = opposite_plane(info, i);
  constexpr int x0 = info.extent[i][0][0], x1 = info.extent[i][0][1], y0 = info.extent[i][1][0],
                y1 = info.extent[i][1][1], z0 = info.extent[i][2][0], z1 = info.extent[i][2][1];
  constexpr int u0 = info.extent[o][0][0], u1 = info.extent[o][0][1], v0 = info.extent[o][1][0],
                v1 = info.extent[o][1][1], w0 = info.extent[o][2][0], w1 = info.extent[o][2][1];
  return axis == 0   ? (low ? (swapped ? u0 : x0) : (swapped ? u1 : x1))
         : axis == 1 ? (low ? (swapped ? v0 : y0) : (swapped ? v1 : y1))
                     : (low ? (swapped ? w0 : z0) : (swapped ? w1 : z1));
}

// In the shifted state the pushed values go back from the ghosts to their images; with `mirror`
// the other way, so that the ghosts hold what a step that pushed across left in the images
// (CudaBackend::settle_ghosts).
template <class L, class Real>
__global__ void __launch_bounds__(128) periodic_axis_kernel(Real* f, const Layout l, const parallel::PeriodicCopy c,
                                                            PlaneMap state, bool mirror = false) {
  const int k = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  if (k >= 2 * c.depth * int(c.positions())) return;
  int ghost, image, depth;
  bool low;
  c.sites(l, k, ghost, image, low, depth);
  // Which planes go, then all their loads, then all their stores: the loads in flight together
  // (the compiler cannot move a load above a store to the same array itself).
  bool go[L::Q];
  Real v[L::Q];
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    if (state == PlaneMap::Shifted) {
      constexpr LatticeInfo info = describe_lattice<L>();
      constexpr int ex = info.velocities[i][0], ey = info.velocities[i][1], ez = info.velocities[i][2];
      const int e = c.axis == 0 ? ex : c.axis == 1 ? ey : ez;
      go[i] = (low ? -e : e) >= depth;
      if (go[i]) v[i] = f[i * l.stride + (mirror ? image : ghost)];
      return;
    }
    go[i] = pull_reach<L, i>(c.axis, low, state == PlaneMap::Swapped) >= depth;
    if (go[i]) v[i] = f[i * l.stride + image];
  });
  const int to = state == PlaneMap::Shifted && !mirror ? image : ghost;
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    if (go[i]) f[i * l.stride + to] = v[i];
  });
}

// The x ghosts of a block for a state read by pulls (two buffers, or in place's swapped
// state) in whole 32-byte sectors: W = 32 / sizeof(Real) threads copy the last W sites of a row
// into the W sites before x = 0 and the first W into the W after x = nx - 1, for every plane read
// across that face, W >= the ghost width. Where the per-site kernel wrote one value of each
// sector, which the memory then read, merged and wrote back whole, these writes are whole
// sectors; and the rows' sites beyond the ghosts are padding (plume/grid/layout.hpp), which
// nothing reads. Needs nx a multiple of W (the sectors aligned, and room for a sector after the
// row: x_sectors_fit). Every thread loads all its planes before it stores any.
template <class Real>
constexpr int sector_sites() {
  return int(32 / sizeof(Real));
}
inline bool x_sectors_fit(const Layout& l, int bytes_per_value) {
  const int w = 32 / bytes_per_value;
  return l.nx % w == 0 && l.halo <= w && l.nx >= w;
}
template <class L, class Real>
__global__ void __launch_bounds__(128) periodic_x_sectors_kernel(Real* f, const Layout l,
                                                                 const parallel::PeriodicCopy c, PlaneMap state) {
  constexpr int W = sector_sites<Real>();
  const int k = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  if (k >= 2 * W * int(c.positions())) return;
  const int lane = k % W, side = (k / W) % 2, p = k / (2 * W);
  const int v = p / c.length[0];
  const int y = c.begin[0] + (p - v * c.length[0]), z = c.begin[1] + v;
  const bool low = side == 0;  // the ghosts below x = 0, from the row's last W sites
  const int ghost = l.site(low ? lane - W : l.nx + lane, y, z), image = l.site(low ? l.nx - W + lane : lane, y, z);
  bool go[L::Q];
  Real val[L::Q];
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    go[i] = pull_reach<L, i>(0, low, state == PlaneMap::Swapped) > 0;
    if (go[i]) val[i] = __ldg(f + i * l.stride + image);
  });
  static_for<L::Q>([&](auto ic) {
    constexpr int i = decltype(ic)::value;
    if (go[i]) f[i * l.stride + ghost] = val[i];
  });
}

// The initial state of the model's case, in two passes. First one thread per (x, z) column runs
// the case's column (M::initial_column, as the CPU backend does, so that every decomposition gets
// the same numbers) and leaves each site's state in scratch memory (x fastest, then y, then z);
// this pass is sequential along the column but cheap. Then every site, in parallel, gets its
// populations from its state.
template <class M>
__global__ void __launch_bounds__(128) initial_columns_kernel(typename M::SiteState* scratch, const Domain d,
                                                              const typename M::Setup s, int x0, int w) {
  const long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= (long long)w * d.nz) return;
  const int x = int(c % w), z = int(c / w);
  M::initial_column(s, d, x0 + x, z, [&](int y, const typename M::SiteState& st) {
    scratch[((long long)z * d.ny + y) * w + x] = st;
  });
}

template <class M, class Real>
__global__ void __launch_bounds__(128) initial_sites_kernel(const Planes<Real> f, const Layout l,
                                                            const typename M::SiteState* scratch, int x0, int w) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= w) return;
  for (long long r = blockIdx.y; r < (long long)l.ny * l.nz; r += gridDim.y) {
    const int y = int(r % l.ny), z = int(r / l.ny);
    M::initial_site(f, l, x0 + c, y, z, scratch[r * w + c]);
  }
}

// scratch: room for a SiteState per site of `capacity` sites that the kernels may overwrite (the
// other population buffer, or memory of its own); the lattice goes in bands of columns [x0, x0 +
// w) that fit.
template <class M, class Real>
void launch_initial_state(const Planes<Real>& f, void* scratch, std::size_t capacity, const Layout& l,
                          const Domain& d, const typename M::Setup& s, cudaStream_t st) {
  auto* states = static_cast<typename M::SiteState*>(scratch);
  const std::size_t column = std::size_t(d.ny) * d.nz;
  const int band = int(std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(d.nx), capacity / column)));
  for (int x0 = 0; x0 < d.nx; x0 += band) {
    const int w = std::min(band, d.nx - x0);
    const long long columns = (long long)w * d.nz;
    initial_columns_kernel<M><<<unsigned((columns + 127) / 128), 128, 0, st>>>(states, d, s, x0, w);
    PLUME_CUDA_CHECK_LAUNCH();
    initial_sites_kernel<M, Real><<<dim3((w + 127) / 128, unsigned(std::min<long long>((long long)l.ny * l.nz, 65535))),
                                    128, 0, st>>>(f, l, states, x0, w);
    PLUME_CUDA_CHECK_LAUNCH();
  }
}

// The model's fields of every interior site into M::kFields arrays of n = nx ny nz values each
// (field c at out + c n), x fastest, then y, then z.
template <class M, class Real>
__global__ void __launch_bounds__(128) fields_kernel(const StepArgs<Real, typename M::Params> a, double* out) {
  const Layout& l = a.layout;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= l.nx) return;
  const long long n = (long long)l.nx * l.ny * l.nz;
  for (long long r = blockIdx.y; r < (long long)l.ny * l.nz; r += gridDim.y) {
    double v[M::kFields];
    M::fields(a, x, int(r % l.ny), int(r / l.ny), v);
    const long long k = r * l.nx + x;
    for (int c = 0; c < M::kFields; ++c) out[c * n + k] = v[c];
  }
}

// The model's sums (Traits::kSums, add_sums) over the interior sites: each thread sums its column's
// rows blockIdx.y, blockIdx.y + gridDim.y, ..., the block adds its threads' sums in a fixed tree
// and writes them to partial[block][k]; sum_partials_kernel adds the blocks in order. A fixed
// order, not atomics: the same launch gives the same bits every time.
// share[k][0] += share[k][1 .. BX) for each k, in a fixed tree (BX a power of two), after the
// block's threads have written their values.
template <int K, int BX>
__device__ void block_tree_sum(double (&share)[K][BX], int t) {
  __syncthreads();
  for (int w = BX / 2; w > 0; w /= 2) {
    if (t < w)
      for (int k = 0; k < K; ++k) share[k][t] += share[k][t + w];
    __syncthreads();
  }
}

template <class M, class Real, int BX>
__global__ void __launch_bounds__(BX) sums_kernel(const StepArgs<Real, typename M::Params> a, double* partial) {
  constexpr int K = M::kSums;
  __shared__ double share[K][BX];
  const Layout& l = a.layout;
  const int t = int(threadIdx.x), x = int(blockIdx.x) * BX + t;
  double s[K];
  for (int k = 0; k < K; ++k) s[k] = 0.0;
  if (x < l.nx)
    for (int r = int(blockIdx.y); r < l.ny * l.nz; r += int(gridDim.y)) {
      double v[M::kFields];
      M::fields(a, x, r % l.ny, r / l.ny, v);
      M::add_sums(v, s);
    }
  for (int k = 0; k < K; ++k) share[k][t] = s[k];
  block_tree_sum<K, BX>(share, t);
  if (t == 0)
    for (int k = 0; k < K; ++k) partial[(blockIdx.y * gridDim.x + blockIdx.x) * K + k] = share[k][0];
}

// One block of BX threads: out[k] = the sum over the n blocks' partial[.][k], thread t taking blocks
// t, t + BX, ... in order, then a fixed tree.
template <int K, int BX>
__global__ void __launch_bounds__(BX) sum_partials_kernel(const double* partial, int n, double* out) {
  __shared__ double share[K][BX];
  const int t = int(threadIdx.x);
  for (int k = 0; k < K; ++k) {
    double s = 0.0;
    for (int j = t; j < n; j += BX) s += partial[j * K + k];
    share[k][t] = s;
  }
  block_tree_sum<K, BX>(share, t);
  if (t == 0)
    for (int k = 0; k < K; ++k) out[k] = share[k][0];
}

// The model's pass before a step (plume/model_contract.hpp, has_pre_step) over the local box
// [x0, x1) x [y0, y1) x [z0, z1), in place on the current state.
template <class M, class Real>
__global__ void __launch_bounds__(128) pre_step_kernel(const Planes<Real> f, const Layout l, const Domain d,
                                                       const typename M::Params p, const std::uint8_t* solid, int x0,
                                                       int x1, int y0, int y1, int z0, int z1) {
  const int x = x0 + int(blockIdx.x * blockDim.x + threadIdx.x);
  if (x >= x1) return;
  for (int r = int(blockIdx.y); r < (y1 - y0) * (z1 - z0); r += gridDim.y)
    M::pre_step(f, l, d, p, solid, x, y0 + r % (y1 - y0), z0 + r / (y1 - y0));
}

// The interior sites of box [x0, x1) x [y0, y1) x [z0, z1) that were solid (`was`) and are
// fluid now (`now`) start in state st (the model's Traits::fluid_state).
template <class M, class Real>
__global__ void __launch_bounds__(128) fluid_sites_kernel(const Planes<Real> f, const Layout l, const std::uint8_t* was,
                                                          const std::uint8_t* now, int x0, int x1, int y0, int y1,
                                                          int z0, int z1, const typename M::SiteState st) {
  const int x = x0 + int(blockIdx.x * blockDim.x + threadIdx.x);
  if (x >= x1) return;
  for (int r = int(blockIdx.y); r < (y1 - y0) * (z1 - z0); r += gridDim.y) {
    const int y = y0 + r % (y1 - y0), z = z0 + r / (y1 - y0);
    const int s = l.site(x, y, z);
    if (was[s] && !now[s]) M::initial_site(f, l, x, y, z, st);
  }
}

}  // namespace plume::cuda

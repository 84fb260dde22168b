// CUDA backend of any model (traits M, as plume/model_contract.hpp states them): all populations
// resident on one device; a step is two kernel launches (halo, rows) on the backend's stream, with
// no transfer to the host inside the time loop. Instantiated (make_cuda_backend<Traits>) for every
// registered Traits (cmake/PlumeModel.cmake). As one tile of
// a decomposed lattice (HaloOps) the boxes run on the compute stream while packing, unpacking and
// the staging copies run on a second (halo) stream: the bulk kernel computes while the halos
// travel, and the borders wait for an event recorded after the last unpack.
#pragma once
#include <cuda_runtime.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "kernels.cuh"
#include "reduction_kernels.cuh"
#include "site_kernels.cuh"
#include "step_timeline.hpp"
#include "backend.hpp"
#include "plume/model_contract.hpp"

namespace plume {
namespace cuda_detail {

inline std::string gib(double bytes) {
  char s[32];
  std::snprintf(s, sizeof s, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
  return s;
}

// Refuses, with both numbers, an allocation that would not fit in the device's free memory.
// The margin leaves room for the context's own allocations and the kernels' stacks.
inline void check_fits(std::size_t need, const std::string& what, int dev, const cudaDeviceProp& prop) {
  std::size_t free_b = 0, total_b = 0;
  PLUME_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const std::size_t margin = std::size_t(64) << 20;
  if (need + margin > free_b)
    throw std::runtime_error(what + " needs " + gib(double(need)) + " of device memory, but CUDA device " +
                             std::to_string(dev) + " (" + prop.name + ") has " + gib(double(free_b)) + " free of " +
                             gib(double(total_b)) +
                             ": use a smaller lattice, FP32 storage (half the bytes), or more GPUs");
}

// A non-blocking stream at the device's highest priority: its blocks go ahead of those a busy
// compute stream has queued.
inline cudaStream_t highest_priority_stream() {
  int least = 0, greatest = 0;
  PLUME_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s = nullptr;
  PLUME_CUDA_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest));
  return s;
}

// Page-locked host memory (cudaMallocHost): the staging copies run at PCIe speed and
// asynchronously, and MPI reads and writes it like any host memory.
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t bytes) : n_(bytes) {
    if (bytes) PLUME_CUDA_CHECK(cudaMallocHost(&p_, bytes));
  }
  ~PinnedBuffer() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  void* data() { return p_; }

 private:
  void* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace cuda_detail

template <class M, class Real>
class CudaBackend final : public Backend, public HaloOps {
  using L = typename M::Lattice;
  using Setup = typename M::Setup;
  using Shape0 = typename cuda::ProductionShape<M, 0, Real>::type;

 public:
  CudaBackend(const Domain& d, const AnySetup& s, Streaming st, int device)
      : dom_(d), setup_(s.as<Setup>()), params_(M::params(setup_)),
        lay_(make_layout(d.nx, d.ny, d.nz, parallel::halo_width<L>(0), parallel::halo_width<L>(2), L::Q, sizeof(Real))),
        dev_(device), in_place_(st == Streaming::InPlace) {
    static_assert(L::Q <= PlaneOffsets::kMaxQ, "more populations than Planes holds");
    const LatticeInfo lat = describe_lattice<L>();
    for (int m = 0; m < 3; ++m) offsets_[m] = plane_offsets(lat, lay_, PlaneMap(m));
    map_ = in_place_ ? PlaneMap::Swapped : PlaneMap::Plain;
    using namespace cuda_detail;
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    PLUME_CUDA_CHECK(cudaGetDeviceProperties(&prop_, dev_));
    // This build carries sm_90 machine code and compute_80 PTX: older devices have no image.
    cudaFuncAttributes attr;
    const cudaError_t e =
        cudaFuncGetAttributes(&attr, cuda::step_kernel<M, 0, Real, Shape0::block_x, Shape0::min_blocks,
                                                                Shape0::rows_at_once>);
    if (e != cudaSuccess) {
      cudaGetLastError();
      throw std::runtime_error("CUDA device " + std::to_string(dev_) + " (" + prop_.name + ", compute capability " +
                               std::to_string(prop_.major) + "." + std::to_string(prop_.minor) +
                               ") cannot run plume's kernels (" + cudaGetErrorString(e) +
                               "): this build targets compute capability 8.0 and newer");
    }
    const std::size_t plane_bytes = std::size_t(lay_.elements()) * sizeof(Real);
    check_fits(population_buffers(st) * plane_bytes,
               "a " + std::to_string(d.nx) + " x " + std::to_string(d.ny) + " lattice with " +
                   (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage (" +
                   (in_place_ ? "one population buffer, in place, of " : "two population buffers of ") +
                   gib(double(plane_bytes)) + ")",
               dev_, prop_);
    a_ = cuda::DeviceBuffer<Real>(lay_.elements());
    if (!in_place_) b_ = cuda::DeviceBuffer<Real>(lay_.elements());
    PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    // Poison both buffers (0xff bytes are NaNs): a site the kernels fail to write shows at once.
    // On the backend's stream: a plain cudaMemset runs on the legacy stream, which a non-blocking
    // stream does not wait for, and would race with the initial state's kernels.
    PLUME_CUDA_CHECK(cudaMemsetAsync(a_.data(), 0xff, a_.bytes(), stream_));
    if (!in_place_) PLUME_CUDA_CHECK(cudaMemsetAsync(b_.data(), 0xff, b_.bytes(), stream_));
    sync();
  }
  ~CudaBackend() override {
    cudaSetDevice(dev_);
    if (copy_done_) cudaEventSynchronize(copy_done_);
    if (snapshot_pinned_)
      for (int k = 0; k < M::kFields; ++k) cudaHostUnregister(snapshot_.data(k));
    if (copy_done_) cudaEventDestroy(copy_done_);
    if (fields_done_) cudaEventDestroy(fields_done_);
    if (copy_stream_) cudaStreamDestroy(copy_stream_);
    if (reduce_stream_) cudaStreamSynchronize(reduce_stream_);
    if (reduce_done_) cudaEventDestroy(reduce_done_);
    if (reduce_stream_) cudaStreamDestroy(reduce_stream_);
    if (halo_ready_) cudaEventDestroy(halo_ready_);
    if (step_done_) cudaEventDestroy(step_done_);
    if (halo_stream_) cudaStreamDestroy(halo_stream_);
    if (stream_) cudaStreamDestroy(stream_);
  }

  std::string name() const override { return "cuda"; }
  std::string description() const override {
    using cuda_detail::gib;
    return "CUDA device " + std::to_string(dev_) + ": " + prop_.name + " (compute capability " +
           std::to_string(prop_.major) + "." + std::to_string(prop_.minor) + ", " +
           std::to_string(prop_.multiProcessorCount) + " SMs, " + gib(double(prop_.totalGlobalMem)) + "), " +
           (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage" + (in_place_ ? ", in-place streaming" : "");
  }
  const Layout& layout() const override { return lay_; }
  void set_setup(const AnySetup& s) override {
    serve_snapshot();
    setup_ = s.as<Setup>();
    params_ = M::params(setup_);
    ++state_;
  }

  void initialize() override {
    serve_snapshot();
    ++state_;  // the fields of the state before are stale
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    // The other buffer is free until the first step: it holds the sites' states meanwhile, where
    // they fit (a model of few planes with FP32 storage, whose case gives FP64 values, may need
    // more; in place there is no other buffer): else they get memory of their own for the while,
    // at most 1 GiB, and the lattice goes in bands of columns.
    using State = typename M::SiteState;
    if (in_place_) map_ = PlaneMap::Swapped;  // every site's populations in its own slots
    pushed_ = {};
    const Planes<Real> at = current();
    if (!in_place_ && std::size_t(dom_.sites()) * sizeof(State) <= std::size_t(lay_.elements()) * sizeof(Real)) {
      cuda::launch_initial_state<M, Real>(at, b_.data(), std::size_t(dom_.sites()), lay_, dom_, setup_,
                                          stream_);
      sync();
    } else {
      const std::size_t column = std::size_t(dom_.ny) * dom_.nz;
      const std::size_t n = std::min(std::size_t(dom_.sites()),
                                     std::max(column, (std::size_t(1) << 30) / sizeof(State) / column * column));
      cuda::DeviceBuffer<State> states(n);
      cuda::launch_initial_state<M, Real>(at, states.data(), n, lay_, dom_, setup_, stream_);
      sync();
    }
  }

  void step(long n) override {
    step_async(n);
    sync();
  }

  void step_async(long n) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (n > 0) ++state_;
    // One block with two buffers, and a kernel that reads across its periodic boundaries itself:
    // their ghost sites are not filled for it (cuda::wrap_for). In place the steps push into the
    // ghosts too, so they are filled and returned, unless the model pushes across as well
    // (push_wrap): then the steps into the shifted way read and push across, and those out of it
    // read the sites' own slots (D3Q19 FP32 at 512^3 3.6 % faster on an H100; reading across
    // alone, with the pushes still returned from the ghosts, had been no faster:
    // docs/benchmarks.md).
    const Wrap push = push_wrap();
    const Wrap wrap =
        fill_halos() || tile_ || (in_place_ && !push.any()) ? Wrap{} : cuda::wrap_for<M, Real>(params_, dom_);
    for (long k = 0; k < n; ++k) {
      launch_pre_step();
      auto a = step_args();
      if (!push.any()) {
        settle_ghosts();  // a run whose pushes across stopped (new parameters)
        fill_periodic_halos(wrap);
        a.wrap = wrap;
      } else if (map_ == PlaneMap::Swapped) {  // reads and pushes across: no ghost is read or written
        fill_periodic_halos(push);
        a.wrap = a.push = push;
      } else {  // the pulls lie in the sites' own slots; pushes left in the ghosts go back first
        fill_periodic_halos(pushed_);
      }
      // A snapshot requested of this state: this step writes its fields as it reads the state.
      const Snapshot wanted = std::exchange(pending_, Snapshot::None);
      cuda::SnapshotOut out;
      if (wanted != Snapshot::None) {
        out = {free_fields(), rule_, reset_fault()};
        fields_state_ = state_;
      }
      cuda::launch_box_step<M>(a, Box::of(dom_), stream_, out);
      if (out.fields) start_snapshot(wanted, true);  // what is wrong at the first bad site, the copy
      pushed_ = a.push;
      next_state();
    }
  }

  void wait_steps() override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (halo_stream_) PLUME_CUDA_CHECK(cudaStreamSynchronize(halo_stream_));
    sync();
    timeline_.report(dev_);
  }

  void fields(Fields& out) override {
    serve_snapshot();
    launch_fields();
    copy_fields(out, stream_);
    sync();
  }

  // The fields of the current state: written by the next step as it reads the state where the
  // step kernel can (Snapshot), else by the fields kernel now. Either runs on the compute stream,
  // so the steps launched after it (which write the other population buffer, then this one) start
  // only once the state has been read; the copy waits for the fields through an event and runs on
  // its own stream, beside those steps.
  void request_fields() override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (!snapshot_pinned_) {
      snapshot_.resize(M::model(), dom_.nx, dom_.ny, dom_.nz);
      for (int k = 0; k < M::kFields; ++k)
        PLUME_CUDA_CHECK(cudaHostRegister(snapshot_.data(k), sites() * sizeof(double), cudaHostRegisterDefault));
      snapshot_pinned_ = true;
      PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&copy_stream_, cudaStreamNonBlocking));
      if (!fields_done_) PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&fields_done_, cudaEventDisableTiming));
      PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&copy_done_, cudaEventDisableTiming));
    }
    request(Snapshot::Host);
  }

  // Not while the request waits for its step: a caller that polls steps on (the batch driver
  // does), and wait_fields() computes the fields if no step came.
  bool fields_ready() override {
    if (pending_ != Snapshot::None) return false;
    if (!copy_done_) return true;
    const cudaError_t e = cudaEventQuery(copy_done_);
    if (e == cudaErrorNotReady) return false;
    PLUME_CUDA_CHECK(e);
    return true;
  }

  const Fields& wait_fields() override {
    serve_snapshot();
    if (copy_done_) PLUME_CUDA_CHECK(cudaEventSynchronize(copy_done_));
    return snapshot_;
  }

  // The snapshot kept on the device (plume-gui's GPU path): made as request_fields() makes it, then
  // only the fault record crosses, on the reduction stream, beside the steps queued after it.
  void request_device_fields() override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (!fields_done_) PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&fields_done_, cudaEventDisableTiming));
    open_reduce_stream();
    request(Snapshot::Device);
  }

  void wait_device_fields() override {
    serve_snapshot();
    if (reduce_done_) PLUME_CUDA_CHECK(cudaEventSynchronize(reduce_done_));
  }

  // On the reduction stream after the snapshot's fields kernel (either request's): a block-wise
  // tree, then one thread over the blocks (reduction_kernels.cuh); one record comes back.
  FieldRange snapshot_range(const FieldFormula& v, const Box& b, int mask) override {
    const std::size_t n = snapshot_sites();
    const long long count = b.sites();
    const int blocks = int(std::max(1LL, std::min<long long>((count + cuda::kRangeThreads - 1) / cuda::kRangeThreads,
                                                             4LL * prop_.multiProcessorCount)));
    if (range_.size() < std::size_t(blocks + 1)) range_ = cuda::DeviceBuffer<FieldRange>(std::size_t(blocks + 1));
    const FieldSource src = FieldSource::of(v, dom_.nx, dom_.ny, dom_.nz, [&](int k) { return fields_.data() + k * n; });
    cuda::range_kernel<<<blocks, cuda::kRangeThreads, 0, reduce_stream_>>>(
        src, mask >= 0 ? fields_.data() + mask * n : nullptr, b, count, range_.data() + 1);
    PLUME_CUDA_CHECK_LAUNCH();
    cuda::range_merge_kernel<<<1, 1, 0, reduce_stream_>>>(range_.data() + 1, blocks, range_.data());
    PLUME_CUDA_CHECK_LAUNCH();
    PLUME_CUDA_CHECK(cudaMemcpyAsync(reduce_host_.data(), range_.data(), sizeof(FieldRange), cudaMemcpyDeviceToHost,
                                     reduce_stream_));
    PLUME_CUDA_CHECK(cudaStreamSynchronize(reduce_stream_));
    return *static_cast<const FieldRange*>(reduce_host_.data());
  }

  void snapshot_values(const FieldFormula* v, int count, int x, int y, int z, double* out) override {
    const std::size_t n = snapshot_sites();
    if (count > cuda::kMaxValues)
      throw std::invalid_argument("snapshot_values: at most " + std::to_string(cuda::kMaxValues) + " fields at once");
    cuda::ValueSources s;
    s.n = count;
    for (int i = 0; i < count; ++i)
      s.v[i] = FieldSource::of(v[i], dom_.nx, dom_.ny, dom_.nz, [&](int k) { return fields_.data() + k * n; });
    if (values_.size() < std::size_t(cuda::kMaxValues)) values_ = cuda::DeviceBuffer<double>(cuda::kMaxValues);
    cuda::values_kernel<<<1, cuda::kMaxValues, 0, reduce_stream_>>>(s, x, y, z, values_.data());
    PLUME_CUDA_CHECK_LAUNCH();
    double* host = reinterpret_cast<double*>(static_cast<char*>(reduce_host_.data()) + sizeof(FieldRange));
    PLUME_CUDA_CHECK(
        cudaMemcpyAsync(host, values_.data(), count * sizeof(double), cudaMemcpyDeviceToHost, reduce_stream_));
    PLUME_CUDA_CHECK(cudaStreamSynchronize(reduce_stream_));
    std::copy_n(host, count, out);
  }

  // Blocks of 128 columns by at most 1024 row strides: enough blocks to fill the device, few
  // enough that one block adds their sums.
  std::vector<double> site_sums() override {
    serve_snapshot();
    if constexpr (!has_sums<M>::value) {
      return {};
    } else {
      constexpr int K = M::kSums, BX = 128;
      PLUME_CUDA_CHECK(cudaSetDevice(dev_));
      settle_ghosts();
      if (!tile_) fill_periodic_halos();
      const dim3 grid(unsigned((dom_.nx + BX - 1) / BX), unsigned(std::min(dom_.ny * dom_.nz, 1024)));
      const int blocks = int(grid.x * grid.y);
      if (sums_.size() < std::size_t(blocks + 1) * K) sums_ = cuda::DeviceBuffer<double>(std::size_t(blocks + 1) * K);
      double* partial = sums_.data() + K;
      cuda::sums_kernel<M, Real, BX><<<grid, BX, 0, stream_>>>(step_args(), partial);
      PLUME_CUDA_CHECK_LAUNCH();
      cuda::sum_partials_kernel<K, 256><<<1, 256, 0, stream_>>>(partial, blocks, sums_.data());
      PLUME_CUDA_CHECK_LAUNCH();
      std::vector<double> out(K);
      PLUME_CUDA_CHECK(cudaMemcpyAsync(out.data(), sums_.data(), K * sizeof(double), cudaMemcpyDeviceToHost, stream_));
      sync();
      return out;
    }
  }

  // The reductions over the current state's fields, on the device after the fields kernel: one
  // thread per row (reduction_kernels.cuh); only the per-row results come back, and the host merges
  // the rows' extremes.
  RowSums row_sums() override {
    constexpr int K = M::kFields, Q = own_row_sums_of<M>::value;
    serve_snapshot();
    launch_fields();
    const int rows = dom_.ny * dom_.nz;
    const std::size_t values = std::size_t(3 * K + Q) * rows;
    if (row_sums_.size() < values) row_sums_ = cuda::DeviceBuffer<double>(values);
    // Small blocks when there are few rows, so that a 2-D lattice's rows reach every multiprocessor.
    const int bx = rows >= 128 * prop_.multiProcessorCount ? 128 : 32;
    cuda::row_sums_kernel<M><<<unsigned((rows + bx - 1) / bx), bx, 0, stream_>>>(
        fields_.data(), (long long)sites(), dom_.nx, rows, dom_.x0, dom_.NX, row_sums_.data());
    PLUME_CUDA_CHECK_LAUNCH();
    std::vector<double> host(values);
    PLUME_CUDA_CHECK(
        cudaMemcpyAsync(host.data(), row_sums_.data(), values * sizeof(double), cudaMemcpyDeviceToHost, stream_));
    sync();
    RowSums p = empty_row_sums(dom_, K, Q);
    const auto at = [&](int array, int r) { return host[std::size_t(array) * rows + r]; };
    for (int r = 0; r < rows; ++r) {
      const std::size_t row = std::size_t(dom_.z0 + r / dom_.ny) * dom_.NY + std::size_t(dom_.y0 + r % dom_.ny);
      for (int k = 0; k < K; ++k) p.field[k][row] = at(k, r);
      for (int j = 0; j < Q; ++j) p.own[j][row] = at(K + j, r);
      p.sites[row] = dom_.nx;
      for (int k = 0; k < K; ++k) {
        const double lo = at(K + Q + k, r), hi = at(2 * K + Q + k, r);
        if (!(lo <= hi)) continue;  // no finite value in the row
        if (!p.any[k]) p.min[k] = lo, p.max[k] = hi, p.any[k] = 1;
        p.min[k] = std::min(p.min[k], lo);
        p.max[k] = std::max(p.max[k], hi);
      }
    }
    return p;
  }

  std::optional<Fault> find_fault() override {
    serve_snapshot();
    launch_fields();
    launch_fault_check();
    cuda::FaultRecord r;
    PLUME_CUDA_CHECK(cudaMemcpyAsync(&r, fault_.data(), sizeof r, cudaMemcpyDeviceToHost, stream_));
    sync();
    return to_fault(r);
  }

  std::optional<Fault> snapshot_fault() override {
    serve_snapshot();
    if (!snapshot_fault_host_.data()) return std::nullopt;  // no snapshot requested
    if (copy_done_) PLUME_CUDA_CHECK(cudaEventSynchronize(copy_done_));
    return to_fault(*static_cast<const cuda::FaultRecord*>(snapshot_fault_host_.data()));
  }

  DeviceFields device_fields() const override {
    const std::size_t n = sites();
    if (fields_.size() != M::kFields * n) return {};  // no fields computed yet
    return {fields_.data(), M::kFields, dom_.nx, dom_.ny, dom_.nz, dev_};
  }

  // One z layer of one population at a time, through a host plane when the storage is FP32.
  void read_populations(double* out) override {
    serve_snapshot();
    settle_ghosts();
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = std::size_t(dom_.nx) * dom_.ny;
    std::vector<Real> plane(sizeof(Real) == sizeof(double) ? 0 : n);
    for (int i = 0; i < L::Q; ++i)
      for (int z = 0; z < dom_.nz; ++z) {
        double* dst = out + (std::size_t(i) * dom_.nz + z) * n;
        Real* host = sizeof(Real) == sizeof(double) ? reinterpret_cast<Real*>(dst) : plane.data();
        PLUME_CUDA_CHECK(cudaMemcpy2DAsync(host, dom_.nx * sizeof(Real), a_.data() + plane_offset(i, z),
                                           lay_.pitch * sizeof(Real), dom_.nx * sizeof(Real), dom_.ny,
                                           cudaMemcpyDeviceToHost, stream_));
        sync();
        if (sizeof(Real) != sizeof(double))
          for (std::size_t k = 0; k < n; ++k) dst[k] = double(plane[k]);
      }
  }

  void write_populations(const double* in) override {
    serve_snapshot();
    ++state_;  // the fields of the state before are stale
    if (in_place_) map_ = PlaneMap::Swapped;  // a whole new state: in the sites' own slots
    pushed_ = {};
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = std::size_t(dom_.nx) * dom_.ny;
    std::vector<Real> plane(sizeof(Real) == sizeof(double) ? 0 : n);
    for (int i = 0; i < L::Q; ++i)
      for (int z = 0; z < dom_.nz; ++z) {
        const double* src = in + (std::size_t(i) * dom_.nz + z) * n;
        const Real* host = reinterpret_cast<const Real*>(src);
        if (sizeof(Real) != sizeof(double)) {
          for (std::size_t k = 0; k < n; ++k) plane[k] = Real(src[k]);
          host = plane.data();
        }
        PLUME_CUDA_CHECK(cudaMemcpy2DAsync(a_.data() + plane_offset(i, z), lay_.pitch * sizeof(Real), host,
                                           dom_.nx * sizeof(Real), dom_.nx * sizeof(Real), dom_.ny,
                                           cudaMemcpyHostToDevice, stream_));
        sync();
      }
  }

  // A gather (or scatter) kernel over the listed sites: the sites' indices and values cross, not
  // the block.
  void read_sites(const std::vector<Site>& sites, double* out) override {
    serve_snapshot();
    move_sites<true>(sites, out);
  }
  void write_sites(const std::vector<Site>& sites, const double* in) override {
    serve_snapshot();
    ++state_;  // the fields of the state before are stale
    move_sites<false>(sites, in);
  }

  HaloOps* halo_ops() override { return this; }

  // For a model's own step, in a backend that wraps this one and replaces step() (the diffusion
  // model's implicit scheme, diffusion/implicit_cuda.cu): the current state's planes in device
  // memory (layout()), to be rewritten in place by kernels on compute_stream(). A snapshot
  // requested of the state before is made first (its fields kernel runs ahead on that stream),
  // and the call counts as a change of the state.
  Planes<Real> state_to_rewrite() {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    serve_snapshot();
    ++state_;
    return current();
  }
  cudaStream_t compute_stream() const { return stream_; }

  // The new rows go to a second mask first, so that the sites that turn fluid are found by
  // comparing the two on the device; then they replace the old rows. All on the compute stream,
  // in order with the steps.
  void set_solids(const std::uint8_t* mask, const Box& b) override {
    serve_snapshot();
    ++state_;  // the fields of the state before are stale
    if constexpr (!has_solids<M>::value) {
      throw std::logic_error("model " + M::model().name() + " has no solid sites");
    } else {
      settle_ghosts();  // before the solids stop the pushes across
      PLUME_CUDA_CHECK(cudaSetDevice(dev_));
      const std::size_t n = std::size_t(lay_.stride);
      if (solid_.size() != n) {
        solid_ = cuda::DeviceBuffer<std::uint8_t>(n);
        incoming_ = cuda::DeviceBuffer<std::uint8_t>(n);
        PLUME_CUDA_CHECK(cudaMemsetAsync(solid_.data(), 0, n, stream_));
      }
      const int h = lay_.halo, hz = lay_.hz;
      const int y0 = std::max(b.y0, -h), y1 = std::min(b.y1, dom_.ny + h);
      const int z0 = std::max(b.z0, -hz), z1 = std::min(b.z1, dom_.nz + hz);
      if (y1 <= y0 || z1 <= z0) return;
      const std::size_t rows = std::size_t(y1 - y0) * lay_.pitch;
      for (int z = z0; z < z1; ++z) {
        const std::size_t at = std::size_t(lay_.site(-lay_.xoff, y0, z));
        PLUME_CUDA_CHECK(cudaMemcpyAsync(incoming_.data() + at, mask + at, rows, cudaMemcpyHostToDevice, stream_));
      }
      const int fx0 = std::max(b.x0, 0), fx1 = std::min(b.x1, dom_.nx), fy0 = std::max(y0, 0),
                fy1 = std::min(y1, dom_.ny), fz0 = std::max(z0, 0), fz1 = std::min(z1, dom_.nz);
      if (fx1 > fx0 && fy1 > fy0 && fz1 > fz0) {
        const long long nrows = (long long)(fy1 - fy0) * (fz1 - fz0);
        cuda::fluid_sites_kernel<M, Real>
            <<<dim3((fx1 - fx0 + 127) / 128, unsigned(std::min<long long>(nrows, 65535))), 128, 0, stream_>>>(
                current(), lay_, solid_.data(), incoming_.data(), fx0, fx1, fy0, fy1, fz0, fz1,
                M::fluid_state(setup_));
        PLUME_CUDA_CHECK_LAUNCH();
      }
      for (int z = z0; z < z1; ++z) {
        const std::size_t at = std::size_t(lay_.site(-lay_.xoff, y0, z));
        PLUME_CUDA_CHECK(
            cudaMemcpyAsync(solid_.data() + at, incoming_.data() + at, rows, cudaMemcpyDeviceToDevice, stream_));
      }
      sync();  // `mask` is the caller's pageable memory
    }
  }

  // On the compute stream too, in order with the steps.
  void set_links(const float* q, const Box& b) override {
    serve_snapshot();
    ++state_;  // the fields of the state before are stale
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t stride = std::size_t(lay_.stride);
    if (links_.size() != stride * L::Q) links_ = cuda::DeviceBuffer<float>(stride * L::Q);
    const int h = lay_.halo, hz = lay_.hz;
    const int y0 = std::max(b.y0, -h), y1 = std::min(b.y1, dom_.ny + h);
    const int z0 = std::max(b.z0, -hz), z1 = std::min(b.z1, dom_.nz + hz);
    if (y1 <= y0 || z1 <= z0) return;
    const std::size_t rows = std::size_t(y1 - y0) * lay_.pitch;
    for (int i = 0; i < L::Q; ++i)
      for (int z = z0; z < z1; ++z) {
        const std::size_t at = i * stride + std::size_t(lay_.site(-lay_.xoff, y0, z));
        PLUME_CUDA_CHECK(cudaMemcpyAsync(links_.data() + at, q + at, rows * sizeof(float), cudaMemcpyHostToDevice,
                                         stream_));
      }
    sync();  // `q` is the caller's pageable memory
  }

  // --- one tile of a decomposed lattice (HaloOps) ---

  bool device_memory() const override { return true; }

  void setup_halos(const parallel::HaloPlan& plan, HaloMemory mem) override {
    serve_snapshot();
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    plan_ = plan;
    if (in_place_ && !parallel::sends_what_it_receives(plan))
      throw std::logic_error("in-place streaming: a face of this tile receives other slabs than it sends");
    host_ = mem == HaloMemory::Host;
    const LatticeInfo lat = describe_lattice<L>();
    stream_ordered_ = mem == HaloMemory::DeviceStream || mem == HaloMemory::DevicePeer;
    // Faces copied state to state: two buffers only (in place, a slab's plane depends on the
    // state's map, and returning exchanges move halo slabs). PLUME_IPC_PACKED (set: every face
    // packed and unpacked, as before) is a measurement switch.
    static const bool packed = std::getenv("PLUME_IPC_PACKED") != nullptr;
    const bool direct = mem == HaloMemory::DevicePeer && !in_place_ && !packed;
    states_ = {a_.data(), b_.data()};
    if (!halo_stream_) {
      // Ahead of the bulk kernel's waiting blocks: the halos are on the step's critical path.
      halo_stream_ = cuda_detail::highest_priority_stream();
      PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&halo_ready_, cudaEventDisableTiming));
      PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&step_done_, cudaEventDisableTiming));
    }
    for (int f = 0; f < parallel::kFaces; ++f) {
      const parallel::FacePlan& fp = plan.face[f];
      FaceBuffers& face = faces_[f];
      face = FaceBuffers{};
      if (fp.peer.link != parallel::Link::Remote) continue;
      if (direct && parallel::direct_slabs(lay_, fp, parallel::axis_of(parallel::Face(f)),
                                           offsets_[int(PlaneMap::Plain)].at, sizeof(Real), face.direct)) {
        face.direct.state = states_;
        continue;  // no buffers
      }
      face.values = fp.values();
      for (int dir = 0; dir < 2; ++dir) {
        const std::vector<parallel::HaloSlab>& slabs = dir == 0 ? fp.send : fp.recv;
        std::vector<int2> packed(slabs.size());
        // In place, slab (i, layer) moves slot opposite(i): the swapped state's pulls read it.
        for (std::size_t k = 0; k < slabs.size(); ++k)
          packed[k] = make_int2(in_place_ ? opposite_plane(lat, slabs[k].pop) : slabs[k].pop, slabs[k].layer);
        face.slabs[dir] = cuda::DeviceBuffer<int2>(packed.size());
        PLUME_CUDA_CHECK(cudaMemcpy(face.slabs[dir].data(), packed.data(), face.slabs[dir].bytes(),
                                    cudaMemcpyHostToDevice));
        face.device[dir] = cuda::DeviceBuffer<Real>(face.values);
        if (host_) face.host[dir] = cuda_detail::PinnedBuffer(face.values * sizeof(Real));
      }
    }
    tile_ = true;
  }

  HaloBuffer halo_buffer(parallel::Face f) override {
    FaceBuffers& face = faces_[f];
    if (host_) return {face.host[0].data(), face.host[1].data(), face.values * sizeof(Real), nullptr, {}};
    return {face.device[0].data(), face.device[1].data(), face.values * sizeof(Real), halo_stream_, face.direct};
  }

  int state_buffer() const override { return a_.data() == states_[0] ? 0 : 1; }

  // Reads the current state's boundary layers while the compute stream may be running a bulk
  // kernel (which only reads the interior): both only read. In place the bulk writes the buffer
  // too, but only slots of its own sites' populations: packing a fetch reads the boundary
  // layers' slots that the sites beyond the face pull, which no bulk site writes; returning, it
  // reads halo slots.
  void pack(parallel::Face f) override {
    timeline_.mark(cuda::StepTimeline::PackStart, halo_stream_);
    if (faces_[f].direct.any()) return;  // the transport reads the state itself
    move_slabs<true>(f);
    if (host_)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(faces_[f].host[0].data(), faces_[f].device[0].data(),
                                       faces_[f].device[0].bytes(), cudaMemcpyDeviceToHost, halo_stream_));
    if (!stream_ordered_) PLUME_CUDA_CHECK(cudaStreamSynchronize(halo_stream_));
  }

  void unpack(parallel::Face f) override {
    timeline_.mark(cuda::StepTimeline::UnpackStart, halo_stream_);
    ++state_;  // the fields of the state before are stale
    if (host_)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(faces_[f].device[1].data(), faces_[f].host[1].data(),
                                       faces_[f].device[1].bytes(), cudaMemcpyHostToDevice, halo_stream_));
    if (!faces_[f].direct.any()) move_slabs<false>(f);  // else the message is in the halo layers already
    halo_written();
  }

  // Along the axes this tile spans (both its faces there Self), the kernels that read across a
  // single block's periodic boundaries (cuda::wrap_for) read across the tile's: the step, the
  // fields and the sums get the Wrap (step_args), and the exchange copies no halo along them. Not
  // in place, where the steps push into the halos too.
  bool reads_across(int axis) const override { return tile_wrap().n[axis] != 0; }

  void copy_periodic(int axis) override {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    launch_periodic(axis, halo_stream_);
    halo_written();
  }

  // On the compute stream, and complete when it returns: pack() reads the state on the halo stream.
  void pre_step() override {
    if (launch_pre_step()) {
      ++state_;
      sync();
    }
  }

  void update(const Box& b) override {
    if (b.empty()) return;
    timeline_.mark(cuda::StepTimeline::BulkStart, stream_);
    cuda::launch_box_step<M>(step_args(), b, stream_);
    timeline_.mark(cuda::StepTimeline::BulkEnd, stream_);
  }

  // On the halo stream, after the unpacking: the borders run beside the bulk's last blocks, not
  // after them (their launches were the fixed cost of a decomposed step that no bulk hid). In
  // place on the compute stream, after the bulk, as before. PLUME_BORDERS_AFTER_BULK (set: there
  // with two buffers too) is a measurement switch.
  void update_border(const Box& b) override {
    static const bool after_bulk = std::getenv("PLUME_BORDERS_AFTER_BULK") != nullptr;
    if (b.empty()) return;
    const cudaStream_t s = in_place_ || after_bulk ? stream_ : halo_stream_;
    timeline_.mark(cuda::StepTimeline::BorderStart, s);
    cuda::launch_box_step<M>(step_args(), b, s);
  }

  // With NCCL (stream-ordered messages) the host does not wait: the next exchange's packing waits
  // on the halo stream for this step's updates, and the host queues the next step while this one
  // runs, so that no launch of a step waits for the one before to end (wait_steps() waits).
  // PLUME_SYNC_SWAP (set: the host waits every step, as every other transport needs) is a
  // measurement switch.
  void swap() override {
    static const bool host_waits = std::getenv("PLUME_SYNC_SWAP") != nullptr;
    timeline_.mark(cuda::StepTimeline::HaloEnd, halo_stream_);
    timeline_.mark(cuda::StepTimeline::ComputeEnd, stream_);
    timeline_.next_step();
    if (stream_ordered_ && !host_waits) {
      // Both streams past the bulk and the borders.
      PLUME_CUDA_CHECK(cudaEventRecord(step_done_, stream_));
      PLUME_CUDA_CHECK(cudaStreamWaitEvent(halo_stream_, step_done_, 0));
      halo_written();
    } else {
      PLUME_CUDA_CHECK(cudaStreamSynchronize(halo_stream_));
      sync();
    }
    next_state();
  }

  bool halos_return() const override { return map_ == PlaneMap::Shifted; }

  // update() only launches: the host polls the network while the bulk kernel runs.
  int bulk_pieces() const override { return 1; }

 private:
  void sync() { PLUME_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

  // A snapshot of the current state, to the host (request_fields) or kept on the device
  // (request_device_fields). Where the step kernel writes the fields of the state it reads
  // (cuda::steps_write_fields: the models' row kernels; a single block, whose step runs no model
  // pass before it), the next step makes it: the populations are read once, not once more by the
  // fields kernel. Until then it is pending, and whatever else reads or changes the state
  // first makes it with the fields kernel (serve_snapshot): the same bits either way
  // (GpuFieldsHandOff tests).
  enum class Snapshot { None, Host, Device };
  void request(Snapshot what) {
    pending_ = Snapshot::None;  // a new request replaces one still waiting for its step
    if (fields_state_ != state_ && step_can_snapshot())
      pending_ = what;
    else
      start_snapshot(what);
  }
  // PLUME_FIELDS_KERNEL_SNAPSHOTS (set: every snapshot by the fields kernel) is a measurement
  // switch, to compare the two ways in one build (docs/benchmarks.md).
  bool step_can_snapshot() const {
    if constexpr (!cuda::steps_write_fields<M, Real>) {
      return false;
    } else {
      static const bool kernel_only = std::getenv("PLUME_FIELDS_KERNEL_SNAPSHOTS") != nullptr;
      if constexpr (has_pre_step<M>::value)
        if (!M::pre_step_box(params_, dom_).empty()) return false;
      return !tile_ && !kernel_only;
    }
  }
  void serve_snapshot() {
    if (pending_ != Snapshot::None) start_snapshot(std::exchange(pending_, Snapshot::None));
  }
  // The fields (unless fields_ holds them already), the fault check (unless the step that wrote
  // them counted the bad sites: `counted`), then the host copy or the device request's fault
  // record, each stream ordered after the fields through fields_done_.
  void start_snapshot(Snapshot what, bool counted = false) {
    launch_fields();
    if (counted)
      launch_fault_site();
    else
      launch_fault_check();  // the snapshot's health, checked on the device before its copy
    PLUME_CUDA_CHECK(cudaEventRecord(fields_done_, stream_));
    // A tile's next exchange rewrites these halos on the halo stream: after the kernel read them.
    if (halo_stream_) PLUME_CUDA_CHECK(cudaStreamWaitEvent(halo_stream_, fields_done_, 0));
    if (what == Snapshot::Host) {
      // The previous snapshot's copy comes first on the copy stream: the host's reference to it
      // ends with the request (backend.hpp), and its bytes are overwritten only after it arrived.
      PLUME_CUDA_CHECK(cudaStreamWaitEvent(copy_stream_, fields_done_, 0));
      copy_fields(snapshot_, copy_stream_);
      copy_snapshot_fault(copy_stream_);
      PLUME_CUDA_CHECK(cudaEventRecord(copy_done_, copy_stream_));
    } else {
      PLUME_CUDA_CHECK(cudaStreamWaitEvent(reduce_stream_, fields_done_, 0));
      copy_snapshot_fault(reduce_stream_);
      PLUME_CUDA_CHECK(cudaEventRecord(reduce_done_, reduce_stream_));
    }
  }
  // The current state, the next one and the solid sites, as the model's per-site code sees them.
  // A tile's reads across the boundaries it spans (reads_across); a single block's step sets its
  // own (step_async).
  StepArgs<Real, typename M::Params> step_args() {
    return {planes_of<const Real>(a_.data(), offsets_[int(map_)], L::Q),
            planes_of(in_place_ ? a_.data() : b_.data(), offsets_[int(after_step(map_))], L::Q), lay_, dom_, params_,
            solid_.size() ? solid_.data() : nullptr, links_.size() ? links_.data() : nullptr, tile_wrap(),
            Wrap{}};
  }
  // PLUME_FILL_HALOS (set: every ghost filled and read, with two buffers too, one block or tiles)
  // is a measurement switch.
  static bool fill_halos() {
    static const bool fill = std::getenv("PLUME_FILL_HALOS") != nullptr;
    return fill;
  }
  // In place on one block, the axes along which the steps into the shifted way push across the
  // periodic boundaries (StepArgs::push): those it reads across, for a model that can
  // (Traits::pushes_across) and a run without solid sites, whose bounce-back reads a site's own
  // populations from the neighbours' slots (the ghosts, filled: settle_ghosts).
  Wrap push_wrap() const {
    if constexpr (has_pushes_across<M>::value) {
      if (in_place_ && !tile_ && !fill_halos() && !solid_.size() && M::pushes_across(params_))
        return cuda::wrap_for<M, Real>(params_, dom_);
    }
    return {};
  }
  // A shifted state that the last step pushed across (pushed_) has stale ghost sites, where the
  // code that reads or writes a site's populations by the plane offsets (the fields and the sums,
  // the populations' and sites' copies, solids drawn) expects the values that slots beyond the
  // block's boundaries hold: copied there from their images, before any such code. The state is
  // then the one that pushing into the ghosts leaves (what a step without pushes across returns).
  void settle_ghosts() {
    if (!pushed_.any()) return;
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    for (int a = 0; a < L::D; ++a)
      if (pushed_.n[a] != 0) launch_periodic(a, stream_, true);
    pushed_ = {};
  }
  Wrap tile_wrap() const {
    if (!tile_ || in_place_ || fill_halos()) return {};
    Wrap w = cuda::wrap_for<M, Real>(params_, dom_);
    for (int a = 0; a < 3; ++a)
      if (plan_.face[2 * a].peer.link != parallel::Link::Self) w.n[a] = 0;
    return w;
  }
  // The current state's populations, to change them in place.
  Planes<Real> current() { return planes_of(a_.data(), offsets_[int(map_)], L::Q); }
  // After a step: the next state becomes the current one.
  void next_state() {
    ++state_;  // the fields of the state before are stale
    if (in_place_)
      map_ = after_step(map_);
    else
      std::swap(a_, b_);
  }
  // Offset of population i's values of layer z, row 0, column 0 in the current state's buffer.
  long long plane_offset(int i, int z) const { return offsets_[int(map_)][i] + lay_.site(0, 0, z); }
  std::size_t sites() const { return std::size_t(dom_.sites()); }

  void open_reduce_stream() {
    if (!reduce_stream_) {
      // The device's highest priority: the snapshot's reductions run beside queued steps, and the
      // host waits for them; at the default priority their blocks would wait for a step's to drain.
      reduce_stream_ = cuda_detail::highest_priority_stream();
      PLUME_CUDA_CHECK(cudaEventCreateWithFlags(&reduce_done_, cudaEventDisableTiming));
      reduce_host_ = cuda_detail::PinnedBuffer(sizeof(FieldRange) + cuda::kMaxValues * sizeof(double));
    }
  }

  // The sites of the requested snapshot's fields (a request has recorded fields_done_); the
  // reduction stream, made on first use, ordered after that snapshot's fields kernel.
  std::size_t snapshot_sites() {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (!fields_done_ || fields_.size() != M::kFields * sites()) throw std::logic_error("no fields were requested");
    open_reduce_stream();
    PLUME_CUDA_CHECK(cudaStreamWaitEvent(reduce_stream_, fields_done_, 0));
    return sites();
  }

  // The model's pass before a step, on the compute stream; whether there was one.
  bool launch_pre_step() {
    if constexpr (has_pre_step<M>::value) {
      const Box b = M::pre_step_box(params_, dom_);
      if (b.empty()) return false;
      const long long rows = (long long)(b.y1 - b.y0) * (b.z1 - b.z0);
      cuda::pre_step_kernel<M, Real><<<dim3((b.x1 - b.x0 + 127) / 128, unsigned(std::min<long long>(rows, 65535))), 128,
                                       0, stream_>>>(current(), lay_, dom_, params_,
                                                     solid_.size() ? solid_.data() : nullptr, b.x0, b.x1, b.y0, b.y1,
                                                     b.z0, b.z1);
      PLUME_CUDA_CHECK_LAUNCH();
      return true;
    }
    return false;
  }

  // A single block's periodic halos, on the compute stream before the step or the fields that
  // read them. A 2-D lattice periodic in x has a fast path that copies only what the pull reads
  // (two buffers). When the halos hold pushed values (in place), copies back in reverse axis
  // order (HaloOps::halos_return).
  // Not along the axes that `wrap` names (the step reads across those boundaries itself).
  void fill_periodic_halos(const Wrap& wrap = {}) {
    const parallel::Periodic p = M::periodic(params_);
    if constexpr (L::D == 2) {
      if (p[0] && !in_place_ && wrap.n[0] == 0) return cuda::launch_halo<L>(a_.data(), lay_, p[1], stream_);
    }
    for (int k = 0; k < L::D; ++k) {
      const int a = halos_return() ? L::D - 1 - k : k;
      if (p[a] && wrap.n[a] == 0) launch_periodic(a, stream_);
    }
  }

  // `mirror`: a shifted state's images into its ghosts (settle_ghosts).
  void launch_periodic(int axis, cudaStream_t s, bool mirror = false) {
    const parallel::PeriodicCopy c = parallel::periodic_copy(lay_, axis);
    static const bool per_site = std::getenv("PLUME_X_HALO_PER_SITE") != nullptr;  // a measurement switch
    if (axis == 0 && map_ != PlaneMap::Shifted && !per_site && cuda::x_sectors_fit(lay_, int(sizeof(Real)))) {
      const long long n = 2LL * cuda::sector_sites<Real>() * c.positions();
      cuda::periodic_x_sectors_kernel<L, Real><<<unsigned((n + 127) / 128), 128, 0, s>>>(a_.data(), lay_, c, map_);
      PLUME_CUDA_CHECK_LAUNCH();
      return;
    }
    const long long n = 2LL * c.depth * c.positions();
    cuda::periodic_axis_kernel<L, Real><<<unsigned((n + 127) / 128), 128, 0, s>>>(a_.data(), lay_, c, map_, mirror);
    PLUME_CUDA_CHECK_LAUNCH();
  }

  // fields_, sized for this block, once free on the compute stream: after any copy of an earlier
  // snapshot out of it has ended.
  double* free_fields() {
    const std::size_t n = sites();
    if (fields_.size() != M::kFields * n) {
      fields_ = cuda::DeviceBuffer<double>();
      cuda_detail::check_fits(M::kFields * n * sizeof(double), "the fields of a " + std::to_string(dom_.nx) + " x " +
                                                                   std::to_string(dom_.ny) + " block", dev_, prop_);
      fields_ = cuda::DeviceBuffer<double>(M::kFields * n);
    }
    if (copy_done_) PLUME_CUDA_CHECK(cudaStreamWaitEvent(stream_, copy_done_, 0));
    return fields_.data();
  }

  // Fields of the current state into fields_ (device), on the compute stream.
  // Nothing to launch when fields_ already holds the current state's: a run's health check, its
  // diagnostics and its output at one step share one fields kernel.
  void launch_fields() {
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    if (fields_state_ == state_) return;
    double* out = free_fields();
    settle_ghosts();
    if (!tile_) fill_periodic_halos();
    const long long rows = (long long)dom_.ny * dom_.nz;
    cuda::fields_kernel<M, Real><<<dim3((dom_.nx + 127) / 128, unsigned(std::min<long long>(rows, 65535))), 128, 0,
                                   stream_>>>(step_args(), out);
    PLUME_CUDA_CHECK_LAUNCH();
    fields_state_ = state_;
  }

  // fields_ -> out (host) on stream s, without waiting.
  void copy_fields(Fields& out, cudaStream_t s) {
    const std::size_t n = sites();
    out.resize(M::model(), dom_.nx, dom_.ny, dom_.nz);
    out.x0 = dom_.x0;
    out.y0 = dom_.y0;
    out.z0 = dom_.z0;
    out.NX = dom_.NX;
    out.NY = dom_.NY;
    out.NZ = dom_.NZ;
    for (int k = 0; k < M::kFields; ++k)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(out.data(k), fields_.data() + k * n, n * sizeof(double), cudaMemcpyDeviceToHost, s));
  }

  // The fault check of fields_ into fault_, on the compute stream after the fields kernel: the
  // record reset, the bad sites counted, then what is wrong at the first.
  void launch_fault_check() {
    cuda::FaultRecord* rec = reset_fault();
    const long long n = (long long)sites();
    const unsigned blocks = unsigned(std::max(1LL, std::min<long long>((n + 255) / 256, 8LL * prop_.multiProcessorCount)));
    cuda::fault_kernel<<<blocks, 256, 0, stream_>>>(fields_.data(), n, rule_, rec);
    PLUME_CUDA_CHECK_LAUNCH();
    launch_fault_site();
  }
  cuda::FaultRecord* reset_fault() {
    if (!fault_.size()) fault_ = cuda::DeviceBuffer<cuda::FaultRecord>(1);
    cuda::fault_reset_kernel<<<1, 1, 0, stream_>>>(fault_.data());
    PLUME_CUDA_CHECK_LAUNCH();
    return fault_.data();
  }
  void launch_fault_site() {
    cuda::fault_site_kernel<<<1, 1, 0, stream_>>>(fields_.data(), (long long)sites(), rule_, fault_.data());
    PLUME_CUDA_CHECK_LAUNCH();
  }

  // The snapshot's fault record into pinned host memory on stream s (request_fields' copy stream).
  void copy_snapshot_fault(cudaStream_t s) {
    if (!snapshot_fault_host_.data()) snapshot_fault_host_ = cuda_detail::PinnedBuffer(sizeof(cuda::FaultRecord));
    PLUME_CUDA_CHECK(cudaMemcpyAsync(snapshot_fault_host_.data(), fault_.data(), sizeof(cuda::FaultRecord),
                                     cudaMemcpyDeviceToHost, s));
  }

  // A fault record of this block as a Fault (global coordinates; the step is the Solver's).
  std::optional<Fault> to_fault(const cuda::FaultRecord& r) const {
    if (r.count == 0) return std::nullopt;
    const long long i = (long long)r.first;
    Fault f;
    f.x = dom_.x0 + int(i % dom_.nx);
    f.y = dom_.y0 + int(i / dom_.nx % dom_.ny);
    f.z = dom_.z0 + int(i / dom_.nx / dom_.ny);
    f.field = M::field_list[r.field].name;
    f.value = r.value;
    f.count = (long long)r.count;
    return f;
  }

  // ToValues: the listed sites' populations -> values (host); else values -> the sites. On the
  // compute stream, in order with the steps; complete on return.
  template <bool ToValues>
  void move_sites(const std::vector<Site>& sites, std::conditional_t<ToValues, double*, const double*> values) {
    settle_ghosts();
    PLUME_CUDA_CHECK(cudaSetDevice(dev_));
    const std::size_t n = sites.size() * L::Q;
    cuda::DeviceBuffer<Site> at(sites.size());
    cuda::DeviceBuffer<double> device(n);
    PLUME_CUDA_CHECK(cudaMemcpyAsync(at.data(), sites.data(), at.bytes(), cudaMemcpyHostToDevice, stream_));
    if constexpr (!ToValues)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(device.data(), values, device.bytes(), cudaMemcpyHostToDevice, stream_));
    cuda::sites_kernel<Real, ToValues><<<unsigned((n + 255) / 256), 256, 0, stream_>>>(
        a_.data(), offsets_[int(map_)], lay_, at.data(), int(sites.size()), L::Q, device.data());
    PLUME_CUDA_CHECK_LAUNCH();
    if constexpr (ToValues)
      PLUME_CUDA_CHECK(cudaMemcpyAsync(values, device.data(), device.bytes(), cudaMemcpyDeviceToHost, stream_));
    sync();
  }

  // Packing reads the send slabs into the send buffer, unpacking the receive buffer into the
  // receive slabs; returning pushed values (halos_return), packing reads the receive slabs
  // (halo) and unpacking writes the send slabs (boundary).
  template <bool ToBuffer>
  void move_slabs(parallel::Face f) {
    const parallel::FacePlan& fp = plan_.face[f];
    FaceBuffers& face = faces_[f];
    const int dir = ToBuffer ? 0 : 1, list = ToBuffer != halos_return() ? 0 : 1;
    const int nslab = int(face.slabs[list].size());
    const long long n = (long long)nslab * fp.positions();
    if (n == 0) return;
    cuda::move_slabs_kernel<Real, ToBuffer><<<unsigned((n + 255) / 256), 256, 0, halo_stream_>>>(
        a_.data(), lay_, face.slabs[list].data(), nslab, parallel::axis_of(f), make_int2(fp.begin[0], fp.begin[1]),
        make_int2(fp.length[0], fp.length[1]), face.device[dir].data());
    PLUME_CUDA_CHECK_LAUNCH();
  }

  // The halo stream wrote halo layers: whatever the compute stream launches from now on (borders,
  // the bulk next to a periodic edge, the fields) starts after it.
  void halo_written() {
    PLUME_CUDA_CHECK(cudaEventRecord(halo_ready_, halo_stream_));
    PLUME_CUDA_CHECK(cudaStreamWaitEvent(stream_, halo_ready_, 0));
  }

  // One Remote face: slab lists, device buffers and (host staging) pinned buffers; [0] send, [1] receive.
  struct FaceBuffers {
    parallel::DirectSlabs direct;  // a face copied state to state: no buffers
    std::size_t values = 0;
    std::array<cuda::DeviceBuffer<int2>, 2> slabs;
    std::array<cuda::DeviceBuffer<Real>, 2> device;
    std::array<cuda_detail::PinnedBuffer, 2> host;
  };

  Domain dom_;
  Setup setup_;
  typename M::Params params_;
  Layout lay_;
  int dev_;
  cudaDeviceProp prop_{};
  bool in_place_;                   // one population buffer (planes.hpp)
  PlaneOffsets offsets_[3];         // of each PlaneMap
  PlaneMap map_;                    // how a_ holds the current state
  Wrap pushed_;                     // the axes the last step pushed across (push_wrap, settle_ghosts)
  cuda::StepTimeline timeline_;     // PLUME_STEP_TIMELINE: a tile's steps, timed
  cuda::DeviceBuffer<Real> a_, b_;  // current and next populations; in place only a_
  cuda::DeviceBuffer<double> fields_;
  cuda::DeviceBuffer<double> sums_;  // site_sums(): the sums, then each block's partial sums
  cuda::DeviceBuffer<double> row_sums_;  // row_sums(): per row, the field sums, own sums and extremes
  cuda::DeviceBuffer<cuda::FaultRecord> fault_;  // the last fault check (find_fault, request_fields)
  const FaultRule rule_ = fault_rule(M::model().fields());  // what the fault check looks for
  cuda_detail::PinnedBuffer snapshot_fault_host_;  // the snapshot's fault record, copied beside its fields
  cuda::DeviceBuffer<std::uint8_t> solid_, incoming_;  // StepArgs::solid (empty: none); set_solids' new rows
  cuda::DeviceBuffer<float> links_;                    // StepArgs::links (empty: none)
  // The asynchronous snapshot: host arrays pinned once (cudaHostRegister), their copy stream and
  // the events that order kernel -> copy -> next kernel.
  Fields snapshot_;
  bool snapshot_pinned_ = false;
  // Counts the changes of the current state (steps, halos received, populations, solids,
  // parameters); fields_ holds the fields of state fields_state_.
  std::uint64_t state_ = 1, fields_state_ = 0;
  cudaStream_t copy_stream_ = nullptr;
  cudaEvent_t fields_done_ = nullptr, copy_done_ = nullptr;
  Snapshot pending_ = Snapshot::None;  // a request that the next step makes (request())
  cudaStream_t stream_ = nullptr;  // compute: initial state, steps, boxes, fields, population copies
  // The snapshot's reductions beside the steps (request_device_fields, snapshot_range/_values):
  // their stream, the end of a device request's fault record copy, the results' pinned memory.
  cudaStream_t reduce_stream_ = nullptr;
  cudaEvent_t reduce_done_ = nullptr;
  cuda_detail::PinnedBuffer reduce_host_;
  cuda::DeviceBuffer<FieldRange> range_;  // the range, then each block's
  cuda::DeviceBuffer<double> values_;
  // One tile of a decomposed lattice.
  bool tile_ = false;
  bool host_ = true;  // halo messages through pinned host buffers (else device buffers)
  parallel::HaloPlan plan_;
  std::array<FaceBuffers, parallel::kFaces> faces_;
  std::array<void*, 2> states_{};  // a_ and b_ as the tile was set up (state_buffer)
  cudaStream_t halo_stream_ = nullptr;  // packing, unpacking, staging copies, NCCL
  bool stream_ordered_ = false;         // the transport queues its messages on halo_stream_
  cudaEvent_t halo_ready_ = nullptr;
  cudaEvent_t step_done_ = nullptr;  // a stream-ordered tile's step, for the next exchange (swap)
};

// The backend for traits M in the precision asked for.
template <class M>
std::unique_ptr<Backend> make_cuda_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st, int device) {
  static_assert(ModelContract<M>::value && GpuTuningContract<M>::value);
  if (p == Precision::FP32) return std::make_unique<CudaBackend<M, float>>(d, s, st, device);
  return std::make_unique<CudaBackend<M, double>>(d, s, st, device);
}

}  // namespace plume

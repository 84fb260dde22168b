// CPU backend of any model: OpenMP over rows, the model's per-site code inside. Instantiated
// (make_cpu_backend<Traits>) for a model's traits type M, which provides what
// plume/model_contract.hpp states (solver/models/d2q37/model.hpp is the example).
#pragma once
#include <omp.h>
#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>
#include "../aligned_buffer.hpp"
#include "backend.hpp"
#include "plume/grid/planes.hpp"
#include "plume/grid/step_args.hpp"
#include "plume/model_contract.hpp"
#include "plume/parallel/halo_plan.hpp"

namespace plume {

template <class M, class Real>
class CpuBackend final : public Backend, public HaloOps {
  using L = typename M::Lattice;
  using Setup = typename M::Setup;

 public:
  CpuBackend(const Domain& d, const AnySetup& s, Streaming st, int threads)
      : dom_(d), setup_(s.as<Setup>()), params_(M::params(setup_)),
        lay_(make_layout(d.nx, d.ny, d.nz, parallel::halo_width<L>(0), parallel::halo_width<L>(2), L::Q, sizeof(Real))),
        in_place_(st == Streaming::InPlace), a_(lay_.elements()), b_(in_place_ ? 0 : lay_.elements()),
        threads_(threads > 0 ? threads : omp_get_max_threads()) {
    static_assert(L::Q <= PlaneOffsets::kMaxQ, "more populations than Planes holds");
    const LatticeInfo lat = describe_lattice<L>();
    for (int m = 0; m < 3; ++m) offsets_[m] = plane_offsets(lat, lay_, PlaneMap(m));
    map_ = in_place_ ? PlaneMap::Swapped : PlaneMap::Plain;
  }

  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, OpenMP, " + std::to_string(threads_) + " thread" + (threads_ == 1 ? "" : "s") + ", " +
           (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage" + (in_place_ ? ", in-place streaming" : "");
  }
  const Layout& layout() const override { return lay_; }
  void set_setup(const AnySetup& s) override {
    setup_ = s.as<Setup>();
    params_ = M::params(setup_);
    ++state_;
  }

  // The case, column by column (a column's recurrence runs from its first row).
  void initialize() override {
    if (in_place_) map_ = PlaneMap::Swapped;  // every site's populations in its own slots
    const Planes<Real> at = current();
    const Layout l = lay_;
    const Domain d = dom_;
    const Setup s = setup_;
#pragma omp parallel for collapse(2) schedule(static) num_threads(threads_)
    for (int z = 0; z < d.nz; ++z)
      for (int x = 0; x < d.nx; ++x)
        M::initial_column(s, d, x, z, [&](int y, const typename M::SiteState& st) { M::initial_site(at, l, x, y, z, st); });
    ++state_;
  }

  void step(long n) override {
    for (long s = 0; s < n; ++s) {
      pre_step();
      fill_periodic_halos();
      update(Box::of(dom_));
      swap();
    }
  }

  void fields(Fields& out) override {
    if (!tile_) fill_periodic_halos();
    out.resize(M::model(), dom_.nx, dom_.ny, dom_.nz);
    out.x0 = dom_.x0;
    out.y0 = dom_.y0;
    out.z0 = dom_.z0;
    out.NX = dom_.NX;
    out.NY = dom_.NY;
    out.NZ = dom_.NZ;
    double* dst[M::kFields];
    for (int k = 0; k < M::kFields; ++k) dst[k] = out.data(k);
    const StepArgs<Real, typename M::Params> args = step_args();
    const long long plane = (long long)dom_.nx * dom_.ny;
#pragma omp parallel for collapse(2) schedule(static) num_threads(threads_)
    for (int z = 0; z < dom_.nz; ++z)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x) {
          double v[M::kFields];
          M::fields(args, x, y, z, v);
          const long long k = z * plane + (long long)y * dom_.nx + x;
          for (int c = 0; c < M::kFields; ++c) dst[c][k] = v[c];
        }
  }

  // Nothing runs beside the host here: the snapshot is complete when requested.
  void request_fields() override { fields(snapshot_); }
  bool fields_ready() override { return true; }
  const Fields& wait_fields() override { return snapshot_; }

  std::vector<double> site_sums() override {
    if constexpr (!has_sums<M>::value) {
      return {};
    } else {
      if (!tile_) fill_periodic_halos();
      constexpr int K = M::kSums;
      const int ny = dom_.ny, rows = dom_.ny * dom_.nz;
      std::vector<double> row_sums(std::size_t(rows) * K, 0.0);
      const StepArgs<Real, typename M::Params> args = step_args();
#pragma omp parallel for schedule(static) num_threads(threads_)
      for (int r = 0; r < rows; ++r)
        for (int x = 0; x < dom_.nx; ++x) {
          double v[M::kFields];
          M::fields(args, x, r % ny, r / ny, v);
          M::add_sums(v, &row_sums[std::size_t(r) * K]);
        }
      // The rows in order, whatever the threads did: the same bits with any thread count.
      std::vector<double> out(K, 0.0);
      for (int r = 0; r < rows; ++r)
        for (int k = 0; k < K; ++k) out[k] += row_sums[std::size_t(r) * K + k];
      return out;
    }
  }

  // The populations are on the host: the host code over the current fields (reductions.hpp).
  // The fields of a state are computed once for both (a run's health check and diagnostics at the
  // same step).
  RowSums row_sums() override { return plume::row_sums(reduced(), dom_); }
  std::optional<Fault> find_fault() override { return plume::find_fault(reduced(), 0); }
  std::optional<Fault> snapshot_fault() override {
    if (!snapshot_.has_model()) return std::nullopt;  // none requested
    return plume::find_fault(snapshot_, 0);
  }

  FieldRange snapshot_range(const FieldFormula& v, const Box& b, int mask) override {
    return plume::field_range(requested(), v, b, mask);
  }
  void snapshot_values(const FieldFormula* v, int n, int x, int y, int z, double* out) override {
    plume::field_values(requested(), v, n, x, y, z, out);
  }
  const Fields& requested() const {
    if (!snapshot_.has_model()) throw std::logic_error("no fields were requested");
    return snapshot_;
  }

  const Fields& reduced() {
    if (reduced_state_ != state_) {
      fields(reduced_);
      reduced_state_ = state_;
    }
    return reduced_;
  }

  void read_populations(double* out) override {
    const Real* f = a_.data();
    for_interior([&](std::size_t canonical, long long stored) { out[canonical] = double(f[stored]); });
  }
  void write_populations(const double* in) override {
    ++state_;  // the fields of the state before are stale
    if (in_place_) map_ = PlaneMap::Swapped;  // a whole new state: in the sites' own slots
    Real* f = a_.data();
    for_interior([&](std::size_t canonical, long long stored) { f[stored] = Real(in[canonical]); });
  }

  void read_sites(const std::vector<Site>& sites, double* out) override {
    const PlaneOffsets& at = offsets_[int(map_)];
    for (std::size_t k = 0; k < sites.size(); ++k)
      for (int i = 0; i < L::Q; ++i) out[k * L::Q + i] = double(a_.data()[at[i] + lay_.site(sites[k].x, sites[k].y, sites[k].z)]);
  }
  void write_sites(const std::vector<Site>& sites, const double* in) override {
    ++state_;  // the fields of the state before are stale
    const PlaneOffsets& at = offsets_[int(map_)];
    for (std::size_t k = 0; k < sites.size(); ++k)
      for (int i = 0; i < L::Q; ++i) a_.data()[at[i] + lay_.site(sites[k].x, sites[k].y, sites[k].z)] = Real(in[k * L::Q + i]);
  }

  HaloOps* halo_ops() override { return this; }

  // For a model's own step, in a backend that wraps this one and replaces step() (the diffusion
  // model's implicit scheme, diffusion/implicit_cpu.cpp): the current state's planes (layout()),
  // to be rewritten in place. The call counts as a change of the state: the fields of the state
  // before are stale.
  Planes<Real> state_to_rewrite() {
    ++state_;
    return current();
  }

  void set_solids(const std::uint8_t* mask, const Box& b) override {
    ++state_;  // the fields of the state before are stale
    if constexpr (!has_solids<M>::value) {
      throw std::logic_error("model " + M::model().name() + " has no solid sites");
    } else {
      if (solid_.empty()) solid_.assign(std::size_t(lay_.stride), 0);
      // Sites that turn fluid start afresh: a solid site's populations mean nothing to the flow.
      const typename M::SiteState st = M::fluid_state(setup_);
      for (int z = std::max(b.z0, 0); z < std::min(b.z1, dom_.nz); ++z)
        for (int y = std::max(b.y0, 0); y < std::min(b.y1, dom_.ny); ++y)
          for (int x = std::max(b.x0, 0); x < std::min(b.x1, dom_.nx); ++x) {
            const int s = lay_.site(x, y, z);
            if (solid_[s] && !mask[s]) M::initial_site(current(), lay_, x, y, z, st);
          }
      for_mask_rows(b, [&](std::size_t at, std::size_t n) { std::copy_n(mask + at, n, solid_.data() + at); });
    }
  }

  void set_links(const float* q, const Box& b) override {
    ++state_;  // the fields of the state before are stale
    const std::size_t stride = std::size_t(lay_.stride);
    if (links_.empty()) links_.assign(stride * L::Q, 0.5f);
    for (int i = 0; i < L::Q; ++i)
      for_mask_rows(b, [&](std::size_t at, std::size_t n) {
        std::copy_n(q + i * stride + at, n, links_.data() + i * stride + at);
      });
  }

  // --- one tile of a decomposed lattice (HaloOps) ---

  void setup_halos(const parallel::HaloPlan& plan, HaloMemory) override {
    plan_ = plan;
    const LatticeInfo lat = describe_lattice<L>();
    for (int i = 0; i < L::Q; ++i) opposite_[i] = opposite_plane(lat, i);
    if (in_place_ && !parallel::sends_what_it_receives(plan))
      throw std::logic_error("in-place streaming: a face of this tile receives other slabs than it sends");
    for (int f = 0; f < parallel::kFaces; ++f) {
      const std::size_t n = plan.face[f].values();
      send_[f] = AlignedBuffer<Real>(n);
      recv_[f] = AlignedBuffer<Real>(n);
    }
    tile_ = true;
  }

  HaloBuffer halo_buffer(parallel::Face f) override {
    return {send_[f].data(), recv_[f].data(), send_[f].size() * sizeof(Real), nullptr, {}};
  }

  void pack(parallel::Face f) override { move_slabs(f, true); }
  void unpack(parallel::Face f) override {
    move_slabs(f, false);
    ++state_;
  }

  // The ghost layers of `axis` from the opposite edge, over the cross-section that includes the
  // earlier axes' halos, so that edges and corners come along. When the halos hold pushed values
  // (halos_return), the other way: slot i of a ghost at depth d goes back to its image where e_i
  // points that far across the face, the slots the sites next to the face pushed there (and
  // nothing else, which would overwrite what the image's own neighbours pushed).
  void copy_periodic(int axis) override {
    const parallel::PeriodicCopy c = parallel::periodic_copy(lay_, axis);
    const int n = int(2LL * c.depth * c.positions());
    Real* f = a_.data();
    const Layout l = lay_;
    const bool back = halos_return();
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int i = 0; i < L::Q; ++i) {
      Real* p = f + i * l.stride;
      const int e = L::e(i, axis);
      for (int k = 0; k < n; ++k) {
        int ghost, image, d;
        bool low;
        c.sites(l, k, ghost, image, low, d);
        if (!back)
          p[ghost] = p[image];
        else if ((low ? -e : e) >= d)
          p[image] = p[ghost];
      }
    }
  }

  bool halos_return() const override { return map_ == PlaneMap::Shifted; }

  void pre_step() override {
    if constexpr (has_pre_step<M>::value) {
      const Box b = M::pre_step_box(params_, dom_);
      const std::uint8_t* solid = solid_.empty() ? nullptr : solid_.data();
      const Planes<Real> f = current();
      for (int z = b.z0; z < b.z1; ++z)
        for (int y = b.y0; y < b.y1; ++y)
          for (int x = b.x0; x < b.x1; ++x) M::pre_step(f, lay_, dom_, params_, solid, x, y, z);
      ++state_;
    }
  }

  void update(const Box& b) override {
    if (b.empty()) return;
    dispatch_variant(std::make_integer_sequence<int, M::kVariants>{}, b);
  }

  // In place the buffer stays and the way it holds the state changes (planes.hpp).
  void swap() override {
    if (in_place_)
      map_ = after_step(map_);
    else
      std::swap(a_, b_);
    ++state_;
  }

  // update() is synchronous: the stepper polls MPI between pieces of the bulk.
  int bulk_pieces() const override { return 8; }

 private:
  // The current state, the next one and the solid sites, as the model's per-site code sees them.
  StepArgs<Real, typename M::Params> step_args() {
    return {planes_of<const Real>(a_.data(), offsets_[int(map_)], L::Q),
            planes_of(in_place_ ? a_.data() : b_.data(), offsets_[int(after_step(map_))], L::Q), lay_, dom_, params_,
            solid_.empty() ? nullptr : solid_.data(), links_.empty() ? nullptr : links_.data(), Wrap{},
            Wrap{}};
  }
  // The current state's populations, to change them in place.
  Planes<Real> current() { return planes_of(a_.data(), offsets_[int(map_)], L::Q); }

  // Calls copy(offset, length) for the mask rows that set_solids() takes from box b: whole layout
  // rows of b's rows and planes, kept inside the layout.
  template <class Copy>
  void for_mask_rows(const Box& b, Copy&& copy) const {
    const int h = lay_.halo, hz = lay_.hz;
    for (int z = std::max(b.z0, -hz); z < std::min(b.z1, dom_.nz + hz); ++z)
      for (int y = std::max(b.y0, -h); y < std::min(b.y1, dom_.ny + h); ++y)
        copy(std::size_t(lay_.site(-lay_.xoff, y, z)), std::size_t(lay_.pitch));
  }

  template <int V>
  void update_with(const Box& b) {
    const StepArgs<Real, typename M::Params> args = step_args();
#pragma omp parallel for collapse(2) schedule(static) num_threads(threads_)
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) M::template update<V>(args, x, y, z);
  }
  template <int... Vs>
  void dispatch_variant(std::integer_sequence<int, Vs...>, const Box& b) {
    const int v = M::variant(params_);
    ((v == Vs ? update_with<Vs>(b) : void()), ...);
  }

  // Single block: the halos of the periodic directions are copies of the opposite edge, in axis
  // order so that edges and corners are right; or, when they hold pushed values, copies back, in
  // reverse axis order (HaloOps::halos_return).
  void fill_periodic_halos() {
    const parallel::Periodic p = M::periodic(params_);
    for (int k = 0; k < L::D; ++k) {
      const int a = halos_return() ? L::D - 1 - k : k;
      if (p[a]) copy_periodic(a);
    }
  }

  // Calls g(index in the canonical array [i][z][y][x], index in the buffer) for every interior
  // value of the current state.
  template <class G>
  void for_interior(G&& g) const {
    std::size_t k = 0;
    const PlaneOffsets& at = offsets_[int(map_)];
    for (int i = 0; i < L::Q; ++i)
      for (int z = 0; z < dom_.nz; ++z)
        for (int y = 0; y < dom_.ny; ++y)
          for (int x = 0; x < dom_.nx; ++x) g(k++, at[i] + lay_.site(x, y, z));
  }

  // Between the current state's layers and face f's buffer, slab after slab (halo_plan.hpp),
  // each slab over the face's cross-section. In place, slab (i, layer) of the plan moves slot
  // opposite(i) (planes.hpp: the swapped state, whose pulls read slot opposite(i) of the site
  // behind); returning pushed values, packing reads the receive slabs (halo) and unpacking
  // writes the send slabs (boundary).
  void move_slabs(parallel::Face f, bool to_buffer) {
    const parallel::FacePlan& fp = plan_.face[f];
    const bool back = halos_return();
    const std::vector<parallel::HaloSlab>& slabs = to_buffer != back ? fp.send : fp.recv;
    Real* buf = (to_buffer ? send_[f] : recv_[f]).data();
    Real* state = a_.data();
    const Layout l = lay_;
    const int axis = parallel::axis_of(f);
    const int nslab = int(slabs.size());
    const int len = int(fp.positions());
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int k = 0; k < nslab; ++k) {
      Real* p = state + (in_place_ ? opposite_[slabs[k].pop] : slabs[k].pop) * l.stride;
      Real* b = buf + std::size_t(k) * len;
      for (int j = 0; j < len; ++j) {
        const int at = parallel::face_offset(l, axis, slabs[k].layer, fp.begin.data(), fp.length.data(), j);
        if (to_buffer)
          b[j] = p[at];
        else
          p[at] = b[j];
      }
    }
  }

  Domain dom_;
  Setup setup_;
  typename M::Params params_;
  Layout lay_;
  bool in_place_;              // one population buffer (planes.hpp)
  AlignedBuffer<Real> a_, b_;  // current and next populations; in place only a_
  PlaneOffsets offsets_[3];    // of each PlaneMap
  PlaneMap map_;               // how a_ holds the current state
  int opposite_[L::Q] = {};    // opposite_plane of each plane (setup_halos)
  int threads_;
  bool tile_ = false;  // one tile of a decomposed lattice: halos come from the stepper
  parallel::HaloPlan plan_;
  std::array<AlignedBuffer<Real>, parallel::kFaces> send_, recv_;
  Fields snapshot_;  // request_fields()
  Fields reduced_;   // the fields row_sums() and find_fault() reduce
  // Counts the changes of the current state (steps, halos received, populations, solids,
  // parameters); reduced_ holds the fields of state reduced_state_.
  std::uint64_t state_ = 1, reduced_state_ = 0;
  std::vector<std::uint8_t> solid_;  // StepArgs::solid; empty: no solid sites
  std::vector<float> links_;          // StepArgs::links; empty: none
};

// The backend for traits M in the precision asked for (instantiated for every registered Traits:
// cmake/PlumeModel.cmake).
template <class M>
std::unique_ptr<Backend> make_cpu_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st, int threads) {
  static_assert(ModelContract<M>::value);
  if (p == Precision::FP32) return std::make_unique<CpuBackend<M, float>>(d, s, st, threads);
  return std::make_unique<CpuBackend<M, double>>(d, s, st, threads);
}

}  // namespace plume

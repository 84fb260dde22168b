// CPU backend: OpenMP over rows, the per-site physics of physics/site.hpp inside.
#include <omp.h>
#include <array>
#include <stdexcept>
#include <utility>
#include "../aligned_buffer.hpp"
#include "plume/backend.hpp"
#include "d2q37/lattice.hpp"
#include "d2q37/site.hpp"

namespace plume {
namespace {

template <class L, class Real>
class CpuBackend final : public Backend, public HaloOps {
 public:
  CpuBackend(const Domain& d, const PhysicsParams& p, int threads)
      : dom_(d), params_(p), lay_(make_layout(d.nx, d.ny, d.nz, L::reach, 0, L::Q, sizeof(Real))),
        a_(lay_.elements()), b_(lay_.elements()), threads_(threads > 0 ? threads : omp_get_max_threads()) {}

  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "CPU, OpenMP, " + std::to_string(threads_) + " thread" + (threads_ == 1 ? "" : "s") + ", " +
           (sizeof(Real) == 8 ? "FP64" : "FP32") + " storage";
  }
  const Layout& layout() const override { return lay_; }
  void set_params(const PhysicsParams& p) override { params_ = p; }

  void initialize(const InitialState& s) override {
    Real* f = a_.data();
    const double g = -params_.gy;
    const Layout l = lay_;
    const Domain d = dom_;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int x = 0; x < d.nx; ++x) {
      rt_column(s, g, d.x0 + x, d.NX, d.NY, d.y0, d.y0 + d.ny, [&](int yg, double rho, double T) {
        double feq[L::Q];
        phys::equilibrium<L>(rho, 0.0, 0.0, T, feq);
        phys::store<L>(f, l, x, yg - d.y0, feq);
      });
    }
  }

  void step(long n) override {
    for (long s = 0; s < n; ++s) {
      fill_periodic_halos();
      update(Box::of(dom_));
      swap();
    }
  }

  void fields(Fields& out) override {
    if (!tile_) fill_periodic_halos();
    out.resize(dom_.nx, dom_.ny);
    out.x0 = dom_.x0;
    out.y0 = dom_.y0;
    const Real* f = a_.data();
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int y = 0; y < dom_.ny; ++y)
      for (int x = 0; x < dom_.nx; ++x) {
        const phys::Macro m = phys::site_fields<L>(f, lay_, dom_, params_, x, y);
        const std::size_t k = out.at(x, y);
        out.rho[k] = m.rho;
        out.ux[k] = m.ux;
        out.uy[k] = m.uy;
        out.T[k] = m.T;
      }
  }

  // Nothing runs beside the host here: the snapshot is complete when requested.
  void request_fields() override { fields(snapshot_); }
  bool fields_ready() override { return true; }
  const Fields& wait_fields() override { return snapshot_; }

  void read_populations(double* out) override {
    const Real* f = a_.data();
    for (int i = 0; i < L::Q; ++i)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x)
          out[(std::size_t(i) * dom_.ny + y) * dom_.nx + x] = double(f[lay_.at(i, x, y)]);
  }
  void write_populations(const double* in) override {
    Real* f = a_.data();
    for (int i = 0; i < L::Q; ++i)
      for (int y = 0; y < dom_.ny; ++y)
        for (int x = 0; x < dom_.nx; ++x) f[lay_.at(i, x, y)] = Real(in[(std::size_t(i) * dom_.ny + y) * dom_.nx + x]);
  }

  HaloOps* halo_ops() override { return this; }

  // --- one tile of a decomposed lattice (HaloOps) ---

  void setup_halos(const parallel::HaloPlan& plan, HaloMemory) override {
    plan_ = plan;
    for (int f = 0; f < parallel::kFaces; ++f) {
      const std::size_t n = plan.face[f].values();
      send_[f] = AlignedBuffer<Real>(n);
      recv_[f] = AlignedBuffer<Real>(n);
    }
    tile_ = true;
  }

  HaloBuffer halo_buffer(parallel::Face f) override {
    return {send_[f].data(), recv_[f].data(), send_[f].size() * sizeof(Real)};
  }

  void pack(parallel::Face f) override { move_slabs(f, true); }
  void unpack(parallel::Face f) override { move_slabs(f, false); }

  // The ghost layers of `axis` from the opposite edge, over the cross-section that includes the
  // earlier axes' halos, so that edges and corners come along.
  void copy_periodic(int axis) override {
    const parallel::PeriodicCopy c = parallel::periodic_copy(lay_, axis);
    const long long n = 2LL * c.depth * c.positions();
    Real* f = a_.data();
    const Layout l = lay_;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int i = 0; i < L::Q; ++i) {
      Real* p = f + i * l.stride;
      for (long long k = 0; k < n; ++k) {
        int ghost, image;
        c.sites(l, k, ghost, image);
        p[ghost] = p[image];
      }
    }
  }

  void update(const Box& b) override {
    if (b.empty()) return;
    const phys::StepArgs<Real> args{a_.data(), b_.data(), lay_, dom_, params_};
    static_assert(L::D == 2, "the per-site update of a 2-D lattice");
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int y = b.y0; y < b.y1; ++y)
      for (int x = b.x0; x < b.x1; ++x) phys::update_site<L>(args, x, y);
  }

  void swap() override { std::swap(a_, b_); }

  // update() is synchronous: the stepper polls MPI between pieces of the bulk.
  int bulk_pieces() const override { return 8; }

 private:
  // Single block: the halos are copies of the opposite edge, x first so that the corners are
  // right when y is periodic too.
  void fill_periodic_halos() {
    copy_periodic(0);
    if (!params_.walls) copy_periodic(1);
  }


  // Between the current state's layers and face f's buffer, slab after slab (halo_plan.hpp),
  // each slab over the face's cross-section.
  void move_slabs(parallel::Face f, bool to_buffer) {
    const parallel::FacePlan& fp = plan_.face[f];
    const std::vector<parallel::HaloSlab>& slabs = to_buffer ? fp.send : fp.recv;
    Real* buf = (to_buffer ? send_[f] : recv_[f]).data();
    Real* state = a_.data();
    const Layout l = lay_;
    const int axis = parallel::axis_of(f);
    const int nslab = int(slabs.size());
    const long long len = (long long)fp.positions();
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int k = 0; k < nslab; ++k) {
      Real* p = state + slabs[k].pop * l.stride;
      Real* b = buf + std::size_t(k) * len;
      for (long long j = 0; j < len; ++j) {
        const int at = parallel::face_offset(l, axis, slabs[k].layer, fp.begin.data(), fp.length.data(), j);
        if (to_buffer)
          b[j] = p[at];
        else
          p[at] = b[j];
      }
    }
  }

  Domain dom_;
  PhysicsParams params_;
  Layout lay_;
  AlignedBuffer<Real> a_, b_;  // current and next populations
  int threads_;
  bool tile_ = false;  // one tile of a decomposed lattice: halos come from the stepper
  parallel::HaloPlan plan_;
  std::array<AlignedBuffer<Real>, parallel::kFaces> send_, recv_;
  Fields snapshot_;  // request_fields()
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend(const Domain& d, const PhysicsParams& p, Precision prec, int threads) {
  if (prec == Precision::FP32) return std::make_unique<CpuBackend<D2Q37, float>>(d, p, threads);
  return std::make_unique<CpuBackend<D2Q37, double>>(d, p, threads);
}

}  // namespace plume

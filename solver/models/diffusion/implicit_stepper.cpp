#include "diffusion/implicit_stepper.hpp"
#include <omp.h>
#include <algorithm>
#include <vector>
#include "diffusion/implicit.hpp"
#include "diffusion/line_group.hpp"

namespace plume::diffusion {
namespace {

// The lines along `axis` of a block held in canonical order (x fastest, then y, then z), numbered
// as implicit.hpp's lines_along numbers a layout's: line j starts at start(j), its sites `stride`
// apart. Every member of a line group numbers its lines alike (their blocks share the other two
// extents), so line j of one is line j of all.
struct BlockLines {
  int axis = 0, nx = 0, ny = 0, count = 0, n = 0;
  long long stride = 1;
  BlockLines(const Domain& d, int a) : axis(a), nx(d.nx), ny(d.ny), n(d.size(a)) {
    count = int(d.sites() / n);
    stride = a == 0 ? 1 : a == 1 ? (long long)nx : (long long)nx * ny;
  }
  long long start(int j) const {
    if (axis == 0) return (long long)j * nx;
    if (axis == 1) return (long long)(j / nx) * nx * ny + j % nx;
    return j;
  }
};

template <class Real>
class ImplicitTileStepper final : public parallel::TileStepper {
 public:
  ImplicitTileStepper(ImplicitBackend& b, const LatticeInfo& lattice, const Domain& d, const parallel::Neighbours& nb,
                      parallel::Communicator& comm, TransportKind transport)
      : TileStepper(*b.halo_ops(), parallel::make_halo_plan(lattice, d, nb), parallel::step_regions(d, nb, lattice.reach),
                    parallel::step_regions(d, nb, lattice.reach, true), comm, transport),
        b_(b),
        d_(d),
        groups_(LineGroup::of_axes(comm, d, d.three_d() ? 3 : 2)),
        threads_(b.threads() > 0 ? b.threads() : omp_get_max_threads()),
        io_(std::size_t(d.sites())),
        block_(std::size_t(d.sites())) {}

  // Blocking messages, so `overlap` has nothing to overlap; the halos are not read.
  void step(bool overlap) override {
    const Params& p = b_.params();
    if (p.scheme == Scheme::Explicit) return TileStepper::step(overlap);  // steered back to the explicit step
    b_.read_populations(io_.data());
    for (std::size_t s = 0; s < io_.size(); ++s) block_[s] = Real(io_[s]);  // exact: the stored values
    for (int axis = 0; axis < int(groups_.size()); ++axis) {
      // A periodic axis of one site: its second difference is 0 (as on one rank).
      if (groups_[std::size_t(axis)].global_length() < 2) continue;
      solve_axis(axis, line_system(p, axis));
    }
    for (std::size_t s = 0; s < io_.size(); ++s) io_[s] = double(block_[s]);
    b_.write_populations(io_.data());
  }

 private:
  // Each thread's work (line_solve.hpp), sized once for the longest line.
  double* work_for(const LineSystem& sys, int n) {
    const std::size_t per = std::size_t(line_work(sys, n));
    if (work_.size() < per * std::size_t(threads_)) work_.assign(per * std::size_t(threads_), 0.0);
    return work_.data();
  }

  void solve_axis(int axis, const LineSystem& sys) {
    const LineGroup& g = groups_[std::size_t(axis)];
    const BlockLines lines(d_, axis);
    Real* t = block_.data();
    if (g.size() == 1) {  // the whole lines are this block's: solved where they lie
      double* work = work_for(sys, lines.n);
      const std::size_t per = std::size_t(line_work(sys, lines.n));
#pragma omp parallel for schedule(static) num_threads(threads_)
      for (int j = 0; j < lines.count; ++j)
        solve_line(t + lines.start(j), lines.stride, lines.n, sys, work + per * std::size_t(omp_get_thread_num()), 1);
      return;
    }
    const int members = g.size(), me = g.index(), N = g.global_length(), n = lines.n;
    const std::size_t m = std::size_t(members);
    // Member q solves lines share[q] (contiguous, sizes differing by at most one).
    std::vector<parallel::Range> share(m);
    for (int q = 0; q < members; ++q) share[std::size_t(q)] = parallel::split(lines.count, members, q);
    const parallel::Range mine = share[std::size_t(me)];
    // out[q]: this block's parts of q's lines (n sites each); in[q]: q's parts of this rank's
    // lines (length(q) sites each). whole: this rank's lines, N sites each.
    std::vector<std::vector<Real>>& out = out_[axis];
    std::vector<std::vector<Real>>& in = in_[axis];
    std::vector<Real>& whole = whole_[axis];
    out.resize(m);
    in.resize(m);
    whole.resize(std::size_t(mine.size) * std::size_t(N));
    std::vector<const void*> send(m);
    std::vector<void*> recv(m);
    std::vector<std::size_t> send_bytes(m, 0), recv_bytes(m, 0);
    for (int q = 0; q < members; ++q) {
      const std::size_t u = std::size_t(q);
      out[u].resize(std::size_t(share[u].size) * std::size_t(n));
      in[u].resize(std::size_t(mine.size) * std::size_t(g.length(q)));
      send_bytes[u] = out[u].size() * sizeof(Real);
      recv_bytes[u] = in[u].size() * sizeof(Real);
    }
    // This block's parts of every member's lines: its own into its whole lines at once.
    for (int q = 0; q < members; ++q) {
      const parallel::Range r = share[std::size_t(q)];
      Real* to = q == me ? whole.data() + g.offset(me) : out[std::size_t(q)].data();
      const std::size_t pitch = q == me ? std::size_t(N) : std::size_t(n);
#pragma omp parallel for schedule(static) num_threads(threads_)
      for (int k = 0; k < r.size; ++k) {
        const Real* from = t + lines.start(r.begin + k);
        for (int i = 0; i < n; ++i) to[std::size_t(k) * pitch + std::size_t(i)] = from[i * lines.stride];
      }
    }
    for (int q = 0; q < members; ++q) send[std::size_t(q)] = out[std::size_t(q)].data(), recv[std::size_t(q)] = in[std::size_t(q)].data();
    g.exchange(send, send_bytes, recv, recv_bytes);
    const auto parts = [&](bool into_whole) {  // in[q] <-> the parts of the whole lines at q's place
      for (int q = 0; q < members; ++q) {
        if (q == me) continue;
        const int len = g.length(q), at = g.offset(q);
        Real* part = in[std::size_t(q)].data();
#pragma omp parallel for schedule(static) num_threads(threads_)
        for (int k = 0; k < mine.size; ++k)
          for (int i = 0; i < len; ++i) {
            Real& w = whole[std::size_t(k) * std::size_t(N) + std::size_t(at + i)];
            Real& v = part[std::size_t(k) * std::size_t(len) + std::size_t(i)];
            if (into_whole)
              w = v;
            else
              v = w;
          }
      }
    };
    parts(true);
    // The whole lines, each as one rank solves it: the same function on the same values.
    double* work = work_for(sys, N);
    const std::size_t per = std::size_t(line_work(sys, N));
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (int k = 0; k < mine.size; ++k)
      solve_line(whole.data() + std::size_t(k) * std::size_t(N), 1, N, sys, work + per * std::size_t(omp_get_thread_num()), 1);
    // Back: each member's part of this rank's lines to it, this block's parts of theirs from them.
    parts(false);
    for (int q = 0; q < members; ++q) send[std::size_t(q)] = in[std::size_t(q)].data(), recv[std::size_t(q)] = out[std::size_t(q)].data();
    g.exchange(send, recv_bytes, recv, send_bytes);
    for (int q = 0; q < members; ++q) {
      const parallel::Range r = share[std::size_t(q)];
      const Real* from = q == me ? whole.data() + g.offset(me) : out[std::size_t(q)].data();
      const std::size_t pitch = q == me ? std::size_t(N) : std::size_t(n);
#pragma omp parallel for schedule(static) num_threads(threads_)
      for (int k = 0; k < r.size; ++k) {
        Real* to = t + lines.start(r.begin + k);
        for (int i = 0; i < n; ++i) to[i * lines.stride] = from[std::size_t(k) * pitch + std::size_t(i)];
      }
    }
  }

  ImplicitBackend& b_;
  Domain d_;
  std::vector<LineGroup> groups_;
  int threads_;
  std::vector<double> io_;    // the block as the backend reads and writes it
  std::vector<Real> block_;   // the block in its storage type, canonical order
  std::vector<double> work_;  // threads_ slices of the line solve's work
  // Per axis, kept from step to step: the parts sent and received, and this rank's whole lines.
  std::vector<std::vector<Real>> out_[kAxes], in_[kAxes];
  std::vector<Real> whole_[kAxes];
};

}  // namespace

std::unique_ptr<parallel::TileStepper> make_implicit_tile_stepper(ImplicitBackend& b, const LatticeInfo& lattice,
                                                                  const Domain& d, const parallel::Neighbours& nb,
                                                                  parallel::Communicator& comm,
                                                                  TransportKind transport) {
  if (b.precision() == Precision::FP32)
    return std::make_unique<ImplicitTileStepper<float>>(b, lattice, d, nb, comm, transport);
  return std::make_unique<ImplicitTileStepper<double>>(b, lattice, d, nb, comm, transport);
}

}  // namespace plume::diffusion

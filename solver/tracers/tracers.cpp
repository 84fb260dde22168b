#include "tracers.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include "advect.hpp"
#include "migration.hpp"
#include "plume/solver.hpp"
#include "plume/tracers/rules.hpp"
#include "record.hpp"
#include "seeding.hpp"
#include "tags.hpp"
#include "window_exchange.hpp"

namespace plume::tracers {

Tracers::Tracers(const TracerConfig& t, const std::array<int, 3>& velocity, int solid, const Domain& global)
    : cfg_(t), velocity_(velocity), solid_(solid), dims_(global.three_d() ? 3 : 2) {
  const std::vector<Problem> p = problems(t, global);
  if (!p.empty()) throw std::invalid_argument("tracers." + p.front().about + " " + p.front().message);
}

Lattice Tracers::lattice(const Solver& s) const {
  Lattice l;
  l.dims = dims_;
  for (int a = 0; a < 3; ++a) {
    l.N[std::size_t(a)] = s.decomposition().global().global_size(a);
    // The setup's, which steering may change on one rank (Solver::steer).
    l.periodic[std::size_t(a)] = a < dims_ && s.model().periodic(s.config().setup)[std::size_t(a)];
  }
  return l;
}

void Tracers::read_flow(Solver& s) {
  s.snapshot().fields(fields_);
  const Domain& d = s.domain();
  window_.resize(d, dims_);
  for (int z = 0; z < d.nz; ++z)
    for (int y = 0; y < d.ny; ++y)
      for (int x = 0; x < d.nx; ++x) {
        const std::size_t f = fields_.at(x, y, z);
        const std::size_t w = window_.at(x + window_.margin[0], y + window_.margin[1], z + window_.margin[2]);
        for (int c = 0; c < dims_; ++c) window_.plane[std::size_t(Window::kUx + c)][w] = fields_[velocity_[std::size_t(c)]][f];
        if (solid_ >= 0) window_.plane[Window::kSolid][w] = fields_[solid_][f];
      }
  exchange_margins(window_, s.decomposition(), lattice(s).periodic, s.communicator());
}

void Tracers::initialize(Solver& s) {
  read_flow(s);
  const Lattice l = lattice(s);
  const Domain& d = s.domain();
  mine_ = seed(cfg_, dims_, [&](const Tracer& t) { return holds(d, dims_, t.p) && !solid_at(window_, l, t.p); });
  for (Tracer& t : mine_) t.u = velocity_at(window_, l, t.p);
  step_ = s.step();
}

void Tracers::advance(Solver& s, long steps) {
  const long long since = s.step() - step_;
  const double dt = double(std::min<long long>(steps, since));
  if (dt <= 0) return;
  read_flow(s);
  const Lattice l = lattice(s);
  std::string problem;
  for (Tracer& t : mine_) {
    const std::string why = advect(t, window_, l, dt);
    if (problem.empty()) problem = why;
  }
  parallel::agree(s.communicator(), problem, "the tracers cannot follow the flow at step " + std::to_string(s.step()));
  parallel::agree(s.communicator(), migrate(mine_, s.decomposition(), dims_, s.communicator()),
                  "the tracers lost their way between the tiles");
  step_ = s.step();
}

std::vector<std::uint8_t> Tracers::save(Solver& s) {
  parallel::Communicator& comm = s.communicator();
  std::sort(mine_.begin(), mine_.end(), [](const Tracer& a, const Tracer& b) { return a.id < b.id; });
  const std::vector<std::uint8_t> local = encode({dims_, step_, mine_});
  if (comm.rank() != 0) {
    const long long n = (long long)local.size();
    comm.send(&n, sizeof n, 0, kSaveTag);
    comm.send(local.data(), local.size(), 0, kSaveTag);
    return {};
  }
  Record all{dims_, step_, mine_};
  const Lattice l = lattice(s);
  for (int r = 1; r < comm.size(); ++r) {
    long long n = 0;
    comm.recv(&n, sizeof n, r, kSaveTag);
    std::vector<std::uint8_t> theirs(static_cast<std::size_t>(n));
    comm.recv(theirs.data(), theirs.size(), r, kSaveTag);
    const Record rec = decode(theirs, l);
    all.tracers.insert(all.tracers.end(), rec.tracers.begin(), rec.tracers.end());
  }
  std::sort(all.tracers.begin(), all.tracers.end(), [](const Tracer& a, const Tracer& b) { return a.id < b.id; });
  return encode(all);
}

void Tracers::load(Solver& s, const std::vector<std::uint8_t>& bytes) {
  parallel::Communicator& comm = s.communicator();
  const Lattice l = lattice(s);
  std::string problem;
  long long n = 0;
  if (comm.rank() == 0) {
    try {
      const Record r = decode(bytes, l);
      if (r.step > s.step())
        problem = "the tracers' record belongs to step " + std::to_string(r.step) + ", after the flow's step " +
                  std::to_string(s.step());
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
    n = (long long)bytes.size();
  }
  parallel::agree(comm, problem, "cannot restore the tracers");
  comm.broadcast(&n, sizeof n, 0);
  std::vector<std::uint8_t> all = comm.rank() == 0 ? bytes : std::vector<std::uint8_t>(std::size_t(n));
  comm.broadcast(all.data(), all.size(), 0);
  const Record r = decode(all, l);  // checked on rank 0 already
  mine_.clear();
  for (const Tracer& t : r.tracers)
    if (holds(s.domain(), dims_, t.p)) mine_.push_back(t);
  step_ = r.step;
}

PointSet Tracers::points() const {
  std::vector<Tracer> t = mine_;
  std::sort(t.begin(), t.end(), [](const Tracer& a, const Tracer& b) { return a.id < b.id; });
  PointSet p;
  p.name = name_;
  p.dimensions = dims_;
  PointArray u{"u", 3, {}}, speed{"speed", 1, {}};
  for (const Tracer& k : t) {
    p.ids.push_back(k.id);
    p.xyz.insert(p.xyz.end(), k.p.begin(), k.p.end());
    u.values.insert(u.values.end(), k.u.begin(), k.u.end());
    speed.values.push_back(std::sqrt(k.u[0] * k.u[0] + k.u[1] * k.u[1] + k.u[2] * k.u[2]));
  }
  p.arrays = {std::move(u), std::move(speed)};
  p.check();
  return p;
}

}  // namespace plume::tracers

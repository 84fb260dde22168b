#include "plume/solver.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include "backend.hpp"
#include "gather_tag.hpp"
#include "parallel/ipc_transport.hpp"
#include "parallel/nccl_transport.hpp"
#include "parallel/tile_stepper.hpp"
#include "solid_mask.hpp"
#include "plume/model.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "plume/parallel/perf_model.hpp"

namespace plume {
namespace {

// Runs one stage of the set-up. A single process lets errors through as they are; several ranks
// agree on them, so that an error on one rank ends every rank with a message naming it instead
// of leaving the others waiting.
template <class F>
void stage(parallel::Communicator& comm, const std::string& what, F&& f) {
  if (comm.size() == 1) return f();
  std::string problem;
  try {
    f();
  } catch (const std::bad_alloc&) {
    problem = "out of memory";
  } catch (const std::exception& e) {
    problem = e.what();
  }
  parallel::agree(comm, problem, what);
}

parallel::Tiling resolve_tiling(const SolverConfig& cfg, const Model& model, const AnySetup& setup, int ranks,
                                bool gpu) {
  const parallel::Tiling t = cfg.tiles;
  const std::string job = " but the job has " + std::to_string(ranks) + " rank" + (ranks == 1 ? "" : "s");
  if (t.complete()) {
    if (t.count() != ranks)
      throw std::invalid_argument("tiling " + to_string(t) + " needs " + std::to_string(t.count()) + " ranks" + job);
    return t;
  }
  const int given = t.px > 0 ? t.px : t.py;
  if (given > 0) {
    if (ranks % given != 0)
      throw std::invalid_argument("tiling " + to_string(t) + ": " + std::to_string(given) + " tiles do not divide" + job);
    if (ranks % (given * t.pz) != 0)
      throw std::invalid_argument("tiling " + to_string(t) + ": " + std::to_string(given * t.pz) +
                                  " tiles do not divide" + job);
    const int rest = ranks / (given * t.pz);
    return t.px > 0 ? parallel::Tiling{given, rest, t.pz} : parallel::Tiling{rest, given, t.pz};
  }
  if (ranks == 1) return {1, 1, 1};
  const int vb = cfg.precision == Precision::FP32 ? 4 : 8;
  const parallel::MachineModel m = gpu ? parallel::gpu_reference_machine(vb, model.lattice()) : parallel::cpu_reference_machine(vb);
  return parallel::choose_tiling(cfg.global(), ranks, model.periodic(setup), model.lattice(), m,
                                 cfg.overlap);
}

// Calls row(global offset, local offset, length) for every row of every population plane of
// block d: the same rows in the global canonical array [i][z][y][x] over NX x NY x NZ and in the
// block's.
template <class F>
void for_block_rows(int Q, const Domain& d, F&& row) {
  for (int i = 0; i < Q; ++i)
    for (int z = 0; z < d.nz; ++z)
      for (int y = 0; y < d.ny; ++y)
        row(((std::size_t(i) * d.NZ + d.z0 + z) * d.NY + d.y0 + y) * d.NX + d.x0,
            ((std::size_t(i) * d.nz + z) * d.ny + y) * d.nx, std::size_t(d.nx));
}

std::size_t population_count(int Q, const Domain& d) { return std::size_t(Q) * d.sites(); }

// Rank 0 gathers every rank's block (`planes` planes of [z][y][x] values, `local` on each rank)
// into the whole lattice's planes; the other ranks send theirs and get nothing back.
template <class T>
std::vector<T> gather_blocks(parallel::Communicator& comm, const parallel::Decomposition& decomp, int planes,
                             std::vector<T> local) {
  if (comm.rank() != 0) {
    comm.send(local.data(), local.size() * sizeof(T), 0, kGatherTag);
    return {};
  }
  std::vector<T> global(population_count(planes, decomp.global()));
  for (int r = 0; r < comm.size(); ++r) {
    const Domain d = decomp.domain(r);
    if (r > 0) {
      local.resize(population_count(planes, d));
      comm.recv(local.data(), local.size() * sizeof(T), r, kGatherTag);
    }
    for_block_rows(planes, d, [&](std::size_t g, std::size_t l, std::size_t n) {
      std::copy_n(local.data() + l, n, global.data() + g);
    });
  }
  return global;
}

// Every site of a layout, halos included, as a box of local coordinates.
Box whole_layout(const Layout& l) { return {-l.halo, l.nx + l.halo, -l.halo, l.ny + l.halo, -l.hz, l.nz + l.hz}; }

// The transport a decomposed run uses: the one asked for if it can run here, else an error
// saying why. Auto prefers what needs no staging copies through host memory, and among those
// what takes no multiprocessor from the step: the copy engines through CUDA IPC where every
// rank's GPU reaches every other's (one host), else NCCL.
TransportKind resolve_transport(TransportKind want, const Backend& backend, HaloOps& ops,
                                parallel::Communicator& comm) {
  const bool device = ops.device_memory();
  if (want == TransportKind::Auto) {
    long long every_device = device ? 1 : 0;  // collective, so that every rank asks the next question or none
    comm.allreduce(&every_device, 1, parallel::ReduceOp::Min);
    if (every_device == 1 && parallel::ipc_reaches_all(comm)) return TransportKind::CudaIpc;
    if (device && parallel::nccl_built()) return TransportKind::Nccl;
    if (device && comm.device_pointers()) return TransportKind::CudaAware;
    return TransportKind::Host;
  }
  if (want != TransportKind::Host && !device)
    throw std::runtime_error("halo transport " + to_string(want) + ": it needs halos in device memory, which the " +
                             backend.name() + " backend does not have; use host");
  if (want == TransportKind::CudaAware && !comm.device_pointers())
    throw std::runtime_error("halo transport cuda-aware: the MPI library (" + comm.name() +
                             ") does not report CUDA support (MPIX_Query_cuda_support); use host or nccl");
  if (want == TransportKind::Nccl && !parallel::nccl_built())
    throw std::runtime_error("halo transport nccl: this build of plume has no NCCL; use host or cuda-aware");
  return want;
}

}  // namespace

const std::vector<std::string>& backend_kind_names() {
  static const std::vector<std::string> n{"auto", "cpu", "cuda"};
  return n;
}

const std::vector<std::string>& transport_names() {
  static const std::vector<std::string> n{"auto", "host", "cuda-aware", "nccl", "cuda-ipc"};
  return n;
}

std::string to_string(TransportKind t) { return transport_names().at(std::size_t(t)); }

TransportKind parse_transport(const std::string& text) {
  const std::vector<std::string>& n = transport_names();
  std::string choices;
  for (std::size_t i = 0; i < n.size(); ++i) {
    if (text == n[i]) return TransportKind(i);
    choices += (i == 0 ? "" : i + 1 == n.size() ? " or " : ", ") + n[i];
  }
  throw std::invalid_argument("transport '" + text + "': expected " + choices);
}

Solver::Solver(const SolverConfig& cfg) : cfg_(cfg), own_comm_(parallel::self_communicator()) {
  comm_ = own_comm_.get();
  setup();
}

Solver::Solver(const SolverConfig& cfg, parallel::Communicator& comm) : cfg_(cfg), comm_(&comm) { setup(); }

void Solver::setup() {
  parallel::Communicator& comm = *comm_;
  stage(comm, "unknown model", [&] {
    model_ = &*cfg_.model;
    if (!cfg_.setup.empty() && !model_->owns(cfg_.setup))
      throw std::invalid_argument("the configuration names model '" + cfg_.model.name() + "' but holds another model's setup");
    if (cfg_.setup.empty()) cfg_.setup = model_->default_setup();
  });
  stage(comm, "wrong lattice size", [&] {
    if (cfg_.nz < 1) throw std::invalid_argument("lattice nz = " + std::to_string(cfg_.nz) + ": must be at least 1");
    if (cfg_.nz > 1 && model_->lattice().D < 3)
      throw std::invalid_argument("lattice nz = " + std::to_string(cfg_.nz) + ": model " + model_->name() +
                                  " is two-dimensional (nz must be 1)");
  });
  stage(comm, "cannot stream in place", [&] {
    if (cfg_.streaming != Streaming::InPlace) return;
    const std::string why = model_->in_place_problem(cfg_.setup);
    if (!why.empty()) throw std::invalid_argument("in-place streaming: " + why);
  });
  const AnySetup& setup = cfg_.setup;
  const int ranks = comm.size();
  std::string why;
  int ndev = 0;
  stage(comm, "no usable backend", [&] {
    ndev = (cfg_.backend == BackendKind::CPU) ? 0 : cuda_device_count(&why);
    if (cfg_.backend == BackendKind::CUDA && ndev == 0)
      throw std::runtime_error("backend 'cuda' requested but no CUDA device is usable: " + why);
  });
  stage(comm, "cannot tile the lattice", [&] {
    if (ranks > 1)
      if (const std::string why = model_->decomposition_problem(setup); !why.empty())
        throw std::invalid_argument("a run on " + std::to_string(ranks) + " ranks: " + why);
    decomp_ = parallel::Decomposition(cfg_.global(),
                                      resolve_tiling(cfg_, *model_, setup, ranks, ndev > 0), model_->periodic(setup),
                                      model_->lattice().reach);
  });
  domain_ = decomp_.domain(comm.rank());
  stage(comm, "cannot create the backend", [&] {
    if (ndev > 0) {
      const int dev = cfg_.device >= 0 ? cfg_.device : comm.node_rank() % ndev;
      if (dev >= ndev)
        throw std::runtime_error("CUDA device " + std::to_string(dev) + " requested but only " +
                                 std::to_string(ndev) + " present");
      backend_ = model_->make_backend({true, dev, 0}, domain_, setup, cfg_.precision, cfg_.streaming);
      reason_ = cfg_.backend == BackendKind::CUDA ? "requested" : "a CUDA device is present";
    } else {
      backend_ = model_->make_backend({false, 0, cfg_.threads}, domain_, setup, cfg_.precision, cfg_.streaming);
      reason_ = cfg_.backend == BackendKind::CPU ? "requested" : "no CUDA device (" + why + ")";
    }
    if (ranks > 1 && !backend_->halo_ops())
      throw std::runtime_error("the " + backend_->name() +
                               " backend cannot run one tile of a decomposed lattice (it has no halo exchange); "
                               "choose the cpu or cuda backend for runs on several ranks");
  });
  // The extra states (tracers) once, where the run is known: the model's velocity fields, the
  // lattice, the configuration's seeding.
  stage(comm, "cannot carry the extra state", [&] { extra_ = model_->make_extra_state(cfg_); });
  if (cfg_.solids) {
    stage(comm, "cannot place the solid sites", [&] {
      if (!model_->supports_solids())
        throw std::invalid_argument("model " + model_->name() + " has no solid sites, but the configuration gives some (" +
                                    cfg_.solids->describe() + ")");
      solid_ = solid_mask(*cfg_.solids, backend_->layout(), domain_, model_->periodic(setup));
      backend_->set_solids(solid_.data(), whole_layout(backend_->layout()));
      place_links();
    });
  }
  if (ranks == 1) return;  // one tile: the backend's own step with periodic copies
  stage(comm, "cannot choose the halo transport",
        [&] { transport_ = resolve_transport(cfg_.transport, *backend_, *backend_->halo_ops(), comm); });
  stage(comm, "cannot set up the halo exchange", [&] {
    const parallel::Neighbours nb = decomp_.neighbours(comm.rank());
    stepper_ = model_->make_tile_stepper(*backend_, domain_, nb, setup, comm, transport_);
  });
}

Solver::~Solver() = default;

BackendInfo Solver::backend() const {
  BackendInfo b;
  b.name = backend_->name();
  b.kind = b.name == "cuda" ? BackendKind::CUDA : BackendKind::CPU;
  b.description = backend_->description();
  b.reason = reason_;
  b.transport = transport_;
  return b;
}

void Solver::initialize() {
  backend_->initialize();
  step_ = 0;
  for (const std::unique_ptr<ExtraState>& e : extra_) e->initialize(*this);
}

// The flow's steps run in stretches that end at every multiple of an extra state's every(); the
// states due there advance with the flow they arrive in, in the order the model made them.
void Solver::advance(long nsteps) {
  const auto flow = [&](long n) {
    if (stepper_) {
      for (long s = 0; s < n; ++s) stepper_->step(cfg_.overlap);
      backend_->wait_steps();  // a tile's steps may still run (HaloOps::swap)
    } else {
      backend_->step(n);
    }
    step_ += n;
  };
  if (extra_.empty()) return flow(nsteps);
  for (long left = nsteps; left > 0;) {
    long n = left;
    for (const std::unique_ptr<ExtraState>& e : extra_) n = std::min(n, e->every() - step_ % e->every());
    flow(n);
    left -= n;
    for (const std::unique_ptr<ExtraState>& e : extra_)
      if (step_ % e->every() == 0) e->advance(*this, e->every());
  }
}

// A run with extra states steps at once, as advance() does: the states read the flow between the
// stretches of steps (docs/configuration.md, [tracers]).
void Solver::advance_async(long nsteps) {
  if (stepper_ || !extra_.empty()) return advance(nsteps);
  backend_->step_async(nsteps);
  step_ += nsteps;
}

void Solver::wait_steps() { backend_->wait_steps(); }

double Solver::time() const { return step_ * model_->time_step(); }

void Solver::steer(const AnySetup& s) {
  if (!model_->owns(s))
    throw std::invalid_argument("steering with a setup that is not model " + model_->name() + "'s");
  if (stepper_ && model_->periodic(s) != model_->periodic(cfg_.setup))
    throw std::invalid_argument("a decomposed run cannot change which directions are periodic: it decides which "
                                "tiles are neighbours");
  if (cfg_.streaming == Streaming::InPlace) {
    const std::string why = model_->in_place_problem(s);
    if (!why.empty()) throw std::invalid_argument("this run streams in place: " + why);
  }
  cfg_.setup = s;
  backend_->set_setup(s);
  place_links();
}

// Where the configured solids' surface crosses each link, once the model uses links
// (interpolated bounce-back): from the geometry alone (solid_mask.hpp), so edits never change
// them, and uploaded once. Without configured solids every link would cross half-way, which is
// what the step does without links.
void Solver::place_links() {
  if (links_placed_ || !cfg_.solids || !model_->uses_links(cfg_.setup)) return;
  const Layout& l = backend_->layout();
  const parallel::Periodic p = model_->periodic(cfg_.setup);
  std::vector<float> q(std::size_t(model_->lattice().Q) * std::size_t(l.stride), 0.5f);
  plume::place_links(*cfg_.solids, solid_mask(*cfg_.solids, l, domain_, p), l, domain_, p, model_->lattice(), q);
  backend_->set_links(q.data(), whole_layout(l));
  links_placed_ = true;
}

void Solver::edit_solids(const Box& b, bool solid) {
  if (!model_->supports_solids())
    throw std::invalid_argument("model " + model_->name() + " has no solid sites to draw or erase");
  const Layout& l = backend_->layout();
  const bool first = solid_.empty();
  if (first) solid_.assign(std::size_t(l.stride), 0);
  const Box changed = edit_solid_mask(solid_, l, domain_, model_->periodic(cfg_.setup), b, solid);
  if (first || !changed.empty()) backend_->set_solids(solid_.data(), first ? whole_layout(l) : changed);
}

Snapshot& Solver::request_snapshot(Snapshot::Where where) {
  snapshot_.request(where);
  return snapshot_;
}

std::vector<double> Solver::populations() {
  std::vector<double> f(population_count(model_->lattice().Q, domain_));
  backend_->read_populations(f.data());
  return f;
}

void Solver::set_populations(const std::vector<double>& f, long step) {
  if (f.size() != population_count(model_->lattice().Q, domain_)) throw std::runtime_error("set_populations: wrong number of values");
  backend_->write_populations(f.data());
  step_ = step;
}

namespace {
void check_sites(const std::vector<Site>& sites, const Domain& d, const char* what) {
  for (const Site& s : sites)
    if (s.x < 0 || s.x >= d.nx || s.y < 0 || s.y >= d.ny || s.z < 0 || s.z >= d.nz)
      throw std::out_of_range(std::string(what) + ": site (" + std::to_string(s.x) + ", " + std::to_string(s.y) +
                              ", " + std::to_string(s.z) + ") is outside the local block");
}
}  // namespace

std::vector<double> Solver::populations(const std::vector<Site>& sites) {
  check_sites(sites, domain_, "populations");
  std::vector<double> f(sites.size() * std::size_t(model_->lattice().Q));
  if (!sites.empty()) backend_->read_sites(sites, f.data());
  return f;
}

void Solver::set_populations(const std::vector<Site>& sites, const std::vector<double>& f) {
  check_sites(sites, domain_, "set_populations");
  if (f.size() != sites.size() * std::size_t(model_->lattice().Q))
    throw std::runtime_error("set_populations: wrong number of values for the sites");
  if (!sites.empty()) backend_->write_sites(sites, f.data());
}

CheckpointState Solver::checkpoint_out() {
  CheckpointState s;
  s.step = step_;
  s.populations = gather_blocks(*comm_, decomp_, model_->lattice().Q, populations());
  if (!solid_.empty()) {  // the same on every rank: solids come from the configuration or collective edits
    const Layout& l = backend_->layout();
    std::vector<std::uint8_t> local(std::size_t(domain_.sites()));
    for (int z = 0; z < domain_.nz; ++z)
      for (int y = 0; y < domain_.ny; ++y)
        for (int x = 0; x < domain_.nx; ++x)
          local[(std::size_t(z) * domain_.ny + y) * domain_.nx + x] = solid_[std::size_t(l.site(x, y, z))];
    s.solids = gather_blocks(*comm_, decomp_, 1, std::move(local));
  }
  for (const std::unique_ptr<ExtraState>& e : extra_) {
    std::vector<std::uint8_t> bytes = e->save(*this);
    if (comm_->rank() == 0) s.extra.push_back({e->name(), std::move(bytes)});
  }
  return s;
}

void Solver::checkpoint_in(const CheckpointState& s) {
  // Rank 0's state decides: the others' argument is ignored. Its extra payloads must be the run's
  // extra states, one each, or none at all (a checkpoint of a run without them: the states start
  // afresh from their seeding at the checkpoint's step); checked before anything changes.
  std::vector<long long> payload_of(extra_.size(), -1);  // rank 0: the payload of each state
  std::string problem;
  if (comm_->rank() == 0 && !s.extra.empty()) {
    for (const ExtraPayload& p : s.extra) {
      std::size_t k = 0;
      while (k < extra_.size() && extra_[k]->name() != p.name) ++k;
      if (k == extra_.size()) {
        problem = "the checkpoint holds '" + p.name + "', which this run does not have (its configuration has no " +
                  p.name + ")";
        break;
      }
      if (payload_of[k] >= 0) {
        problem = "the checkpoint holds '" + p.name + "' twice";
        break;
      }
      payload_of[k] = (long long)(&p - s.extra.data());
    }
    for (std::size_t k = 0; problem.empty() && k < extra_.size(); ++k)
      if (payload_of[k] < 0)
        problem = "the checkpoint holds no '" + extra_[k]->name() + "' for this run's " + extra_[k]->name() +
                  ", but holds other extra state";
  }
  parallel::agree(*comm_, problem, "cannot restore the extra state");
  long long fresh = s.extra.empty() ? 1 : 0;
  comm_->broadcast(&fresh, sizeof fresh, 0);
  long long has_solids = s.solids.empty() ? 0 : 1;
  comm_->broadcast(&has_solids, sizeof has_solids, 0);
  if (has_solids) scatter_solids(s.solids);
  scatter_populations(s.populations, s.step);
  static const std::vector<std::uint8_t> none;
  for (std::size_t k = 0; k < extra_.size(); ++k) {
    if (fresh) {
      extra_[k]->initialize(*this);
    } else {
      extra_[k]->load(*this, comm_->rank() == 0 ? s.extra[std::size_t(payload_of[k])].bytes : none);
    }
  }
}

void Solver::scatter_populations(const std::vector<double>& global, long step) {
  const std::size_t expected = population_count(model_->lattice().Q, decomp_.global());
  std::string problem;
  if (comm_->rank() == 0 && global.size() != expected)
    problem = "rank 0 holds " + std::to_string(global.size()) + " values, the " + size_text(cfg_.global()) +
              " lattice has " + std::to_string(expected);
  parallel::agree(*comm_, problem, "cannot scatter the populations");
  long long s = step;
  comm_->broadcast(&s, sizeof s, 0);
  std::vector<double> local;
  if (comm_->rank() == 0) {
    for (int r = comm_->size() - 1; r >= 0; --r) {  // rank 0's block last: it stays in `local`
      const Domain d = decomp_.domain(r);
      local.resize(population_count(model_->lattice().Q, d));
      for_block_rows(model_->lattice().Q, d, [&](std::size_t g, std::size_t l, std::size_t n) {
        std::copy_n(global.data() + g, n, local.data() + l);
      });
      if (r > 0) comm_->send(local.data(), local.size() * sizeof(double), r, kGatherTag);
    }
  } else {
    local.resize(population_count(model_->lattice().Q, domain_));
    comm_->recv(local.data(), local.size() * sizeof(double), 0, kGatherTag);
  }
  set_populations(local, long(s));
}

namespace {
// A whole lattice's mask (CheckpointState::solids' order) as a geometry, from which every rank builds its
// block and halo as from a configuration's.
class MaskGeometry final : public Geometry {
 public:
  MaskGeometry(const std::vector<std::uint8_t>& m, const Domain& whole) : m_(m), w_(whole) {}
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0, ny = b.y1 - b.y0;
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x)
          if (m_[(std::size_t(z) * w_.NY + y) * w_.NX + x])
            out[(std::size_t(z - b.z0) * ny + (y - b.y0)) * nx + (x - b.x0)] = 1;
  }
  std::string describe() const override { return "the solid sites of a checkpoint"; }

 private:
  const std::vector<std::uint8_t>& m_;
  Domain w_;
};
}  // namespace

void Solver::scatter_solids(const std::vector<std::uint8_t>& global) {
  if (!model_->supports_solids())
    throw std::invalid_argument("model " + model_->name() + " has no solid sites to restore");
  const Domain whole = decomp_.global();
  std::string problem;
  if (comm_->rank() == 0 && global.size() != std::size_t(whole.global_sites()))
    problem = "rank 0 holds a mask of " + std::to_string(global.size()) + " sites, the " + size_text(cfg_.global()) +
              " lattice has " + std::to_string(whole.global_sites());
  parallel::agree(*comm_, problem, "cannot scatter the solid sites");
  // Every rank needs the sites its halo images, across periodic sides too: the whole mask, a byte
  // per site, is small beside the populations.
  std::vector<std::uint8_t> mask = comm_->rank() == 0 ? global : std::vector<std::uint8_t>(std::size_t(whole.global_sites()));
  comm_->broadcast(mask.data(), mask.size(), 0);
  const Layout& l = backend_->layout();
  solid_ = solid_mask(MaskGeometry(mask, whole), l, domain_, model_->periodic(cfg_.setup));
  backend_->set_solids(solid_.data(), whole_layout(l));
}

}  // namespace plume

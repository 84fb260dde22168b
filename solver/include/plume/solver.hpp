// plume's public solver API: configure, initialise, advance, steer, checkpoint; what consumers
// read of the fields goes through the Solver's Snapshot (plume/snapshot.hpp).
//
// One process: Solver(cfg). A decomposed run: Solver(cfg, comm) on every rank of the
// communicator (parallel/mpi.hpp gives MPI's); each rank holds one tile, and the calls marked
// "collective" must be made by every rank in the same order (docs/distributed.md).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>
#include "plume/model.hpp"
#include "plume/model_choice.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/snapshot.hpp"
#include "plume/solids.hpp"
#include "plume/tracer_config.hpp"

namespace plume {

enum class BackendKind : int { Auto = 0, CPU = 1, CUDA = 2 };
// "auto", "cpu", "cuda" (the run.backend values), in the order of the values.
const std::vector<std::string>& backend_kind_names();

// How the halos of a decomposed GPU run travel (docs/distributed.md, "Transports"). Auto, with the
// CUDA backend: CudaIpc where every rank's GPU can reach every other's (one host), else NCCL when
// plume is built with it, else CUDA-aware MPI when the MPI library reports CUDA support; Host
// otherwise. Host: MPI between host buffers (pinned and staged on a GPU).
// CudaAware: MPI between device buffers. Nccl: ncclSend/ncclRecv between device buffers.
// CudaIpc: the GPUs' copy engines write into the neighbours' device buffers, mapped through CUDA
// IPC (ranks of one host).
enum class TransportKind : int { Auto = 0, Host = 1, CudaAware = 2, Nccl = 3, CudaIpc = 4 };
// "auto", "host", "cuda-aware", "nccl", "cuda-ipc" (the run.transport values), in the order of the values;
// parse throws std::invalid_argument naming the value and the choices.
const std::vector<std::string>& transport_names();
std::string to_string(TransportKind t);
TransportKind parse_transport(const std::string& text);

struct SolverConfig {
  ModelChoice model;  // the registered model (plume/model_choice.hpp); default: the registry's first
  // The global lattice; nz = 1: a 2-D lattice. The application's default (config::default_config)
  // is this one.
  int nx = 192, ny = 384, nz = 1;
  Domain global() const { return Domain::whole(nx, ny, nz); }
  // The model's physics and case (its own struct, e.g. d2q37::Setup; d2q37/setup.hpp reaches
  // it); empty: the model's defaults.
  AnySetup setup;
  Precision precision = Precision::FP64;
  // Two population buffers, or one updated in place (half the memory; Model::in_place_problem
  // says which setups cannot).
  Streaming streaming = Streaming::TwoBuffers;
  BackendKind backend = BackendKind::Auto;
  int device = -1;   // CUDA device index; -1: automatic (with several ranks on a host: node rank mod devices)
  int threads = 0;   // OpenMP threads; 0: the runtime's default
  // Tiles along x and y of a decomposed run (their product = the number of ranks). 0 in one
  // direction: the ranks divided by the other; 0 in both: the performance model chooses.
  parallel::Tiling tiles;
  bool overlap = true;  // compute the bulk while the halos travel (off: exchange, then compute)
  TransportKind transport = TransportKind::Auto;  // halo messages of a decomposed run
  // The solid sites (plume/solids.hpp); null: none. Only a model that supports solids
  // (Model::supports_solids) accepts them.
  std::shared_ptr<const Geometry> solids;
  TracerConfig tracers;  // passive tracer particles (plume/tracer_config.hpp); default: none
};

// Which backend runs this rank's block (Solver::backend), for logs and summaries.
struct BackendInfo {
  BackendKind kind = BackendKind::CPU;  // CPU or CUDA, never Auto
  std::string name;                     // "cpu", "cuda"
  std::string description;              // a line: device or threads, storage precision
  std::string reason;                   // why this backend was chosen
  // The transport of the halo messages (Host, CudaAware, Nccl or CudaIpc; Auto on one rank: no messages).
  TransportKind transport = TransportKind::Auto;
};

// What a checkpoint stores of the whole lattice (Solver::checkpoint_out, checkpoint_in), on rank 0:
// the populations in canonical order [i][y][x] over NX x NY (whatever the tiling), and the solid
// sites, a byte per site [z][y][x] (1: solid), drawn sites included; empty when the run has never
// had solid sites.
struct CheckpointState {
  long step = 0;
  std::vector<double> populations;
  std::vector<std::uint8_t> solids;
  // The run's extra states (plume/extra_state.hpp: tracers), each by its name; empty when it has none.
  std::vector<ExtraPayload> extra;
};

class Backend;
namespace parallel {
class TileStepper;
}
namespace internal {
struct SolverAccess;  // solver/src/solver_access.hpp: the backend, for tests and plume-scaling
}

class Solver {
 public:
  // One process. Chooses and allocates the backend; throws std::runtime_error with a clear
  // message on failure.
  explicit Solver(const SolverConfig& cfg);
  // One tile per rank of `comm` (which must outlive the Solver). Collective: a problem on any
  // rank (tiling, allocation, no device) throws parallel::CollectiveError on every rank, naming
  // the ranks. With one rank this is Solver(cfg).
  Solver(const SolverConfig& cfg, parallel::Communicator& comm);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  void initialize();           // Rayleigh–Taylor initial state, step 0
  void advance(long nsteps);   // fused pull-stream + collide steps (collective)
  // advance() that may return while a GPU still runs the steps (backend.hpp, step_async), so that
  // host work on a snapshot requested just before overlaps them; wait_steps() waits. Until then
  // only request_snapshot(), snapshot() and its snapshot's queries (ready(), wait(), wait_device(),
  // fault(), range(), values(), device_fields(); these on one rank) may be called. A decomposed
  // run, or one on the CPU, steps at once.
  void advance_async(long nsteps);
  void wait_steps();

  // Steering: the model's new physics (from `s`, a setup of the run's model) take effect at the
  // next step; the case part is ignored. A decomposed run refuses a change of which directions
  // are periodic (it decides which tiles are neighbours).
  void steer(const AnySetup& s);
  // Makes the sites of global box b solid (or fluid), from the next step on, as a user drawing
  // obstacles does (plume-gui). A site that turns fluid starts at rest at the model's reference
  // density. Every rank makes the same call (no messages: each edits its own block and halo). Not
  // between advance_async() and wait_steps(). A model without solids throws std::invalid_argument.
  // Where the model uses links (Model::uses_links), a link keeps the geometry's surface
  // (Geometry::link_fraction) while its solid end is a site the geometry marks and its fluid end
  // is not; every other link (into drawn solids, out of erased ones) crosses its wall half-way.
  void edit_solids(const Box& b, bool solid);

  // Collective: snapshots the current state's fields at this step, kept where `where` says
  // (plume/snapshot.hpp), and returns the Solver's Snapshot, which then reads them.
  Snapshot& request_snapshot(Snapshot::Where where = Snapshot::Host);
  // The consumer object: the last request's snapshot, and the queries of the current state
  // (fields, sums, fault). One per Solver, living as long as it.
  Snapshot& snapshot() { return snapshot_; }

  // Interior populations of the local block, canonical order [i][y][x].
  std::vector<double> populations();
  void set_populations(const std::vector<double>& f, long step);
  // The populations of the listed sites of the local block (local coordinates, each inside it),
  // Q values per site in the order listed; and new values for them (the same layout). Only those
  // sites cross between host and device: a brush's disc, not the lattice.
  std::vector<double> populations(const std::vector<Site>& sites);
  void set_populations(const std::vector<Site>& sites, const std::vector<double>& f);

  // Collective. The whole lattice's state on rank 0 (CheckpointState; empty vectors elsewhere):
  // what a checkpoint stores, whatever the tiling.
  CheckpointState checkpoint_out();
  // Collective. Rank 0 passes the whole lattice's state (the other ranks' argument is ignored);
  // every rank takes its block, so that a checkpoint written by N ranks restarts on M. The solid
  // sites first, when rank 0's state has any: every rank takes the mask for its block and halo,
  // in place of the solids it had (a site that turns fluid starts afresh, as in edit_solids; a
  // model without solids throws std::invalid_argument); state without them keeps the run's. Then
  // the populations and the step. A wrong size on rank 0 throws CollectiveError on every rank.
  void checkpoint_in(const CheckpointState& s);

  long step() const { return step_; }
  double time() const;         // step * dt
  const SolverConfig& config() const { return cfg_; }
  const Model& model() const { return *model_; }
  const Domain& domain() const { return domain_; }  // this rank's block of the global lattice
  const parallel::Decomposition& decomposition() const { return decomp_; }
  // The ranks this solver runs on (rank(), size()): the communicator it was given, or its own
  // single-process one. Collective work of the caller's own (sums, agreement on errors) goes
  // through it (parallel/communicator.hpp: allreduce, agree).
  parallel::Communicator& communicator() const { return *comm_; }
  BackendInfo backend() const;  // which backend runs this rank's block, and why

 private:
  friend struct internal::SolverAccess;
  friend class Snapshot;
  void setup();
  void place_links();
  void scatter_populations(const std::vector<double>& global, long step);
  void scatter_solids(const std::vector<std::uint8_t>& global);

  SolverConfig cfg_;
  const Model* model_ = nullptr;
  std::unique_ptr<parallel::Communicator> own_comm_;  // the single-process one, when not given
  parallel::Communicator* comm_ = nullptr;
  parallel::Decomposition decomp_;
  Domain domain_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<parallel::TileStepper> stepper_;  // decomposed runs of more than one rank
  std::vector<std::unique_ptr<ExtraState>> extra_;  // Model::make_extra_state: tracers, particles
  std::vector<std::uint8_t> solid_;  // this block's solid sites with its halo (src/solid_mask.hpp); empty: none
  bool links_placed_ = false;  // where the walls cross the links, for a model that uses them
  std::string reason_;
  TransportKind transport_ = TransportKind::Auto;  // Auto: no halo messages (one rank)
  long step_ = 0;
  Snapshot snapshot_{*this};
};

}  // namespace plume

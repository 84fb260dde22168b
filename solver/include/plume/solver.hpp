// plume's public solver API: configure, initialise, advance, look at the fields.
//
// One process: Solver(cfg). A decomposed run: Solver(cfg, comm) on every rank of the
// communicator (parallel/mpi.hpp gives MPI's); each rank holds one tile, and the calls marked
// "collective" must be made by every rank in the same order (docs/distributed.md).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>
#include "plume/backend.hpp"
#include "plume/model.hpp"
#include "plume/model_choice.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/decomposition.hpp"
#include "plume/solids.hpp"

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
};

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
  // only request_fields(), fields_ready(), wait_fields(), wait_device_fields(), snapshot_fault(),
  // snapshot_range(), snapshot_values() (these on one rank) and device_fields() may be called. A
  // decomposed run, or one on the CPU, steps at once.
  void advance_async(long nsteps);
  void wait_steps();

  long step() const { return step_; }
  double time() const;         // step * dt
  const SolverConfig& config() const { return cfg_; }
  const Domain& domain() const { return domain_; }  // this rank's block of the global lattice
  const Model& model() const { return *model_; }
  // Which backend runs this rank's block: its kind (CPU or CUDA, never Auto), its name ("cpu",
  // "cuda") and a line for logs and summaries (device or threads, storage precision).
  BackendKind backend_kind() const;
  std::string backend_name() const;
  std::string backend_description() const;
  const std::string& backend_reason() const { return reason_; }  // why this backend was chosen
  // The transport of the halo messages (Host, CudaAware, Nccl or CudaIpc; Auto on one rank: no messages).
  TransportKind transport() const { return transport_; }

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
  void fields(Fields& out);                  // fields of the current state, local block (collective)
  // The model's sums over the whole lattice (e.g. D2Q9's |u| and fluid sites; a model without
  // sums gives none), computed where the populations are and added over the ranks (collective).
  // Cheap on a GPU: only the sums cross to the host (backend.hpp, site_sums).
  std::vector<double> site_sums();
  // What the diagnostics and the health check are made of, computed where the populations are
  // (on a GPU only O(rows) sums and one fault record cross to the host; backend.hpp, row_sums)
  // and combined over the ranks as io/diagnostics combines host fields: each global row summed
  // alone, in x order, then added over the ranks; the extremes exact.
  // Collective: the whole lattice's row sums and extremes of the current state's stored fields and
  // the model's own row quantities (io::finish makes the diagnostics of them).
  RowSums diagnostic_sums();
  // Collective: the current state's first unphysical site of the whole lattice (lowest z, then y,
  // then x: a value that is not finite, or not positive in a field the model marks positive) with
  // the number of such sites, the same on every rank; nothing when the state is sound.
  std::optional<Fault> find_fault();
  // Asynchronous fields (the in-situ hand-off, backend.hpp): request_fields() snapshots the
  // current state's fields of the local block (collective, like fields(): a decomposed run
  // exchanges the halos first) and returns while a GPU computes and copies them; the run may
  // advance meanwhile. wait_fields() returns them (local) and stays valid until the next request;
  // calling it with no request outstanding throws std::logic_error. fields_step() is the step
  // they belong to.
  void request_fields();
  bool fields_ready();
  const Fields& wait_fields();
  long fields_step() const { return snapshot_step_; }
  // Collective, after wait_fields(): find_fault() for the snapshot (its step, fields_step()),
  // checked with it where it was computed (on a GPU on the device, right after the fields, so
  // the check adds no pass of the host over them). Throws std::logic_error with no request.
  std::optional<Fault> snapshot_fault();
  // request_fields() for a consumer that reads the snapshot where it was made, so that on a GPU
  // nothing but a few numbers crosses to the host (plume-gui's GPU path): device_fields(),
  // snapshot_fault(), snapshot_range() and snapshot_values() read it; wait_fields() refuses it.
  // wait_device_fields() waits for it (a GPU's fault record). On the CPU backend the host fields
  // are made, as by request_fields(). Collective.
  void request_device_fields();
  void wait_device_fields();
  // Of the last request's fields (either kind), also while steps queued by advance_async() run;
  // computed where the fields are (on a GPU on the device, beside the steps), the same bits as
  // plume::field_range / field_values give over host fields (reductions.hpp; on a GPU, DerivedOp::
  // Magnitude within an ulp, CUDA's hypot, and a 3-D speed, two hypot calls, within two). Collective.
  // The range of field v over the sites of global box b (the colour range of plume-gui: a plane,
  // the lattice), the sites where stored field `mask` is not 0 (solid sites) left out of lo/hi.
  FieldRange snapshot_range(const FieldFormula& v, const Box& b, int mask = -1);
  // The values of the fields v at global site (x, y, z) (the read-out under plume-gui's cursor),
  // on every rank. A field that reads neighbours (the vorticity) as its rank's block gives it.
  std::vector<double> snapshot_values(const std::vector<FieldFormula>& v, int x, int y, int z);
  // The same snapshot in device memory on the CUDA backend (backend.hpp, DeviceFields): read it
  // after wait_fields() and before the next request_fields(). Empty on the CPU backend.
  DeviceFields device_fields() const { return backend_->device_fields(); }

  // Interior populations of the local block, canonical order [i][y][x].
  std::vector<double> populations();
  void set_populations(const std::vector<double>& f, long step);
  // The populations of the listed sites of the local block (local coordinates, each inside it),
  // Q values per site in the order listed; and new values for them (the same layout). Only those
  // sites cross between host and device: a brush's disc, not the lattice.
  std::vector<double> site_populations(const std::vector<Site>& sites);
  void set_site_populations(const std::vector<Site>& sites, const std::vector<double>& f);

  // --- decomposition -------------------------------------------------------------------------
  int rank() const { return comm_->rank(); }
  int ranks() const { return comm_->size(); }
  bool is_root() const { return comm_->rank() == 0; }
  const parallel::Decomposition& decomposition() const { return decomp_; }
  // The ranks this solver runs on: the communicator it was given, or its own single-process one.
  // Collective work of the caller's own (sums, agreement on errors) goes through it
  // (parallel/communicator.hpp: allreduce, agree).
  parallel::Communicator& communicator() { return *comm_; }

  // Collective. The whole lattice on rank 0 (x0 = y0 = 0) from every rank's `local` block (what
  // fields() or wait_fields() gave it: nothing is computed again); `global` is left empty (0 x 0)
  // on the other ranks.
  void gather_fields(const Fields& local, Fields& global);
  // Collective. The populations of the whole lattice, canonical order [i][y][x] over NX x NY,
  // on rank 0 (empty elsewhere): what a checkpoint stores, whatever the tiling.
  std::vector<double> gather_populations();
  // Collective. Rank 0 passes the whole lattice's canonical populations and the step (the other
  // ranks' arguments are ignored); every rank takes its block. A checkpoint written by N ranks
  // restarts on M. A wrong size on rank 0 throws CollectiveError on every rank.
  void scatter_populations(const std::vector<double>& global, long step);
  // Collective. The solid sites of the whole lattice, a byte per site [z][y][x] (1: solid), on
  // rank 0 (empty elsewhere): what a checkpoint stores beside the populations, drawn sites
  // included. Empty on every rank when the run has never had solid sites.
  std::vector<std::uint8_t> gather_solids();
  // Collective. Rank 0 passes the whole lattice's mask (as gather_solids gives it; the other
  // ranks' arguments are ignored); every rank takes it for its block and halo, in place of the
  // solids it had. Restore the populations after it: a site that turns fluid here starts afresh,
  // as in edit_solids. A wrong size on rank 0 throws CollectiveError on every rank; a model
  // without solids throws std::invalid_argument.
  void scatter_solids(const std::vector<std::uint8_t>& global);

 private:
  friend struct internal::SolverAccess;
  void setup();
  void place_links();

  SolverConfig cfg_;
  const Model* model_ = nullptr;
  std::unique_ptr<parallel::Communicator> own_comm_;  // the single-process one, when not given
  parallel::Communicator* comm_ = nullptr;
  parallel::Decomposition decomp_;
  Domain domain_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<parallel::TileStepper> stepper_;  // decomposed runs of more than one rank
  std::vector<std::uint8_t> solid_;  // this block's solid sites with its halo (src/solid_mask.hpp); empty: none
  bool links_placed_ = false;  // where the walls cross the links, for a model that uses them
  std::string reason_;
  TransportKind transport_ = TransportKind::Auto;  // Auto: no halo messages (one rank)
  long step_ = 0;
  long snapshot_step_ = -1;  // the step of the requested fields; -1: none requested
  bool snapshot_on_device_ = false;  // requested by request_device_fields()
};

}  // namespace plume

// What a compute backend (CPU/OpenMP, CUDA) provides to the Solver. Each backend owns the
// populations of one block in a Layout and runs a model's per-site code: the generic backends
// (src/cpu/cpu_backend.hpp, src/cuda/cuda_backend.cuh) are instantiated by each model's folder.
// Internal to the solver library (solver/src: its sources and the model folders see it): the app,
// the GUI and the adaptors use plume/solver.hpp and plume/snapshot.hpp, and what the GUI needs of
// a GPU snapshot is plume/device_fields.hpp.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "plume/device_fields.hpp"
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/model.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/parallel/halo_plan.hpp"
#include "plume/reductions.hpp"

namespace plume {

// Where a tile's halo messages travel from and to: host memory (any MPI; on a GPU, pinned buffers
// staged to and from the device) or device memory (CUDA-aware MPI: no staging copies). With
// DeviceStream the buffers are in device memory and the transport queues its messages on the
// backend's halo stream (NCCL), behind the packing and ahead of the unpacking: the stream orders
// them, so neither the packing nor the messages need the host to wait. DevicePeer is DeviceStream
// for a transport that can also copy a face straight from the sender's state into the
// receiver's (CUDA IPC): the backend describes such faces (HaloBuffer::direct) and neither packs
// nor unpacks them.
enum class HaloMemory : int { Host = 0, Device = 1, DeviceStream = 2, DevicePeer = 3 };

// Persistent halo buffers of one face: the transport sends from `send` and receives into `recv`
// (host or device memory, as setup_halos() was asked). `stream` is the backend's halo stream
// (a cudaStream_t) for a transport that queues its messages on the device (NCCL), else null.
struct HaloBuffer {
  void* send = nullptr;
  void* recv = nullptr;
  std::size_t bytes = 0;
  void* stream = nullptr;
  parallel::DirectSlabs direct;  // a face copied state to state (DevicePeer), with no buffers
};

// What a backend provides to run one tile of a decomposed lattice. The stepper (Solver with a
// Communicator of more than one rank) drives a step as
//   pack x faces, start x messages | update(bulk) in pieces, polling the messages in between;
//   when x is in: unpack x, pack y faces, start y | ... | unpack y | update_border(borders) | swap()
// (without overlap: exchange, then update(whole), then swap(); with a backend whose update() only
// launches work, bulk_pieces() 1, and a transport other than NCCL, the bulk is launched before the
// first pack). Packing reads only the current
// state's boundary and x-halo layers and unpacking writes only its halo layers, while update()
// reads the current state's interior and writes the next state: a backend may run them
// concurrently (a CUDA backend on separate streams) as long as the guarantees below hold.
class HaloOps {
 public:
  virtual ~HaloOps() = default;
  // Once, before the first decomposed step: allocate the persistent buffers of the plan's Remote
  // faces (FacePlan::values() elements of the storage type each way) in `mem`, which must be one
  // of device_memory() allows. From then on the backend is one tile: fields() must not fill
  // periodic halos (the Solver exchanges them first) and step() is not called.
  virtual void setup_halos(const parallel::HaloPlan& plan, HaloMemory mem) = 0;
  // Whether the buffers can live in device memory (a GPU backend), for CUDA-aware MPI and NCCL.
  virtual bool device_memory() const { return false; }
  virtual HaloBuffer halo_buffer(parallel::Face f) = 0;
  // Current state's boundary layers -> send buffer of face f, in slab order; complete (visible
  // to the host, or to a transport on any device stream) when it returns, because the transport
  // reads the buffer next; with HaloMemory::DeviceStream, queued on the halo stream only.
  virtual void pack(parallel::Face f) = 0;
  // Receive buffer of face f -> the current state's halo layers; may complete asynchronously but
  // before any later pack(), copy_periodic() or update() reads them.
  virtual void unpack(parallel::Face f) = 0;
  // One tile across a periodic direction: copy the tile's opposite edge into the halo of `axis`
  // (x over the interior rows, y over whole rows so that the corners come along); or, when
  // halos_return(), the halo's pushed values back into the opposite edge.
  virtual void copy_periodic(int axis) = 0;
  // Whether update() and the fields read across this axis' periodic boundary themselves, at the
  // tile's other end (the tile spans the axis: both faces Self): then copy_periodic(axis) is not
  // called, and the halos along it stay unfilled.
  virtual bool reads_across(int /*axis*/) const { return false; }
  // Whether the next exchange returns values instead of fetching them: with in-place streaming
  // (plume/grid/planes.hpp) a step that writes each site's populations into the sites they stream
  // to leaves those of the border sites in the halos. The next exchange then moves each face's
  // halo slabs into the neighbour's boundary slabs (pack() reads the halo layers, unpack() writes
  // the boundary layers; the same slabs, messages and buffers as a fetching exchange, the other
  // way), axes in reverse order (z, y, x) so that what lies in edges and corners travels on.
  virtual bool halos_return() const { return false; }
  // Which of the tile's two state buffers (DirectSlabs::state) holds the current state now.
  virtual int state_buffer() const { return 0; }
  // Once at the start of each step, before its halos are packed: the model's changes to the
  // current state that every neighbour must see (plume/model_contract.hpp, has_pre_step); complete
  // before any later pack() reads the state. Nothing for most models.
  virtual void pre_step() {}
  // One step for the sites of box b (current state -> next state); may run asynchronously.
  virtual void update(const Box& b) = 0;
  // update() for a border box after the exchange that fills the halos it reads: may run beside
  // the bulk's update, which writes other sites.
  virtual void update_border(const Box& b) { update(b); }
  // The next state becomes the current one, once every update has ended: the host waits for them
  // here, but where the transport is stream-ordered (HaloMemory::DeviceStream) the next pack()
  // may wait on the device instead; Backend::wait_steps() waits for them.
  virtual void swap() = 0;
  // Pieces the stepper cuts the bulk into, polling the network between them: a backend whose
  // update() returns when done needs a few so that MPI progresses during the bulk; one whose
  // update() only launches work returns 1 (the host polls while the device computes).
  virtual int bulk_pieces() const = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;         // "cpu" or "cuda"
  virtual std::string description() const = 0;  // device / threads, for logs and summaries
  virtual const Layout& layout() const = 0;
  // New parameters of the model (its setup's physics), from the next step on.
  virtual void set_setup(const AnySetup& s) = 0;
  // The initial state of the setup's case into the current populations.
  virtual void initialize() = 0;
  // n fused steps (periodic halos in x, and in y when there are no walls).
  virtual void step(long n) = 0;
  // The same steps, possibly still running on a device when it returns; wait_steps() waits for
  // them. In between, only request_fields(), fields_ready() and wait_fields() may be called (a
  // GPU's fields come from the state before these steps: the steps follow the fields kernel on
  // the compute stream). A backend that computes on the host steps at once.
  virtual void step_async(long n) { step(n); }
  virtual void wait_steps() {}
  // Fields of the current state (from the post-streaming populations), into host memory.
  virtual void fields(Fields& out) = 0;
  // The same fields without waiting for them (the in-situ hand-off): request_fields() asks for
  // the current state's fields (on a GPU the next step writes them as it reads the state, or a
  // fields kernel does at once where the step cannot; then a copy into pinned host memory on a copy
  // stream overlaps the steps that follow); fields_ready() says whether they have arrived (on a
  // GPU not before that step, or wait_fields()); wait_fields() waits for them, computing them if
  // no step came. The result stays valid until the next request_fields(). A backend without a
  // device computes them at once.
  // Halos as for fields(): a tile's are filled by the caller first.
  virtual void request_fields() = 0;
  virtual bool fields_ready() = 0;
  virtual const Fields& wait_fields() = 0;
  virtual DeviceFields device_fields() const { return {}; }
  // request_fields() for a consumer that reads the snapshot where it was made (device_fields(),
  // snapshot_fault(), snapshot_range(), snapshot_values()): on a GPU the fields stay in device
  // memory and only the fault record crosses to the host, so wait_fields() must not be called for
  // it (its host fields are an older request's). wait_device_fields() waits for it. A backend
  // without a device makes the host fields, as request_fields() does.
  virtual void request_device_fields() { request_fields(); }
  virtual void wait_device_fields() { wait_fields(); }
  // Of the last request's fields, from its wait until the next request, and callable while steps
  // queued after the request run (step_async): the range of field v over the local box b, the
  // sites where stored field `mask` is not 0 left out of lo/hi (-1: none), and the values of
  // v[0 .. n) at local site (x, y, z); reductions.hpp's field_range and field_values, with their
  // bits. On a GPU computed on the device beside the steps: only the results cross to the host.
  virtual FieldRange snapshot_range(const FieldFormula& v, const Box& b, int mask) = 0;
  virtual void snapshot_values(const FieldFormula* v, int n, int x, int y, int z, double* out) = 0;
  // The model's sums over the interior sites (Traits::kSums, add_sums; plume/model_contract.hpp), computed
  // where the populations are: on a GPU by a reduction on the device, so that only the sums cross
  // to the host. In a fixed order (per row, then the rows in order; on a GPU, a fixed tree per
  // block, then the blocks in order), so the same block gives the same bits every time. Empty for
  // a model without sums. Halos as for fields().
  virtual std::vector<double> site_sums() = 0;
  // What the diagnostics and the health check need of the current state's fields, computed where
  // the populations are (reductions.hpp; on a GPU over the device fields, so that only these small
  // results cross to the host). Halos as for fields().
  // The block's row sums (rows indexed globally) and its fields' extremes: the bits
  // plume::row_sums gives for the same fields on the host (each row summed alone, in x order).
  virtual RowSums row_sums() = 0;
  // The block's first bad site and the number of them (Fault::step is left 0), as
  // plume::find_fault finds them on the same fields.
  virtual std::optional<Fault> find_fault() = 0;
  // The same for the fields of the last request_fields(), checked with them (on a GPU on the
  // device, right after the fields kernel, the result coming back with them): valid once
  // wait_fields() has returned, until the next request_fields(); nothing before any request.
  virtual std::optional<Fault> snapshot_fault() = 0;
  // Interior populations in canonical order [i][y][x] (x fastest), as doubles.
  virtual void read_populations(double* out) = 0;
  virtual void write_populations(const double* in) = 0;
  // The populations of a few interior sites, Q values per site in the order listed, as doubles:
  // what changes a handful of sites (plume-gui's brush) without the block crossing to the host.
  virtual void read_sites(const std::vector<Site>& sites, double* out) = 0;
  virtual void write_sites(const std::vector<Site>& sites, const double* in) = 0;
  // The solid sites (StepArgs::solid): `mask` holds a byte per site of the layout (halos
  // included), 1 where solid. b is the box of local sites that may have changed, halo sites
  // included (coordinates from -halo); the backend copies the whole layout rows of b. An interior
  // site of b that was solid and is now fluid starts in the model's state for such sites
  // (Traits::fluid_state). The first call passes the whole block with its halo.
  virtual void set_solids(const std::uint8_t* mask, const Box& b) = 0;
  // Where the walls cross the links into solid sites (StepArgs::links): `q` holds Q planes of a
  // float per site of the layout; the backend copies the whole layout rows of b, as set_solids.
  virtual void set_links(const float* q, const Box& b) = 0;
  // The operations of a tile of a decomposed lattice; nullptr: this backend runs single-tile only.
  virtual HaloOps* halo_ops() { return nullptr; }
};

}  // namespace plume

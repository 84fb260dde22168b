// The time step of one tile of a decomposed lattice: halo exchange (x, then y, then z, each over
// the layers the earlier axes filled) overlapped with the bulk, then the borders (backend.hpp, HaloOps, describes the sequence).
#pragma once
#include <array>
#include <memory>
#include "backend.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/solver.hpp"

namespace plume::parallel {

// Fills the current state's halos: x first, then y, then z, which carries the edges and corners;
// or, when the backend returns pushed halo values to their tiles (HaloOps::halos_return, in-place
// streaming), z first, then y, then x, the same way back. begin() starts it, progress() moves it
// on without blocking, finish() completes it. prepare(), before begin(), does only what comes
// before the first message (the copies across periodic directions of the axes before it), so
// that a bulk update that needs those halos can be launched in between.
class HaloExchange {
 public:
  // `transport` is resolved (Host, CudaAware, Nccl or CudaIpc); the last two make this
  // constructor collective.
  HaloExchange(HaloOps& ops, const HaloPlan& plan, Communicator& comm, TransportKind transport);
  void prepare();
  void begin();
  void progress();
  void finish();
  bool done() const { return turn_ == kDone; }

 private:
  // Turns 0, 1, 2 are the axes in the order of this exchange (order_); kDone: none left.
  static constexpr int kDone = kAxes;
  int local_copies(int turn);  // the periodic copies from `turn` on, up to the first turn with messages
  void start(int turn);     // from `turn` on: the first turn with messages in flight, or done
  void complete(int turn);  // the messages of `turn` are in: unpack, go on with the next turn
  void set_order();         // order_ for the exchange about to start

  HaloOps& ops_;
  HaloPlan plan_;
  std::unique_ptr<HaloTransport> transport_;
  std::array<int, kAxes> order_{0, 1, 2};
  int turn_ = kDone;      // the turn whose messages are in flight
  int prepared_ = -1;     // after prepare(): the first turn with messages (or kDone)
};

class TileStepper {
 public:
  // Sets the backend up as the tile of `rank` (allocates its halo buffers) and connects the
  // persistent messages. Not collective (but with NCCL, which bootstraps its communicator here),
  // but every rank must construct its stepper before the first step.
  // `return_regions`: the bulk and borders of a step whose exchange returns pushed values
  // (step_regions(..., true)).
  TileStepper(HaloOps& ops, const HaloPlan& plan, const StepRegions& regions, const StepRegions& return_regions,
              Communicator& comm, TransportKind transport);
  // A model's own stepper (Model::make_tile_stepper) derives from this one: it keeps the halo
  // exchange and replaces the step.
  virtual ~TileStepper() = default;
  virtual void step(bool overlap);
  virtual void exchange();  // halos of the current state, for the fields

 private:
  HaloOps& ops_;
  std::array<StepRegions, 2> regions_;  // fetching, returning
  HaloExchange exchange_;
  // Launch the bulk before packing: a backend whose update() only launches work, with a transport
  // whose packing makes the host wait (host-staged or CUDA-aware MPI: the copies to the host run
  // beside the bulk instead of before it). NCCL and CUDA IPC queue everything on the halo stream anyway.
  bool bulk_first_ = false;
};

}  // namespace plume::parallel

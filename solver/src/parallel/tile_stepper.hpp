// The time step of one tile of a decomposed lattice: halo exchange (x, then y, then z, each over
// the layers the earlier axes filled) overlapped with the bulk, then the borders (backend.hpp, HaloOps, describes the sequence).
#pragma once
#include <memory>
#include "plume/backend.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/solver.hpp"

namespace plume::parallel {

// Fills the current state's halos: x first, then y, then z, which carries the edges and corners. begin() starts
// it, progress() moves it on without blocking, finish() completes it.
class HaloExchange {
 public:
  // `transport` is resolved (Host, CudaAware or Nccl); Nccl makes this constructor collective.
  HaloExchange(HaloOps& ops, const HaloPlan& plan, Communicator& comm, TransportKind transport);
  void begin();
  void progress();
  void finish();
  bool done() const { return axis_ == kDone; }

 private:
  static constexpr int kDone = kAxes;
  void start(int axis);     // from `axis` on: the first axis with messages in flight, or done
  void complete(int axis);  // the messages of `axis` are in: unpack, go on with the next axis

  HaloOps& ops_;
  HaloPlan plan_;
  std::unique_ptr<HaloTransport> transport_;
  int axis_ = kDone;  // the axis whose messages are in flight
};

class TileStepper {
 public:
  // Sets the backend up as the tile of `rank` (allocates its halo buffers) and connects the
  // persistent messages. Not collective (but with NCCL, which bootstraps its communicator here),
  // but every rank must construct its stepper before the first step.
  TileStepper(HaloOps& ops, const HaloPlan& plan, const StepRegions& regions, Communicator& comm,
              TransportKind transport);
  void step(bool overlap);
  void exchange();  // halos of the current state, for the fields

 private:
  HaloOps& ops_;
  StepRegions regions_;
  HaloExchange exchange_;
};

}  // namespace plume::parallel

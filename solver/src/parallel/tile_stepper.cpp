#include "tile_stepper.hpp"
#include <algorithm>
#include "ipc_transport.hpp"
#include "nccl_transport.hpp"

namespace plume::parallel {

namespace {
// The transports that queue their messages on the backend's halo stream, after the packing and
// before the unpacking, so that the host never waits for a message.
bool stream_ordered(TransportKind t) { return t == TransportKind::Nccl || t == TransportKind::CudaIpc; }
}  // namespace

HaloExchange::HaloExchange(HaloOps& ops, const HaloPlan& plan, Communicator& comm, TransportKind transport)
    : ops_(ops), plan_(plan) {
  ops_.setup_halos(plan_, transport == TransportKind::Host      ? HaloMemory::Host
                          : transport == TransportKind::CudaIpc ? HaloMemory::DevicePeer
                          : stream_ordered(transport)           ? HaloMemory::DeviceStream
                                                                : HaloMemory::Device);
  std::array<HaloChannel, kFaces> channels;
  void* stream = nullptr;
  for (int f = 0; f < kFaces; ++f) {
    const Neighbour& peer = plan_.face[f].peer;
    if (peer.link != Link::Remote) continue;
    const HaloBuffer b = ops_.halo_buffer(Face(f));
    channels[f] = HaloChannel{peer.rank, b.send, b.recv, b.bytes, b.direct};
    stream = b.stream;
  }
  transport_ = transport == TransportKind::Nccl      ? make_nccl_transport(comm, channels, stream)
               : transport == TransportKind::CudaIpc ? make_ipc_transport(comm, channels, stream)
                                                     : comm.connect(channels);
}

void HaloExchange::set_order() {
  order_ = ops_.halos_return() ? std::array<int, kAxes>{2, 1, 0} : std::array<int, kAxes>{0, 1, 2};
}

void HaloExchange::prepare() {
  set_order();
  prepared_ = local_copies(0);
}

void HaloExchange::begin() {
  if (prepared_ < 0) set_order();
  start(prepared_ >= 0 ? prepared_ : 0);
  prepared_ = -1;
}

int HaloExchange::local_copies(int turn) {
  for (; turn < kAxes; ++turn) {
    const int axis = order_[turn];
    if (plan_.remote(axis)) return turn;
    if (plan_.face[2 * axis].peer.link == Link::Self && !ops_.reads_across(axis)) ops_.copy_periodic(axis);
  }
  return kDone;
}

void HaloExchange::start(int turn) {
  turn_ = local_copies(turn);
  if (turn_ == kDone) return;
  const int axis = order_[turn_];
  for (int f = 2 * axis; f < 2 * axis + 2; ++f)
    if (plan_.face[f].peer.link == Link::Remote) ops_.pack(Face(f));
  transport_->start(axis, ops_.state_buffer());
}

void HaloExchange::complete(int turn) {
  const int axis = order_[turn];
  for (int f = 2 * axis; f < 2 * axis + 2; ++f)
    if (plan_.face[f].peer.link == Link::Remote) ops_.unpack(Face(f));
  start(turn + 1);
}

void HaloExchange::progress() {
  if (turn_ != kDone && transport_->test(order_[turn_])) complete(turn_);
}

void HaloExchange::finish() {
  while (turn_ != kDone) {
    transport_->wait(order_[turn_]);
    complete(turn_);
  }
}

TileStepper::TileStepper(HaloOps& ops, const HaloPlan& plan, const StepRegions& regions,
                         const StepRegions& return_regions, Communicator& comm, TransportKind transport)
    : ops_(ops),
      regions_{regions, return_regions},
      exchange_(ops, plan, comm, transport),
      bulk_first_(ops.bulk_pieces() == 1 && !stream_ordered(transport)) {}

}  // namespace plume::parallel

namespace plume {

// The generic stepper of the backend's per-site update.
std::unique_ptr<parallel::TileStepper> Model::make_tile_stepper(Backend& b, const Domain& d,
                                                                const parallel::Neighbours& nb, const AnySetup& /*s*/,
                                                                parallel::Communicator& comm,
                                                                TransportKind transport) const {
  return std::make_unique<parallel::TileStepper>(*b.halo_ops(), parallel::make_halo_plan(lattice(), d, nb),
                                                 parallel::step_regions(d, nb, lattice().reach),
                                                 parallel::step_regions(d, nb, lattice().reach, true), comm, transport);
}

}  // namespace plume

namespace plume::parallel {

void TileStepper::exchange() {
  exchange_.begin();
  exchange_.finish();
}

void TileStepper::step(bool overlap) {
  ops_.pre_step();
  const StepRegions& regions = regions_[ops_.halos_return() ? 1 : 0];
  if (!overlap) {
    exchange();
    ops_.update(regions.whole);
    ops_.swap();
    return;
  }
  if (bulk_first_) {
    exchange_.prepare();
    ops_.update(regions.bulk);
    exchange_.begin();
    exchange_.progress();
  } else {
    exchange_.begin();
    const Box& b = regions.bulk;
    // Pieces along the outermost axis of the bulk that has more than one layer (z in 3-D, else y).
    const bool by_z = b.z1 - b.z0 > 1;
    const int layers = by_z ? b.z1 - b.z0 : b.y1 - b.y0;
    const int pieces = std::max(1, std::min(ops_.bulk_pieces(), layers));
    for (int k = 0; k < pieces; ++k) {
      const Range r = split(layers, pieces, k);
      Box piece = b;
      if (by_z)
        piece.z0 = b.z0 + r.begin, piece.z1 = b.z0 + r.begin + r.size;
      else
        piece.y0 = b.y0 + r.begin, piece.y1 = b.y0 + r.begin + r.size;
      ops_.update(piece);
      exchange_.progress();
    }
  }
  exchange_.finish();
  for (const Box& border : regions.borders) ops_.update_border(border);
  ops_.swap();
}

}  // namespace plume::parallel

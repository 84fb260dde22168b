#include "tile_stepper.hpp"
#include <algorithm>
#include "nccl_transport.hpp"

namespace plume::parallel {

HaloExchange::HaloExchange(HaloOps& ops, const HaloPlan& plan, Communicator& comm, TransportKind transport)
    : ops_(ops), plan_(plan) {
  ops_.setup_halos(plan_, transport == TransportKind::Host   ? HaloMemory::Host
                          : transport == TransportKind::Nccl ? HaloMemory::DeviceStream
                                                             : HaloMemory::Device);
  std::array<HaloChannel, kFaces> channels;
  void* stream = nullptr;
  for (int f = 0; f < kFaces; ++f) {
    const Neighbour& peer = plan_.face[f].peer;
    if (peer.link != Link::Remote) continue;
    const HaloBuffer b = ops_.halo_buffer(Face(f));
    channels[f] = HaloChannel{peer.rank, b.send, b.recv, b.bytes};
    stream = b.stream;
  }
  transport_ = transport == TransportKind::Nccl ? make_nccl_transport(comm, channels, stream) : comm.connect(channels);
}

void HaloExchange::prepare() { prepared_ = local_copies(0); }

void HaloExchange::begin() {
  start(prepared_ >= 0 ? prepared_ : 0);
  prepared_ = -1;
}

int HaloExchange::local_copies(int axis) {
  for (; axis < kAxes; ++axis) {
    if (plan_.remote(axis)) return axis;
    if (plan_.face[2 * axis].peer.link == Link::Self) ops_.copy_periodic(axis);
  }
  return kDone;
}

void HaloExchange::start(int axis) {
  axis_ = local_copies(axis);
  if (axis_ == kDone) return;
  for (int f = 2 * axis_; f < 2 * axis_ + 2; ++f)
    if (plan_.face[f].peer.link == Link::Remote) ops_.pack(Face(f));
  transport_->start(axis_);
}

void HaloExchange::complete(int axis) {
  for (int f = 2 * axis; f < 2 * axis + 2; ++f)
    if (plan_.face[f].peer.link == Link::Remote) ops_.unpack(Face(f));
  start(axis + 1);
}

void HaloExchange::progress() {
  if (axis_ != kDone && transport_->test(axis_)) complete(axis_);
}

void HaloExchange::finish() {
  while (axis_ != kDone) {
    transport_->wait(axis_);
    complete(axis_);
  }
}

TileStepper::TileStepper(HaloOps& ops, const HaloPlan& plan, const StepRegions& regions, Communicator& comm,
                         TransportKind transport)
    : ops_(ops),
      regions_(regions),
      exchange_(ops, plan, comm, transport),
      bulk_first_(ops.bulk_pieces() == 1 && transport != TransportKind::Nccl) {}

void TileStepper::exchange() {
  exchange_.begin();
  exchange_.finish();
}

void TileStepper::step(bool overlap) {
  ops_.pre_step();
  if (!overlap) {
    exchange();
    ops_.update(regions_.whole);
    ops_.swap();
    return;
  }
  if (bulk_first_) {
    exchange_.prepare();
    ops_.update(regions_.bulk);
    exchange_.begin();
    exchange_.progress();
  } else {
    exchange_.begin();
    const Box& b = regions_.bulk;
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
  for (const Box& border : regions_.borders) ops_.update(border);
  ops_.swap();
}

}  // namespace plume::parallel

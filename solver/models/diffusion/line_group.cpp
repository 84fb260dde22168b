#include "diffusion/line_group.hpp"
#include <stdexcept>
#include <string>

namespace plume::diffusion {

namespace {
constexpr int kFields = 6;  // x0, y0, z0, nx, ny, nz of a block
}  // namespace

std::vector<LineGroup> LineGroup::of_axes(parallel::Communicator& comm, const Domain& d, int axes) {
  // Every rank's block: each rank fills its own slot, the sum over the ranks fills them all.
  const int ranks = comm.size(), me = comm.rank();
  std::vector<long long> blocks(std::size_t(ranks) * kFields, 0);
  for (int a = 0; a < kAxes; ++a) {
    blocks[std::size_t(me) * kFields + std::size_t(a)] = d.origin(a);
    blocks[std::size_t(me) * kFields + kAxes + std::size_t(a)] = d.size(a);
  }
  comm.allreduce(blocks.data(), blocks.size(), parallel::ReduceOp::Sum);
  const auto origin = [&](int r, int a) { return int(blocks[std::size_t(r) * kFields + std::size_t(a)]); };
  const auto size = [&](int r, int a) { return int(blocks[std::size_t(r) * kFields + kAxes + std::size_t(a)]); };

  std::vector<LineGroup> groups;
  for (int axis = 0; axis < axes; ++axis) {
    // The members: the ranks whose blocks start where this one does on the other two axes, in
    // the order of their ranks, which is the order the split keeps.
    LineGroup g;
    std::vector<int> members;
    for (int r = 0; r < ranks; ++r) {
      bool same = true;
      for (int b = 0; b < kAxes; ++b)
        if (b != axis && origin(r, b) != d.origin(b)) same = false;
      if (!same) continue;
      for (int b = 0; b < kAxes; ++b)
        if (b != axis && size(r, b) != d.size(b))
          throw std::logic_error("line group along axis " + std::to_string(axis) + ": ranks " + std::to_string(me) +
                                 " and " + std::to_string(r) + " start together but differ in size across it");
      if (r == me) g.index_ = int(members.size());
      members.push_back(r);
      g.offset_.push_back(origin(r, axis));
      g.length_.push_back(size(r, axis));
      g.global_ += size(r, axis);
    }
    if (g.global_ != d.global_size(axis))
      throw std::logic_error("line group along axis " + std::to_string(axis) + " of rank " + std::to_string(me) +
                             ": its blocks hold " + std::to_string(g.global_) + " of the line's " +
                             std::to_string(d.global_size(axis)) + " sites");
    // Collective: every rank splits once per axis; the group is named by its lowest rank.
    g.comm_ = std::shared_ptr<parallel::Communicator>(comm.split(members.front()));
    if (!g.comm_ || g.comm_->size() != g.size() || g.comm_->rank() != g.index_)
      throw std::logic_error("line group along axis " + std::to_string(axis) + " of rank " + std::to_string(me) +
                             ": the split communicator does not hold its members in rank order");
    groups.push_back(std::move(g));
  }
  return groups;
}

void LineGroup::exchange(const std::vector<const void*>& send, const std::vector<std::size_t>& send_bytes,
                         const std::vector<void*>& recv, const std::vector<std::size_t>& recv_bytes) const {
  constexpr int kTag = 38;
  const int n = size(), k = index_;
  // The pairs in one order everywhere: the first pair not yet done has both its members at it.
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (k == i) {
        comm_->send(send[std::size_t(j)], send_bytes[std::size_t(j)], j, kTag);
        comm_->recv(recv[std::size_t(j)], recv_bytes[std::size_t(j)], j, kTag);
      } else if (k == j) {
        comm_->recv(recv[std::size_t(i)], recv_bytes[std::size_t(i)], i, kTag);
        comm_->send(send[std::size_t(i)], send_bytes[std::size_t(i)], i, kTag);
      }
    }
}

}  // namespace plume::diffusion

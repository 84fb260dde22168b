// The ranks of a decomposed run whose blocks one line of sites along an axis crosses: the tiles
// that share the other two tile coordinates (a row of tiles along x, a column along y, a stack
// along z). The implicit scheme's tile stepper (implicit_stepper.cpp) assembles each line of the
// axis from their blocks, solves it whole, and hands each block its part back; this is what it
// knows of them: their own communicator (made once), where each block lies along the axis, and
// one message to and from every other member.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>
#include "plume/grid/domain.hpp"
#include "plume/parallel/communicator.hpp"

namespace plume::diffusion {

class LineGroup {
 public:
  // The line groups of axes 0 .. axes - 1 of the block `d` of this rank. Collective over `comm`
  // (every rank calls it once, with the same `axes`): it gathers every rank's block and splits
  // `comm` once per axis. Throws std::logic_error when the blocks do not tile the lattice as a
  // decomposition's do (a line's blocks not sharing their extents across it).
  static std::vector<LineGroup> of_axes(parallel::Communicator& comm, const Domain& d, int axes);

  int size() const { return int(offset_.size()); }
  int index() const { return index_; }                  // this rank's place in the group
  int offset(int q) const { return offset_[std::size_t(q)]; }  // member q's first site along the axis
  int length(int q) const { return length_[std::size_t(q)]; }  // and its sites along it
  int global_length() const { return global_; }        // the whole line's sites

  // One message each way between this rank and every other member q: send[q] (send_bytes[q])
  // goes to q while recv[q] (recv_bytes[q], which q sends) comes from it; entry index() is
  // unused. Blocking; every member calls it with matching sizes. Pairs (i, j), i < j, exchange
  // in one order on every member (the lower sends first), so blocking messages cannot wait on
  // each other in a cycle.
  void exchange(const std::vector<const void*>& send, const std::vector<std::size_t>& send_bytes,
                const std::vector<void*>& recv, const std::vector<std::size_t>& recv_bytes) const;

 private:
  LineGroup() = default;
  std::shared_ptr<parallel::Communicator> comm_;  // the group's own (shared: groups are copied into a vector)
  int index_ = 0, global_ = 0;
  std::vector<int> offset_, length_;
};

}  // namespace plume::diffusion

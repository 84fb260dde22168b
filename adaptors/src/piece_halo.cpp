#include "piece_halo.hpp"
#include <algorithm>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

namespace {

struct Box {
  int x0, x1, y0, y1;  // inclusive
  bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

Box block_box(const Domain& d) { return {d.x0, d.x0 + d.nx - 1, d.y0, d.y0 + d.ny - 1}; }

// The block plus one column to the right and one row above, where the lattice goes on.
Box piece_box(const Domain& d) {
  Box b = block_box(d);
  if (b.x1 + 1 < d.NX) ++b.x1;
  if (b.y1 + 1 < d.NY) ++b.y1;
  return b;
}

}  // namespace

PieceHalo::PieceHalo(const Domain& mine, MPI_Comm comm, int fields) : mine_(mine), fields_(fields) {
  int rank = 0, ranks = 1;
  if (comm != MPI_COMM_NULL) {
    MPI_Comm_size(comm, &ranks);
    if (ranks > 1) {
      MPI_Comm_dup(comm, &comm_);
      MPI_Comm_rank(comm_, &rank);
    }
  }
  std::vector<int> all(6 * std::size_t(ranks));
  const int me[6] = {mine.x0, mine.y0, mine.nx, mine.ny, mine.NX, mine.NY};
  if (ranks > 1)
    MPI_Allgather(me, 6, MPI_INT, all.data(), 6, MPI_INT, comm_);
  else
    std::copy(me, me + 6, all.begin());
  std::vector<Domain> blocks(ranks);
  long long sites = 0;
  for (int r = 0; r < ranks; ++r) {
    const int* v = &all[6 * std::size_t(r)];
    blocks[r] = Domain{v[2], v[3], 1, v[0], v[1], 0, v[4], v[5], 1};
    if (v[4] != mine.NX || v[5] != mine.NY)
      throw Error("ranks disagree on the lattice size (" + std::to_string(v[4]) + "x" + std::to_string(v[5]) + " on rank " +
                  std::to_string(r) + ")");
    sites += (long long)v[2] * v[3];
  }
  if (sites != (long long)mine.NX * mine.NY)
    throw Error("the ranks' blocks hold " + std::to_string(sites) + " sites, the lattice " +
                std::to_string((long long)mine.NX * mine.NY) + ": they do not tile it");

  const Box own = block_box(mine), piece = piece_box(mine);
  ex_ = piece.x1 - piece.x0 + 1;
  ey_ = piece.y1 - piece.y0 + 1;
  // Both sides list the shared sites in the same order (y, then x), so no indices travel.
  for (int r = 0; r < ranks; ++r) {
    if (r == rank) continue;
    const Box other = block_box(blocks[r]), other_piece = piece_box(blocks[r]);
    Link send{r, {}, {}}, recv{r, {}, {}};
    for (int y = other_piece.y0; y <= other_piece.y1; ++y)
      for (int x = other_piece.x0; x <= other_piece.x1; ++x)
        if (own.contains(x, y) && !other.contains(x, y))
          send.sites.push_back(std::size_t(y - mine.y0) * mine.nx + (x - mine.x0));
    for (int y = piece.y0; y <= piece.y1; ++y)
      for (int x = piece.x0; x <= piece.x1; ++x)
        if (other.contains(x, y) && !own.contains(x, y))
          recv.sites.push_back(std::size_t(y - piece.y0) * ex_ + (x - piece.x0));
    if (!send.sites.empty()) sends_.push_back(std::move(send));
    if (!recv.sites.empty()) recvs_.push_back(std::move(recv));
  }
  std::size_t expected = std::size_t(ex_) * ey_ - std::size_t(mine.nx) * mine.ny, got = 0;
  for (const Link& l : recvs_) got += l.sites.size();
  if (got != expected) throw Error("the ranks' blocks leave gaps next to rank " + std::to_string(rank) + "'s block");
  for (Link& l : sends_) l.buffer.resize(l.sites.size() * fields_);
  for (Link& l : recvs_) l.buffer.resize(l.sites.size() * fields_);
  requests_.resize(sends_.size() + recvs_.size());
}

PieceHalo::~PieceHalo() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (comm_ != MPI_COMM_NULL && !finalized) MPI_Comm_free(&comm_);
}

void PieceHalo::extent(int ext[6]) const {
  ext[0] = mine_.x0;
  ext[1] = mine_.x0 + ex_ - 1;
  ext[2] = mine_.y0;
  ext[3] = mine_.y0 + ey_ - 1;
  ext[4] = ext[5] = 0;
}

void PieceHalo::fill(const std::vector<const double*>& block, const std::vector<double*>& piece) {
  const int nf = fields_;
  if (sends_.empty() && recvs_.empty()) return;  // a single rank
  std::size_t k = 0;
  for (Link& l : recvs_)
    MPI_Irecv(l.buffer.data(), int(l.buffer.size()), MPI_DOUBLE, l.rank, 0, comm_, &requests_[k++]);
  for (Link& l : sends_) {
    for (std::size_t i = 0; i < l.sites.size(); ++i)
      for (int f = 0; f < nf; ++f) l.buffer[i * nf + f] = block[f][l.sites[i]];
    MPI_Isend(l.buffer.data(), int(l.buffer.size()), MPI_DOUBLE, l.rank, 0, comm_, &requests_[k++]);
  }
  if (extended())
    for (int y = 0; y < mine_.ny; ++y)
      for (int f = 0; f < nf; ++f)
        std::copy_n(block[f] + std::size_t(y) * mine_.nx, mine_.nx, piece[f] + std::size_t(y) * ex_);
  MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  for (const Link& l : recvs_)
    for (std::size_t i = 0; i < l.sites.size(); ++i)
      for (int f = 0; f < nf; ++f) piece[f][l.sites[i]] = l.buffer[i * nf + f];
}

}  // namespace plume::catalyst

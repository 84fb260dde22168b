#include "piece_halo.hpp"
#include <algorithm>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

namespace {

struct Box {
  int x0, x1, y0, y1, z0, z1;  // inclusive
  bool contains(int x, int y, int z) const {
    return x >= x0 && x <= x1 && y >= y0 && y <= y1 && z >= z0 && z <= z1;
  }
  // Calls f(x, y, z) for every point, x fastest: the order both sides of a link list them in.
  template <class F>
  void each(F&& f) const {
    for (int z = z0; z <= z1; ++z)
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) f(x, y, z);
  }
};

Box block_box(const Domain& d) {
  return {d.x0, d.x0 + d.nx - 1, d.y0, d.y0 + d.ny - 1, d.z0, d.z0 + d.nz - 1};
}

// The block plus one column to the right, one row above and one plane beyond, where the lattice
// goes on.
Box piece_box(const Domain& d) {
  Box b = block_box(d);
  if (b.x1 + 1 < d.NX) ++b.x1;
  if (b.y1 + 1 < d.NY) ++b.y1;
  if (b.z1 + 1 < d.NZ) ++b.z1;
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
  constexpr int kSent = 9;
  std::vector<int> all(kSent * std::size_t(ranks));
  const int me[kSent] = {mine.x0, mine.y0, mine.z0, mine.nx, mine.ny, mine.nz, mine.NX, mine.NY, mine.NZ};
  if (ranks > 1)
    MPI_Allgather(me, kSent, MPI_INT, all.data(), kSent, MPI_INT, comm_);
  else
    std::copy(me, me + kSent, all.begin());
  std::vector<Domain> blocks(ranks);
  long long sites = 0;
  for (int r = 0; r < ranks; ++r) {
    const int* v = &all[kSent * std::size_t(r)];
    blocks[r] = Domain{v[3], v[4], v[5], v[0], v[1], v[2], v[6], v[7], v[8]};
    if (v[6] != mine.NX || v[7] != mine.NY || v[8] != mine.NZ)
      throw Error("ranks disagree on the lattice size (" + size_text(blocks[r]) + " on rank " + std::to_string(r) + ")");
    sites += blocks[r].sites();
  }
  if (sites != mine.global_sites())
    throw Error("the ranks' blocks hold " + std::to_string(sites) + " sites, the lattice " +
                std::to_string(mine.global_sites()) + ": they do not tile it");

  const Box own = block_box(mine), piece = piece_box(mine);
  ex_ = piece.x1 - piece.x0 + 1;
  ey_ = piece.y1 - piece.y0 + 1;
  ez_ = piece.z1 - piece.z0 + 1;
  // Both sides list the shared sites in the same order (z, y, then x), so no indices travel.
  for (int r = 0; r < ranks; ++r) {
    if (r == rank) continue;
    const Box other = block_box(blocks[r]), other_piece = piece_box(blocks[r]);
    Link send{r, {}, {}}, recv{r, {}, {}};
    other_piece.each([&](int x, int y, int z) {
      if (own.contains(x, y, z) && !other.contains(x, y, z))
        send.sites.push_back((std::size_t(z - mine.z0) * mine.ny + (y - mine.y0)) * mine.nx + (x - mine.x0));
    });
    piece.each([&](int x, int y, int z) {
      if (other.contains(x, y, z) && !own.contains(x, y, z))
        recv.sites.push_back((std::size_t(z - piece.z0) * ey_ + (y - piece.y0)) * ex_ + (x - piece.x0));
    });
    if (!send.sites.empty()) sends_.push_back(std::move(send));
    if (!recv.sites.empty()) recvs_.push_back(std::move(recv));
  }
  std::size_t expected = points() - std::size_t(mine.sites()), got = 0;
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
  ext[4] = mine_.z0;
  ext[5] = mine_.z0 + ez_ - 1;
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
    for (int z = 0; z < mine_.nz; ++z)
      for (int y = 0; y < mine_.ny; ++y)
        for (int f = 0; f < nf; ++f)
          std::copy_n(block[f] + (std::size_t(z) * mine_.ny + y) * mine_.nx, mine_.nx,
                      piece[f] + (std::size_t(z) * ey_ + y) * ex_);
  MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  for (const Link& l : recvs_)
    for (std::size_t i = 0; i < l.sites.size(); ++i)
      for (int f = 0; f < nf; ++f) piece[f][l.sites[i]] = l.buffer[i * nf + f];
}

}  // namespace plume::catalyst

// Makes the pieces of the ranks' blocks meet. The fields live on lattice sites, i.e. on the points
// of the image, and VTK's pieces of an image must share their boundary points, or the cells
// between two blocks belong to no piece (the .pvti reader then fails, renderings show seams).
// So each rank's piece extends one point to the right, one up and (in 3-D) one further in z, into
// its neighbours' first column, row and plane, unless it touches the lattice's edge; this class finds which sites each rank
// needs from which (once, from all ranks' blocks) and fetches them at every call.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
#include <mpi.h>
#include "plume/grid/layout.hpp"

namespace plume::catalyst {

class PieceHalo {
 public:
  // Collective over comm (MPI_COMM_NULL: a single process), carrying `fields` values per site.
  // Throws Error when the ranks' blocks do not tile the same global lattice.
  PieceHalo(const Domain& mine, MPI_Comm comm, int fields);
  ~PieceHalo();  // before MPI_Finalize
  PieceHalo(const PieceHalo&) = delete;
  PieceHalo& operator=(const PieceHalo&) = delete;

  bool extended() const { return ex_ != mine_.nx || ey_ != mine_.ny || ez_ != mine_.nz; }
  int ex() const { return ex_; }  // points of the piece in x, y and z
  int ey() const { return ey_; }
  int ez() const { return ez_; }
  std::size_t points() const { return std::size_t(ex_) * ey_ * ez_; }
  void extent(int ext[6]) const;

  // Collective: sends the neighbours the sites of the block (`fields` arrays of nx*ny*nz values)
  // that their pieces need and, when this piece is larger than the block, copies the block into
  // the piece (`fields` arrays of ex*ey*ez values) and fills its extra column, row and plane from
  // the neighbours.
  // Every rank calls it, whether its own piece is extended or not.
  void fill(const std::vector<const double*>& block, const std::vector<double*>& piece);

 private:
  struct Link {
    int rank;
    std::vector<std::size_t> sites;  // send: indices in the block; receive: indices in the piece
    std::vector<double> buffer;
  };
  Domain mine_;
  int fields_;
  MPI_Comm comm_ = MPI_COMM_NULL;  // a duplicate: these messages never meet Catalyst's
  int ex_, ey_, ez_;
  std::vector<Link> sends_, recvs_;
  std::vector<MPI_Request> requests_;
};

}  // namespace plume::catalyst

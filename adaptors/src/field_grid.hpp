// plume's fields of one block as the piece of a vtkImageData of the global lattice: point data on
// the lattice sites, spacing 1, origin 0, whole extent [0, NX-1] x [0, NY-1]. The piece is the
// block plus, with several ranks, the neighbours' first column and row (see PieceHalo). On a
// single rank T_H and rho are the caller's arrays handed over in place (plume::Fields holds
// contiguous doubles, x fastest, as VTK does); p = rho T_H and the 3-component u_H (z = 0) are
// filled into buffers allocated once, as are T_H and rho when the piece is larger than the block.
// The field data holds the step and the time (numbers only: ParaView Live sends grids in VTK's
// legacy format, which misreads strings with spaces).
#pragma once
#include <vector>
#include <mpi.h>
#include <vtkNew.h>
#include "piece_halo.hpp"
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"

class vtkDoubleArray;
class vtkImageData;
class vtkLongLongArray;

namespace plume::catalyst {

class FieldGrid {
 public:
  FieldGrid(const Domain& d, MPI_Comm comm);  // collective
  ~FieldGrid();
  FieldGrid(const FieldGrid&) = delete;
  FieldGrid& operator=(const FieldGrid&) = delete;

  // Collective: points the grid at these fields (which must be the domain's block) and derives
  // p and u_H.
  void update(const Fields& f, long step, double time);
  vtkImageData* image() const { return image_; }
  void whole_extent(int ext[6]) const;

 private:
  Domain d_;
  PieceHalo halo_;
  std::vector<double> T_, rho_, ux_, uy_;  // the piece's copies, when it is larger than the block
  std::vector<double> p_;                  // rho T_H
  std::vector<double> u_;                  // (ux, uy, 0) per point
  vtkNew<vtkImageData> image_;
  vtkNew<vtkDoubleArray> T_array_, rho_array_, p_array_, u_array_, time_;
  vtkNew<vtkLongLongArray> step_;
};

}  // namespace plume::catalyst

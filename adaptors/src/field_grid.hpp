// plume's fields of one block as the piece of a vtkImageData of the global lattice: point data on
// the lattice sites, spacing 1, origin 0, whole extent [0, NX-1] x [0, NY-1] x [0, NZ-1]. The piece
// is the block plus, with several ranks, the neighbours' first column, row and plane (PieceHalo).
//
// The arrays come from the model (io::field_choices): its stored scalars, named by their label
// (D2Q37: T_H, rho), the fields it derives itself, named by their name (p = rho T_H), and its
// velocity as one 3-component vector named by its symbol (u_H; z = 0 in 2-D). The speed and the
// vorticity are left to the pipelines, which derive them from the vector. On a single rank the
// stored scalars are the caller's arrays handed over in place (plume::Fields holds contiguous
// doubles, x fastest, as VTK does); the others are filled into buffers allocated once, as are
// the stored ones when the piece is larger than the block. The field data holds the step and the
// time (numbers only: ParaView Live sends grids in VTK's legacy format, which misreads strings
// with spaces).
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <mpi.h>
#include <vtkNew.h>
#include "piece_halo.hpp"
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/io/field_select.hpp"

class vtkDoubleArray;
class vtkImageData;
class vtkLongLongArray;

namespace plume::catalyst {

class FieldGrid {
 public:
  FieldGrid(const Domain& d, MPI_Comm comm, const Model& m);  // collective
  ~FieldGrid();
  FieldGrid(const FieldGrid&) = delete;
  FieldGrid& operator=(const FieldGrid&) = delete;

  // Collective: points the grid at these fields (which must be the domain's block and the
  // model's) and derives the others.
  void update(const Fields& f, long step, double time);
  vtkImageData* image() const { return image_; }
  void whole_extent(int ext[6]) const;
  // Each point array's name and what it holds (insitu.json), in the grid's order.
  std::vector<std::pair<std::string, std::string>> describe_arrays() const;

 private:
  // One point array: a scalar (stored or derived) or, with no `scalar`, the velocity.
  struct Array {
    const io::FieldChoice* scalar = nullptr;
    std::vector<double> own;  // its values, unless a stored field's are handed over in place
    vtkNew<vtkDoubleArray> vtk;
  };
  Domain d_;
  const Model& model_;
  PieceHalo halo_;
  std::vector<int> velocity_;                // the stored fields of the velocity's components
  std::vector<std::vector<double>> piece_;   // the stored fields over the piece, when larger than the block
  std::vector<double> zeros_;                // what in-place arrays show until the first update
  std::vector<std::unique_ptr<Array>> arrays_;
  vtkNew<vtkImageData> image_;
  vtkNew<vtkDoubleArray> time_;
  vtkNew<vtkLongLongArray> step_;
};

}  // namespace plume::catalyst

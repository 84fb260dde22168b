// plume's fields of one block as the piece of a vtkImageData of the global lattice: point data on
// the lattice sites, spacing 1, origin 0, extent [x0, x0+nx-1] x [y0, y0+ny-1] of the whole extent
// [0, NX-1] x [0, NY-1]. T_H and rho are the caller's arrays handed over in place (plume::Fields
// holds contiguous doubles, x fastest, as VTK does); p = rho T_H and the 3-component u_H (z = 0)
// are filled into buffers allocated once.
#pragma once
#include <string>
#include <utility>
#include <vector>
#include <vtkNew.h>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"

class vtkDoubleArray;
class vtkImageData;
class vtkLongLongArray;

namespace plume::catalyst {

class FieldGrid {
 public:
  FieldGrid(const Domain& d, const std::vector<std::pair<std::string, std::string>>& metadata);
  ~FieldGrid();
  FieldGrid(const FieldGrid&) = delete;
  FieldGrid& operator=(const FieldGrid&) = delete;

  // Points the grid at these fields (which must match the domain) and derives p and u_H.
  void update(const Fields& f, long step, double time);
  vtkImageData* image() const { return image_; }
  void whole_extent(int ext[6]) const;

 private:
  Domain d_;
  std::vector<double> p_;    // rho T_H; zero until the first update, when it also stands in for T_H and rho
  std::vector<double> u_;    // (ux, uy, 0) per site
  vtkNew<vtkImageData> image_;
  vtkNew<vtkDoubleArray> T_, rho_, p_array_, u_array_, time_;
  vtkNew<vtkLongLongArray> step_;
};

}  // namespace plume::catalyst

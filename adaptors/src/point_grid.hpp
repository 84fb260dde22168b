// A run's point set (plume/point_set.hpp: tracer particles) on this rank as the piece of a
// vtkPolyData, the Catalyst channel named as the set ("tracers"): the points (double), one vertex
// cell each (so that a render view draws them as they are), the point arrays "id" (64-bit) and
// each of the set's arrays by its name, and the step and time as field data (numbers only, as the
// field grid's: ParaView Live's legacy format misreads strings). Positions are in lattice units,
// site (x, y, z) at (x, y, z): the field grid's points. The values are copied at each update (a
// few thousand points), so that the caller's set may go once execute() has returned.
#pragma once
#include <string>
#include <vtkNew.h>
#include "plume/point_set.hpp"

class vtkPolyData;

namespace plume::catalyst {

class PointGrid {
 public:
  explicit PointGrid(std::string name);
  ~PointGrid();
  PointGrid(const PointGrid&) = delete;
  PointGrid& operator=(const PointGrid&) = delete;

  const std::string& name() const { return name_; }
  // This rank's points of the set (checked: PointSet::check), or none (`set` null: the run handed
  // over no set of this name at this step).
  void update(const PointSet* set, long step, double time);
  vtkPolyData* data() const { return data_; }

 private:
  std::string name_;
  vtkNew<vtkPolyData> data_;
};

}  // namespace plume::catalyst

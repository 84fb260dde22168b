#include "point_grid.hpp"
#include <algorithm>
#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkLongLongArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

namespace plume::catalyst {

PointGrid::PointGrid(std::string name) : name_(std::move(name)) { update(nullptr, -1, 0.0); }

PointGrid::~PointGrid() = default;

void PointGrid::update(const PointSet* set, long step, double time) {
  if (set) set->check();
  const vtkIdType n = set ? vtkIdType(set->size()) : 0;
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  if (n > 0) std::copy(set->xyz.begin(), set->xyz.end(), static_cast<double*>(points->GetVoidPointer(0)));
  data_->SetPoints(points);
  vtkNew<vtkCellArray> verts;
  verts->AllocateExact(n, n);
  for (vtkIdType i = 0; i < n; ++i) verts->InsertNextCell(1, &i);
  data_->SetVerts(verts);

  vtkPointData* pd = data_->GetPointData();
  pd->Initialize();
  vtkNew<vtkLongLongArray> ids;
  ids->SetName("id");
  ids->SetNumberOfTuples(n);
  for (vtkIdType i = 0; i < n; ++i) ids->SetValue(i, set->ids[std::size_t(i)]);
  pd->AddArray(ids);
  if (set)
    for (const PointArray& a : set->arrays) {
      vtkNew<vtkDoubleArray> v;
      v->SetName(a.name.c_str());
      v->SetNumberOfComponents(a.components);
      v->SetNumberOfTuples(n);
      std::copy(a.values.begin(), a.values.end(), v->GetPointer(0));
      pd->AddArray(v);
    }
  if (set && !set->arrays.empty()) pd->SetActiveScalars(set->arrays.front().name.c_str());

  vtkFieldData* fd = data_->GetFieldData();
  fd->Initialize();
  vtkNew<vtkLongLongArray> s;
  s->SetName("step");
  s->InsertNextValue(step);
  fd->AddArray(s);
  vtkNew<vtkDoubleArray> t;
  t->SetName("time");
  t->InsertNextValue(time);
  fd->AddArray(t);
  data_->Modified();
}

}  // namespace plume::catalyst

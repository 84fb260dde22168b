#include "plume/vtkout/point_files.hpp"
#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkLongLongArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkStringArray.h>
#include <vtkXMLPolyDataWriter.h>
#include "xml_write.hpp"

namespace plume::vtkout {

void write_points(const std::string& path, const PointSet& set, long long step, double time, const Description& d) {
  set.check();
  const vtkIdType n = vtkIdType(set.size());
  vtkNew<vtkPolyData> pd;
  vtkNew<vtkDoubleArray> xyz;  // the positions in full precision: a writer only reads its input
  xyz->SetNumberOfComponents(3);
  xyz->SetArray(const_cast<double*>(set.xyz.data()), 3 * n, 1);
  vtkNew<vtkPoints> points;
  points->SetData(xyz);
  pd->SetPoints(points);
  vtkNew<vtkCellArray> verts;
  verts->AllocateExact(n, n);
  for (vtkIdType i = 0; i < n; ++i) verts->InsertNextCell(1, &i);
  pd->SetVerts(verts);

  vtkNew<vtkStringArray> units;
  units->SetName("units");
  vtkNew<vtkLongLongArray> ids;
  ids->SetName("id");
  static_assert(sizeof(long long) == sizeof(std::int64_t));
  ids->SetArray(reinterpret_cast<long long*>(const_cast<std::int64_t*>(set.ids.data())), n, 1);
  pd->GetPointData()->AddArray(ids);
  units->InsertNextValue("id: none (a point keeps its id for the whole run)");
  for (const PointArray& a : set.arrays) {
    vtkNew<vtkDoubleArray> v;
    v->SetName(a.name.c_str());
    v->SetNumberOfComponents(a.components);
    v->SetArray(const_cast<double*>(a.values.data()), vtkIdType(a.values.size()), 1);
    pd->GetPointData()->AddArray(v);
    units->InsertNextValue(a.name + ": lattice units");
  }
  units->InsertNextValue("positions: lattice units (site x at x)");
  if (!set.arrays.empty()) pd->GetPointData()->SetActiveScalars(set.arrays.front().name.c_str());

  vtkFieldData* fd = pd->GetFieldData();
  detail::add_run_data(fd, step, time, d);
  fd->AddArray(units);

  vtkNew<vtkXMLPolyDataWriter> w;
  detail::configure(w);
  w->SetInputData(pd);
  detail::write_atomically(w, path);
}

}  // namespace plume::vtkout

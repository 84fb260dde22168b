#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSelectEnclosedPoints.h>
#include <vtkSmartPointer.h>
#include "plume/geometry/error.hpp"
#include "plume/vtkgeometry/geometry_files.hpp"
#include "vtk_errors.hpp"

namespace plume::vtkgeometry {

using geometry::GeometryError;

std::shared_ptr<geometry::SiteVolume> voxelise_stl(const std::string& path, const StlPlacement& place, int nx, int ny,
                                                   int nz) {
  check_readable(path, "STL file");
  vtkNew<vtkSTLReader> reader;
  VtkErrors errors(reader);
  reader->SetFileName(path.c_str());
  reader->Update();
  vtkPolyData* surface = reader->GetOutput();
  if (!errors.empty() || !surface || surface->GetNumberOfPolys() == 0)
    throw GeometryError(fmt::format("STL file '{}' holds no triangles (is it an STL file?){}", path,
                                    errors.empty() ? "" : ": " + errors.first()));
  // Inside and outside mean something only for a closed surface.
  if (!vtkSelectEnclosedPoints::IsSurfaceClosed(surface))
    throw GeometryError(fmt::format("STL file '{}' is not a closed surface (some edges belong to one triangle only): "
                                    "it encloses no volume",
                                    path));
  // Into lattice units.
  vtkPoints* points = surface->GetPoints();
  for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i) {
    double p[3];
    points->GetPoint(i, p);
    points->SetPoint(i, place.x + place.scale * p[0], place.y + place.scale * p[1], place.z + place.scale * p[2]);
  }
  points->Modified();
  surface->ComputeBounds();
  double b[6];
  surface->GetBounds(b);
  // Only the sites inside the surface's bounding box can be inside it.
  const int n[3] = {nx, ny, nz};
  int lo[3], hi[3];
  for (int a = 0; a < 3; ++a) {
    lo[a] = int(std::max(0.0, std::ceil(b[2 * a])));
    hi[a] = int(std::min(double(n[a] - 1), std::floor(b[2 * a + 1])));
  }
  auto v = std::make_shared<geometry::SiteVolume>(nx, ny, nz);
  vtkNew<vtkSelectEnclosedPoints> inside;
  inside->Initialize(surface);
  for (int z = lo[2]; z <= hi[2]; ++z)
    for (int y = lo[1]; y <= hi[1]; ++y)
      for (int x = lo[0]; x <= hi[0]; ++x)
        if (inside->IsInsideSurface(x, y, z)) v->set(x, y, z);
  inside->Complete();
  v->set_description(fmt::format("{} solid sites inside STL surface {} ({} triangles, scale {}, origin at ({}, {}, {}))",
                                 v->count(), path, surface->GetNumberOfPolys(), place.scale, place.x, place.y, place.z));
  return v;
}

}  // namespace plume::vtkgeometry

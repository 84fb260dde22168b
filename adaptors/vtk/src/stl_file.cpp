#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <vector>
#include <vtkOBBTree.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSelectEnclosedPoints.h>
#include <vtkSmartPointer.h>
#include "plume/geometry/error.hpp"
#include "plume/geometry/stl_check.hpp"
#include "plume/vtkgeometry/geometry_files.hpp"
#include "vtk_errors.hpp"

namespace plume::vtkgeometry {

using geometry::GeometryError;

namespace {

// The sites inside a closed surface, row by row along x: the segment through a row meets the
// surface where it enters and leaves (vtkOBBTree::IntersectWithLine gives the crossings of a
// closed surface in order), and the sites between an entry and the next exit are inside. A ray
// that grazes an edge or a vertex can report an odd number of crossings: such a row is tested
// site by site (vtkSelectEnclosedPoints, which votes over several rays). The rows are moved off
// the lattice's lines by 1e-7 sites, so that a face through a line of sites (a cube placed on
// whole numbers) is not met edge-on; a site within that of the surface is a toss-up either way.
void fill_rows(vtkPolyData* surface, const double b[6], const int lo[3], const int hi[3], geometry::SiteVolume& v) {
  vtkNew<vtkOBBTree> tree;
  tree->SetDataSet(surface);
  tree->BuildLocator();
  vtkNew<vtkSelectEnclosedPoints> inside;
  bool inside_ready = false;
  vtkNew<vtkPoints> hits;
  std::vector<double> xs;
  for (int z = lo[2]; z <= hi[2]; ++z)
    for (int y = lo[1]; y <= hi[1]; ++y) {
      const double dy = 1.3e-7, dz = 0.7e-7;
      const double a0[3] = {b[0] - 1, y + dy, z + dz}, a1[3] = {b[1] + 1, y + dy, z + dz};
      hits->Reset();
      tree->IntersectWithLine(a0, a1, hits, nullptr);
      xs.clear();
      for (vtkIdType i = 0; i < hits->GetNumberOfPoints(); ++i) xs.push_back(hits->GetPoint(i)[0]);
      std::sort(xs.begin(), xs.end());
      if (xs.size() % 2 == 0) {
        for (std::size_t i = 0; i + 1 < xs.size(); i += 2)
          for (int x = std::max(lo[0], int(std::floor(xs[i])) + 1); x <= hi[0] && x < xs[i + 1]; ++x) v.set(x, y, z);
        continue;
      }
      if (!inside_ready) inside->Initialize(surface), inside_ready = true;
      for (int x = lo[0]; x <= hi[0]; ++x)
        if (inside->IsInsideSurface(x, y, z)) v.set(x, y, z);
    }
  if (inside_ready) inside->Complete();
}

}  // namespace

std::shared_ptr<geometry::SiteVolume> voxelise_stl(const std::string& path, const StlPlacement& place, int nx, int ny,
                                                   int nz) {
  geometry::check_stl_file(path, place.scale, place.x, place.y, place.z, nx, ny, nz);  // before VTK reads it
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
  if (lo[0] <= hi[0]) fill_rows(surface, b, lo, hi, *v);
  v->set_description(fmt::format("{} solid sites inside STL surface {} ({} triangles, scale {}, origin at ({}, {}, {}))",
                                 v->count(), path, surface->GetNumberOfPolys(), place.scale, place.x, place.y, place.z));
  return v;
}

}  // namespace plume::vtkgeometry

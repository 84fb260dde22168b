// Solid sites from files read through VTK (the solver itself knows nothing of VTK): a voxel image
// (.vti, VTK's XML image data) whose points, or cells, are the lattice's sites, and a closed STL
// surface voxelised onto the lattice. The configuration's [geometry] keys voxels, voxels_array and
// [geometry.stl] use them (app/config).
#pragma once
#include <memory>
#include <string>
#include "plume/geometry/site_volume.hpp"

namespace plume::vtkgeometry {

// A .vti image of nx x ny x nz points (or of nx x ny x nz cells, nx + 1 x ny + 1 x nz + 1 points)
// with one scalar array, point or cell data: a site is solid where its value is not 0. `array`
// names the array; "" takes the image's only array. The image's origin and spacing are not used:
// its index (i, j, k) is site (x, y, z). Throws geometry::GeometryError naming the file: missing,
// not a VTK image file, of another size than the lattice, without the array (or with several and
// none named), an array of several components.
std::shared_ptr<geometry::SiteVolume> read_voxel_file(const std::string& path, const std::string& array, int nx,
                                                      int ny, int nz);

// Where an STL surface goes on the lattice: a point p of the file lands at
// (x, y, z) + scale * p, in sites (site x stands at x).
struct StlPlacement {
  double scale = 1.0;
  double x = 0, y = 0, z = 0;
};

// The sites inside a closed STL surface (ASCII or binary), placed on an nx x ny x nz lattice; the
// part beyond the lattice is cut off. Voxelised row by row (stl_file.cpp). Throws geometry::GeometryError naming the file: missing, not
// an STL file (no triangles read), not closed (edges that belong to one triangle only).
std::shared_ptr<geometry::SiteVolume> voxelise_stl(const std::string& path, const StlPlacement& place, int nx, int ny,
                                                   int nz);

}  // namespace plume::vtkgeometry

// An STL file checked, and its placement on the lattice, before VTK's reader and the voxeliser
// (adaptors/vtk, voxelise_stl) see it. vtkSTLReader trusts a binary file's triangle count and
// allocates for it: a corrupt or random file announcing four billion triangles aborts the whole
// process (SIGABRT) instead of being refused. A surface placed far beyond the lattice (a scale of
// 1e10) makes the voxeliser's row range overflow and run for ever; one placed beside the lattice
// adds no solid site, which a user never means.
#pragma once
#include <string>

namespace plume::geometry {

// The placed surface must lie within this many sites of the lattice: the voxeliser moves its rays
// 1e-7 sites off the lattice's lines, and doubles resolve that only while coordinates stay far
// below 2^52 * 1e-7 (about 4.5e8); at 1e6 sites they resolve 1e-10.
constexpr double kStlReach = 1e6;

// Checks the STL file `path` (ASCII or binary) whose point p lands at (x, y, z) + scale p on an
// nx x ny x nz lattice. Throws GeometryError naming the file: it cannot be read (missing, a folder,
// not a regular file); it is not an STL file (a binary one whose size is not 84 + 50 bytes per
// triangle announced, an ASCII one that does not parse: the line named); it holds no triangles; a
// vertex is not a finite number; placed, it holds none of the lattice's sites or reaches farther
// than kStlReach sites beyond the lattice.
void check_stl_file(const std::string& path, double scale, double x, double y, double z, int nx, int ny, int nz);

}  // namespace plume::geometry

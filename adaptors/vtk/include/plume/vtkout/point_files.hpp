// A run's point set (plume/point_set.hpp: tracer particles) at one step as a VTK XML PolyData file
// (.vtp): each point with one vertex cell (so that ParaView draws it without a glyph filter), the
// point arrays "id" (the point's id, 64-bit) and every array of the set, and the field data the
// image files carry (image_files.hpp): step, time and TimeValue, model, plume, configuration and
// units. Positions are the set's own, lattice units, site (x, y, z) at (x, y, z): the centres of
// the image files' cells.
#pragma once
#include <string>
#include "plume/point_set.hpp"
#include "plume/vtkout/image_files.hpp"

namespace plume::vtkout {

// Writes `set` (the whole set, as Snapshot::gather_points gives it on rank 0) at `path`, through
// the atomic write: the file appears whole or not at all, and a failure throws
// std::runtime_error naming it. A set that fails PointSet::check throws std::logic_error first.
void write_points(const std::string& path, const PointSet& set, long long step, double time, const Description& d);

}  // namespace plume::vtkout

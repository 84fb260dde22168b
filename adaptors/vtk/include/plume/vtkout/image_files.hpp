// One step of a run as VTK XML image files (docs/running.md, "VTK files"): each rank's block is
// a piece (.vti, vtkXMLImageDataWriter), and a summary (.pvti, VTK's parallel image writer)
// names the pieces and their extents.
//
// The values are cell data: lattice site (x, y, z) is the centre of cell (x, y, z), which spans
// [x - 1/2, x + 1/2] (origin -1/2, spacing 1, lattice units). A block of nx sites starting at x0
// is the cells x0 .. x0+nx-1, the points x0 .. x0+nx: neighbouring pieces share their boundary
// points but no cell, so no value is written twice and no rank needs its neighbours' sites (point
// data would need one column of the neighbour, as the Catalyst adaptor's pieces have). A 2-D
// lattice (NZ = 1) is a 2-D image: z extent 0 .. 0, its cells pixels.
//
// Every file is written under its temporary name and renamed into place (plume/io/atomic_file.hpp):
// none is ever seen half written, and a failure (disk full) throws std::runtime_error naming it.
#pragma once
#include <array>
#include <string>
#include <utility>
#include <vector>
#include "plume/fields.hpp"
#include "plume/io/field_select.hpp"

namespace plume::vtkout {

using Extent = std::array<int, 6>;  // VTK's point extent: x lo, hi, y lo, hi, z lo, hi

// Strings every piece carries as field data, besides its step and time.
struct Description {
  std::string model;          // Model::name()
  std::string plume;          // the program's version and build (io::build_description())
  std::string configuration;  // the run's effective configuration (TOML)
};

// The cells of a block (its Fields' offset and size) as a VTK point extent.
Extent piece_extent(const Fields& f);
// The whole lattice's.
Extent whole_extent(const Fields& f);

// Writes the block `f` (the fields of one rank, `arrays` of its model) as a piece at `path`,
// with field data: step, time (and TimeValue, ParaView's name for it), model, plume,
// configuration and units (one "name: unit" line per array, in the arrays' order).
void write_piece(const std::string& path, const Fields& f, const std::vector<const io::FieldChoice*>& arrays,
                 long long step, double time, const Description& d);

// Writes the summary at `path`: the lattice of `f` (any block of it), the arrays, and each piece's
// extent and file name (relative to the summary's folder).
void write_summary(const std::string& path, const Fields& f, const std::vector<const io::FieldChoice*>& arrays,
                   const std::vector<std::pair<Extent, std::string>>& pieces);

}  // namespace plume::vtkout

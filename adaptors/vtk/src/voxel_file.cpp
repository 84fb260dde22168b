#include "plume/vtkgeometry/geometry_files.hpp"
#include <fmt/format.h>
#include <sys/stat.h>
#include <cerrno>
#include <cstring>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>
#include <vtkXMLImageDataReader.h>
#include "plume/geometry/error.hpp"
#include "vtk_errors.hpp"

namespace plume::vtkgeometry {

using geometry::GeometryError;

std::string VtkErrors::first() const {
  // "ERROR: In /path/vtkXMLReader.cxx, line 123\nvtkXMLImageDataReader (0x...): message\n"
  std::string s = text_;
  if (const auto nl = s.find('\n'); s.rfind("ERROR: In ", 0) == 0 || s.rfind("Warning: In ", 0) == 0)
    s = nl == std::string::npos ? s : s.substr(nl + 1);
  if (const auto colon = s.find("): "); colon != std::string::npos && colon < 80) s = s.substr(colon + 3);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (const auto nl = s.find('\n'); nl != std::string::npos) s = s.substr(0, nl);
  return s;
}

// A file that cannot be opened: missing, a folder, unreadable. VTK's readers would only say that
// they read nothing.
void check_readable(const std::string& path, const char* what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw GeometryError(fmt::format("cannot read {} '{}': {}", what, path, std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw GeometryError(fmt::format("cannot read {} '{}': it is a folder", what, path));
  if (FILE* f = std::fopen(path.c_str(), "rb")) std::fclose(f);
  else throw GeometryError(fmt::format("cannot read {} '{}': {}", what, path, std::strerror(errno)));
}

namespace {

// The image's array: the named one, or the only one, from point data (points = sites) or cell
// data (cells = sites), whichever has the lattice's size.
vtkDataArray* solid_array(vtkImageData* image, const std::string& path, const std::string& name, int nx, int ny,
                          int nz) {
  int dims[3];
  image->GetDimensions(dims);
  const int cells[3] = {std::max(dims[0] - 1, 1), std::max(dims[1] - 1, 1), std::max(dims[2] - 1, 1)};
  const bool points_fit = dims[0] == nx && dims[1] == ny && dims[2] == nz;
  const bool cells_fit = cells[0] == nx && cells[1] == ny && cells[2] == nz;
  if (!points_fit && !cells_fit)
    throw GeometryError(fmt::format("voxel file '{}' holds {} x {} x {} points ({} x {} x {} cells), and the lattice "
                                    "is {} x {} x {} sites: its points or its cells must be the lattice's sites",
                                    path, dims[0], dims[1], dims[2], cells[0], cells[1], cells[2], nx, ny, nz));
  vtkFieldData* data = points_fit ? static_cast<vtkFieldData*>(image->GetPointData())
                                  : static_cast<vtkFieldData*>(image->GetCellData());
  const char* kind = points_fit ? "point" : "cell";
  std::string names;
  for (int i = 0; i < data->GetNumberOfArrays(); ++i)
    names += fmt::format("{}'{}'", i ? ", " : "", data->GetArrayName(i) ? data->GetArrayName(i) : "");
  vtkDataArray* a = nullptr;
  if (!name.empty()) {
    a = data->GetArray(name.c_str());
    if (!a)
      throw GeometryError(fmt::format("voxel file '{}' has no {} array '{}' (its {} arrays: {})", path, kind, name,
                                      kind, names.empty() ? "none" : names));
  } else {
    if (data->GetNumberOfArrays() != 1)
      throw GeometryError(fmt::format("voxel file '{}' has {} {} arrays ({}): name the one that marks the solids",
                                      path, data->GetNumberOfArrays(), kind, names.empty() ? "none" : names));
    a = data->GetArray(0);
    if (!a) throw GeometryError(fmt::format("voxel file '{}': its {} array {} is not numeric", path, kind, names));
  }
  if (a->GetNumberOfComponents() != 1)
    throw GeometryError(fmt::format("voxel file '{}': array '{}' has {} components, not one", path,
                                    a->GetName() ? a->GetName() : "", a->GetNumberOfComponents()));
  return a;
}

}  // namespace

std::shared_ptr<geometry::SiteVolume> read_voxel_file(const std::string& path, const std::string& array, int nx,
                                                      int ny, int nz) {
  check_readable(path, "voxel file");
  vtkNew<vtkXMLImageDataReader> reader;
  VtkErrors errors(reader);
  if (!reader->CanReadFile(path.c_str()))
    throw GeometryError(fmt::format("voxel file '{}' is not a VTK XML image data (.vti) file", path));
  reader->SetFileName(path.c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  if (!errors.empty() || !image)
    throw GeometryError(fmt::format("voxel file '{}' cannot be read: {}", path, errors.first()));
  vtkDataArray* a = solid_array(image, path, array, nx, ny, nz);
  auto v = std::make_shared<geometry::SiteVolume>(nx, ny, nz);
  vtkIdType i = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x, ++i)
        if (a->GetTuple1(i) != 0) v->set(x, y, z);
  v->set_description(fmt::format("{} solid sites from voxel file {} (array '{}')", v->count(), path,
                                 a->GetName() ? a->GetName() : ""));
  return v;
}

}  // namespace plume::vtkgeometry

// Reading plume's VTK files back as ParaView does, for the tests.
#pragma once
#include <string>
#include <vector>
#include <vtkNew.h>
#include <vtkPVDReader.h>

namespace plume::test {

// The times a .pvd lists, as written, read by ParaView's own reader of .pvd files.
inline std::vector<std::string> pvd_times(const std::string& path) {
  vtkNew<vtkPVDReader> r;
  r->SetFileName(path.c_str());
  r->UpdateInformation();
  std::vector<std::string> times;
  const int t = r->GetAttributeIndex("timestep");
  for (int i = 0; t >= 0 && i < r->GetNumberOfAttributeValues(t); ++i) times.push_back(r->GetAttributeValue(t, i));
  return times;
}

}  // namespace plume::test

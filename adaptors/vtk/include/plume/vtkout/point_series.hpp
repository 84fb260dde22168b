// A run's point sets, step after step, beside its VTK image files (output.vtk_every; docs/running.md,
// "VTK files"): in folder `dir`, for step s, <name>_<s>.vtp for each set (point_files.hpp), and
// <name>.pvd, the series of every step written of that set, rewritten whole after each step
// (collection.hpp). Steps have 9 digits, as the image files'. Rank 0's: the sets are the whole
// run's (Snapshot::gather_points).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "plume/point_set.hpp"
#include "plume/vtkout/collection.hpp"
#include "plume/vtkout/image_files.hpp"

namespace plume::vtkout {

class PointSeries {
 public:
  PointSeries(std::string dir, Description d);

  // Before the first write: creates the folder and, for a restart (`first_step` > 0), continues
  // each set's series on disk up to that step when its first file is written.
  void begin(long long first_step);
  // Writes every set's file of the step and adds the step to its series; returns the files'
  // paths. Throws std::runtime_error naming a file that cannot be written (the series then still
  // lists only the steps before).
  std::vector<std::string> write(const std::vector<PointSet>& sets, long long step, double time);

  static std::string file_name(const std::string& set, long long step);
  // The step of a file name of set `set`; -1 when it is not one.
  static long long step_of(const std::string& set, const std::string& file);

 private:
  Collection& collection(const std::string& set);

  std::string dir_;
  Description description_;
  long long first_step_ = 0;
  std::map<std::string, std::unique_ptr<Collection>> series_;  // by set name
};

}  // namespace plume::vtkout

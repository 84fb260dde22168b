// A run's VTK image files, step after step (output.vtk_every; docs/running.md, "VTK files"): in
// folder `dir`, for step s, every rank writes its block as <base>_<s>_r<rank>.vti, then rank 0
// writes <base>_<s>.pvti, which names the pieces, and rewrites <base>.pvd, the series of all
// steps written (image_files.hpp, collection.hpp). Steps have 9 digits, as checkpoints' names.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/parallel/communicator.hpp"
#include "plume/vtkout/collection.hpp"
#include "plume/vtkout/image_files.hpp"

namespace plume::vtkout {

class ImageSeries {
 public:
  // `fields`: as io::pointwise_fields() takes them (checked there). Writes nothing yet.
  ImageSeries(std::string dir, std::string base, const Model& m, const std::vector<std::string>& fields,
              Description d, parallel::Communicator& comm);

  // Rank 0, before the first write: creates the folder, removes temporary files that a crash left
  // in it, and continues the series on disk up to `first_step` when it is > 0 (a restart).
  void begin(long long first_step);
  // Collective: writes the step's files; returns the summary's path. A file that cannot be
  // written on any rank throws parallel::CollectiveError on every rank, naming it.
  std::string write(const Fields& local, long long step, double time);

  std::string summary_name(long long step) const;
  std::string piece_name(long long step, int rank) const;
  // The step of a summary's file name; -1 when it is not one.
  long long step_of(const std::string& summary) const;

 private:
  std::string dir_, base_;
  std::vector<const io::FieldChoice*> arrays_;
  Description description_;
  parallel::Communicator& comm_;
  std::unique_ptr<Collection> collection_;  // rank 0's
};

}  // namespace plume::vtkout

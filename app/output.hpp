// The output folder of a run: the effective configuration (config.toml), images of the chosen
// field, diagnostics.csv, rotating checkpoints, the summary and, with output.vtk_every, VTK image
// files under vtk/ (each rank writes its own block there). Rank 0 writes every file, each
// through the checked, atomic write (plume/io/atomic_file.hpp); the calls are collective, and a
// file that cannot be written throws OutputError on every rank.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include "plume/fields.hpp"
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics_csv.hpp"
#include "plume/solver.hpp"
#include "plume/viz/colormap.hpp"
#include "output_folder.hpp"

namespace plume::vtkout {
class ImageSeries;
class PointSeries;
}

namespace plume::app {

class Console;

// A file of the output folder could not be written (disk full, quota, I/O error); what() names
// it. Thrown on every rank alike; the run stops there.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Output {
 public:
  // Checks that the run may write into output.dir (output_folder.hpp) and writes nothing yet but
  // the lock of an existing folder: a folder that holds another run's files, or that another
  // plume run is writing into now, ends the command with exit status 2 on every rank
  // (ExitRequest). `world`: the ranks of the run, which outlive this.
  Output(const config::RunConfig& cfg, parallel::Communicator& world);
  ~Output();
  // Whether this build writes VTK files (it does where ParaView's VTK was found).
  static bool vtk_available();

  // Once the run's first state is there (a restart's checkpoint read and accepted, so that a
  // refused restart changes nothing): creates the folder, removes the temporary files of writes
  // that a crash interrupted (and, with --overwrite, the other run's files), writes config.toml,
  // opens diagnostics.csv (continuing it when first_step > 0) and takes stock of the checkpoints
  // already in the folder: those up to first_step are this run's history and rotate with the new
  // ones; later ones are left alone (with a warning).
  void begin(long long first_step, Console& console);

  void diagnostics(const io::Diagnostics& d);  // the whole lattice's (io::compute_diagnostics)
  // Gathers every rank's `local` fields (of `step`, at `time`) and writes their image; returns
  // its file name.
  std::string image(Solver& solver, const Fields& local, long long step, double time);
  // Collective: every rank writes its `local` fields as its piece of vtk/plume_<step>.pvti, which
  // rank 0 writes, adding the step to vtk/plume.pvd (plume/vtkout/image_series.hpp); returns the
  // .pvti's path.
  std::string vtk(const Fields& local, long long step, double time);
  // The same, and the run's point sets of that step (`points`: this rank's, as
  // Snapshot::point_sets gives them), gathered to rank 0 (Snapshot::gather_points), each written
  // as vtk/<name>_<step>.vtp and added to vtk/<name>.pvd (plume/vtkout/point_series.hpp).
  std::string vtk(Solver& solver, const Fields& local, const std::vector<PointSet>& points, long long step,
                  double time);
  // Writes checkpoint_<step>.ckpt and then deletes the oldest beyond output.keep.
  std::string checkpoint(Solver& solver);
  const std::string& last_checkpoint() const { return last_checkpoint_; }

  // Throws std::runtime_error naming the folder when the one that begin() made or found is no
  // longer under its name (removed, or replaced by another): nothing written there any more would
  // be kept, or it would land among another run's files. Rank 0 runs it before each write, so the
  // run stops at its next output.
  void check_folder() const;

  std::string path(const std::string& name) const;  // dir/name
  const std::string& dir() const { return dir_; }
  static std::string checkpoint_name(long long step);
  static std::string image_name(const std::string& field, long long step);
  // The width and height in pixels of the largest image a run of `cfg` renders (its caption at
  // the last step, the widest colour bar), for the memory estimate (plume/io/memory.hpp).
  static std::pair<long long, long long> largest_image(const config::RunConfig& cfg);

 private:
  const io::FieldChoice& field() const;  // output.field among the model's choices
  void write_image(const Fields& f, long long step, double time, const std::string& name) const;
  // Runs f on rank 0; a failure there throws OutputError "<what>: <the error>" on every rank.
  template <class F>
  void write(const std::string& what, F&& f);

  config::RunConfig cfg_;
  parallel::Communicator& world_;
  std::string dir_;
  // The folder's identity once begin() has made or found it (rank 0): the same name with another
  // inode is another folder.
  unsigned long long dir_dev_ = 0, dir_ino_ = 0;
  bool dir_known_ = false;
  FolderLock lock_;        // rank 0's, from the check of the folder (or its creation) to the end
  std::string lock_note_;  // why the folder could not be locked, for a warning
  viz::Colormap colormap_;
  std::unique_ptr<io::DiagnosticsCsv> csv_;
  std::vector<std::pair<long long, std::string>> checkpoints_;  // (step, path), oldest first
  std::string last_checkpoint_;
  std::string physics_text_;  // what every image says of the run's physics (its PNG Comment)
  std::unique_ptr<vtkout::ImageSeries> vtk_;  // with output.vtk_every
  std::unique_ptr<vtkout::PointSeries> vtk_points_;  // rank 0's, with output.vtk_every
};

}  // namespace plume::app

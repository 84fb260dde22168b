// The output folder of a run: the effective configuration (config.toml), images of the chosen
// field, diagnostics.csv, rotating checkpoints and the summary. Rank 0 writes every file; the
// calls are collective, and a failure to write throws parallel::CollectiveError on every rank.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "plume/fields.hpp"
#include "plume/io/config.hpp"
#include "plume/io/diagnostics_csv.hpp"
#include "plume/solver.hpp"
#include "plume/viz/colormap.hpp"

namespace plume::app {

class Console;

class Output {
 public:
  // Creates the folder and writes config.toml. `world`: the ranks of the run, which outlive this.
  Output(const io::RunConfig& cfg, parallel::Communicator& world);

  // Opens diagnostics.csv (continuing it when first_step > 0) and takes stock of the checkpoints
  // already in the folder: those up to first_step are this run's history and rotate with the
  // new ones; later ones belong to another run and are left alone (with a warning).
  void begin(long long first_step, Console& console);

  void diagnostics(const io::Diagnostics& d);  // the whole lattice's (io::compute_diagnostics)
  // Gathers every rank's `local` fields (of `step`) and writes their image; returns its file name.
  std::string image(Solver& solver, const Fields& local, long long step);
  // Writes checkpoint_<step>.ckpt and then deletes the oldest beyond output.keep.
  std::string checkpoint(Solver& solver);
  const std::string& last_checkpoint() const { return last_checkpoint_; }

  std::string path(const std::string& name) const;  // dir/name
  const std::string& dir() const { return dir_; }
  static std::string checkpoint_name(long long step);
  static std::string image_name(io::FieldKind field, long long step);

 private:
  void write_image(const Fields& f, long long step, const std::string& name) const;

  io::RunConfig cfg_;
  parallel::Communicator& world_;
  std::string dir_;
  viz::Colormap colormap_;
  std::unique_ptr<io::DiagnosticsCsv> csv_;
  std::vector<std::pair<long long, std::string>> checkpoints_;  // (step, path), oldest first
  std::string last_checkpoint_;
};

}  // namespace plume::app

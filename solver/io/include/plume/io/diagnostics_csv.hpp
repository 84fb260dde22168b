// diagnostics.csv: one row per diagnostics step, a header line whose column names carry their
// units. The file never ends in a cut row: opening it writes the header and the rows it keeps as
// a whole new file (io::AtomicFile), and each row is then appended whole and flushed to disk
// (io::AppendFile), a row that cannot be written whole (disk full) being cut off again before the
// error is reported. Continuing a run (restart) keeps the rows before the restart step and drops
// the later ones, which the restarted run writes again (and a cut last row, should a crash of the
// machine have left one), so the file stays one history without repeated steps.
#pragma once
#include <memory>
#include <string>
#include "plume/io/atomic_file.hpp"
#include "plume/io/diagnostics.hpp"

namespace plume::io {

class DiagnosticsCsv {
 public:
  // resume_step < 0: a new file (an existing one is replaced). Otherwise an existing file with
  // the same header keeps its rows with step < resume_step; a missing or different file starts anew.
  // The columns are step, time and the model's diagnostics (Model::diagnostics()).
  DiagnosticsCsv(std::string path, long long resume_step, const Model& m);

  void append(const Diagnostics& d);  // throws std::runtime_error naming the file
  const std::string& path() const { return path_; }

  static std::string header(const Model& m);
  static std::string row(const Diagnostics& d);

 private:
  std::string path_;
  std::string header_;
  std::unique_ptr<AppendFile> file_;
};

}  // namespace plume::io

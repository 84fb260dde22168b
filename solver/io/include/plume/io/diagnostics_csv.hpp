// diagnostics.csv: one row per diagnostics step, a header line whose column names carry their
// units. Rows are written whole and flushed one by one, so after a crash the file ends with the
// last complete row. Continuing a run (restart) keeps the rows before the restart step and drops
// the others (the restarted run writes them again), so the file stays one history without
// repeated steps.
#pragma once
#include <cstdio>
#include <string>
#include "plume/io/diagnostics.hpp"

namespace plume::io {

class DiagnosticsCsv {
 public:
  // resume_step < 0: a new file (an existing one is replaced). Otherwise an existing file with
  // the same header keeps its rows with step < resume_step; a missing or different file starts anew.
  DiagnosticsCsv(std::string path, long long resume_step);
  ~DiagnosticsCsv();
  DiagnosticsCsv(const DiagnosticsCsv&) = delete;
  DiagnosticsCsv& operator=(const DiagnosticsCsv&) = delete;

  void append(const Diagnostics& d);
  const std::string& path() const { return path_; }

  static std::string header();
  static std::string row(const Diagnostics& d);

 private:
  std::string path_;
  std::FILE* f_ = nullptr;
};

}  // namespace plume::io

#include "plume/io/diagnostics_csv.hpp"
#include <fmt/format.h>
#include <cstdlib>
#include <fstream>

namespace plume::io {

std::string DiagnosticsCsv::header(const Model& m) {
  // Lattice units throughout: lu = lattice units (spacing 1, dt = 1/r, T0 = 1).
  std::string h = "step,time[lu]";
  for (const QuantityInfo& q : m.diagnostics()) h += "," + q.name + "[" + q.unit + "]";
  return h;
}

std::string DiagnosticsCsv::row(const Diagnostics& d) {
  // {:.17g}: every double reads back exactly.
  std::string r = fmt::format("{},{:.17g}", d.step, d.time);
  for (double v : d.values) r += fmt::format(",{:.17g}", v);
  return r;
}

DiagnosticsCsv::DiagnosticsCsv(std::string path, long long resume_step, const Model& m)
    : path_(std::move(path)), header_(header(m)) {
  std::string keep = header_ + "\n";
  if (resume_step >= 0) {
    std::ifstream in(path_);
    std::string line;
    if (std::getline(in, line) && line == header_)
      while (std::getline(in, line)) {
        // A row ends with its newline only when it was written whole.
        if (in.eof() || line.empty()) break;
        char* end = nullptr;
        const long long step = std::strtoll(line.c_str(), &end, 10);
        if (end == line.c_str() || *end != ',' || step >= resume_step) break;
        keep += line + "\n";
      }
  }
  write_file_atomic(path_, keep);
  file_ = std::make_unique<AppendFile>(path_);
}

void DiagnosticsCsv::append(const Diagnostics& d) { file_->append(row(d) + "\n"); }

}  // namespace plume::io

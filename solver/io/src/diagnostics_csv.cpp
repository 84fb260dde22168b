#include "plume/io/diagnostics_csv.hpp"
#include <fmt/format.h>
#include <cstdlib>
#include <fstream>

namespace plume::io {

std::string DiagnosticsCsv::header() {
  // Lattice units throughout: lu = lattice units (spacing 1, dt = 1/r, T0 = 1).
  return "step,time[lu],mass[lu],momentum_x[lu],momentum_y[lu],energy[lu],kinetic_energy[lu],"
         "width_integral[sites],width_threshold[sites],T_min[lu],T_max[lu],rho_min[lu],rho_max[lu]";
}

std::string DiagnosticsCsv::row(const Diagnostics& d) {
  // {:.17g}: every double reads back exactly.
  return fmt::format("{},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g}",
                     d.step, d.time, d.mass, d.momentum_x, d.momentum_y, d.energy, d.kinetic, d.width_integral,
                     d.width_threshold, d.T_min, d.T_max, d.rho_min, d.rho_max);
}

DiagnosticsCsv::DiagnosticsCsv(std::string path, long long resume_step) : path_(std::move(path)) {
  std::string keep = header() + "\n";
  if (resume_step >= 0) {
    std::ifstream in(path_);
    std::string line;
    if (std::getline(in, line) && line == header())
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

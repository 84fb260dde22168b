#include "report.hpp"
#include <fmt/format.h>
#include <stdexcept>
#include "plume/io/atomic_file.hpp"
#include "d2q37/setup.hpp"

namespace plume::gui {

Report::Report(std::string path, const std::vector<std::string>& context) : path_(std::move(path)) {
  if (path_.empty()) return;
  text_ = "# plume-gui report\n";
  for (const std::string& c : context) text_ += "# " + c + "\n";
  text_ +=
      "# units: lattice units (spacing 1, time step 1/r, T0 = 1); T is T_H, ux/uy are u_H, p = rho T_H;\n"
      "# kinetic_energy = sum rho |u_H|^2 / 2, mass = sum rho, widths in sites (integral: 6 sum theta (1 - theta))\n";
  flush();
}

void Report::diag(const Snapshot& s) {
  const d2q37::PhysicsParams& p = d2q37::physics(s.config.solver);
  const io::Diagnostics& d = s.diag;
  record(fmt::format(
      "diag step={} time={:.9g} nx={} ny={} gravity={} k1={} k2={} k3={} tau={} mass={:.17g} kinetic_energy={:.9e} "
      "width_integral={:.9g} width_threshold={:.9g} T_min={:.9g} T_max={:.9g} rho_min={:.9g} rho_max={:.9g}",
      s.step, s.time, s.config.solver.nx, s.config.solver.ny, -p.gy, p.k1, p.k2, p.k3, p.tau, d.at("mass"),
      d.at("kinetic_energy"), d.at("width_integral"), d.at("width_threshold"), d.at("T_min"), d.at("T_max"),
      d.at("rho_min"), d.at("rho_max")));
}

void Report::probe(const Snapshot& s, int x, int y) {
  const Fields& f = s.fields;
  if (x < 0 || y < 0 || x >= f.nx || y >= f.ny)
    throw std::out_of_range(fmt::format("probe {} {}: outside the {} x {} lattice", x, y, f.nx, f.ny));
  const std::size_t i = f.at(x, y);
  // The model's own fields at the site (stored and derived by it; not the generic speed and
  // vorticity): D2Q37's T, rho, p, ux, uy; signed ones in exponent form.
  std::string line = fmt::format("probe step={} x={} y={}", s.step, x, y);
  for (const io::FieldChoice& c : io::field_choices(f.model())) {
    if (c.generic) continue;
    const double v = c.derived() ? derived_at(c.op, io::derived_inputs(c, f), x, y, 0) : f[c.stored][i];
    line += c.is_signed ? fmt::format(" {}={:.9e}", c.name, v) : fmt::format(" {}={:.12g}", c.name, v);
  }
  record(line);
}

void Report::record(const std::string& line) {
  if (path_.empty()) return;
  text_ += line + "\n";
  flush();
}

void Report::flush() { io::write_file_atomic(path_, text_); }

}  // namespace plume::gui

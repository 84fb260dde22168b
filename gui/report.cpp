#include "report.hpp"
#include "point_layer.hpp"
#include <fmt/format.h>
#include <stdexcept>
#include "plume/io/atomic_file.hpp"
#include "plume/parameters.hpp"

namespace plume::gui {

Report::Report(std::string path, const std::vector<std::string>& context) : path_(std::move(path)) {
  if (path_.empty()) return;
  text_ = "# plume-gui report\n";
  for (const std::string& c : context) text_ += "# " + c + "\n";
  text_ +=
      "# units: lattice units; the fields and diagnostics are the model's (docs/d2q37.md, docs/d2q9.md)\n";
  flush();
}

// One line: the step, the lattice, the model's physics parameters and every diagnostic it reports.
void Report::diag(const Snapshot& s) {
  // The diagnostics' own step: the GPU path renews them every kDiagnosticsInterval only.
  std::string line = fmt::format("diag step={} time={:.9g} nx={} ny={}", s.diag.step, s.diag.time,
                                 s.config.solver.nx, s.config.solver.ny);
  for (const Parameter& p : s.config.solver.model->parameters().list)
    if (p.section == "physics") line += " " + p.name + "=" + parameter::value_text(p.get(s.config.solver.setup));
  const io::Diagnostics& d = s.diag;
  for (std::size_t k = 0; k < d.quantities.size() && k < d.values.size(); ++k)
    line += fmt::format(" {}={:.17g}", d.quantities[k].name, d.values[k]);
  record(line);
}

void Report::probe(const Snapshot& s, int x, int y) {
  const Fields& f = s.fields;
  // A 3-D lattice: (x, y) are coordinates in the plane shown (the snapshot's).
  const Plane& p = s.shown.plane;
  const int w = f.nz > 1 ? p.width : f.nx, h = f.nz > 1 ? p.height : f.ny;
  if (x < 0 || y < 0 || x >= w || y >= h)
    throw std::out_of_range(fmt::format("probe {} {}: outside the {} x {} {}", x, y, w, h,
                                        f.nz > 1 ? "plane shown" : "lattice"));
  int c[3] = {x, y, 0};
  if (f.nz > 1) p.site(x, y, c);
  const std::size_t i = f.at(c[0], c[1], c[2]);
  // The model's own fields at the site (stored and derived by it; not the generic speed and
  // vorticity): D2Q37's T, rho, p, ux, uy; signed ones in exponent form.
  std::string line = fmt::format("probe step={} x={} y={}", s.step, c[0], c[1]);
  if (f.nz > 1) line += fmt::format(" z={}", c[2]);
  for (const io::FieldChoice& k : io::field_choices(f.model())) {
    if (k.generic) continue;
    const double v = k.derived() ? derived_at(k.op, io::derived_inputs(k, f), c[0], c[1], c[2]) : f[k.stored][i];
    line += k.is_signed ? fmt::format(" {}={:.9e}", k.name, v) : fmt::format(" {}={:.12g}", k.name, v);
  }
  record(line);
}

void Report::pick(const Snapshot& s, double x, double y) {
  const bool three_d = s.config.solver.nz > 1;
  const auto hit = nearest_point(s.points, s.shown.plane, three_d, x, y, 1.0);
  std::string line = fmt::format("pick step={} x={:.12g} y={:.12g}", s.step, x, y);
  if (!hit) {
    record(line + " none");
    return;
  }
  const PointSet& p = s.points[hit->set];
  const double* at = &p.xyz[3 * hit->index];
  line += fmt::format(" set={} id={} px={:.17g} py={:.17g}", p.name, p.ids[hit->index], at[0], at[1]);
  if (three_d) line += fmt::format(" pz={:.17g}", at[2]);
  for (const PointArray& a : p.arrays)
    for (int c = 0; c < a.components; ++c)
      line += fmt::format(" {}{}={:.17g}", a.name, a.components > 1 ? std::to_string(c) : std::string(),
                          a.values[hit->index * std::size_t(a.components) + std::size_t(c)]);
  record(line);
}

void Report::record(const std::string& line) {
  if (path_.empty()) return;
  text_ += line + "\n";
  flush();
}

void Report::flush() { io::write_file_atomic(path_, text_); }

}  // namespace plume::gui

#include "paint.hpp"
#include <algorithm>
#include <cmath>

namespace plume::gui {

double brush_delta_T(const Brush& b, double r) {
  if (r >= b.radius) return 0.0;
  const double s = b.hot ? b.strength : -b.strength;
  return s * 0.5 * (1.0 + std::cos(3.14159265358979323846 * r / b.radius));
}

long paint_populations(const Model& m, std::vector<double>& f, int nx, int ny, bool periodic_y, const Brush& b) {
  const int Q = m.lattice().Q;
  const std::size_t plane = std::size_t(nx) * ny;
  // A disc wider than the lattice would visit sites twice through the periodic wrap.
  Brush br = b;
  br.radius = std::min(br.radius, 0.5 * std::min(nx, periodic_y ? ny : nx));
  long changed = 0;
  const int y_lo = int(std::ceil(br.y - br.radius)), y_hi = int(std::floor(br.y + br.radius));
  const int x_lo = int(std::ceil(br.x - br.radius)), x_hi = int(std::floor(br.x + br.radius));
  std::vector<double> fs(std::size_t(Q), 0.0);
  for (int yi = y_lo; yi <= y_hi; ++yi) {
    int y = yi;
    if (periodic_y) y = ((y % ny) + ny) % ny;
    else if (y < 0 || y >= ny) continue;
    for (int xi = x_lo; xi <= x_hi; ++xi) {
      const double amount = brush_delta_T(br, std::hypot(xi - br.x, yi - br.y));
      if (amount == 0.0) continue;
      const int x = ((xi % nx) + nx) % nx;
      const std::size_t site = std::size_t(y) * nx + x;
      for (int i = 0; i < Q; ++i) fs[i] = f[i * plane + site];
      m.paint_site(fs.data(), amount);
      for (int i = 0; i < Q; ++i) f[i * plane + site] = fs[i];
      ++changed;
    }
  }
  return changed;
}

long paint(Solver& solver, const std::vector<Brush>& brushes) {
  if (brushes.empty() || solver.model().paint_quantity().empty()) return 0;
  const Domain& d = solver.domain();
  std::vector<double> f = solver.populations();
  long changed = 0;
  const bool periodic_y = solver.model().periodic(solver.config().setup)[1];
  for (const Brush& b : brushes) changed += paint_populations(solver.model(), f, d.nx, d.ny, periodic_y, b);
  solver.set_populations(f, solver.step());
  return changed;
}

}  // namespace plume::gui

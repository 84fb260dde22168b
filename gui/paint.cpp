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
  const bool periodic[3] = {true, periodic_y, true};
  return paint_populations(m, f, nx, ny, 1, periodic, b);
}

long paint_populations(const Model& m, std::vector<double>& f, int nx, int ny, int nz, const bool periodic[3],
                       const Brush& b) {
  const int Q = m.lattice().Q;
  const std::size_t sites = std::size_t(nx) * ny * nz;
  const Plane p = plane_of(b.plane, nx, ny, nz);
  const int w = p.width, h = p.height;
  const bool wrap_u = periodic[p.u], wrap_v = periodic[p.v];
  // A disc wider than the lattice would visit sites twice through the periodic wrap.
  Brush br = b;
  if (wrap_u) br.radius = std::min(br.radius, 0.5 * w);
  if (wrap_v) br.radius = std::min(br.radius, 0.5 * h);
  long changed = 0;
  const int y_lo = int(std::ceil(br.y - br.radius)), y_hi = int(std::floor(br.y + br.radius));
  const int x_lo = int(std::ceil(br.x - br.radius)), x_hi = int(std::floor(br.x + br.radius));
  std::vector<double> fs(std::size_t(Q), 0.0);
  for (int yi = y_lo; yi <= y_hi; ++yi) {
    int y = yi;
    if (wrap_v) y = ((y % h) + h) % h;
    else if (y < 0 || y >= h) continue;
    for (int xi = x_lo; xi <= x_hi; ++xi) {
      const double amount = brush_delta_T(br, std::hypot(xi - br.x, yi - br.y));
      if (amount == 0.0) continue;
      int x = xi;
      if (wrap_u) x = ((x % w) + w) % w;
      else if (x < 0 || x >= w) continue;
      const std::size_t site = p.index(x, y, nx, ny);
      for (int i = 0; i < Q; ++i) fs[i] = f[i * sites + site];
      m.paint_site(fs.data(), amount);
      for (int i = 0; i < Q; ++i) f[i * sites + site] = fs[i];
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
  const auto axes = solver.model().periodic(solver.config().setup);
  // A 2-D lattice wraps its discs in x whatever the model says (D2Q37's x is periodic anyway).
  const bool periodic[3] = {d.nz == 1 || axes[0], axes[1], axes[2]};
  for (const Brush& b : brushes) changed += paint_populations(solver.model(), f, d.nx, d.ny, d.nz, periodic, b);
  solver.set_populations(f, solver.step());
  return changed;
}

}  // namespace plume::gui

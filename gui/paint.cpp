#include "paint.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

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

std::vector<BrushSite> brush_sites(int nx, int ny, int nz, const bool periodic[3], const Brush& b) {
  const int n[3] = {nx, ny, nz};
  const Plane p = plane_of(b.plane, nx, ny, nz);
  // The centre in lattice coordinates: the picture point (x, y) of the plane. On a 3-D lattice
  // the blob is a ball around it; a 2-D lattice has no depth, and the ball is its disc.
  double centre[3] = {0.0, 0.0, 0.0};
  centre[p.axis] = p.position;
  centre[p.u] = b.x;
  centre[p.v] = b.y;
  const bool deep = nz > 1;
  // A ball wider than the lattice would visit sites twice through the periodic wrap.
  Brush br = b;
  for (int a = 0; a < 3; ++a)
    if (periodic[a] && (deep || a != 2)) br.radius = std::min(br.radius, 0.5 * n[a]);
  int lo[3], hi[3];
  for (int a = 0; a < 3; ++a) {
    const bool flat = !deep && a == 2;
    lo[a] = flat ? 0 : int(std::ceil(centre[a] - br.radius));
    hi[a] = flat ? 0 : int(std::floor(centre[a] + br.radius));
  }
  std::vector<BrushSite> out;
  int c[3];
  for (int zi = lo[2]; zi <= hi[2]; ++zi)
    for (int yi = lo[1]; yi <= hi[1]; ++yi)
      for (int xi = lo[0]; xi <= hi[0]; ++xi) {
        const int at[3] = {xi, yi, zi};
        const double dx = xi - centre[0], dy = yi - centre[1];
        const double amount = brush_delta_T(br, deep ? std::hypot(dx, dy, zi - centre[2]) : std::hypot(dx, dy));
        if (amount == 0.0) continue;
        bool inside = true;
        for (int a = 0; a < 3; ++a) {
          c[a] = at[a];
          if (periodic[a]) c[a] = ((c[a] % n[a]) + n[a]) % n[a];
          else if (c[a] < 0 || c[a] >= n[a]) inside = false;
        }
        if (inside) out.push_back({Site{c[0], c[1], c[2]}, amount});
      }
  return out;
}

long paint_populations(const Model& m, std::vector<double>& f, int nx, int ny, int nz, const bool periodic[3],
                       const Brush& b) {
  const int Q = m.lattice().Q;
  const std::size_t sites = std::size_t(nx) * ny * nz;
  const std::vector<BrushSite> visits = brush_sites(nx, ny, nz, periodic, b);
  std::vector<double> fs(std::size_t(Q), 0.0);
  for (const BrushSite& t : visits) {
    const std::size_t site = (std::size_t(t.site.z) * ny + t.site.y) * nx + t.site.x;
    for (int i = 0; i < Q; ++i) fs[i] = f[i * sites + site];
    m.paint_site(fs.data(), t.amount);
    for (int i = 0; i < Q; ++i) f[i * sites + site] = fs[i];
  }
  return long(visits.size());
}

long paint(Solver& solver, const std::vector<Brush>& brushes) {
  // A dab that changed nothing was taken for done (paint hot in D3Q19 ended with exit status 0).
  if (!brushes.empty() && solver.model().paint_quantity().empty())
    throw std::invalid_argument("model " + solver.model().name() + " offers no painting");
  if (brushes.empty()) return 0;
  const Domain& d = solver.domain();
  const auto axes = solver.model().periodic(solver.config().setup);
  // A 2-D lattice wraps its discs in x whatever the model says (D2Q37's x is periodic anyway).
  const bool periodic[3] = {d.nz == 1 || axes[0], axes[1], axes[2]};
  // Every brush's sites in painting order; each distinct site read once, painted by every brush
  // that covers it in turn, written once.
  std::vector<BrushSite> visits;
  for (const Brush& b : brushes) {
    const std::vector<BrushSite> one = brush_sites(d.nx, d.ny, d.nz, periodic, b);
    visits.insert(visits.end(), one.begin(), one.end());
  }
  const auto key = [&d](const Site& s) { return (static_cast<long long>(s.z) * d.ny + s.y) * d.nx + s.x; };
  std::unordered_map<long long, std::size_t> slot;
  std::vector<Site> sites;
  for (const BrushSite& t : visits)
    if (slot.emplace(key(t.site), sites.size()).second) sites.push_back(t.site);
  const int Q = solver.model().lattice().Q;
  std::vector<double> f = solver.populations(sites);
  for (const BrushSite& t : visits) solver.model().paint_site(f.data() + slot.at(key(t.site)) * Q, t.amount);
  solver.set_populations(sites, f);
  return long(visits.size());
}

}  // namespace plume::gui

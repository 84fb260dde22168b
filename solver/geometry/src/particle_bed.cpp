#include "plume/geometry/particle_bed.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <random>
#include "disc.hpp"
#include "plume/geometry/error.hpp"

namespace plume::geometry {

namespace {

// A uniform number in [0, 1) from the engine's top 53 bits: the same numbers for a seed with every
// standard library (std::uniform_real_distribution's are each library's own).
double uniform(std::mt19937_64& g) { return double(g() >> 11) * 0x1.0p-53; }

int region_end(int nx, const ParticleBedSpec& s) { return s.x_max.value_or(nx); }

// Periodic in x only when the region spans the whole lattice (a bed in a part of a periodic
// channel keeps out of the rest).
bool wraps_x(int nx, const ParticleBedSpec& s, bool periodic_x) {
  return periodic_x && s.x_min == 0 && region_end(nx, s) == nx;
}

}  // namespace

// --- The axes and the cell list ---

ParticleBed::Axis ParticleBed::axis(bool periodic, int n, int first, int end, double r, double reach) {
  Axis a;
  a.periodic = periodic;
  a.n = n;
  if (periodic) {
    a.lo = 0;
    a.span = n;
  } else {
    // The region's edges are half a site beyond its outer sites.
    a.lo = first - 0.5 + r;
    a.span = std::max(0.0, (end - first) - 2 * r);
  }
  // At most a cell per site: the particles are fewer than the sites (problem()), so finer cells
  // would only cost memory.
  a.cells = int(std::max(1.0, std::min(std::floor(a.span / reach), double(n))));
  a.width = a.cells == 1 ? std::max(a.span, reach) : a.span / a.cells;
  return a;
}

int ParticleBed::Axis::cell(double c) const {
  const double k = std::floor((c - lo) / width);
  return k < 0 ? 0 : k >= cells ? cells - 1 : int(k);
}

std::vector<int> ParticleBed::Axis::cells_between(double a, double b) const {
  std::vector<int> v;
  if (!periodic) {
    for (int k = cell(a); k <= cell(b); ++k) v.push_back(k);
    return v;
  }
  const long long k0 = (long long)std::floor((a - lo) / width), k1 = (long long)std::floor((b - lo) / width);
  if (k1 - k0 + 1 >= cells) {
    for (int k = 0; k < cells; ++k) v.push_back(k);
    return v;
  }
  for (long long k = k0; k <= k1; ++k) v.push_back(int(((k % cells) + cells) % cells));
  return v;
}

std::vector<double> ParticleBed::Axis::shifts() const {
  return periodic ? std::vector<double>{-double(n), 0.0, double(n)} : std::vector<double>{0.0};
}

// --- Placement ---

std::string ParticleBed::problem(int nx, int ny, const ParticleBedSpec& s, bool periodic_x, bool periodic_y) {
  const int x_max = region_end(nx, s);
  if (!(s.radius > 0) || !std::isfinite(s.radius)) return fmt::format("the radius {} is not > 0", s.radius);
  if (!(s.gap >= 0) || !std::isfinite(s.gap)) return fmt::format("the gap {} is not >= 0", s.gap);
  if (!(s.solid_fraction > 0 && s.solid_fraction < 1))
    return fmt::format("the solid fraction {} is not > 0 and < 1", s.solid_fraction);
  if (s.x_min < 0 || s.x_min >= x_max || x_max > nx)
    return fmt::format("the columns {} <= x < {} are not a part of the lattice (0 <= x_min < x_max <= nx = {})",
                       s.x_min, x_max, nx);
  const double reach = 2 * s.radius + s.gap;
  // A periodic axis (in x the bed then spans the whole width) must hold two particles and their
  // gaps, so that a particle meets at most one image of another.
  const auto fits = [&](bool periodic, const char* axis, int sites) -> std::string {
    if (periodic && sites < 2 * reach)
      return fmt::format("n{} = {} is too small for periodic particles: it must be at least 2 (2 radius + gap) = {}",
                         axis, sites, 2 * reach);
    if (!periodic && sites < 2 * s.radius)
      return fmt::format("the bed is {} sites along {}, less than a particle's diameter {}", sites, axis, 2 * s.radius);
    return "";
  };
  if (std::string p = fits(wraps_x(nx, s, periodic_x), "x", x_max - s.x_min); !p.empty()) return p;
  if (std::string p = fits(periodic_y, "y", ny); !p.empty()) return p;
  // A particle covers pi r^2 sites on average. A bed that needs more particles than its region has
  // sites describes nothing the lattice resolves, and placing them would take without end (or all
  // the memory): a radius of 1e-9 would need some 1e19 of them.
  const double sites = double(x_max - s.x_min) * ny, target = std::ceil(s.solid_fraction * sites);
  const double particles = target / (M_PI * s.radius * s.radius);
  if (particles > sites)
    return fmt::format("the radius {} is too small: the bed would need about {:.3g} particles to cover {} of its {} "
                       "sites (pi r^2 = {:.3g} sites each), more particles than sites; the radius must be at least {:.3g}",
                       s.radius, particles, target, sites, M_PI * s.radius * s.radius, std::sqrt(target / (M_PI * sites)));
  return "";
}

ParticleBed::ParticleBed(int nx, int ny, const ParticleBedSpec& s, bool periodic_x, bool periodic_y)
    : nx_(nx), ny_(ny), spec_(s) {
  if (const std::string p = problem(nx, ny, s, periodic_x, periodic_y); !p.empty()) throw GeometryError(p);
  spec_.x_max = region_end(nx, s);
  const double reach = 2 * s.radius + s.gap;
  ax_ = axis(wraps_x(nx, s, periodic_x), nx, s.x_min, *spec_.x_max, s.radius, reach);
  ay_ = axis(periodic_y, ny, 0, ny, s.radius, reach);
  head_.assign(std::size_t(ax_.cells) * std::size_t(ay_.cells), -1);
  place();
}

long long ParticleBed::region_sites() const { return (long long)(*spec_.x_max - spec_.x_min) * ny_; }

bool ParticleBed::has_room(double x, double y) const {
  const double reach = 2 * spec_.radius + spec_.gap, reach2 = reach * reach;
  const int kx = ax_.cell(x), ky = ay_.cell(y);
  // The neighbouring cells, each once (a periodic axis of one or two cells has fewer than three).
  int xs[3], ys[3], nxs = 0, nys = 0;
  const auto neighbours = [](const Axis& a, int k, int* out, int& n) {
    for (int d = -1; d <= 1; ++d) {
      int c = k + d;
      if (a.periodic) c = (c + a.cells) % a.cells;
      else if (c < 0 || c >= a.cells) continue;
      if (std::find(out, out + n, c) == out + n) out[n++] = c;
    }
  };
  neighbours(ax_, kx, xs, nxs);
  neighbours(ay_, ky, ys, nys);
  // The nearest image of a difference along a periodic axis.
  const auto nearest = [](const Axis& a, double d) {
    if (!a.periodic) return d;
    return d > 0.5 * a.n ? d - a.n : d < -0.5 * a.n ? d + a.n : d;
  };
  for (int i = 0; i < nys; ++i)
    for (int j = 0; j < nxs; ++j)
      for (int p = head_[std::size_t(ys[i]) * ax_.cells + xs[j]]; p >= 0; p = next_[p]) {
        const double dx = nearest(ax_, particles_[p].x - x), dy = nearest(ay_, particles_[p].y - y);
        if (dx * dx + dy * dy < reach2) return false;
      }
  return true;
}

void ParticleBed::place() {
  const long long target = (long long)std::ceil(spec_.solid_fraction * double(region_sites()));
  const double per_particle = M_PI * spec_.radius * spec_.radius;
  const long long max_tries = kMaxFailuresInARow + kMaxTriesPerParticle * (long long)std::ceil(target / per_particle);
  std::mt19937_64 random(spec_.seed);
  long long tries = 0, failures = 0;
  while (solid_sites_ < target) {
    if (failures >= kMaxFailuresInARow || tries >= max_tries)
      throw GeometryError(fmt::format(
          "the particles cannot reach the solid fraction {}: after {} particles (solid fraction {:.4f}), {} tries in a "
          "row found no room ({} tries in all; the placement gives up after {} in a row or {} per particle wanted). "
          "Discs placed at random jam at about 0.547 of the area: ask for less, or a smaller gap",
          spec_.solid_fraction, particles_.size(), double(solid_sites_) / double(region_sites()), failures, tries,
          kMaxFailuresInARow, kMaxTriesPerParticle));
    ++tries;
    const double x = ax_.lo + uniform(random) * ax_.span;
    const double y = ay_.lo + uniform(random) * ay_.span;
    if (!has_room(x, y)) {
      ++failures;
      continue;
    }
    failures = 0;
    const std::size_t c = std::size_t(ay_.cell(y)) * ax_.cells + ax_.cell(x);
    next_.push_back(head_[c]);
    head_[c] = int(particles_.size());
    particles_.push_back({x, y});
    // Particles share no site (disc.hpp), and a periodic axis is wider than a disc: its sites
    // across the edge are other sites.
    solid_sites_ += disc_sites(x, y, spec_.radius);
  }
}

// --- Marking ---

void ParticleBed::mark_plane(const Box& b, std::uint8_t* out) const {
  Box within = b;
  within.x0 = std::max(b.x0, 0);
  within.x1 = std::min(b.x1, nx_);
  within.y0 = std::max(b.y0, 0);
  within.y1 = std::min(b.y1, ny_);
  if (within.empty()) return;
  const double r = spec_.radius;
  // The cells whose particles may reach the box, and the images of a particle that may.
  const std::vector<int> cx = ax_.cells_between(within.x0 - r, within.x1 - 1 + r);
  const std::vector<int> cy = ay_.cells_between(within.y0 - r, within.y1 - 1 + r);
  const std::vector<double> sx = ax_.shifts(), sy = ay_.shifts();
  for (int ky : cy)
    for (int kx : cx)
      for (int p = head_[std::size_t(ky) * ax_.cells + kx]; p >= 0; p = next_[p])
        for (double dy : sy)
          for (double dx : sx) {
            const double x = particles_[p].x + dx, y = particles_[p].y + dy;
            if (x + r >= within.x0 && x - r <= within.x1 - 1 && y + r >= within.y0 && y - r <= within.y1 - 1)
              mark_disc(x, y, r, b, within, out);
          }
}

double ParticleBed::link_fraction(int x, int y, int /*z*/, int ex, int ey, int /*ez*/) const {
  const double r = spec_.radius, r2 = r * r;
  const std::vector<double> sx = ax_.shifts(), sy = ay_.shifts();
  for (int ky : ay_.cells_between(y - r, y + r))
    for (int kx : ax_.cells_between(x - r, x + r))
      for (int p = head_[std::size_t(ky) * ax_.cells + kx]; p >= 0; p = next_[p])
        for (double dy : sy)
          for (double dx : sx) {
            const double cx = particles_[p].x + dx, cy = particles_[p].y + dy;
            if (in_disc(x - cx, y - cy, r2)) return disc_link_fraction(x - cx, y - cy, r, ex, ey);
          }
  return 0.5;
}

std::string ParticleBed::describe() const {
  return fmt::format("particle bed: {} particles of radius {}{} in columns {} <= x < {} (seed {}): solid fraction "
                     "{:.5f} of its sites",
                     particles_.size(), spec_.radius, spec_.gap > 0 ? fmt::format(" (gap {})", spec_.gap) : "",
                     spec_.x_min, *spec_.x_max, spec_.seed, solid_fraction());
}

}  // namespace plume::geometry

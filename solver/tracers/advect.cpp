#include "advect.hpp"
#include <cmath>
#include <cstdio>

namespace plume::tracers {
namespace {

// The two sites a position lies between along an axis, and where between them.
struct Between {
  int i0, i1;
  double f;
};
Between between(const Lattice& l, int a, double p) {
  const double fl = std::floor(p);
  int i0 = int(fl), i1 = i0 + 1;
  const double f = p - fl;
  if (!l.periodic[std::size_t(a)]) {  // held in [0, N - 1]: the site beyond the last has weight 0
    const int last = l.N[std::size_t(a)] - 1;
    i0 = std::min(std::max(i0, 0), last);
    i1 = std::min(std::max(i1, 0), last);
  }
  return {i0, i1, f};
}

double speed(const std::array<double, 3>& u) { return std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]); }

std::string too_fast(const Tracer& t, const std::array<double, 3>& u, double dt) {
  char b[256];
  std::snprintf(b, sizeof b,
                "tracer %lld at (%.6g, %.6g, %.6g) meets a speed of %.6g sites per step, which would carry it %.6g "
                "sites in the %g steps between its updates (at most 1: lower tracers.every)",
                (long long)t.id, t.p[0], t.p[1], t.p[2], speed(u), speed(u) * dt, dt);
  return b;
}

}  // namespace

std::array<double, 3> velocity_at(const Window& w, const Lattice& l, const std::array<double, 3>& p) {
  Between b[3] = {between(l, 0, p[0]), between(l, 1, p[1]), {0, 0, 0.0}};
  if (l.dims == 3) b[2] = between(l, 2, p[2]);
  std::array<double, 3> u{0, 0, 0};
  for (int c = 0; c < l.dims; ++c) {
    const std::vector<double>& v = w.plane[std::size_t(Window::kUx + c)];
    const auto at = [&](int ix, int iy, int iz) {
      return v[w.at_global({ix ? b[0].i1 : b[0].i0, iy ? b[1].i1 : b[1].i0, iz ? b[2].i1 : b[2].i0})];
    };
    const auto lerp = [](double a, double c1, double f) { return a + f * (c1 - a); };
    const auto plane = [&](int iz) {
      return lerp(lerp(at(0, 0, iz), at(1, 0, iz), b[0].f), lerp(at(0, 1, iz), at(1, 1, iz), b[0].f), b[1].f);
    };
    u[std::size_t(c)] = l.dims == 3 ? lerp(plane(0), plane(1), b[2].f) : plane(0);
  }
  return u;
}

bool solid_at(const Window& w, const Lattice& l, const std::array<double, 3>& p) {
  std::array<int, 3> s{0, 0, 0};
  for (int a = 0; a < l.dims; ++a) s[std::size_t(a)] = nearest_site(p[std::size_t(a)]);
  return w.plane[Window::kSolid][w.at_global(s)] != 0;
}

std::array<double, 3> hold(const Lattice& l, std::array<double, 3> p) {
  for (int a = 0; a < l.dims; ++a) {
    double& x = p[std::size_t(a)];
    const double N = l.N[std::size_t(a)];
    if (l.periodic[std::size_t(a)]) {
      if (x < -0.5) x += N;
      else if (x >= N - 0.5) x -= N;
    } else {
      x = std::min(std::max(x, 0.0), N - 1);
    }
  }
  return p;
}

std::string advect(Tracer& t, const Window& w, const Lattice& l, double dt) {
  // Positions are held only along bounded axes until the end: along a periodic axis the window
  // holds the images of the sites beyond the lattice's edge, next to the block's own.
  const auto clamp = [&](std::array<double, 3> p) {
    for (int a = 0; a < l.dims; ++a)
      if (!l.periodic[std::size_t(a)])
        p[std::size_t(a)] = std::min(std::max(p[std::size_t(a)], 0.0), double(l.N[std::size_t(a)] - 1));
    return p;
  };
  const std::array<double, 3> u0 = velocity_at(w, l, t.p);
  if (speed(u0) * dt > 1) return too_fast(t, u0, dt);
  std::array<double, 3> ps = t.p;
  for (int a = 0; a < l.dims; ++a) ps[std::size_t(a)] += dt * u0[std::size_t(a)];
  ps = clamp(ps);
  const std::array<double, 3> u1 = velocity_at(w, l, ps);
  if (speed(u1) * dt > 1) return too_fast(t, u1, dt);
  std::array<double, 3> pn = t.p;
  for (int a = 0; a < l.dims; ++a) pn[std::size_t(a)] += dt / 2 * (u0[std::size_t(a)] + u1[std::size_t(a)]);
  pn = clamp(pn);
  if (solid_at(w, l, pn)) pn = t.p;  // it would enter a solid: it stays
  t.u = velocity_at(w, l, pn);
  t.p = hold(l, pn);
  return "";
}

}  // namespace plume::tracers

// Decay of small sinusoidal waves in a periodic box, measured on any backend: the rates predicted
// by the transport coefficients (spec sections 4 and 5) are the analytic solution to compare with.
#pragma once
#include <cmath>
#include <vector>
#include "d2q37/lattice.hpp"
#include "d2q37/collision.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

namespace plume::testing {

struct Decay {
  double measured;  // decay rate per unit time, from a log-linear fit
  double expected;  // nu k^2 or chi k^2
};

enum class Wave { Shear, Temperature };

// A wave along y in an nx x ny periodic box: shear u_x = U sin(k y), or isobaric temperature
// T = 1 + dT sin(k y), rho = 1/T (with the entropy mode's own small velocity, so that hardly any
// sound is launched). The amplitude of u_x (or T_H) on sin(k y) is fitted over [n0, n1].
inline Decay wave_decay(Wave kind, BackendKind backend, d2q37::CollisionModel model, double k1, double k2, double tau,
                        Precision prec = Precision::FP64, int ny = 64, long n0 = 200, long n1 = 2200) {
  using L = d2q37::D2Q37;
  SolverConfig c;
  c.nx = 4;
  c.ny = ny;
  c.backend = backend;
  c.precision = prec;
  d2q37::physics(c).model = model;
  d2q37::physics(c).walls = false;
  d2q37::physics(c).gx = d2q37::physics(c).gy = 0.0;
  d2q37::physics(c).k1 = k1;
  d2q37::physics(c).k2 = k2;
  d2q37::physics(c).tau = tau;
  Solver s(c);
  const double k = 2.0 * M_PI / ny, dt = 1.0 / L::r;
  const bool bgk = model == d2q37::CollisionModel::BGK;
  // Transport coefficients at rho T = 1: nu = (tau1 - 1/2) T dt, chi = (tau2 - 1/2) T dt.
  const double nu = (bgk ? tau - 0.5 : k1) * dt, chi = (bgk ? tau - 0.5 : k2) * dt;
  std::vector<double> f(std::size_t(L::Q) * c.nx * c.ny);
  for (int y = 0; y < ny; ++y) {
    double rho = 1, ux = 0, uy = 0, T = 1;
    if (kind == Wave::Shear) {
      ux = 1e-4 * std::sin(k * y);
    } else {
      const double dT = 1e-3;
      T = 1.0 + dT * std::sin(k * y);
      rho = 1.0 / T;
      uy = chi * dT * k * std::cos(k * y) / T;  // div u = (chi / T) lap T
    }
    double feq[L::Q];
    d2q37::equilibrium<L>(rho, ux, uy, T, feq);
    for (int i = 0; i < L::Q; ++i)
      for (int x = 0; x < c.nx; ++x) f[(std::size_t(i) * c.ny + y) * c.nx + x] = feq[i];
  }
  s.set_populations(f, 0);
  Fields F;
  auto amplitude = [&]() {
    s.snapshot().fields(F);
    double a = 0;
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < c.nx; ++x)
        a += (kind == Wave::Shear ? F["ux"][F.at(x, y)] : F["T"][F.at(x, y)] - 1.0) * std::sin(k * y);
    return 2.0 * a / (ny * c.nx);
  };
  s.advance(n0);
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int m = 0;
  for (long n = n0; n <= n1; n += 50) {
    if (n > n0) s.advance(50);
    const double t = n * dt, l = std::log(std::fabs(amplitude()));
    sx += t; sy += l; sxx += t * t; sxy += t * l;
    ++m;
  }
  const double slope = (m * sxy - sx * sy) / (m * sxx - sx * sx);
  return {-slope, (kind == Wave::Shear ? nu : chi) * k * k};
}

}  // namespace plume::testing

// The update of one site by the explicit Euler step of dT/dt = kappa laplacian(T):
//   T_new = T + r (sum of the 2 D axis neighbours - 2 D T),   r = kappa dt / dx^2,
// with the neighbours added in the order of Stencil::read (-x, +x, -y, +y, -z, +z). Storage in
// Real (FP64 or FP32), arithmetic in FP64, as every model of plume does.
#pragma once
#include "diffusion/params.hpp"
#include "diffusion/stencil.hpp"
#include "plume/grid/step_args.hpp"

namespace plume::diffusion {

// The new T of a site from its old value t and the sum of its neighbours.
template <int D>
PLUME_HD PLUME_FORCEINLINE double next_value(double t, double sum, const Params& p) {
  return t + p.kappa * (sum - 2 * D * t);
}

template <int D, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real, Params>& a, int x, int y, int z) {
  const Layout& l = a.layout;
  const int s = l.site(x, y, z);
  const double t = double(load_ro(a.src + s));
  double sum = 0;
  static_for<D>([&](auto axis) {
    const int step = l.step(decltype(axis)::value);
    sum += double(load_ro(a.src + s - step));
    sum += double(load_ro(a.src + s + step));
  });
  a.dst[s] = Real(next_value<D>(t, sum, a.params));
}

// The 3-D sites (x, y, z0) ... (x, y, z1 - 1), marching up z: T below, at and above the site stay
// in registers, so each site loads its four x and y neighbours (mostly from the caches) and the
// one new value above it, instead of reading its z neighbours' planes again from memory. The sum
// is update_site's, in its order: the same bits. (On an H200 the march of 8 layers per thread
// made the 512^3 step 1.3 times faster: docs/benchmarks.md.)
template <class Real>
PLUME_HD PLUME_FORCEINLINE void update_column(const StepArgs<Real, Params>& a, int x, int y, int z0, int z1) {
  const Layout& l = a.layout;
  const int px = l.step(0), py = l.step(1), pz = l.step(2);
  int s = l.site(x, y, z0);
  double below = double(load_ro(a.src + s - pz)), t = double(load_ro(a.src + s));
  for (int z = z0; z < z1; ++z, s += pz) {
    const double above = double(load_ro(a.src + s + pz));
    double sum = 0;
    sum += double(load_ro(a.src + s - px));
    sum += double(load_ro(a.src + s + px));
    sum += double(load_ro(a.src + s - py));
    sum += double(load_ro(a.src + s + py));
    sum += below;
    sum += above;
    a.dst[s] = Real(next_value<3>(t, sum, a.params));
    below = t;
    t = above;
  }
}

}  // namespace plume::diffusion

// The update of one site by the explicit Euler step of dT/dt = kappa laplacian(T):
//   T_new = T + r (sum of the 2 D axis neighbours - 2 D T),   r = kappa dt / dx^2,
// with the neighbours added in the order of Stencil::read (-x, +x, -y, +y, -z, +z). Storage in
// Real (FP64 or FP32), arithmetic in FP64, as every model of plume does.
#pragma once
#include "diffusion/params.hpp"
#include "diffusion/stencil.hpp"
#include "plume/grid/step_args.hpp"

namespace plume::diffusion {

// The new T of a site from its old value t and its 2 D axis neighbours n, in the order of
// Stencil::read (-x, +x, -y, +y, -z, +z). Every path of the update gathers the neighbours its own
// way (one site, a column of sites, walls' images, the CUDA backend's shared-memory tiles and
// vectors along x) and calls this one sum in this one order: the same bits.
template <int D>
PLUME_HD PLUME_FORCEINLINE double next_value(double t, const double (&n)[2 * D], const Params& p) {
  double sum = 0;
  static_for<2 * D>([&](auto k) { sum += n[decltype(k)::value]; });
#if defined(__CUDA_ARCH__)
  // On the device the two fused multiply-adds are written out: left to itself, the compiler fused
  // sum - 2 D t in some kernels and not in others (their PTX showed both), and every kernel of
  // the update must give the same bits.
  return __fma_rn(p.kappa, __fma_rn(-2.0 * D, t, sum), t);
#else
  return t + p.kappa * (sum - 2 * D * t);
#endif
}

template <int D, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site(const StepArgs<Real, Params>& a, int x, int y, int z) {
  const Layout& l = a.layout;
  const int s = l.site(x, y, z);
  double n[2 * D];
  static_for<D>([&](auto axis) {
    constexpr int A = decltype(axis)::value;
    const int step = l.step(A);
    n[2 * A] = double(load_ro(a.src[0] + s - step));
    n[2 * A + 1] = double(load_ro(a.src[0] + s + step));
  });
  a.dst[0][s] = Real(next_value<D>(double(load_ro(a.src[0] + s)), n, a.params));
}

// The 3-D sites (x, y, z0) ... (x, y, z1 - 1), marching up z: T below, at and above the site stay
// in registers, so each site loads its four x and y neighbours (mostly from the caches) and the
// one new value above it, instead of reading its z neighbours' planes again from memory. (On an
// H200 the march of 8 layers per thread made the 512^3 step 1.3 times faster:
// docs/benchmarks.md.)
template <class Real>
PLUME_HD PLUME_FORCEINLINE void update_column(const StepArgs<Real, Params>& a, int x, int y, int z0, int z1) {
  const Layout& l = a.layout;
  const int px = l.step(0), py = l.step(1), pz = l.step(2);
  int s = l.site(x, y, z0);
  double below = double(load_ro(a.src[0] + s - pz)), t = double(load_ro(a.src[0] + s));
  for (int z = z0; z < z1; ++z, s += pz) {
    const double above = double(load_ro(a.src[0] + s + pz));
    const double n[6] = {double(load_ro(a.src[0] + s - px)), double(load_ro(a.src[0] + s + px)),
                         double(load_ro(a.src[0] + s - py)), double(load_ro(a.src[0] + s + py)), below, above};
    a.dst[0][s] = Real(next_value<3>(t, n, a.params));
    below = t;
    t = above;
  }
}

}  // namespace plume::diffusion

// The update of one site by the explicit Euler step of dT/dt = kappa laplacian(T):
//   T_new = T + r (sum of the 2 D axis neighbours - 2 D T),   r = kappa dt / dx^2,
// with the neighbours added in the order of Stencil::read (-x, +x, -y, +y, -z, +z). Storage in
// Real (FP64 or FP32), arithmetic in FP64, as every model of plume does.
#pragma once
#include "diffusion/params.hpp"
#include "diffusion/stencil.hpp"
#include "plume/grid/step_args.hpp"

namespace plume::diffusion {

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
  a.dst[s] = Real(t + a.params.kappa * (sum - 2 * D * t));
}

}  // namespace plume::diffusion

// Fixed-value (Dirichlet) walls of the diffusion stencil, half a site beyond the first and last
// layers along y and z (where the lattice Boltzmann models' half-way walls stand): the value the
// stencil reads across a wall at temperature T_w is the mirror image 2 T_w - T of the site's own,
// so that T varies linearly through the wall and takes T_w on it. Every linear profile between two
// walls is then a steady state of the scheme, exactly (the discrete Laplacian of a linear
// function is 0), and the modes between walls at 0 are sin(m pi (y + 1/2) / NY), which decay by
// 1 - 4 r sin^2(m pi / (2 NY)) per step.
//
// The update of a site with walls is that of site.hpp with the neighbours beyond a wall replaced
// by their images: the same sum in the same order (-x, +x, -y, +y, -z, +z).
#pragma once
#include "diffusion/params.hpp"
#include "diffusion/site.hpp"
#include "diffusion/stencil.hpp"
#include "plume/grid/step_args.hpp"

namespace plume::diffusion {

// The value read across the wall at temperature `wall` by a site of value t.
PLUME_HD PLUME_FORCEINLINE double wall_image(double wall, double t) { return 2.0 * wall - t; }

template <int D, class Real>
PLUME_HD PLUME_FORCEINLINE void update_site_walls(const StepArgs<Real, Params>& a, int x, int y, int z) {
  const Layout& l = a.layout;
  const Domain& d = a.domain;
  const Params& p = a.params;
  const int s = l.site(x, y, z);
  const double t = double(load_ro(a.src[0] + s));
  // Along each axis, whether the neighbour below and above lie beyond a wall, and its temperature.
  const int g[3] = {d.x0 + x, d.y0 + y, d.z0 + z};
  const int size[3] = {d.NX, d.NY, d.NZ};
  const bool walled[3] = {false, p.walls_y, p.walls_z};
  const double low[3] = {0.0, p.y_low, p.z_low}, high[3] = {0.0, p.y_high, p.z_high};
  double n[2 * D];  // the neighbours, images beyond walls
  static_for<D>([&](auto axis) {
    constexpr int A = decltype(axis)::value;
    const int step = l.step(A);
    n[2 * A] = walled[A] && g[A] == 0 ? wall_image(low[A], t) : double(load_ro(a.src[0] + s - step));
    n[2 * A + 1] = walled[A] && g[A] == size[A] - 1 ? wall_image(high[A], t) : double(load_ro(a.src[0] + s + step));
  });
  a.dst[0][s] = Real(next_value<D>(t, n, p));
}

}  // namespace plume::diffusion

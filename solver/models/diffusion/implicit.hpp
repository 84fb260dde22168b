// The implicit diffusion step as lines: the theta-scheme split by axes (locally one-dimensional),
// one implicit solve along x, then y, then z per step, each line of the block one system
// (line_solve.hpp). On a periodic box a Fourier mode is an eigenvector of every axis' operator,
// and the axes' operators commute: a step multiplies the mode by
//   prod over the axes of (1 - (1 - theta) a) / (1 + theta a),   a = 4 r sin^2(k/2),
// which lies in [-1, 1] for every r once theta >= 1/2 (docs/diffusion.md). What the CPU and CUDA
// backends share: which lines an axis has, where each starts, and its system.
#pragma once
#include "diffusion/line_solve.hpp"
#include "diffusion/params.hpp"
#include "plume/grid/layout.hpp"
#include "plume/hd.hpp"

namespace plume::diffusion {

// The lines along `axis` of a layout's interior: `count` lines of `n` sites, `stride` elements
// apart. Line j's first site (line_start) is numbered so that consecutive lines are consecutive
// x along y and z (a CUDA warp's lines then sit side by side in memory) and consecutive y along x.
struct Lines {
  int count = 0, n = 0;
  long long stride = 0;
};

PLUME_HD inline Lines lines_along(const Layout& l, int axis) {
  const int size[3] = {l.nx, l.ny, l.nz};
  return {l.nx * l.ny * l.nz / size[axis], size[axis], (long long)l.step(axis)};
}

PLUME_HD inline long long line_start(const Layout& l, int axis, int j) {
  if (axis == 0) return l.site(0, j % l.ny, j / l.ny);
  if (axis == 1) return l.site(j % l.nx, 0, j / l.nx);
  return l.site(j % l.nx, j / l.nx, 0);
}

// The system of every line along `axis` (x is periodic; y and z unless walled).
inline LineSystem line_system(const Params& p, int axis) {
  LineSystem s;
  s.r = p.kappa;
  s.theta = p.theta;
  s.periodic = axis == 0 || (axis == 1 ? !p.walls_y : !p.walls_z);
  s.low = axis == 1 ? p.y_low : axis == 2 ? p.z_low : 0.0;
  s.high = axis == 1 ? p.y_high : axis == 2 ? p.z_high : 0.0;
  return s;
}

// Doubles of work a line of n sites needs (line_solve.hpp).
inline int line_work(const LineSystem& s, int n) { return (s.periodic ? 3 : 2) * n; }

}  // namespace plume::diffusion

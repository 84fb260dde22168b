// Hydrodynamic fields of one block, on the host: rho, u_H, T_H (p = rho T_H), x fastest.
#pragma once
#include <cstddef>
#include <vector>

namespace plume {

struct Fields {
  int nx = 0, ny = 0;  // local interior size
  int x0 = 0, y0 = 0;  // global offset of the block
  std::vector<double> rho, ux, uy, T;

  void resize(int nx_, int ny_) {
    nx = nx_;
    ny = ny_;
    const std::size_t n = std::size_t(nx) * ny;
    rho.resize(n);
    ux.resize(n);
    uy.resize(n);
    T.resize(n);
  }
  std::size_t at(int x, int y) const { return std::size_t(y) * nx + x; }
  static constexpr int count = 4;
  // Field k (0 rho, 1 u_x, 2 u_y, 3 T), as the backends fill them.
  double* data(int k) { return (k == 0 ? rho : k == 1 ? ux : k == 2 ? uy : T).data(); }
  double p(int x, int y) const { return rho[at(x, y)] * T[at(x, y)]; }
};

}  // namespace plume

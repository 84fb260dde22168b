// The seed-001 benchmark's algorithm written out plainly, as its specification states it, to
// check plume's run of the benchmark against: accelerate row ny-2, stream (periodic), rebound at
// obstacles, BGK collision elsewhere, then the mean |u| over the fluid cells. Double precision.
#pragma once
#include <cmath>
#include <vector>

namespace plume::test {

struct Seed001Reference {
  int nx, ny;
  double density, accel, omega;
  std::vector<char> obstacle;            // [y * nx + x]
  std::vector<double> cells, tmp;        // [i][y * nx + x]
  std::vector<double> av_vels;

  Seed001Reference(int nx_, int ny_, double rho, double a, double w, std::vector<char> obs)
      : nx(nx_), ny(ny_), density(rho), accel(a), omega(w), obstacle(std::move(obs)),
        cells(9 * std::size_t(nx_) * ny_), tmp(cells.size()) {
    const double w0 = density * 4 / 9, w1 = density / 9, w2 = density / 36;
    for (std::size_t k = 0; k < std::size_t(nx) * ny; ++k)
      for (int i = 0; i < 9; ++i) at(cells, i, k) = i == 0 ? w0 : i < 5 ? w1 : w2;
  }
  double& at(std::vector<double>& v, int i, std::size_t k) { return v[i * std::size_t(nx) * ny + k]; }

  void step() {
    static const int ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1}, ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
    const double w1 = density * accel / 9, w2 = density * accel / 36;
    const int y = ny - 2;
    for (int x = 0; x < nx; ++x) {
      const std::size_t k = std::size_t(y) * nx + x;
      if (!obstacle[k] && at(cells, 3, k) - w1 > 0 && at(cells, 6, k) - w2 > 0 && at(cells, 7, k) - w2 > 0) {
        at(cells, 1, k) += w1, at(cells, 5, k) += w2, at(cells, 8, k) += w2;
        at(cells, 3, k) -= w1, at(cells, 6, k) -= w2, at(cells, 7, k) -= w2;
      }
    }
    for (int yy = 0; yy < ny; ++yy)  // stream: tmp(x + e_i) = cells(x)
      for (int x = 0; x < nx; ++x)
        for (int i = 0; i < 9; ++i)
          at(tmp, i, std::size_t((yy + ey[i] + ny) % ny) * nx + (x + ex[i] + nx) % nx) =
              at(cells, i, std::size_t(yy) * nx + x);
    static const int opp[9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
    double tot_u = 0, tot = 0;
    for (std::size_t k = 0; k < std::size_t(nx) * ny; ++k) {
      if (obstacle[k]) {  // rebound
        for (int i = 0; i < 9; ++i) at(cells, i, k) = at(tmp, opp[i], k);
        continue;
      }
      double rho = 0, jx = 0, jy = 0;
      for (int i = 0; i < 9; ++i) rho += at(tmp, i, k), jx += ex[i] * at(tmp, i, k), jy += ey[i] * at(tmp, i, k);
      const double ux = jx / rho, uy = jy / rho, uu = ux * ux + uy * uy;
      for (int i = 0; i < 9; ++i) {
        const double eu = ex[i] * ux + ey[i] * uy, w = i == 0 ? 4.0 / 9 : i < 5 ? 1.0 / 9 : 1.0 / 36;
        const double feq = w * rho * (1 + 3 * eu + 4.5 * eu * eu - 1.5 * uu);
        at(cells, i, k) = at(tmp, i, k) + omega * (feq - at(tmp, i, k));
      }
      // The velocity of the collided cell (the collision keeps rho and j).
      double r2 = 0, jx2 = 0, jy2 = 0;
      for (int i = 0; i < 9; ++i) r2 += at(cells, i, k), jx2 += ex[i] * at(cells, i, k), jy2 += ey[i] * at(cells, i, k);
      tot_u += std::sqrt((jx2 / r2) * (jx2 / r2) + (jy2 / r2) * (jy2 / r2));
      tot += 1;
    }
    av_vels.push_back(tot_u / tot);
  }
};

}  // namespace plume::test

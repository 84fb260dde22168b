// One line of the implicit diffusion step: the theta-scheme of dT/dt = kappa d^2T/ds^2 along one
// axis, a tridiagonal system (Thomas) between fixed-value walls, a cyclic one on a periodic axis
// (Sherman-Morrison: two Thomas solves of the system with its corners folded into the diagonal).
// The one place its arithmetic is written, for the CPU backend (OpenMP over lines) and the CUDA
// one (a thread per line): it knows nothing of lines beyond its own, of threads or of I/O.
#pragma once
#include "plume/hd.hpp"

namespace plume::diffusion {

// The system of a line of n sites: with the second difference L T_i = T_{i-1} - 2 T_i + T_{i+1},
//   (1 - theta r L) T_new = (1 + (1 - theta) r L) T,   r = kappa dt / dx^2,
// the neighbours of the end sites beyond a wall at T_w being the wall's images 2 T_w - T
// (walls.hpp), on both sides (so a wall's row has 1 + 3 theta r on its diagonal and the wall's
// 2 r T_w on its right-hand side); on a periodic line the ends are each other's neighbours.
struct LineSystem {
  double r = 0, theta = 1;
  bool periodic = true;
  double low = 0, high = 0;  // the walls' temperatures (not periodic)
};

// Solves the line t[0], t[stride], ... t[(n - 1) stride] in place (n >= 2), in FP64 whatever the
// storage Real. `work` holds 2 n (walls) or 3 n (periodic) doubles, value i of array k at
// work[(k n + i) * ws]: a CUDA thread of many lines interleaves its work with its neighbours'
// (ws = lines), so that their accesses coalesce as their lines' do.
template <class Real>
PLUME_HD void solve_line(Real* t, long long stride, int n, const LineSystem& s, double* work, long long ws) {
  const double off = -s.theta * s.r, diag = 1.0 + 2.0 * s.theta * s.r, ex = (1.0 - s.theta) * s.r;
  double* cp = work;                  // c'_i, the eliminated super-diagonal
  double* yp = work + n * ws;         // d'_i, then the solution y of the first system
  double* zp = work + 2LL * n * ws;   // periodic: the same for the Sherman-Morrison column z
  // The system's own corners A[n-1][0] = alpha and A[0][n-1] = beta (both `off`), folded into the
  // diagonal through gamma = -b_0 (Numerical Recipes, cyclic): A = A' + u v^T with
  // u = (gamma, 0, ..., alpha), v = (1, 0, ..., beta / gamma).
  const double gamma = -diag;
  double prev = s.periodic ? double(t[(n - 1) * stride]) : 2.0 * s.low - double(t[0]);
  double cur = double(t[0]);
  double c_before = 0, y_before = 0, z_before = 0;
  for (int i = 0; i < n; ++i) {
    const bool last = i == n - 1;
    const double next = !last ? double(t[(i + 1) * stride])
                              : s.periodic ? double(t[0]) : 2.0 * s.high - cur;
    double b = diag, d = cur + ex * (prev - 2.0 * cur + next), u = 0;
    if (s.periodic) {
      if (i == 0) {
        b -= gamma;
        u = gamma;
      }
      if (last) {
        b -= off * off / gamma;
        u += off;
      }
    } else {  // the image's share of the new state moves to the diagonal, the wall's to d
      if (i == 0) {
        b -= off;
        d -= 2.0 * off * s.low;
      }
      if (last) {
        b -= off;
        d -= 2.0 * off * s.high;
      }
    }
    const double m = i == 0 ? b : b - off * c_before;
    c_before = cp[i * ws] = off / m;
    y_before = yp[i * ws] = (i == 0 ? d : d - off * y_before) / m;
    if (s.periodic) z_before = zp[i * ws] = (i == 0 ? u : u - off * z_before) / m;
    prev = cur;
    cur = next;
  }
  if (!s.periodic) {
    double x = yp[(n - 1) * ws];
    t[(n - 1) * stride] = Real(x);
    for (int i = n - 2; i >= 0; --i) {
      x = yp[i * ws] - cp[i * ws] * x;
      t[i * stride] = Real(x);
    }
    return;
  }
  double y = yp[(n - 1) * ws], z = zp[(n - 1) * ws];
  const double y_last = y, z_last = z;
  for (int i = n - 2; i >= 0; --i) {
    y = yp[i * ws] -= cp[i * ws] * y;
    z = zp[i * ws] -= cp[i * ws] * z;
  }
  // x = y - (v.y / (1 + v.z)) z
  const double f = (y + off * y_last / gamma) / (1.0 + z + off * z_last / gamma);
  for (int i = 0; i < n; ++i) t[i * stride] = Real(yp[i * ws] - f * zp[i * ws]);
}

}  // namespace plume::diffusion

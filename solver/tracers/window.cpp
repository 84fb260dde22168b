#include "window.hpp"

namespace plume::tracers {

void Window::resize(const Domain& d, int dims) {
  n = {d.nx, d.ny, d.nz};
  origin = {d.x0, d.y0, d.z0};
  margin = {kMargin, kMargin, dims == 3 ? kMargin : 0};
  for (std::vector<double>& p : plane) p.assign(sites(), 0.0);
}

}  // namespace plume::tracers

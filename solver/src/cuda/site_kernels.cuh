// Reading and writing the populations of a list of sites on the device (Backend::read_sites,
// write_sites): one thread per (site, population), so that only the list and its values cross.
#pragma once
#include "plume/grid/domain.hpp"
#include "plume/grid/layout.hpp"
#include "plume/grid/planes.hpp"

namespace plume::cuda {

// ToValues: values[k Q + i] = f(population i of site k), as a double; else the other way, as Real.
template <class Real, bool ToValues>
__global__ void __launch_bounds__(256) sites_kernel(Real* f, const PlaneOffsets at, const Layout l, const Site* sites, int n, int Q,
                                                    double* values) {
  const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= (long long)n * Q) return;
  const Site s = sites[k / Q];
  const long long i = at[int(k % Q)] + l.site(s.x, s.y, s.z);
  if constexpr (ToValues)
    values[k] = double(f[i]);
  else
    f[i] = Real(values[k]);
}

}  // namespace plume::cuda

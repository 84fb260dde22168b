#include "solid_mask.hpp"
#include <algorithm>
#include <utility>

namespace plume {
namespace {

// The global coordinate that local coordinate v (from -halo) of a block starting at v0 images
// along an axis of n sites: wrapped across a periodic side, -1 beyond a bounded one.
int image(int v, int v0, int n, bool periodic) {
  const int g = v0 + v;
  if (g >= 0 && g < n) return g;
  return periodic ? ((g % n) + n) % n : -1;
}

// Calls site(x, y, z, gx, gy, gz) for every site of the layout (halo included) that images a
// site of the global lattice.
template <class F>
void for_layout_sites(const Layout& l, const Domain& d, const parallel::Periodic& p, F&& site) {
  for (int z = -l.hz; z < l.nz + l.hz; ++z) {
    const int gz = image(z, d.z0, d.NZ, p[2]);
    if (gz < 0) continue;
    for (int y = -l.halo; y < l.ny + l.halo; ++y) {
      const int gy = image(y, d.y0, d.NY, p[1]);
      if (gy < 0) continue;
      for (int x = -l.halo; x < l.nx + l.halo; ++x) {
        const int gx = image(x, d.x0, d.NX, p[0]);
        if (gx >= 0) site(x, y, z, gx, gy, gz);
      }
    }
  }
}

}  // namespace

std::vector<std::uint8_t> solid_mask(const Geometry& g, const Layout& l, const Domain& d, const parallel::Periodic& p) {
  std::vector<std::uint8_t> mask(std::size_t(l.stride), 0);
  // The geometry marks the block's interior in one call (a file's bitmap or a particle bed's
  // cell list answer a box at once); the halo's few sites one at a time.
  const Box inside{d.x0, d.x0 + d.nx, d.y0, d.y0 + d.ny, d.z0, d.z0 + d.nz};
  std::vector<std::uint8_t> block(std::size_t(d.sites()), 0);
  g.mark(inside, block.data());
  for_layout_sites(l, d, p, [&](int x, int y, int z, int gx, int gy, int gz) {
    const bool interior = x >= 0 && x < l.nx && y >= 0 && y < l.ny && z >= 0 && z < l.nz;
    std::uint8_t v = 0;
    if (interior) {
      v = block[(std::size_t(z) * d.ny + y) * d.nx + x];
    } else {
      g.mark(Box{gx, gx + 1, gy, gy + 1, gz, gz + 1}, &v);
    }
    mask[std::size_t(l.site(x, y, z))] = v ? 1 : 0;
  });
  return mask;
}

void place_links(const Geometry& g, const std::vector<std::uint8_t>& shape, const Layout& l, const Domain& d,
                 const parallel::Periodic& p, const LatticeInfo& lattice, std::vector<float>& q) {
  for (int z = 0; z < l.nz; ++z)
    for (int y = 0; y < l.ny; ++y)
      for (int x = 0; x < l.nx; ++x) {
        const int s = l.site(x, y, z);
        if (shape[std::size_t(s)]) continue;
        for (int i = 0; i < lattice.Q; ++i) {
          const int ex = lattice.e(i, 0), ey = lattice.e(i, 1), ez = lattice.e(i, 2);
          if (shape[std::size_t(l.site(x - ex, y - ey, z - ez))])
            q[std::size_t(i) * std::size_t(l.stride) + std::size_t(s)] =
                float(g.link_fraction(image(x - ex, d.x0, d.NX, p[0]), image(y - ey, d.y0, d.NY, p[1]),
                                      image(z - ez, d.z0, d.NZ, p[2]), ex, ey, ez));
        }
      }
}

namespace {

// The local intervals, halo included, of an axis whose sites image global [c0, c1): the interval
// itself and, across a periodic side, its images one lattice length away.
std::vector<std::pair<int, int>> local_intervals(int c0, int c1, int v0, int n, int h, int N, bool periodic) {
  std::vector<std::pair<int, int>> out;
  for (int shift : periodic ? std::vector<int>{-N, 0, N} : std::vector<int>{0}) {
    const int a = std::max(c0 + shift - v0, -h), b = std::min(c1 + shift - v0, n + h);
    if (a < b) out.emplace_back(a, b);
  }
  return out;
}

}  // namespace

Box edit_solid_mask(std::vector<std::uint8_t>& mask, const Layout& l, const Domain& d, const parallel::Periodic& p,
                    const Box& b, bool solid) {
  const Box c{std::max(b.x0, 0), std::min(b.x1, d.NX), std::max(b.y0, 0),
              std::min(b.y1, d.NY), std::max(b.z0, 0), std::min(b.z1, d.NZ)};
  Box changed{0, 0, 0, 0, 0, 0};
  if (c.empty()) return changed;
  bool any = false;
  const std::uint8_t v = solid ? 1 : 0;
  // Only the sites that image the box are visited: drawing in a large lattice stays interactive.
  for (auto [z0, z1] : local_intervals(c.z0, c.z1, d.z0, l.nz, l.hz, d.NZ, p[2]))
    for (auto [y0, y1] : local_intervals(c.y0, c.y1, d.y0, l.ny, l.halo, d.NY, p[1]))
      for (auto [x0, x1] : local_intervals(c.x0, c.x1, d.x0, l.nx, l.halo, d.NX, p[0]))
        for (int z = z0; z < z1; ++z)
          for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) {
              std::uint8_t& m = mask[std::size_t(l.site(x, y, z))];
              if (m == v) continue;
              m = v;
              changed = any ? Box{std::min(changed.x0, x), std::max(changed.x1, x + 1), std::min(changed.y0, y),
                                  std::max(changed.y1, y + 1), std::min(changed.z0, z), std::max(changed.z1, z + 1)}
                            : Box{x, x + 1, y, y + 1, z, z + 1};
              any = true;
            }
  return changed;
}

}  // namespace plume

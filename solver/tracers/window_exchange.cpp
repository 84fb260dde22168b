#include "window_exchange.hpp"
#include "tags.hpp"

namespace plume::tracers {
namespace {

// A box of window coordinates, lo <= w < hi along each axis.
struct WBox {
  std::array<int, 3> lo{}, hi{};
};

// Axis a's slab of `width` layers from window coordinate `from`: the whole window along the
// axes before a (their margins are filled already), the block's sites along those after it.
WBox slab(const Window& w, int a, int from, int width) {
  WBox b;
  for (int k = 0; k < 3; ++k) {
    const std::size_t K = std::size_t(k);
    if (k < a) {
      b.lo[K] = 0;
      b.hi[K] = w.size(k);
    } else if (k == a) {
      b.lo[K] = from;
      b.hi[K] = from + width;
    } else {
      b.lo[K] = w.margin[K];
      b.hi[K] = w.margin[K] + w.n[K];
    }
  }
  return b;
}

template <class F>
void for_sites(const WBox& b, F&& f) {
  for (int z = b.lo[2]; z < b.hi[2]; ++z)
    for (int y = b.lo[1]; y < b.hi[1]; ++y)
      for (int x = b.lo[0]; x < b.hi[0]; ++x) f(x, y, z);
}

std::vector<double> pack(const Window& w, const WBox& b) {
  std::vector<double> v;
  for (const std::vector<double>& p : w.plane) for_sites(b, [&](int x, int y, int z) { v.push_back(p[w.at(x, y, z)]); });
  return v;
}

std::size_t values(const Window& w, const WBox& b) {
  std::size_t n = 1;
  for (int k = 0; k < 3; ++k) n *= std::size_t(b.hi[std::size_t(k)] - b.lo[std::size_t(k)]);
  return n * w.plane.size();
}

void unpack(Window& w, const WBox& b, const std::vector<double>& v) {
  std::size_t i = 0;
  for (std::vector<double>& p : w.plane) for_sites(b, [&](int x, int y, int z) { p[w.at(x, y, z)] = v[i++]; });
}

// One tile across a periodic axis: each margin layer is the image of the block's own layer a
// lattice period away (taken modulo the block's size, so that a block narrower than the margin
// works too).
void copy_periodic(Window& w, int a) {
  const int m = w.margin[std::size_t(a)], n = w.n[std::size_t(a)];
  for (int side = 0; side < 2; ++side) {
    const WBox b = slab(w, a, side == 0 ? 0 : m + n, m);
    for_sites(b, [&](int x, int y, int z) {
      int s[3] = {x, y, z};
      s[a] = m + ((s[a] - m) % n + n) % n;
      for (std::vector<double>& p : w.plane) p[w.at(x, y, z)] = p[w.at(s[0], s[1], s[2])];
    });
  }
}

}  // namespace

void exchange_margins(Window& w, const parallel::Decomposition& decomp, const std::array<bool, 3>& periodic,
                      parallel::Communicator& comm) {
  const int rank = comm.rank();
  const parallel::Neighbours nb = decomp.neighbours(rank);
  for (int a = 0; a < 3; ++a) {
    const int m = w.margin[std::size_t(a)], n = w.n[std::size_t(a)];
    if (m == 0) continue;
    if (decomp.tiling().along(a) == 1) {  // one tile along a: its own images, or nothing beyond a wall
      if (periodic[std::size_t(a)]) copy_periodic(w, a);
      continue;
    }
    const parallel::Neighbour low = nb[std::size_t(2 * a)], high = nb[std::size_t(2 * a + 1)];
    // Blocking messages: along each axis a tile of even index sends first and one of odd index
    // receives first, so that no ring of tiles waits on itself whatever the messages' sizes.
    const bool send_first = decomp.tile(rank, a) % 2 == 0;
    for (int towards = 0; towards < 2; ++towards) {  // 0: to the higher tile, 1: to the lower
      const parallel::Neighbour to = towards == 0 ? high : low, from = towards == 0 ? low : high;
      const WBox out = towards == 0 ? slab(w, a, n, m) : slab(w, a, m, m);
      const WBox in = towards == 0 ? slab(w, a, 0, m) : slab(w, a, m + n, m);
      const auto send = [&] {
        if (to.link != parallel::Link::Remote) return;
        const std::vector<double> v = pack(w, out);
        comm.send(v.data(), v.size() * sizeof(double), to.rank, kMarginTag + towards);
      };
      const auto recv = [&] {
        if (from.link != parallel::Link::Remote) return;
        std::vector<double> v(values(w, in));
        comm.recv(v.data(), v.size() * sizeof(double), from.rank, kMarginTag + towards);
        unpack(w, in, v);
      };
      if (send_first) {
        send();
        recv();
      } else {
        recv();
        send();
      }
    }
  }
}

}  // namespace plume::tracers

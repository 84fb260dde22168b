#include "migration.hpp"
#include <cstdint>
#include <cstring>
#include "tags.hpp"

namespace plume::tracers {
namespace {

constexpr std::size_t kWords = 7;  // id, position, velocity

void append(std::vector<std::uint64_t>& out, const Tracer& t) {
  std::uint64_t w[kWords];
  w[0] = std::uint64_t(t.id);
  std::memcpy(w + 1, t.p.data(), 3 * sizeof(double));
  std::memcpy(w + 4, t.u.data(), 3 * sizeof(double));
  out.insert(out.end(), w, w + kWords);
}

Tracer read(const std::uint64_t* w) {
  Tracer t;
  t.id = std::int64_t(w[0]);
  std::memcpy(t.p.data(), w + 1, 3 * sizeof(double));
  std::memcpy(t.u.data(), w + 4, 3 * sizeof(double));
  return t;
}

}  // namespace

bool holds(const Domain& d, int dims, const std::array<double, 3>& p) {
  for (int a = 0; a < dims; ++a) {
    const int s = nearest_site(p[std::size_t(a)]);
    if (s < d.origin(a) || s >= d.origin(a) + d.size(a)) return false;
  }
  return true;
}

std::string migrate(std::vector<Tracer>& tracers, const parallel::Decomposition& decomp, int dims,
                    parallel::Communicator& comm) {
  const int rank = comm.rank();
  const Domain d = decomp.domain(rank);
  const parallel::Neighbours nb = decomp.neighbours(rank);
  std::string problem;
  for (int a = 0; a < dims; ++a) {
    if (decomp.tiling().along(a) == 1) continue;  // one tile along a: nothing leaves along it
    const int N = decomp.global().global_size(a), o = d.origin(a), n = d.size(a);
    // Sorted by where each goes: 0 to the higher tile, 1 to the lower; the rest stay.
    std::vector<std::uint64_t> out[2];
    std::vector<Tracer> stay;
    for (const Tracer& t : tracers) {
      const int s = nearest_site(t.p[std::size_t(a)]);
      if (s >= o && s < o + n) {
        stay.push_back(t);
        continue;
      }
      // The site one beyond each edge, across the periodic boundary where there is one.
      const int above = decomp.periodic(a) ? (o + n) % N : o + n, below = decomp.periodic(a) ? (o - 1 + N) % N : o - 1;
      const int towards = s == above ? 0 : s == below ? 1 : -1;
      const parallel::Neighbour to = towards < 0 ? parallel::Neighbour{} : nb[std::size_t(2 * a + 1 - towards)];
      if (to.link != parallel::Link::Remote) {
        if (problem.empty())
          problem = "tracer " + std::to_string(t.id) + " at site " + std::to_string(s) + " along axis " +
                    std::to_string(a) + " left the block " + std::to_string(o) + ".." + std::to_string(o + n - 1) +
                    " for no neighbouring tile";
        continue;
      }
      append(out[towards], t);
    }
    tracers = std::move(stay);
    // As the velocity's margins: a tile of even index sends first, one of odd index receives first.
    const bool send_first = decomp.tile(rank, a) % 2 == 0;
    for (int towards = 0; towards < 2; ++towards) {
      const parallel::Neighbour to = nb[std::size_t(2 * a + 1 - towards)], from = nb[std::size_t(2 * a + towards)];
      const auto send = [&] {
        if (to.link != parallel::Link::Remote) return;
        const long long count = (long long)(out[towards].size() / kWords);
        comm.send(&count, sizeof count, to.rank, kCountTag + towards);
        comm.send(out[towards].data(), out[towards].size() * sizeof(std::uint64_t), to.rank, kMoveTag + towards);
      };
      const auto recv = [&] {
        if (from.link != parallel::Link::Remote) return;
        long long count = 0;
        comm.recv(&count, sizeof count, from.rank, kCountTag + towards);
        std::vector<std::uint64_t> in(std::size_t(count) * kWords);
        comm.recv(in.data(), in.size() * sizeof(std::uint64_t), from.rank, kMoveTag + towards);
        for (std::size_t k = 0; k < in.size(); k += kWords) tracers.push_back(read(in.data() + k));
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
  return problem;
}

}  // namespace plume::tracers

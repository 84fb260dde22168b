// What the tracers' tests share: small D2Q9 and D3Q19 runs on the CPU with tracers, and the
// tracers of a run as its checkpoint stores them (the record of solver/tracers/record.hpp).
#pragma once
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "plume/fields.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"
#include "record.hpp"

namespace plume::test {

inline SolverConfig d2q9_run(int nx, int ny, const d2q9::Setup& s, const TracerConfig& t,
                             std::shared_ptr<const Geometry> g = nullptr) {
  SolverConfig c;
  c.model = "d2q9";
  c.nx = nx;
  c.ny = ny;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  c.setup = AnySetup(s);
  d2q9::parameters().derive(c.setup);
  c.solids = std::move(g);
  c.tracers = t;
  return c;
}

inline TracerConfig seeded(TracerConfig::Seeding how, long count, std::array<double, 3> from, std::array<double, 3> to,
                           long every, std::uint64_t seed = 1) {
  TracerConfig t;
  t.seeding = how;
  t.count = count;
  t.from = from;
  t.to = to;
  t.every = every;
  t.seed = seed;
  return t;
}

inline tracers::Lattice lattice_of(const Solver& s) {
  tracers::Lattice l;
  l.dims = s.decomposition().global().three_d() ? 3 : 2;
  for (int a = 0; a < 3; ++a) {
    l.N[std::size_t(a)] = s.decomposition().global().global_size(a);
    l.periodic[std::size_t(a)] = a < l.dims && s.model().periodic(s.config().setup)[std::size_t(a)];
  }
  return l;
}

// Collective: the run's tracers on rank 0 (the only extra state of these runs), through the
// checkpoint's path (Solver::checkpoint_out); an empty record elsewhere.
inline tracers::Record tracers_of(Solver& s) {
  const CheckpointState st = s.checkpoint_out();
  if (s.communicator().rank() != 0) return {};
  EXPECT_EQ(st.extra.size(), 1u);
  EXPECT_EQ(st.extra.at(0).name, "tracers");
  return tracers::decode(st.extra.at(0).bytes, lattice_of(s));
}

// a - b along a periodic axis of n sites, the representative nearest 0.
inline double periodic_difference(double a, double b, int n) {
  const double d = a - b;
  return d - n * std::round(d / n);
}

}  // namespace plume::test

// What the decomposed-run tests share (CPU under tests/mpi, GPU under tests/gpu): where two
// results first differ bit for bit, and one report per job with the other ranks' failures.
#pragma once
#include <gtest/gtest.h>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <tuple>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

namespace plume::testing {

// "" when bitwise equal, else where they first differ.
inline std::string first_difference(const std::vector<double>& a, const std::vector<double>& b, int NX, int NY) {
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    if (std::memcmp(&a[k], &b[k], sizeof(double)) != 0) {
      const std::size_t plane = std::size_t(NX) * NY;
      return "plane " + std::to_string(k / plane) + " at (" + std::to_string(k % plane % NX) + ", " +
             std::to_string(k % plane / NX) + "): " + std::to_string(a[k]) + " vs " + std::to_string(b[k]);
    }
  return "";
}

inline std::string first_difference(const Fields& a, const Fields& b) {
  if (a.nx != b.nx || a.ny != b.ny) return "field sizes differ";
  const std::pair<const char*, std::pair<const std::vector<double>*, const std::vector<double>*>> f[] = {
      {"rho", {&a["rho"], &b["rho"]}}, {"ux", {&a["ux"], &b["ux"]}}, {"uy", {&a["uy"], &b["uy"]}}, {"T", {&a["T"], &b["T"]}}};
  for (const auto& [name, v] : f) {
    const std::string d = first_difference(*v.first, *v.second, a.nx, a.ny);
    if (!d.empty()) return std::string(name) + ": " + d;
  }
  return "";
}

class FailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit FailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.failed())
      std::fprintf(stderr, "[rank %d] %s:%d: failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?",
                   r.line_number(), r.message());
  }

 private:
  int rank_;
};


// The Rayleigh–Taylor case of the decomposed-run tests: walls (fixed hot bottom, adiabatic top) or,
// without walls, a flow driven across the x and y seams.
inline SolverConfig seam_case(int nx, int ny, bool walls, Precision precision) {
  SolverConfig c;
  c.nx = nx;
  c.ny = ny;
  c.precision = precision;
  d2q37::physics(c).gy = -2e-4;
  d2q37::physics(c).gx = walls ? 0.0 : 5e-5;
  d2q37::physics(c).k1 = d2q37::physics(c).k2 = 0.01;
  d2q37::physics(c).walls = walls;
  d2q37::physics(c).bottom = {d2q37::WallKind::Fixed, 1.08};
  d2q37::physics(c).top = {d2q37::WallKind::Adiabatic, 0.93};
  d2q37::initial(c).amplitude = 3.0;
  d2q37::initial(c).eps = 4.0;
  return c;
}

struct Reference {
  std::vector<double> populations;
  Fields fields;
};

// The one-process run of c (one tile, on rank 0 only), cached per walls, precision and steps.
inline const Reference& reference(const SolverConfig& c, long steps) {
  static std::map<std::tuple<bool, int, long>, Reference> cache;
  Reference& r = cache[{d2q37::physics(c).walls, int(c.precision), steps}];
  if (r.populations.empty()) {
    SolverConfig one = c;
    one.tiles = {};
    one.transport = TransportKind::Auto;
    Solver s(one);
    s.initialize();
    s.advance(steps);
    r.populations = s.populations();
    s.snapshot().fields(r.fields);
  }
  return r;
}

// The tilings of `ranks` tiles that fit the lattice: along x and y, and along z too for a 3-D
// lattice.
inline std::vector<parallel::Tiling> tilings_of(int ranks, const SolverConfig& c, int reach) {
  std::vector<parallel::Tiling> out;
  for (int pz = 1; pz <= (c.nz > 1 ? ranks : 1); ++pz)
    for (int px = 1; px * pz <= ranks; ++px)
      if (ranks % (px * pz) == 0 &&
          parallel::tiling_problem(c.global(), {px, ranks / (px * pz), pz}, reach).empty())
        out.push_back({px, ranks / (px * pz), pz});
  return out;
}

// Runs `c` for `steps` steps (or, given, `run`: a collective sequence from initialize() on) in one
// process (on rank 0) and on every tiling of the job's ranks, with and without overlapped halos,
// with each of `transports`, and expects the populations equal bit for bit, naming the tiling and
// `what` where they are not. Returns how many tiled runs had tiles along z.
inline int expect_every_tiling_is_one_process(parallel::Communicator& world, const SolverConfig& c, long steps,
                                              int reach, const std::string& what,
                                              const std::vector<TransportKind>& transports = {TransportKind::Auto},
                                              const std::function<void(Solver&)>& run = {}) {
  const auto go = [&](Solver& s) {
    if (run) return run(s);
    s.initialize();
    s.advance(steps);
  };
  std::vector<double> one;
  if (world.rank() == 0) {
    Solver s(c);
    go(s);
    one = s.populations();
  }
  int with_z_tiles = 0;
  for (const parallel::Tiling t : tilings_of(world.size(), c, reach))
    for (TransportKind transport : transports)
      for (bool overlap : {true, false}) {
        with_z_tiles += t.pz > 1;
        SolverConfig k = c;
        k.tiles = t;
        k.overlap = overlap;
        k.transport = transport;
        Solver s(k, world);
        go(s);
        const std::vector<double> global = s.checkpoint_out().populations;
        if (s.communicator().rank() == 0)
          EXPECT_EQ(first_difference(global, one, c.nx, c.ny * c.nz), "")
              << s.decomposition().describe() << ", " << what << ", transport "
              << (world.size() > 1 ? to_string(s.backend().transport) : "none") << (overlap ? ", overlap" : ", no overlap");
      }
  return with_z_tiles;
}

// main() of a test binary run under mpirun: one full report per job (rank 0), the other ranks
// print their failures only; the exit code is the worst rank's.
inline int run_on_every_rank(parallel::Communicator& world, int& argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (world.rank() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new FailurePrinter(world.rank()));
  }
  long long failed = RUN_ALL_TESTS();
  world.allreduce(&failed, 1, parallel::ReduceOp::Max);
  return int(failed);
}

}  // namespace plume::testing

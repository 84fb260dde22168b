// A/B measurement of two builds of plume on one GPU (scripts/gpu.sh ab-digests): the same source is
// compiled against each build's solver library, using only the public Solver API that both have.
//
//   ab_solver digest NX NY STEPS          FNV-1a 64 of the populations after STEPS steps of two
//                                         cases (RTRT, fixed walls, FP64; BGK, adiabatic, FP32)
//   ab_solver rate N PRECISION STEPS      G site updates/s of the production step at N x N, and
//                                         the device's copy bandwidth measured in the same run
//   ab_solver rate-d2q9 N PRECISION STEPS the same for the D2Q9 model (TRT, Taylor-Green start), in
//                                         builds that have it
#include <cuda_runtime.h>
#include "copy_bandwidth.hpp"
#include <chrono>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "plume/solver.hpp"

using namespace plume;

// The D2Q37 physics of a configuration: a member before the core redesign, the model's setup after.
#if __has_include("d2q37/setup.hpp")
#include "d2q37/setup.hpp"
d2q37::PhysicsParams& physics_of(SolverConfig& c) { return d2q37::physics(c); }
#else
namespace plume::d2q37 {  // the names the model folder gives them since
using plume::CollisionModel;
using plume::PhysicsParams;
using plume::WallKind;
}  // namespace plume::d2q37
d2q37::PhysicsParams& physics_of(SolverConfig& c) { return c.physics; }
#endif

#if __has_include("d2q9/model.hpp")
#include "d2q9/model.hpp"
#include "plume/solids.hpp"
#define PLUME_AB_D2Q9 1
#endif

namespace {

std::uint64_t fnv1a(const std::vector<double>& v) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const unsigned char* p = reinterpret_cast<const unsigned char*>(v.data());
  for (std::size_t k = 0; k < v.size() * sizeof(double); ++k) h = (h ^ p[k]) * 0x100000001b3ull;
  return h;
}

#ifdef PLUME_AB_D2Q9
// A block of solid sites in the middle of the lattice.
struct Block final : Geometry {
  int x0, x1, y0, y1;
  Block(int nx, int ny) : x0(nx / 3), x1(nx / 3 + nx / 10), y0(2 * ny / 5), y1(3 * ny / 5) {}
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0, ny = b.y1 - b.y0;
    for (int y = std::max(b.y0, y0); y < std::min(b.y1, y1); ++y)
      for (int x = std::max(b.x0, x0); x < std::min(b.x1, x1); ++x) out[std::size_t(y - b.y0) * nx + (x - b.x0)] = 1;
    (void)ny;
  }
  std::string describe() const override { return "a block"; }
};

// D2Q9 with every boundary: walls (the top one moving) and a solid block with half-way bounce-back
// under a body force (TRT, FP64); the inlet, the outlet and the block with full-way bounce-back
// (BGK, FP32).
SolverConfig d2q9_case(int nx, int ny, bool inlet) {
  d2q9::Setup st;
  st.physics.walls = true;
  if (inlet) {
    st.physics.collision = d2q9::Collision::BGK;
    st.physics.bounce = d2q9::Bounce::FullWay;
    st.physics.inlet.on = st.physics.outlet.on = true;
    st.physics.inlet.u = 0.04;
  } else {
    st.physics.collision = d2q9::Collision::TRT;
    st.physics.top.u = 0.05;
    st.physics.fx = 1e-6;
  }
  st.initial.start = d2q9::Start::TaylorGreen;
  st.initial.amplitude = 0.02;
  SolverConfig c;
  c.model = "d2q9";
  c.nx = nx;
  c.ny = ny;
  c.backend = BackendKind::CUDA;
  c.precision = inlet ? Precision::FP32 : Precision::FP64;
  c.setup = AnySetup(st);
  c.solids = std::make_shared<Block>(nx, ny);
  return c;
}
#endif

SolverConfig rt_case(int nx, int ny, Precision prec) {
  SolverConfig c;
  c.nx = nx;
  c.ny = ny;
  c.backend = BackendKind::CUDA;
  c.precision = prec;
  physics_of(c).gy = -1e-4;
  physics_of(c).k1 = physics_of(c).k2 = 0.005;
  return c;
}

// Bytes/s of device-to-device copies of 4 GiB, counting bytes read plus bytes written.

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "digest" && argc == 5) {
    const int nx = std::atoi(argv[2]), ny = std::atoi(argv[3]);
    const long steps = std::atol(argv[4]);
    SolverConfig a = rt_case(nx, ny, Precision::FP64);
    SolverConfig b = rt_case(nx, ny, Precision::FP32);
    physics_of(b).model = d2q37::CollisionModel::BGK;
    physics_of(b).tau = 0.8;
    physics_of(b).bottom.kind = physics_of(b).top.kind = d2q37::WallKind::Adiabatic;
    for (const SolverConfig* c : {&a, &b}) {
      Solver s(*c);
      s.initialize();
      s.advance(steps);
      std::printf("%s %016llx\n", c == &a ? "rtrt_fixed_fp64" : "bgk_adiabatic_fp32",
                  (unsigned long long)fnv1a(s.populations()));
    }
#ifdef PLUME_AB_D2Q9
    for (bool inlet : {false, true}) {
      Solver s(d2q9_case(nx, ny, inlet));
      s.initialize();
      s.advance(steps);
      std::printf("%s %016llx\n", inlet ? "d2q9_inlet_fullway_fp32" : "d2q9_walls_halfway_fp64",
                  (unsigned long long)fnv1a(s.populations()));
    }
#endif
    return 0;
  }
  if ((what == "rate" || what == "rate-d2q9") && argc == 5) {
    const int n = std::atoi(argv[2]);
    const Precision prec = std::strcmp(argv[3], "fp32") == 0 ? Precision::FP32 : Precision::FP64;
    const long steps = std::atol(argv[4]);
    SolverConfig c = rt_case(n, n, prec);
    int q = 37;
    if (what == "rate-d2q9") {
#ifdef PLUME_AB_D2Q9
      d2q9::Setup st;
      st.physics.collision = d2q9::Collision::TRT;
      st.physics.fx = 1e-6;
      st.initial.start = d2q9::Start::TaylorGreen;
      st.initial.amplitude = 0.05;
      SolverConfig d;
      d.model = "d2q9";
      d.nx = d.ny = n;
      d.backend = BackendKind::CUDA;
      d.precision = prec;
      d.setup = AnySetup(st);
      c = d;
      q = 9;
#else
      std::fprintf(stderr, "this build has no D2Q9 model\n");
      return 2;
#endif
    }
    double best = 0;
    {
      Solver s(c);
      s.initialize();
      s.advance(std::max(2L, steps / 4));
      for (int k = 0; k < 3; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        s.advance(steps);
        const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = std::max(best, double(n) * n * steps / sec);
      }
    }
    const double bytes = 2.0 * q * (prec == Precision::FP32 ? 4 : 8);
    const double copy = copy_bandwidth();
    std::printf("rate %d %s %.4f Gsite/s %.0f GB/s copy %.0f GB/s ratio %.4f\n", n, argv[3], best * 1e-9,
                best * bytes * 1e-9, copy * 1e-9, best * bytes / copy);
    return 0;
  }
  std::fprintf(stderr, "usage: ab_solver digest NX NY STEPS | rate|rate-d2q9 N fp64|fp32 STEPS\n");
  return 2;
}

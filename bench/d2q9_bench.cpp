// The D2Q9 model's GPU measurements beyond the periodic kernel (ab_solver's rate-d2q9): the step
// with solid sites (a bed of cylinders) as a fraction of the copy bandwidth, and the seed-001
// benchmark's case end to end (its obstacles: walls on the top and bottom rows and blocks; its
// average velocity recorded every step, as `plume seed001` does) against seed 001's 13.03 s for
// 1024 x 1024, 20000 steps on a K20m.
//   d2q9_bench rate-solids N fp64|fp32 STEPS
//   d2q9_bench seed001 NX NY STEPS [fp32|fp64]
#include <cuda_runtime.h>
#include "copy_bandwidth.hpp"
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include "d2q9/model.hpp"
#include "plume/fields.hpp"
#include "plume/solver.hpp"

using namespace plume;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }


class Where final : public Geometry {
 public:
  using F = bool (*)(int, int, int, int);
  Where(F f, int NX, int NY) : f_(f), NX_(NX), NY_(NY) {}
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0;
    for (int y = b.y0; y < b.y1; ++y)
      for (int x = b.x0; x < b.x1; ++x)
        if (f_(x, y, NX_, NY_)) out[std::size_t(y - b.y0) * nx + (x - b.x0)] = 1;
  }
  std::string describe() const override { return "bench obstacles"; }

 private:
  F f_;
  int NX_, NY_;
};

// Cylinders of radius 6 on a 32-site grid: about a tenth of the sites solid.
bool bed(int x, int y, int, int) {
  const int dx = x % 32 - 16, dy = y % 32 - 16;
  return dx * dx + dy * dy < 36;
}
// Seed 001's kind of obstacles: the top and bottom rows and a few blocks.
bool seed001_obstacles(int x, int y, int NX, int NY) {
  if (y == 0 || y == NY - 1) return true;
  return (x > NX / 8 && x < NX / 8 + NX / 16 && y > NY / 4 && y < NY / 2) ||
         (x > NX / 2 && x < NX / 2 + NX / 32 && y > NY / 2 && y < NY - NY / 8);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "rate-solids" && argc == 5) {
    const int n = std::atoi(argv[2]);
    const Precision prec = std::strcmp(argv[3], "fp32") == 0 ? Precision::FP32 : Precision::FP64;
    const long steps = std::atol(argv[4]);
    d2q9::Setup st;
    st.physics.collision = d2q9::Collision::TRT;
    st.physics.fx = 1e-6;
    st.initial.start = d2q9::Start::Uniform;
    SolverConfig c;
    c.model = "d2q9";
    c.nx = c.ny = n;
    c.backend = BackendKind::CUDA;
    c.precision = prec;
    c.setup = AnySetup(st);
    c.solids = std::make_shared<Where>(bed, n, n);
    Solver s(c);
    s.initialize();
    s.advance(std::max(2L, steps / 4));
    double best = 0;
    for (int k = 0; k < 3; ++k) {
      const auto t0 = Clock::now();
      s.advance(steps);
      best = std::max(best, double(n) * n * steps / since(t0));
    }
    const double bytes = 2.0 * 9 * (prec == Precision::FP32 ? 4 : 8), copy = copy_bandwidth();
    std::printf("rate-solids %d %s %.4f Gsite/s %.0f GB/s copy %.0f GB/s ratio %.4f\n", n, argv[3], best * 1e-9,
                best * bytes * 1e-9, copy * 1e-9, best * bytes / copy);
    return 0;
  }
  if (what == "seed001" && argc >= 5) {
    const auto t0 = Clock::now();
    const int nx = std::atoi(argv[2]), ny = std::atoi(argv[3]);
    const long steps = std::atol(argv[4]);
    const Precision prec = argc > 5 && std::strcmp(argv[5], "fp64") == 0 ? Precision::FP64 : Precision::FP32;
    d2q9::Setup st;  // the benchmark's 1024 x 1024 case: density 0.1, accel 0.01, omega 1.85
    st.physics.tau = 1 / 1.85;
    st.physics.bounce = d2q9::Bounce::FullWay;
    st.physics.accelerate.row = ny - 2;
    st.physics.accelerate.a = 0.01;
    st.physics.rho0 = 0.1;
    st.physics.accelerate.w1 = 0.1 * 0.01 / 9;
    st.physics.accelerate.w2 = 0.1 * 0.01 / 36;
    st.initial.start = d2q9::Start::Uniform;
    st.initial.rho = 0.1;
    SolverConfig c;
    c.model = "d2q9";
    c.nx = nx;
    c.ny = ny;
    c.backend = BackendKind::CUDA;
    c.precision = prec;
    c.setup = AnySetup(st);
    c.solids = std::make_shared<Where>(seed001_obstacles, nx, ny);
    Solver s(c);
    s.initialize();
    const double init = since(t0);
    // As `plume seed001` runs it: a step, then the mean |u| over the fluid from the model's sums
    // (reduced on the device).
    Fields f;
    double av = 0;
    const auto t1 = Clock::now();
    for (long t = 0; t < steps; ++t) {
      s.advance(1);
      const std::vector<double> sum = s.snapshot().site_sums();
      av = sum[d2q9::Traits::kSpeedSum] / sum[d2q9::Traits::kFluidSites];
    }
    const double recorded = since(t1);
    // The steps alone, without recording.
    const auto t2 = Clock::now();
    s.advance(steps);
    s.snapshot().fields(f);
    const double kernel = since(t2);
    std::printf("seed001 %d %d %ld %s init %.3f s steps+record %.3f s (%.3f G site updates/s) steps alone %.3f s "
                "(%.3f G/s) final av_velocity %.6e\n",
                nx, ny, steps, prec == Precision::FP32 ? "fp32" : "fp64", init, recorded,
                double(nx) * ny * steps / recorded * 1e-9, kernel, double(nx) * ny * steps / kernel * 1e-9, av);
    return 0;
  }
  std::fprintf(stderr, "usage: d2q9_bench rate-solids N fp64|fp32 STEPS | seed001 NX NY STEPS [fp32|fp64]\n");
  return 2;
}

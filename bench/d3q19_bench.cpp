// The D3Q19 model's step on one GPU (docs/d3q19.md, "Performance"): site updates per second for
// both collisions, FP64 and FP32 storage, a periodic box and a duct (walls on y and z), through
// the production backend (Solver::advance), each as a fraction of the copy bandwidth measured in
// the same run (the ceiling: that bandwidth over 19 values read and 19 written per update),
// and a periodic box with a bed of spheres (about 6 % of the sites solid; every site counted).
//   d3q19_bench [N = 256] [STEPS = 300]    (an N^3 lattice; STEPS timed after 20)
#include <cuda_runtime.h>
#include "copy_bandwidth.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include "d3q19/model.hpp"
#include "plume/solids.hpp"
#include "plume/solver.hpp"

using namespace plume;
using Clock = std::chrono::steady_clock;

namespace {

// Spheres of radius 4 on a 16-site grid.
class SphereBed final : public Geometry {
 public:
  void mark(const Box& b, std::uint8_t* out) const override {
    const int nx = b.x1 - b.x0, ny = b.y1 - b.y0;
    for (int z = b.z0; z < b.z1; ++z)
      for (int y = b.y0; y < b.y1; ++y)
        for (int x = b.x0; x < b.x1; ++x) {
          const int dx = x % 16 - 8, dy = y % 16 - 8, dz = z % 16 - 8;
          if (dx * dx + dy * dy + dz * dz < 16) out[(std::size_t(z - b.z0) * ny + (y - b.y0)) * nx + (x - b.x0)] = 1;
        }
  }
  std::string describe() const override { return "bench spheres"; }
};

}  // namespace

int main(int argc, char** argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 256;
  const long steps = argc > 2 ? std::atol(argv[2]) : 300;
  const double copy = copy_bandwidth();
  std::printf("copy bandwidth %.0f GB/s (read + write); %d^3 sites, %ld steps\n", copy / 1e9, N, steps);
  std::printf("| storage | collision | case | M site updates/s | of the copy bandwidth |\n|---|---|---|---|---|\n");
  for (Precision prec : {Precision::FP64, Precision::FP32})
    for (d3q19::Collision collision : {d3q19::Collision::BGK, d3q19::Collision::TRT})
      for (int kind = 0; kind < 3; ++kind) {  // periodic, duct, spheres
        const bool duct = kind == 1;
        d3q19::Setup st;
        st.physics.collision = collision;
        st.physics.walls_y = st.physics.walls_z = duct;
        st.physics.fx = duct ? 1e-6 : 0.0;
        st.initial.start = d3q19::Start::TaylorGreen;
        SolverConfig c;
        c.model = "d3q19";
        c.nx = c.ny = c.nz = N;
        c.backend = BackendKind::CUDA;
        c.precision = prec;
        c.setup = AnySetup(st);
        if (kind == 2) c.solids = std::make_shared<SphereBed>();
        Solver s(c);
        s.initialize();
        s.advance(20);
        cudaDeviceSynchronize();
        const auto t0 = Clock::now();
        s.advance(steps);
        cudaDeviceSynchronize();
        const double t = std::chrono::duration<double>(Clock::now() - t0).count();
        const double rate = double(N) * N * N * steps / t;
        const double bytes = 2.0 * d3q19::L::Q * (prec == Precision::FP32 ? 4 : 8);
        std::printf("| %s | %s | %s | %.0f | %.2f |\n", prec == Precision::FP32 ? "FP32" : "FP64",
                    collision == d3q19::Collision::TRT ? "TRT" : "BGK",
                    kind == 2 ? "spheres" : duct ? "duct" : "periodic", rate / 1e6, copy > 0 ? rate * bytes / copy : 0.0);
      }
  return 0;
}

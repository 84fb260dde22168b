// GPU benchmark of the fused pull-stream + collide step (spec section 9).
//
//   gpu_bench [--device N] [--sizes 1024,2048,...] [--rt NX NY STEPS EVERY] [--sanitize]
//
// 1. The device's copy bandwidth: cudaMemcpy device to device, bytes read + written.
// 2. Lattice sweep through the production backend (the d2q37 model's, Rayleigh–Taylor state,
//    walls), FP64 and FP32 storage, from 1024^2 to the largest lattice whose two population
//    buffers fit: site updates/s, effective bandwidth (592 or 296 B per site update) and its
//    ratio to the copy bandwidth.
// 3. Variants at 4096^2 of the same kernels: block shapes and register budgets, the bulk rows
//    without the halo launch, pull + store alone (the access pattern's own ceiling), BGK, and
//    the population-space form of the regularised collision (the production code's loop), each
//    with its registers and local-memory bytes.
// 4. FP32 storage against FP64 on the reference Rayleigh–Taylor case: T_H and the mixing width.
// --sanitize: a few steps of every kernel on small lattices only (for compute-sanitizer).
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include "backend.hpp"
#include "copy_planes.cuh"
#include "cuda_check.hpp"
#include "kernel_resources.hpp"
#include "device_buffer.hpp"
#include "event_timing.hpp"
#include "kernels.cuh"
#include "d2q37/hermite2d.hpp"
#include "d2q37/model.hpp"
#include "plume/model.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using L = d2q37::D2Q37;
using T = d2q37::Traits;  // the model's traits, as the backends take them
namespace cu = plume::cuda;

namespace {

constexpr int kVariantSize = 4096;

using bench::median;
using bench::time_ms;

// Bytes/s of a device-to-device copy of `bytes`, counting bytes read plus bytes written.
double copy_bandwidth(std::size_t bytes, cudaStream_t s) {
  cu::DeviceBuffer<char> a(bytes), b(bytes);
  PLUME_CUDA_CHECK(cudaMemsetAsync(a.data(), 0x5a, bytes, s));
  const double ms = time_ms(s, 10, [&] {
    PLUME_CUDA_CHECK(cudaMemcpyAsync(b.data(), a.data(), bytes, cudaMemcpyDeviceToDevice, s));
  });
  return 2.0 * double(bytes) / (ms * 1e-3);
}

// The reference Rayleigh–Taylor physics (spec sections 5 and 7).
d2q37::PhysicsParams reference_physics() {
  d2q37::PhysicsParams p;
  p.gy = -2.6e-6;
  return p;
}

template <class Real>
constexpr double bytes_per_site() {
  return 2.0 * L::Q * sizeof(Real);
}

const char* storage_name(Precision p) { return p == Precision::FP64 ? "FP64" : "FP32"; }

// Largest N (a multiple of 256) whose two N x N population buffers fit in the free memory,
// keeping `reserve` bytes for the context.
int largest_lattice(std::size_t elem_bytes, std::size_t reserve) {
  std::size_t free_b = 0, total_b = 0;
  PLUME_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  int n = int(std::sqrt(double(free_b) / (2.0 * L::Q * elem_bytes))) / 256 * 256 + 256;
  while (n > 256) {
    const Layout l = make_layout(n, n, 1, L::reach, 0, L::Q, elem_bytes);
    if (2 * std::size_t(l.elements()) * elem_bytes + reserve <= free_b) return n;
    n -= 256;
  }
  return n;
}

struct SweepRow {
  int n = 0;
  Precision prec = Precision::FP64;
  long steps = 0;
  double seconds = 0, rate = 0, bandwidth = 0;
  std::string fault;  // the first non-finite field value, if any
};

// "" when every field of every site is finite, else where the first bad value is.
std::string first_fault(Backend& be, const char* when) {
  Fields f;
  be.fields(f);
  for (int y = 0; y < f.ny; ++y)
    for (int x = 0; x < f.nx; ++x) {
      const std::size_t k = f.at(x, y);
      for (int c = 0; c < f.count(); ++c)
        if (!std::isfinite(f[c][k]))
          return std::string("non-finite fields ") + when + " at x " + std::to_string(x) + " y " + std::to_string(y);
    }
  return "";
}

// Steps of the production backend on an N x N Rayleigh–Taylor lattice with walls, timed on the
// host around Backend::step, which returns when the device is done.
SweepRow sweep(int n, Precision prec, int dev, bool check_fields) {
  SweepRow r;
  r.n = n;
  r.prec = prec;
  const Domain d = Domain::whole(n, n);
  std::unique_ptr<Backend> be =
      find_model("d2q37").make_backend({true, dev, 0}, d, AnySetup(d2q37::Setup{reference_physics(), {}}), prec);
  be->initialize();
  if (check_fields) r.fault = first_fault(*be, "after the initial state");
  const double guess = prec == Precision::FP64 ? 4.5e9 : 8e9;  // site updates/s, for the step count
  r.steps = std::max(4L, long(0.25 * guess / (double(n) * n)));
  be->step(std::max(2L, r.steps / 4));
  std::vector<double> t;
  for (int k = 0; k < 5; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    be->step(r.steps);
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  r.seconds = median(t);
  r.rate = double(n) * n * r.steps / r.seconds;
  r.bandwidth = r.rate * (prec == Precision::FP64 ? bytes_per_site<double>() : bytes_per_site<float>());
  if (check_fields && r.fault.empty()) r.fault = first_fault(*be, "after the steps");
  return r;
}

// ---- kernel variants -------------------------------------------------------------------------

// Pull and store with no collision: the same bytes and access pattern as a step, no arithmetic.
template <class Real, int BX>
__global__ void __launch_bounds__(BX) stream_only_kernel(const d2q37::StepArgs<Real> a, int y0, int y1) {
  const int x = blockIdx.x * BX + threadIdx.x;
  if (x >= a.layout.nx) return;
  for (int y = y0 + int(blockIdx.y); y < y1; y += gridDim.y) {
    double f[L::Q];
    d2q37::pull<L>(a.src, a.layout, a.wrap, x, y, f);
    d2q37::store<L>(a.dst, a.layout, x, y, f);
  }
}

// The regularised collision as the production code writes it, in population space: the
// non-equilibrium part projected onto orders <= 2, 3 and 4 by 37 x 37 matrices (3 x 1369
// multiply-adds per site instead of about 550), P_n[i][j] = w_i sum_{m of order n} H_m(c_i) H_m(c_j) / ((n-k)! k!).
__constant__ double c_projector[3][L::Q][L::Q];

void upload_projectors() {
  namespace h2 = plume::d2q37::hermite2d;
  static double p[3][L::Q][L::Q];
  for (int i = 0; i < L::Q; ++i)
    for (int j = 0; j < L::Q; ++j) {
      for (int g = 0; g < 3; ++g) p[g][i][j] = 0.0;
      for (int m = 0; m < h2::M; ++m) {
        const int g = std::max(0, h2::order_of(m) - 2);
        p[g][i][j] += L::w(i) * h2::H<L>(i, m) * h2::H<L>(j, m) * h2::series_weight(m);
      }
    }
  PLUME_CUDA_CHECK(cudaMemcpyToSymbol(c_projector, p, sizeof p));
}

template <class Real>
__global__ void __launch_bounds__(128, 2) population_space_kernel(const d2q37::StepArgs<Real> a, int y0, int y1) {
  const int x = blockIdx.x * 128 + threadIdx.x;
  if (x >= a.layout.nx) return;
  const d2q37::PhysicsParams& p = a.params;
  for (int y = y0 + int(blockIdx.y); y < y1; y += gridDim.y) {
    double f[L::Q], ne[L::Q];
    d2q37::pull<L>(a.src, a.layout, a.wrap, x, y, f);
    const d2q37::Macro m = d2q37::macro<L>(f);
    const double tau1 = 0.5 + p.k1 / (m.rho * m.T), tau2 = 0.5 + p.k2 / (m.rho * m.T), tau3 = 0.5 + p.k3;
    const double d = d2q37::dt<L>(), Fx = m.rho * p.gx * d, Fy = m.rho * p.gy * d;
    d2q37::equilibrium<L>(m.rho, m.ux + tau1 * Fx / m.rho, m.uy + tau1 * Fy / m.rho,
                         m.T + tau1 * (1.0 - tau1) * (Fx * Fx + Fy * Fy) / (2.0 * m.rho * m.rho), ne);
#pragma unroll
    for (int j = 0; j < L::Q; ++j) ne[j] = f[j] - ne[j];  // f - f_eq
    const double c2 = 1.0 - 1.0 / tau1, c3 = 1.0 - 1.0 / tau2, c4 = 1.0 - 1.0 / tau3;
#pragma unroll
    for (int i = 0; i < L::Q; ++i) {
      double s2 = 0.0, s3 = 0.0, s4 = 0.0;
#pragma unroll
      for (int j = 0; j < L::Q; ++j) {
        s2 += c_projector[0][i][j] * ne[j];
        s3 += c_projector[1][i][j] * ne[j];
        s4 += c_projector[2][i][j] * ne[j];
      }
      f[i] = (f[i] - ne[i]) + c2 * s2 + c3 * s3 + c4 * s4;  // f_eq + sum_n (1 - 1/tau_n) P_n (f - f_eq)
    }
    d2q37::store<L>(a.dst, a.layout, x, y, f);
  }
}


// Two population buffers of an N x N lattice with the Rayleigh–Taylor state, for timing kernels
// directly (the variants) outside the backend.
template <class Real>
struct Lattice {
  Domain d;
  Layout l;
  d2q37::PhysicsParams p = reference_physics();
  cu::DeviceBuffer<Real> a, b;
  Lattice(int n, cudaStream_t s)
      : d(Domain::whole(n, n)), l(make_layout(n, n, 1, L::reach, 0, L::Q, sizeof(Real))), a(l.elements()), b(l.elements()) {
    PLUME_CUDA_CHECK(cudaMemsetAsync(b.data(), 0, b.bytes(), s));
    cu::launch_initial_state<T, Real>(plain_planes(a.data(), l), b.data(), std::size_t(d.sites()), l, d, d2q37::Setup{p, {}}, s);
    cu::launch_halo<L>(a.data(), l, false, s);
    PLUME_CUDA_CHECK(cudaStreamSynchronize(s));
  }
  d2q37::StepArgs<Real> args() { return {plain_planes<const Real>(a.data(), l), plain_planes(b.data(), l), l, d, p}; }
  long long sites() const { return (long long)d.nx * d.ny; }
};

struct VariantRow {
  std::string name, res;
  double rate = 0, bandwidth = 0;
};

// ms per step of `steps` steps of launch(src, dst) alternating the buffers.
template <class Real, class F>
double ms_per_step(Lattice<Real>& lat, cudaStream_t s, int steps, F&& launch) {
  return time_ms(s, 5, [&] {
           Real* src = lat.a.data();
           Real* dst = lat.b.data();
           for (int k = 0; k < steps; ++k) {
             launch(src, dst);
             std::swap(src, dst);
           }
         }) /
         steps;
}

template <class Real>
void variants(std::vector<VariantRow>& out, cudaStream_t s) {
  Lattice<Real> lat(kVariantSize, s);
  const double bps = bytes_per_site<Real>();
  const int steps = sizeof(Real) == 8 ? 30 : 60;
  const char* prec = sizeof(Real) == 8 ? "FP64" : "FP32";
  const Layout l = lat.l;
  const Domain d = lat.d;
  const int y0 = L::reach, y1 = l.ny - L::reach;
  auto add = [&](const std::string& name, const std::string& res, double ms, double sites) {
    out.push_back({std::string(prec) + " " + name, res, sites / (ms * 1e-3), sites / (ms * 1e-3) * bps});
  };
  // A whole step (halo, walls, bulk) with the step kernel of the given shape and variant (0 RTRT,
  // 1 BGK), as the backend launches it.
  auto step_variant = [&](const std::string& name, auto shape, auto variant) {
    using Shape = decltype(shape);
    constexpr int V = decltype(variant)::value;
    d2q37::PhysicsParams p = lat.p;
    p.model = V == 1 ? d2q37::CollisionModel::BGK : d2q37::CollisionModel::RTRT;
    const double ms = ms_per_step(lat, s, steps, [&](Real* src, Real* dst) {
      cu::launch_halo<L>(src, l, !p.walls, s);
      cu::launch_box<T, V, Real, Shape>(StepArgs<Real, d2q37::PhysicsParams>{plain_planes<const Real>(src, l), plain_planes(dst, l), l, d, p}, Box::of(d), s);
    });
    add(name, resources(cu::step_kernel<T, V, Real, Shape::block_x, Shape::min_blocks>), ms, double(lat.sites()));
  };
  constexpr int R = 0;  // RTRT
  const std::integral_constant<int, R> rtrt;
  step_variant("step (production shape)", cu::DefaultStepShape<T, R, Real>{}, rtrt);
  step_variant("step, 64x1, 8 blocks/SM", cu::StepShape<64, 8>{}, rtrt);
  step_variant("step, 128x1, 2 blocks/SM", cu::StepShape<128, 2>{}, rtrt);
  step_variant("step, 128x1, 5 blocks/SM", cu::StepShape<128, 5>{}, rtrt);
  step_variant("step, 256x1, 2 blocks/SM", cu::StepShape<256, 2>{}, rtrt);
  step_variant("step, 512x1, 1 block/SM", cu::StepShape<512, 1>{}, rtrt);
  step_variant("step, 128x1, 4 blocks/SM", cu::StepShape<128, 4>{}, rtrt);
  step_variant("step, 128x1, 4 rows/thread", cu::StepShape<128, 4, 4>{}, rtrt);
  step_variant("step, BGK", cu::DefaultStepShape<T, 1, Real>{}, std::integral_constant<int, 1>{});
  step_variant("step (production shape), again", cu::DefaultStepShape<T, R, Real>{}, rtrt);  // spread of the timings

  {  // the ceiling: a plain copy of the 37 planes, site for site, in the step's launch shape
    const double ms = ms_per_step(lat, s, steps, [&](Real* src, Real* dst) { bench::copy_planes<L::Q, Real>(src, dst, l, s); });
    PLUME_CUDA_CHECK_LAUNCH();
    add("copy of the 37 planes (the ceiling)", resources(bench::copy_planes_kernel<L::Q, Real>), ms, double(lat.sites()));
  }
  // The bulk rows alone (no halo launch, no wall rows), and pull + store alone, over the same rows.
  const dim3 grid((l.nx + 127) / 128, y1 - y0);
  const double bulk_sites = double(l.nx) * (y1 - y0);
  {
    constexpr int BX = cu::DefaultStepShape<T, R, Real>::block_x, MB = cu::DefaultStepShape<T, R, Real>::min_blocks;
    const dim3 rows((l.nx + BX - 1) / BX, y1 - y0);
    const double ms = ms_per_step(lat, s, steps, [&](Real* src, Real* dst) {
      cu::step_kernel<T, R, Real, BX, MB><<<rows, BX, 0, s>>>(d2q37::StepArgs<Real>{plain_planes<const Real>(src, l), plain_planes(dst, l), l, d, lat.p}, 0, l.nx, y0,
                                                              y1, 0, 1, cu::SnapshotOut{});
    });
    PLUME_CUDA_CHECK_LAUNCH();
    add("bulk rows alone (no halo)", resources(cu::step_kernel<T, R, Real, BX, MB>), ms, bulk_sites);
  }
  {
    const double ms = ms_per_step(lat, s, steps, [&](Real* src, Real* dst) {
      stream_only_kernel<Real, 128><<<grid, 128, 0, s>>>(d2q37::StepArgs<Real>{plain_planes<const Real>(src, l), plain_planes(dst, l), l, d, lat.p}, y0, y1);
    });
    PLUME_CUDA_CHECK_LAUNCH();
    add("pull + store only", resources(stream_only_kernel<Real, 128>), ms, bulk_sites);
  }
  {
    const double ms = ms_per_step(lat, s, std::max(4, steps / 4), [&](Real* src, Real* dst) {
      population_space_kernel<Real><<<grid, 128, 0, s>>>(d2q37::StepArgs<Real>{plain_planes<const Real>(src, l), plain_planes(dst, l), l, d, lat.p}, y0, y1);
    });
    PLUME_CUDA_CHECK_LAUNCH();
    add("population-space collide", resources(population_space_kernel<Real>), ms, bulk_sites);
  }
  PLUME_CUDA_CHECK(cudaStreamSynchronize(s));
}

// The population-space kernel must compute what the moment form computes: one bulk step of
// each from the same state, compared site by site.
double population_space_difference(cudaStream_t s) {
  Lattice<double> lat(512, s);
  cu::DeviceBuffer<double> c(lat.l.elements());
  const Layout l = lat.l;
  const int y0 = L::reach, y1 = l.ny - L::reach;
  const dim3 grid((l.nx + 127) / 128, y1 - y0);
  constexpr int BX = cu::DefaultStepShape<T, 0>::block_x, MB = cu::DefaultStepShape<T, 0>::min_blocks;
  cu::step_kernel<T, 0, double, BX, MB><<<dim3((l.nx + BX - 1) / BX, y1 - y0), BX, 0, s>>>(lat.args(), 0, l.nx, y0, y1, 0, 1, cu::SnapshotOut{});
  population_space_kernel<double>
      <<<grid, 128, 0, s>>>(d2q37::StepArgs<double>{plain_planes<const double>(lat.a.data(), l), plain_planes(c.data(), l), l, lat.d, lat.p}, y0, y1);
  PLUME_CUDA_CHECK_LAUNCH();
  PLUME_CUDA_CHECK(cudaStreamSynchronize(s));
  std::vector<double> m(l.elements()), q(l.elements());
  PLUME_CUDA_CHECK(cudaMemcpy(m.data(), lat.b.data(), lat.b.bytes(), cudaMemcpyDeviceToHost));
  PLUME_CUDA_CHECK(cudaMemcpy(q.data(), c.data(), c.bytes(), cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int i = 0; i < L::Q; ++i)
    for (int y = y0; y < y1; ++y)
      for (int x = 0; x < l.nx; ++x) {
        const long long k = l.at(i, x, y);
        worst = std::max(worst, std::fabs(m[k] - q[k]) / std::fabs(m[k]));
      }
  return worst;
}

// ---- FP32 storage against FP64 on the Rayleigh–Taylor case -----------------------------------

// Horizontal mean of T_H per row and the integral mixing width 6 sum_y theta (1 - theta) (spec 8).
double integral_width(const Fields& f, const d2q37::InitialState& s) {
  const std::vector<double>& Tf = f["T"];
  double w = 0;
  for (int y = 0; y < f.ny; ++y) {
    double T = 0;
    for (int x = 0; x < f.nx; ++x) T += Tf[f.at(x, y)];
    const double th = (T / f.nx - s.T_up) / (s.T_down - s.T_up);
    w += th * (1.0 - th);
  }
  return 6.0 * w;
}

void fp32_error_study(int nx, int ny, long steps, long every, int dev) {
  std::printf("\n## FP32 storage against FP64, Rayleigh–Taylor %d x %d (reference physics: g = 2.6e-6, "
              "k1 = k2 = 0.001, k3 = 0.5, multi-mode interface, fixed walls at T_down/T_up)\n\n",
              nx, ny);
  SolverConfig c;
  c.nx = nx;
  c.ny = ny;
  d2q37::physics(c) = reference_physics();
  c.backend = BackendKind::CUDA;
  c.device = dev;
  std::unique_ptr<Solver> run[2];  // FP64 storage, FP32 storage, from the same initial state
  for (int k = 0; k < 2; ++k) {
    c.precision = k == 0 ? Precision::FP64 : Precision::FP32;
    run[k] = std::make_unique<Solver>(c);
    run[k]->initialize();
  }
  Solver& s64 = *run[0];
  Solver& s32 = *run[1];
  const double dT = d2q37::initial(c).T_down - d2q37::initial(c).T_up;
  std::printf("| step | width FP64 (sites) | width FP32 (sites) | width rel. diff | max abs dT_H / dT | rms dT_H / dT "
              "| max abs d(u_y) / max abs u_y |\n|---|---|---|---|---|---|---|\n");
  double t64 = 0, t32 = 0;
  for (long n = 0; n <= steps; n += every) {
    if (n > 0) {
      auto t0 = std::chrono::steady_clock::now();
      s64.advance(every);
      auto t1 = std::chrono::steady_clock::now();
      s32.advance(every);
      auto t2 = std::chrono::steady_clock::now();
      t64 += std::chrono::duration<double>(t1 - t0).count();
      t32 += std::chrono::duration<double>(t2 - t1).count();
    }
    Fields a, b;
    s64.snapshot().fields(a);
    s32.snapshot().fields(b);
    double max_dT = 0, sum2 = 0, max_du = 0, max_u = 0;
    const std::vector<double>&aT = a["T"], &bT = b["T"], &auy = a["uy"], &buy = b["uy"];
    for (std::size_t k = 0; k < aT.size(); ++k) {
      max_dT = std::max(max_dT, std::fabs(aT[k] - bT[k]));
      sum2 += (aT[k] - bT[k]) * (aT[k] - bT[k]);
      max_du = std::max(max_du, std::fabs(auy[k] - buy[k]));
      max_u = std::max(max_u, std::fabs(auy[k]));
    }
    const double w64 = integral_width(a, d2q37::initial(c)), w32 = integral_width(b, d2q37::initial(c));
    std::printf("| %ld | %.3f | %.3f | %.2e | %.2e | %.2e | %.2e |\n", n, w64, w32, std::fabs(w32 - w64) / w64,
                max_dT / dT, std::sqrt(sum2 / aT.size()) / dT, max_u > 0 ? max_du / max_u : 0.0);
    std::fflush(stdout);
  }
  const double sites = double(nx) * ny * steps;
  std::printf("\nrates on this lattice: FP64 %.2f G site updates/s, FP32 %.2f G site updates/s\n", sites / t64 * 1e-9,
              sites / t32 * 1e-9);
}

// ---- small cases for compute-sanitizer ------------------------------------------------------

void sanitize_cases(int dev) {
  struct Case {
    const char* name;
    int nx, ny;
    Precision prec;
    d2q37::CollisionModel model;
    bool walls;
    d2q37::WallKind kind;
  };
  const Case cases[] = {
      {"RT, fixed walls, RTRT, FP64", 200, 64, Precision::FP64, d2q37::CollisionModel::RTRT, true, d2q37::WallKind::Fixed},
      {"RT, fixed walls, RTRT, FP32", 200, 64, Precision::FP32, d2q37::CollisionModel::RTRT, true, d2q37::WallKind::Fixed},
      {"RT, adiabatic walls, BGK, FP64", 130, 40, Precision::FP64, d2q37::CollisionModel::BGK, true, d2q37::WallKind::Adiabatic},
      {"periodic x and y, RTRT, FP64", 70, 45, Precision::FP64, d2q37::CollisionModel::RTRT, false, d2q37::WallKind::Fixed},
  };
  for (const Case& k : cases) {
    SolverConfig c;
    c.nx = k.nx;
    c.ny = k.ny;
    c.precision = k.prec;
    c.backend = BackendKind::CUDA;
    c.device = dev;
    d2q37::physics(c).gy = -1e-4;
    d2q37::physics(c).model = k.model;
    d2q37::physics(c).walls = k.walls;
    d2q37::physics(c).bottom.kind = d2q37::physics(c).top.kind = k.kind;
    Solver s(c);
    s.initialize();
    s.advance(5);
    Fields f;
    s.snapshot().fields(f);
    std::vector<double> pop = s.populations();
    s.set_populations(pop, 5);
    s.advance(2);
    bool finite = true;
    for (double v : s.populations()) finite = finite && std::isfinite(v);
    std::printf("sanitize case: %-34s %s\n", k.name, finite ? "finite" : "NOT FINITE");
    if (!finite) throw std::runtime_error(std::string("non-finite populations in ") + k.name);
  }
  cudaStream_t s;
  PLUME_CUDA_CHECK(cudaStreamCreate(&s));
  upload_projectors();
  std::printf("sanitize case: population-space kernel, max rel. diff to the moment form %.2e\n",
              population_space_difference(s));
  cudaStreamDestroy(s);
}

std::vector<int> parse_sizes(const char* arg) {
  std::vector<int> v;
  for (const char* p = arg; *p;) {
    char* end;
    v.push_back(int(std::strtol(p, &end, 10)));
    if (end == p || v.back() <= 0) throw std::runtime_error(std::string("--sizes: bad list '") + arg + "'");
    p = *end == ',' ? end + 1 : end;
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) try {
  int dev = 0;
  bool sanitize = false;
  std::vector<int> sizes = {1024, 2048, 4096, 8192};
  int rt_nx = 512, rt_ny = 1024;
  long rt_steps = 60000, rt_every = 10000;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--device" && k + 1 < argc) {
      dev = std::atoi(argv[++k]);
    } else if (a == "--sizes" && k + 1 < argc) {
      sizes = parse_sizes(argv[++k]);
    } else if (a == "--rt" && k + 4 < argc) {
      rt_nx = std::atoi(argv[++k]);
      rt_ny = std::atoi(argv[++k]);
      rt_steps = std::atol(argv[++k]);
      rt_every = std::atol(argv[++k]);
      if (rt_nx <= 0 || rt_ny <= 0 || rt_every <= 0 || rt_steps < 0)
        throw std::runtime_error("--rt NX NY STEPS EVERY: all positive");
    } else if (a == "--sanitize") {
      sanitize = true;
    } else {
      std::fprintf(stderr,
                   "usage: gpu_bench [--device N] [--sizes 1024,2048,...] [--rt NX NY STEPS EVERY] [--sanitize]\n"
                   "unknown or incomplete argument '%s'\n",
                   a.c_str());
      return 2;
    }
  }
  std::string why;
  const int ndev = cuda_device_count(&why);
  if (ndev == 0) {
    std::fprintf(stderr, "gpu_bench: no CUDA device: %s\n", why.c_str());
    return 1;
  }
  if (dev < 0 || dev >= ndev) {
    std::fprintf(stderr, "gpu_bench: --device %d, but there are %d devices\n", dev, ndev);
    return 2;
  }
  PLUME_CUDA_CHECK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  PLUME_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  int mem_clock_khz = 0, bus_bits = 0;
  cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, dev);
  cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev);
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  std::printf("# plume gpu_bench, %s\n\ndevice %d: %s, compute capability %d.%d, %d SMs, %.1f GiB, L2 %.0f MiB, "
              "memory bus %d bit\n",
              date, dev, prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              prop.totalGlobalMem / 1073741824.0, prop.l2CacheSize / 1048576.0, bus_bits);
  std::printf("lattice D2Q37, %d populations; bytes per site update: FP64 %.0f, FP32 %.0f\n", L::Q,
              bytes_per_site<double>(), bytes_per_site<float>());

  if (sanitize) {
    sanitize_cases(dev);
    return 0;
  }

  cudaStream_t s;
  PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  std::printf("\n## Device-to-device copy (cudaMemcpyAsync), bytes read + written\n\n");
  double copy_bw = 0;
  for (std::size_t mib : {256, 1024, 4096}) {
    const double bw = copy_bandwidth(mib << 20, s);
    std::printf("copy of %5zu MiB: %.1f GB/s\n", mib, bw * 1e-9);
    copy_bw = bw;  // the largest buffer is the reference: far beyond the L2
  }

  std::printf("\n## Lattice sweep: production backend, Rayleigh–Taylor with walls, RTRT collision\n\n");
  std::vector<SweepRow> rows;
  for (Precision prec : {Precision::FP64, Precision::FP32}) {
    std::vector<int> ns = sizes;
    const int nmax = largest_lattice(prec == Precision::FP64 ? 8 : 4, std::size_t(512) << 20);
    ns.erase(std::remove_if(ns.begin(), ns.end(), [&](int n) { return n > nmax; }), ns.end());
    if (ns.empty() || ns.back() != nmax) ns.push_back(nmax);
    for (int n : ns) {
      try {
        rows.push_back(sweep(n, prec, dev, n <= 8192));
      } catch (const std::exception& e) {
        std::printf("%s %d^2: %s\n", storage_name(prec), n, e.what());
        continue;
      }
      const SweepRow& r = rows.back();
      std::printf("%s %6d^2: %5ld steps in %.3f s, %.3f G site updates/s, %.0f GB/s, %.3f of copy%s\n",
                  storage_name(prec), n, r.steps, r.seconds, r.rate * 1e-9, r.bandwidth * 1e-9, r.bandwidth / copy_bw,
                  r.fault.empty() ? "" : ("  " + r.fault).c_str());
      std::fflush(stdout);
    }
  }

  std::printf("\n## Variants at %d^2 (rates over the sites each launch updates)\n\n", kVariantSize);
  upload_projectors();
  std::vector<VariantRow> vr;
  variants<double>(vr, s);
  variants<float>(vr, s);
  for (const VariantRow& v : vr)
    std::printf("%-44s %6.3f G site updates/s  %6.0f GB/s  %.3f of copy  (%s)\n", v.name.c_str(), v.rate * 1e-9,
                v.bandwidth * 1e-9, v.bandwidth / copy_bw, v.res.c_str());
  std::printf("population-space collide against the moment form, one step at 512^2: max rel. diff %.2e\n",
              population_space_difference(s));

  fp32_error_study(rt_nx, rt_ny, rt_steps, rt_every, dev);

  std::printf("\n## Summary (%s, %s; copy bandwidth %.0f GB/s)\n\n", prop.name, date, copy_bw * 1e-9);
  std::printf("| storage | lattice | G site updates/s | effective GB/s | copy GB/s | ratio |\n|---|---|---|---|---|---|\n");
  for (const SweepRow& r : rows)
    std::printf("| %s | %d^2 | %.3f | %.0f | %.0f | %.3f |\n", storage_name(r.prec), r.n, r.rate * 1e-9,
                r.bandwidth * 1e-9, copy_bw * 1e-9, r.bandwidth / copy_bw);
  bool finite = true;
  for (const SweepRow& r : rows) finite = finite && r.fault.empty();
  cudaStreamDestroy(s);
  return finite ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "gpu_bench: %s\n", e.what());
  return 1;
}

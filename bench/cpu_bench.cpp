// CPU benchmark of the fused pull-stream + collide step on a fixed case: a 512 x 512
// Rayleigh-Taylor lattice with walls, RTRT collision, FP64 and FP32 storage, one thread and all
// threads. Reports site updates/s, the thread count, bytes moved per site update (592 for FP64,
// 296 for FP32), the effective bandwidth, and its fraction of this machine's copy bandwidth
// measured with the same threads (BM_Copy, bytes read + written).
//
//   plume_cpu_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <omp.h>
#include <algorithm>
#include <chrono>
#include <vector>
#include "d2q37/lattice.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

namespace {

constexpr int kSize = 512;
constexpr long kStepsPerIteration = 2;
constexpr std::size_t kCopyValues = std::size_t(1) << 25;  // 256 MiB per array: far beyond the caches

plume::SolverConfig bench_case(plume::Precision p, int threads) {
  plume::SolverConfig c;
  c.nx = c.ny = kSize;
  c.backend = plume::BackendKind::CPU;
  c.precision = p;
  c.threads = threads;
  plume::d2q37::physics(c).model = plume::d2q37::CollisionModel::RTRT;
  plume::d2q37::physics(c).gy = -1e-3;
  plume::d2q37::physics(c).k1 = plume::d2q37::physics(c).k2 = 0.005;
  plume::d2q37::physics(c).bottom.T = plume::d2q37::initial(c).T_down = 1.1;
  plume::d2q37::physics(c).top.T = plume::d2q37::initial(c).T_up = 0.9;
  return c;
}

std::vector<int> thread_counts() {
  const int max = omp_get_max_threads();
  return max > 1 ? std::vector<int>{1, max} : std::vector<int>{1};
}

void copy(const std::vector<double>& a, std::vector<double>& b, int threads) {
  const std::size_t n = a.size();
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::size_t i = 0; i < n; ++i) b[i] = a[i];
  benchmark::ClobberMemory();
}

// Best of a few copies, bytes read + written per second: the practical ceiling of a
// memory-bound kernel with this many threads.
double copy_bandwidth(int threads) {
  std::vector<double> a(kCopyValues, 1.0), b(kCopyValues, 0.0);
  double best = 0;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    copy(a, b, threads);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, 2.0 * sizeof(double) * kCopyValues / s);
  }
  return best;
}

void BM_Copy(benchmark::State& state) {
  const int threads = int(state.range(0));
  std::vector<double> a(kCopyValues, 1.0), b(kCopyValues, 0.0);
  for (auto _ : state) copy(a, b, threads);
  state.counters["threads"] = threads;
  state.counters["bandwidth"] = benchmark::Counter(2.0 * sizeof(double) * kCopyValues * state.iterations(),
                                                   benchmark::Counter::kIsRate, benchmark::Counter::OneK::kIs1000);
}

void BM_Step(benchmark::State& state) {
  const auto precision = plume::Precision(state.range(0));
  const int threads = int(state.range(1));
  const double copy_bw = copy_bandwidth(threads);
  plume::Solver solver(bench_case(precision, threads));
  solver.initialize();
  solver.advance(1);  // first touch and warm caches outside the timing
  const auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) solver.advance(kStepsPerIteration);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const double bytes = 2.0 * plume::d2q37::D2Q37::Q * (precision == plume::Precision::FP32 ? 4 : 8);
  const double updates = double(kSize) * kSize * kStepsPerIteration * state.iterations();
  state.SetLabel(solver.backend().description);
  state.counters["threads"] = threads;
  state.counters["bytes_per_site"] = bytes;
  state.counters["site_updates/s"] = benchmark::Counter(updates, benchmark::Counter::kIsRate);
  state.counters["bandwidth"] =
      benchmark::Counter(updates * bytes, benchmark::Counter::kIsRate, benchmark::Counter::OneK::kIs1000);
  state.counters["copy_bandwidth"] = copy_bw;
  state.counters["fraction_of_copy"] = updates * bytes / elapsed / copy_bw;
}

}  // namespace

BENCHMARK(BM_Copy)
    ->Apply([](benchmark::internal::Benchmark* b) {
      for (int t : thread_counts()) b->Arg(t);
    })
    ->ArgNames({"threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Step)
    ->Apply([](benchmark::internal::Benchmark* b) {
      for (int fp32 : {0, 1})
        for (int t : thread_counts()) b->Args({fp32, t});
    })
    ->ArgNames({"fp32", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

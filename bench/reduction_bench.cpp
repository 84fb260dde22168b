// What the health check and the diagnostics cost a run, on the device and through the host:
//
//   reduction_bench [MODEL [N ...]]        (default: d2q37 4096 8192; 2-D lattices N x N, FP64)
//
// For each size, after a few steps of the model's default case on one GPU, the median of five
// calls of Snapshot::find_fault() and Snapshot::diagnostic_sums() (the reductions on the device, the
// fields kernel included, only O(rows) numbers to the host) beside the host path they replace:
// fields() to the host, then the host fault check and row sums (plume/reductions.hpp, what io uses) over every site; and one step's
// time for scale. Checks that both paths give the same row sums bit for bit.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>
#include "plume/reductions.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

double median_ms(int n, const std::function<void()>& f) {
  std::vector<double> t;
  for (int i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string why;
  if (cuda_device_count(&why) == 0) {
    std::printf("reduction_bench: no CUDA device (%s): nothing to measure\n", why.c_str());
    return 0;
  }
  const std::string model = argc > 1 ? argv[1] : "d2q37";
  std::vector<int> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {4096, 8192};
  std::printf("| lattice | step ms | device fault check ms | device row sums ms | host: fields() + fault check + row sums ms | same bits |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (int n : sizes) {
    SolverConfig c;
    c.model = model;
    c.nx = c.ny = n;
    c.backend = BackendKind::CUDA;
    Solver s(c);
    s.initialize();
    s.advance(10);
    const double step = median_ms(3, [&] { s.advance(5); }) / 5;
    const double fault = median_ms(5, [&] { (void)s.snapshot().find_fault(); });
    RowSums device;
    const double sums = median_ms(5, [&] { device = s.snapshot().diagnostic_sums(); });
    Fields f;
    RowSums host;
    const double through_host = median_ms(3, [&] {
      s.snapshot().fields(f);
      (void)plume::find_fault(f, s.step());
      host = plume::row_sums(f, s.domain());
    });
    bool same = device.field.size() == host.field.size() && device.own.size() == host.own.size();
    for (std::size_t k = 0; same && k < device.field.size(); ++k)
      same = std::memcmp(device.field[k].data(), host.field[k].data(), host.field[k].size() * sizeof(double)) == 0;
    for (std::size_t q = 0; same && q < device.own.size(); ++q)
      same = std::memcmp(device.own[q].data(), host.own[q].data(), host.own[q].size() * sizeof(double)) == 0;
    same = same && device.min == host.min && device.max == host.max;
    std::printf("| %s %d^2 | %.2f | %.2f | %.2f | %.1f | %s |\n", model.c_str(), n, step, fault, sums, through_host,
                same ? "yes" : "NO");
  }
  return 0;
}

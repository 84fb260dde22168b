// GPU benchmark of the in-situ hand-off (docs/insitu.md, "GPU hand-off"): what it costs a run on
// one GPU to give its fields to a consumer every N steps, as a fraction of the step time.
//
//   insitu_bench [--device N] [--sizes 4096,8192] [--every 1,10,100]
//   insitu_bench --model thermal3d --lattices 256x256x256,512x512x512 [--fp32] [--every 10,100]
//
// For each N x N lattice (Rayleigh–Taylor with walls, RTRT, FP64 storage), or each lattice of
// another model (its default case; 3-D lattices NXxNYxNZ), where step 1 is the hand-off's latency
// through the Solver (request_fields() to wait_fields() with no steps between: the fields kernel
// and the copy to the pinned snapshot) instead of the D2Q37 kernels timed alone:
// 1. the fields kernel alone, and the copy of the four fields to the host alone (to pinned and
//    to pageable memory), timed with events;
// 2. through plume::Solver, the time per step without in situ, with the synchronous fields()
//    every N steps, and with the asynchronous hand-off (request_fields(), steps, wait_fields())
//    every N steps. The consumer stands in for ParaView: it reads one value per 4 KiB page of
//    each array, so that the fields must have arrived without adding a host pass over 4 x 8 B x
//    N^2; what a whole pass over them costs the host is measured apart;
// 3. the batch driver's consumer thread (docs/insitu.md, "The consumer thread"): the hand-off
//    with a consumer that makes a whole host pass over the four arrays (ParaView's stand-in) on a
//    thread of its own beside the steps, insitu.when_busy = "wait": the time per step, the
//    consumer's time per call and the time the solver waited for it per call;
// 4. the parts of the hand-off's cost, each the best of three measurements taken in turn with the
//    run without in situ: the whole asynchronous hand-off, the snapshot kept on the device (the
//    fields and their fault check, no copy), a copy of as many bytes alone (no fields), and the
//    consumer thread with the stand-in consumer that reads one value a page (what the run loses
//    to the hand-off when its consumer keeps up).
#include <cuda_runtime.h>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <future>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "event_timing.hpp"
#include "kernels.cuh"
#include "d2q37/model.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using L = d2q37::D2Q37;
namespace cu = plume::cuda;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

d2q37::PhysicsParams physics() {
  d2q37::PhysicsParams p;
  p.gy = -1e-4;
  p.walls = true;
  return p;
}

// The stand-in consumer: one value of every 4 KiB page of each array.
double touch(const Fields& f) {
  double s = 0;
  for (int c = 0; c < f.count(); ++c)
    for (std::size_t k = 0; k < f.sites(); k += 512) s += f[c][k];
  return s;
}

// Every value of the four arrays, once: what a consumer that reads everything costs the host.
double sum_all(const Fields& f) {
  double s = 0;
  for (int c = 0; c < f.count(); ++c)
    for (double x : f[c]) s += x;
  return s;
}

struct Pieces {
  double kernel_ms = 0, pinned_ms = 0, pageable_ms = 0;
};

// The fields kernel (with the halo launch the backend makes first) and the device-to-host copy
// of its output, each alone, on a lattice of their own (freed before the solver is made).
Pieces pieces(int n) {
  const Domain d = Domain::whole(n, n);
  const Layout lay = make_layout(n, n, 1, L::reach, 0, L::Q, sizeof(double));
  const std::size_t sites = std::size_t(n) * n;
  cudaStream_t s;
  PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cu::DeviceBuffer<double> f(lay.elements()), out(4 * sites);
  const d2q37::PhysicsParams p = physics();
  cu::launch_initial_state<d2q37::Traits, double>(plain_planes(f.data(), lay), out.data(), out.size() * sizeof(double) / sizeof(d2q37::Traits::SiteState), lay, d, d2q37::Setup{p, {}}, s);
  Pieces r;
  r.kernel_ms = bench::time_ms(s, 5, [&] {
    cu::launch_halo<L>(f.data(), lay, !p.walls, s);
    cu::fields_kernel<d2q37::Traits, double><<<dim3((n + 127) / 128, std::min(n, 65535)), 128, 0, s>>>(
        d2q37::StepArgs<double>{plain_planes<const double>(f.data(), lay), {}, lay, d, p}, out.data());
    PLUME_CUDA_CHECK_LAUNCH();
  });
  double* pinned = nullptr;
  PLUME_CUDA_CHECK(cudaMallocHost(&pinned, out.bytes()));
  r.pinned_ms = bench::time_ms(s, 5, [&] {
    PLUME_CUDA_CHECK(cudaMemcpyAsync(pinned, out.data(), out.bytes(), cudaMemcpyDeviceToHost, s));
  });
  PLUME_CUDA_CHECK(cudaFreeHost(pinned));
  std::vector<double> pageable(4 * sites);
  r.pageable_ms = bench::time_ms(s, 3, [&] {
    PLUME_CUDA_CHECK(cudaMemcpyAsync(pageable.data(), out.data(), out.bytes(), cudaMemcpyDeviceToHost, s));
  });
  cudaStreamDestroy(s);
  return r;
}

enum class Mode { None, Sync, Async, Device, Copy };

// What Mode::Copy moves every N steps: as many bytes as the fields, from device memory of their
// own to pinned host memory, on a stream of their own beside the steps. The transfer's cost to the
// steps alone, with no fields computed.
struct RawCopy {
  cu::DeviceBuffer<double> from;
  double* to = nullptr;
  cudaStream_t s = nullptr;
  explicit RawCopy(std::size_t values) : from(values) {
    PLUME_CUDA_CHECK(cudaMallocHost(&to, values * sizeof(double)));
    PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  }
  ~RawCopy() {
    cudaFreeHost(to);
    cudaStreamDestroy(s);
  }
  void start() { PLUME_CUDA_CHECK(cudaMemcpyAsync(to, from.data(), from.bytes(), cudaMemcpyDeviceToHost, s)); }
  void wait() { PLUME_CUDA_CHECK(cudaStreamSynchronize(s)); }
};

// The consumer on its own thread, as the batch driver runs its sinks: over `steps` steps, every
// `every` steps it waits for the consumer's previous call (the snapshot's host arrays are reused
// by the next request), requests the fields, steps one at a time until they have arrived, hands
// them to the consumer (a whole host pass) and steps on to the next in-situ step.
struct Threaded {
  double ms_per_step = 0, consumer_ms = 0, waited_ms = 0;  // the last two per call
};
// `consume`: the consumer's work on a snapshot (sum_all: a whole host pass; touch: a glance).
Threaded threaded(Solver& solver, long steps, long every, double& sink, double (*consume)(const Fields&) = sum_all) {
  std::future<double> consumer;
  double consumer_s = 0, waited_s = 0;
  long calls = 0;
  const auto t0 = Clock::now();
  auto finish_call = [&] {
    const auto w0 = Clock::now();
    sink += consumer.get();
    waited_s += seconds_since(w0);
  };
  for (long s = 0; s < steps; s += every) {
    if (consumer.valid()) finish_call();
    solver.request_snapshot();
    long done = 0;
    for (; done < every && !solver.snapshot().ready(); ++done) solver.advance(1);
    const Fields& f = solver.snapshot().wait();
    consumer = std::async(std::launch::async, [&f, &consumer_s, consume] {
      const auto c0 = Clock::now();
      const double v = consume(f);
      consumer_s += seconds_since(c0);  // read by this thread after get()
      return v;
    });
    ++calls;
    if (every > done) solver.advance(every - done);
  }
  finish_call();
  Threaded r;
  r.ms_per_step = 1e3 * seconds_since(t0) / double(steps);
  r.consumer_ms = 1e3 * consumer_s / double(calls);
  r.waited_ms = 1e3 * waited_s / double(calls);
  return r;
}

// Milliseconds per step over `steps` steps (a multiple of every), fields every `every` steps, in
// the steady state: `f` (the synchronous fields) is allocated by the caller, and the asynchronous
// snapshot requested at an in-situ step reaches the consumer at the next one, as in the batch
// driver, so that each copy has `every` steps to hide behind.
// Mode::Device: the snapshot kept on the device (request_device_fields, plume-gui's GPU path):
// the fields and the fault check without the copy. Mode::Copy: the copy without the fields.
double ms_per_step(Solver& solver, Mode mode, long steps, long every, Fields& f, double& sink,
                   RawCopy* raw = nullptr) {
  const auto t0 = Clock::now();
  for (long s = 0; s < steps; s += every) {
    if (mode == Mode::Sync) {
      solver.snapshot().fields(f);
      sink += touch(f);
    } else if (mode == Mode::Async) {
      solver.request_snapshot();
    } else if (mode == Mode::Device) {
      solver.request_snapshot(plume::Snapshot::Device);
    } else if (mode == Mode::Copy) {
      raw->start();
    }
    solver.advance(every);
    if (mode == Mode::Async) sink += touch(solver.snapshot().wait());
    if (mode == Mode::Device) solver.snapshot().wait_device();
    if (mode == Mode::Copy) raw->wait();
  }
  return 1e3 * seconds_since(t0) / double(steps);
}

// The best of `rounds` measurements of each mode, taken in turn (none, then each mode), so that a
// drift of the device's speed during the run weighs on every mode alike.
struct Costs {
  double none = 1e30, async = 1e30, device = 1e30, copy = 1e30, beside = 1e30;
};
Costs interleaved(Solver& solver, long steps, long every, Fields& f, double& sink, RawCopy& raw, int rounds) {
  Costs c;
  for (int r = 0; r < rounds; ++r) {
    c.none = std::min(c.none, ms_per_step(solver, Mode::None, steps, every, f, sink));
    c.async = std::min(c.async, ms_per_step(solver, Mode::Async, steps, every, f, sink));
    c.device = std::min(c.device, ms_per_step(solver, Mode::Device, steps, every, f, sink));
    c.copy = std::min(c.copy, ms_per_step(solver, Mode::Copy, steps, every, f, sink, &raw));
    c.beside = std::min(c.beside, threaded(solver, steps, every, sink, touch).ms_per_step);
  }
  return c;
}

// At least three in-situ calls and about `base` steps, a multiple of every.
long steps_for(long base, long every) { return std::max(3 * every, (base + every - 1) / every * every); }

std::vector<long> parse_list(const char* arg) {
  std::vector<long> v;
  for (std::string s = arg; !s.empty();) {
    const std::size_t c = s.find(',');
    v.push_back(std::atol(s.substr(0, c).c_str()));
    if (v.back() <= 0) throw std::runtime_error(std::string("expected positive numbers, got '") + arg + "'");
    s = c == std::string::npos ? "" : s.substr(c + 1);
  }
  return v;
}

// The lattices NXxNY[xNZ] of a comma-separated list.
std::vector<std::array<int, 3>> parse_lattices(const char* arg) {
  std::vector<std::array<int, 3>> v;
  for (std::string s = arg; !s.empty();) {
    const std::size_t c = s.find(',');
    const std::string one = s.substr(0, c);
    std::array<int, 3> n{1, 1, 1};
    int got = std::sscanf(one.c_str(), "%dx%dx%d", &n[0], &n[1], &n[2]);
    if (got < 2 || n[0] <= 0 || n[1] <= 0 || n[2] <= 0)
      throw std::runtime_error("lattice '" + one + "': expected NXxNY or NXxNYxNZ");
    v.push_back(n);
    s = c == std::string::npos ? "" : s.substr(c + 1);
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) try {
  int dev = 0;
  std::vector<long> sizes = {4096, 8192}, everies = {1, 10, 100};
  std::string model = "d2q37";
  std::vector<std::array<int, 3>> lattices;
  bool fp32 = false;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--device" && k + 1 < argc) {
      dev = std::atoi(argv[++k]);
    } else if (a == "--sizes" && k + 1 < argc) {
      sizes = parse_list(argv[++k]);
    } else if (a == "--every" && k + 1 < argc) {
      everies = parse_list(argv[++k]);
    } else if (a == "--model" && k + 1 < argc) {
      model = argv[++k];
    } else if (a == "--lattices" && k + 1 < argc) {
      lattices = parse_lattices(argv[++k]);
    } else if (a == "--fp32") {
      fp32 = true;
    } else {
      std::fprintf(stderr, "usage: insitu_bench [--device N] [--sizes 4096,8192] [--every 1,10,100]\n"
                           "       insitu_bench --model M --lattices NXxNY[xNZ],... [--fp32] [--every 10,100]\n"
                           "unknown or incomplete argument '%s'\n", a.c_str());
      return 2;
    }
  }
  const bool rt = model == "d2q37" && !fp32;  // the Rayleigh–Taylor case whose kernels step 1 times alone
  if (lattices.empty())
    for (long n : sizes) lattices.push_back({int(n), int(n), 1});
  std::string why;
  if (cuda_device_count(&why) == 0) {
    std::fprintf(stderr, "insitu_bench: no CUDA device: %s\n", why.c_str());
    return 1;
  }
  cudaDeviceProp prop;
  PLUME_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  std::printf("# plume insitu_bench, %s, device %d: %s; model %s, %s storage\n", date, dev, prop.name,
              model.c_str(), fp32 ? "FP32" : "FP64");
  const long period = *std::max_element(everies.begin(), everies.end());
  double sink = 0;
  std::printf("\n| lattice | fields kernel ms (else hand-off ms) | D2H pinned ms (GB/s) | D2H pageable ms | host pass over the fields ms |"
              " step ms | in situ every | sync ms/step (cost) | async ms/step (cost) |"
              " consumer thread: ms/step (cost) | consumer ms/call | solver waited ms/call |"
              " best of 3: none ms/step | async (cost) | on the device (cost) | copy alone (cost) |"
              " consumer thread, glance (cost) |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const std::array<int, 3>& n : lattices) {
    const double sites = double(n[0]) * n[1] * n[2];
    Pieces pc = rt && n[2] == 1 && n[0] == n[1] ? pieces(n[0]) : Pieces{};
    SolverConfig c;
    c.model = model;
    c.nx = n[0];
    c.ny = n[1];
    c.nz = n[2];
    c.precision = fp32 ? Precision::FP32 : Precision::FP64;
    c.backend = BackendKind::CUDA;
    c.device = dev;
    if (model == "d2q37") d2q37::physics(c) = physics();
    Solver solver(c);
    solver.initialize();
    Fields f;
    solver.snapshot().fields(f);
    const auto h0 = Clock::now();
    sink += sum_all(f);
    const double host_ms = 1e3 * seconds_since(h0);
    // About 1.5 s of stepping per measurement at 4e9 site updates/s. The first request pins the
    // snapshot's host arrays: before the timing, like the synchronous fields' allocation.
    const long base_steps = std::max(10L, long(1500.0 / (sites / 4e9 * 1e3)));
    solver.request_snapshot();
    solver.snapshot().wait();
    if (pc.kernel_ms == 0) {  // the hand-off's latency, fields kernel and copy (median of 5)
      std::vector<double> t;
      for (int k = 0; k < 5; ++k) {
        solver.advance(1);  // a new state: its fields are computed again
        const auto r0 = Clock::now();
        solver.request_snapshot();
        sink += touch(solver.snapshot().wait());
        t.push_back(1e3 * seconds_since(r0));
      }
      std::sort(t.begin(), t.end());
      pc.kernel_ms = t[2];
    }
    const double base = ms_per_step(solver, Mode::None, steps_for(base_steps, period), period, f, sink);
    RawCopy raw(std::size_t(f.count()) * f.sites());
    const double gbs = pc.pinned_ms > 0 ? double(f.count()) * 8.0 * sites / (pc.pinned_ms * 1e-3) * 1e-9 : 0;
    char name[64];
    std::snprintf(name, sizeof name, n[2] > 1 ? "%dx%dx%d" : "%dx%d", n[0], n[1], n[2]);
    for (long every : everies) {
      const long steps = steps_for(base_steps, every);
      const double sync = ms_per_step(solver, Mode::Sync, steps, every, f, sink);
      const double async = ms_per_step(solver, Mode::Async, steps, every, f, sink);
      const Threaded th = threaded(solver, steps, every, sink);
      const Costs c = interleaved(solver, steps, every, f, sink, raw, 3);
      const auto cost = [&](double ms) { return 100.0 * (ms / c.none - 1.0); };
      std::printf("| %s | %.2f | %.2f (%.1f) | %.2f | %.1f | %.3f | %ld | %.3f (%+.1f%%) | %.3f (%+.1f%%) |"
                  " %.3f (%+.1f%%) | %.1f | %.1f | %.3f | %.3f (%+.1f%%) | %.3f (%+.1f%%) | %.3f (%+.1f%%) |"
                  " %.3f (%+.1f%%) |\n",
                  name, pc.kernel_ms, pc.pinned_ms, gbs, pc.pageable_ms, host_ms, base, every, sync,
                  100.0 * (sync / base - 1.0), async, 100.0 * (async / base - 1.0), th.ms_per_step,
                  100.0 * (th.ms_per_step / base - 1.0), th.consumer_ms, th.waited_ms, c.none, c.async,
                  cost(c.async), c.device, cost(c.device), c.copy, cost(c.copy), c.beside, cost(c.beside));
      std::fflush(stdout);
    }
  }
  std::printf("\n(consumer checksum %.6e)\n", sink);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "insitu_bench: %s\n", e.what());
  return 1;
}

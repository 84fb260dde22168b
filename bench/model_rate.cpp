// The step rate of any registered model on one GPU, through the public Solver API, beside the
// device's copy bandwidth measured in the same process:
//
//   model_rate MODEL NX NY NZ fp64|fp32 STEPS [section.name=value ...] [run.streaming=in-place]
//              [run.snapshot_every=N]
//
// prints a line: the model, the lattice, the storage, G site updates/s (the best of three runs
// of STEPS steps after a warm-up), the bytes one site update moves (the model's own count,
// Model::bytes_per_update), the effective bandwidth, the copy bandwidth and their ratio. The
// optional settings are the model's parameters by path (as the configuration names them:
// physics.collision=trt), set through Model::parameters(), so any model and variant can be
// measured without this file knowing it. A second line (copy_same_size) gives the ratio against
// a copy of one population buffer: for a small lattice, a ceiling with a step's own launch and
// tail costs. run.snapshot_every=N: a snapshot kept on the device (Solver::request_snapshot(Snapshot::Device),
// the fields and their fault check) every N steps, so that the rate includes what they cost.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "copy_bandwidth.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

// value as the parameter's type wants it.
ParameterValue parse(const Parameter& p, const std::string& value) {
  switch (p.type) {
    case ParameterType::Int: return std::stoll(value);
    case ParameterType::Float: return std::stod(value);
    case ParameterType::Bool: return value == "true" || value == "1";
    default: return value;
  }
}

void set(const Model& m, AnySetup& s, const std::string& assignment) {
  const std::size_t eq = assignment.find('=');
  const std::string path = assignment.substr(0, eq), value = eq == std::string::npos ? "" : assignment.substr(eq + 1);
  for (const Parameter& p : m.parameters().list)
    if (p.path() == path) {
      p.set(s, parse(p, value));
      return;
    }
  throw std::invalid_argument("model " + m.name() + " has no parameter " + path);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: model_rate MODEL NX NY NZ fp64|fp32 STEPS [section.name=value ...] [run.streaming=in-place]\n");
    return 2;
  }
  try {
    SolverConfig c;
    c.model = argv[1];
    c.nx = std::atoi(argv[2]);
    c.ny = std::atoi(argv[3]);
    c.nz = std::atoi(argv[4]);
    c.precision = std::strcmp(argv[5], "fp32") == 0 ? Precision::FP32 : Precision::FP64;
    c.backend = BackendKind::CUDA;
    const long steps = std::atol(argv[6]);
    const Model& m = *c.model;
    c.setup = m.parameters().defaults ? m.parameters().defaults() : m.default_setup();
    std::string settings;
    long every = 0;  // steps between snapshots (0: none)
    for (int k = 7; k < argc; ++k) {
      const std::string a = argv[k];
      if (a.rfind("run.streaming=", 0) == 0)  // the storage, not a model parameter
        c.streaming = a == "run.streaming=in-place" ? Streaming::InPlace : Streaming::TwoBuffers;
      else if (a.rfind("run.snapshot_every=", 0) == 0) {
        every = std::atol(a.c_str() + std::strlen("run.snapshot_every="));
        if (every <= 0) throw std::invalid_argument(a + ": expected a positive number of steps");
      } else
        set(m, c.setup, a);
      settings += " " + a;
    }
    if (m.parameters().derive) m.parameters().derive(c.setup);
    const double sites = double(c.global().global_sites());
    // The copy bandwidth before the lattice exists and after it is freed: the larger
    // (copy_bandwidth.hpp says why).
    const double copy_before = copy_bandwidth();
    double best = 0;
    {
      Solver s(c);
      s.initialize();
      s.advance(std::max(2L, steps / 4));
      for (int k = 0; k < 3; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        if (every > 0) {
          for (long done = 0; done < steps; done += every) {
            s.request_snapshot(plume::Snapshot::Device);
            s.advance(std::min(every, steps - done));
          }
          s.snapshot().wait_device();
        } else {
          s.advance(steps);
        }
        s.wait_steps();
        const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = std::max(best, sites * steps / sec);
      }
    }
    const double bytes = m.bytes_per_update(c.precision);
    const double copy = std::max(copy_before, copy_bandwidth());
    std::printf("model_rate %s %s %s %.4f Gsite/s %.0f B/site %.0f GB/s copy %.0f GB/s ratio %.4f%s\n", c.model.name().c_str(),
                size_text(c.global()).c_str(), argv[5], best * 1e-9, bytes, best * bytes * 1e-9, copy * 1e-9,
                copy > 0 ? best * bytes / copy : 0.0, settings.c_str());
    // The same against a copy of one population buffer (half the bytes a step moves, read and
    // written): the ceiling with the same launch and tail costs as one step of this lattice.
    const double buffer = sites * bytes / 2, same = copy_bandwidth(std::size_t(buffer));
    std::printf("copy_same_size %s %s %s buffer %.2f GB copy %.0f GB/s ratio %.4f\n", c.model.name().c_str(),
                size_text(c.global()).c_str(), argv[5], buffer * 1e-9, same * 1e-9, same > 0 ? best * bytes / same : 0.0);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "model_rate: %s\n", e.what());
    return 1;
  }
}

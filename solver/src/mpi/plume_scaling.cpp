// plume-scaling: the performance model of docs/distributed.md, from measurement to prediction.
//
//   mpirun -np N plume-scaling measure [--tile WxH[xD]] [--backend auto|cpu|cuda] [--out machine.txt]
//       every rank's site rate with all ranks busy, the row and launch overheads, and B0, t0 of
//       the halo messages (a ring of ranks, fitted to t = t0 + bytes/B0, seed 002's B(s));
//   mpirun -np N plume-scaling validate --lattice NXxNY [--machine machine.txt] [--steps S]
//       every tiling of N ranks, overlap on and off: measured step time beside the prediction;
//   plume-scaling predict (--machine machine.txt | --reference cpu|gpu) [--lattice NXxNY]
//                         [--tile WxH] [--max-ranks R] [--fp32]
//       strong and weak scaling tables for 1 .. R ranks;
//   mpirun -np N plume-scaling time --lattice NXxNY [--tiles TXxTY] [--transport T] [--overlap 0|1]
//       one decomposed run: step time and site rate (the scaling measurements).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>
#include "plume/parallel/mpi.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/perf_model.hpp"
#include "plume/solver.hpp"
#include "solver_access.hpp"
#include "d2q37/setup.hpp"

using namespace plume;
using namespace plume::parallel;

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Options {
  std::map<std::string, std::string> values;
  bool has(const std::string& k) const { return values.count(k) != 0; }
  std::string get(const std::string& k, const std::string& fallback) const {
    const auto it = values.find(k);
    return it == values.end() ? fallback : it->second;
  }
};

Options parse_options(int argc, char** argv, int first) {
  Options o;
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--", 0) != 0) throw std::invalid_argument("unexpected argument '" + a + "'");
    if (a == "--fp32") {
      o.values[a] = "1";
    } else {
      if (i + 1 == argc) throw std::invalid_argument(a + " needs a value");
      o.values[a] = argv[++i];
    }
  }
  return o;
}

std::pair<int, int> parse_size(const std::string& text) {
  const Tiling t = parse_tiling(text);  // the same WxH syntax
  if (!t.complete() || t.pz != 1) throw std::invalid_argument("size '" + text + "': expected WxH");
  return {t.px, t.py};
}

// A lattice NXxNY or NXxNYxNZ (3-D), as a whole Domain.
Domain parse_lattice(const std::string& text) {
  const Tiling t = parse_tiling(text);  // the same syntax
  if (!t.complete()) throw std::invalid_argument("lattice '" + text + "': expected NXxNY or NXxNYxNZ");
  return Domain::whole(t.px, t.py, t.pz);
}

// The model's parameters as `key = value` lines (valid TOML).
void write_machine(const MachineModel& m, const std::string& path) {
  std::ofstream out(path + ".tmp");
  out << "# plume-scaling measure: parameters of the performance model (docs/distributed.md)\n"
      << "name = \"" << m.name << "\"\n";
  out.precision(6);
  out << "site_rate = " << m.site_rate << "          # site updates/s per rank, all ranks busy\n"
      << "row_overhead = " << m.row_overhead << "    # sites\n"
      << "launch_overhead = " << m.launch_overhead << " # s per box update\n"
      << "link_bandwidth = " << m.link_bandwidth << "  # B0, bytes/s\n"
      << "link_latency = " << m.link_latency << "    # t0, s\n"
      << "staging_bandwidth = " << m.staging_bandwidth << "\n"
      << "staging_latency = " << m.staging_latency << "\n"
      << "value_bytes = " << m.value_bytes << "\n"
      << "borders_beside_bulk = " << (m.borders_beside_bulk ? 1 : 0) << "  # 1: a GPU's borders run beside the bulk\n";
  out.close();
  if (!out || std::rename((path + ".tmp").c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot write " + path);
}

MachineModel read_machine(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read machine file " + path);
  MachineModel m;
  const std::map<std::string, double*> keys = {
      {"site_rate", &m.site_rate},         {"row_overhead", &m.row_overhead},
      {"launch_overhead", &m.launch_overhead}, {"link_bandwidth", &m.link_bandwidth},
      {"link_latency", &m.link_latency},   {"staging_bandwidth", &m.staging_bandwidth},
      {"staging_latency", &m.staging_latency}};
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = line.substr(0, line.find('#'));
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    key.erase(std::remove(key.begin(), key.end(), ' '), key.end());
    if (key == "name") {
      m.name = value.substr(value.find('"') + 1, value.rfind('"') - value.find('"') - 1);
    } else if (key == "value_bytes") {
      m.value_bytes = std::stoi(value);
    } else if (key == "borders_beside_bulk") {
      m.borders_beside_bulk = std::stoi(value) != 0;
    } else if (keys.count(key)) {
      *keys.at(key) = std::stod(value);
    } else {
      throw std::runtime_error(path + ":" + std::to_string(n) + ": unknown key '" + key + "'");
    }
  }
  if (m.site_rate <= 0 || m.link_bandwidth <= 0)
    throw std::runtime_error(path + ": site_rate and link_bandwidth must be positive");
  return m;
}

// The model this tool measures (--model; the Rayleigh–Taylor case of D2Q37 unless another is
// named, which runs its default case) and its lattice.
std::string bench_model(const Options& o) { return o.get("--model", "d2q37"); }
const LatticeInfo& bench_lattice(const Options& o) { return find_model(bench_model(o)).lattice(); }

SolverConfig bench_config(int nx, int ny, const Options& o, int nz = 1) {
  SolverConfig c;
  c.model = bench_model(o);
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  if (c.model == "d2q37") d2q37::physics(c).gy = -2.6e-6;
  c.precision = o.has("--fp32") ? Precision::FP32 : Precision::FP64;
  const std::string b = o.get("--backend", "auto");
  if (b != "auto" && b != "cpu" && b != "cuda") throw std::invalid_argument("--backend: auto, cpu or cuda");
  c.backend = b == "cpu" ? BackendKind::CPU : b == "cuda" ? BackendKind::CUDA : BackendKind::Auto;
  return c;
}

// Seconds per call, where run(n) makes n calls and returns when they are done: the slowest rank's,
// median of 5 blocks, all ranks at once (the rate a rank gets on a busy node).
template <class Run>
double block_time(Communicator& comm, int calls, Run&& run) {
  run(1);
  std::vector<double> t;
  for (int block = 0; block < 5; ++block) {
    comm.barrier();
    const auto t0 = Clock::now();
    run(calls);
    double dt = seconds_since(t0) / calls;
    comm.allreduce(&dt, 1, ReduceOp::Max);
    t.push_back(dt);
  }
  std::sort(t.begin(), t.end());
  return t[2];
}

// Seconds per call of `sweep` (a set of update() calls and a swap() on a one-process tile).
template <class Sweep>
double sweep_time(Communicator& comm, int calls, Sweep&& sweep) {
  return block_time(comm, calls, [&](int n) {
    for (int k = 0; k < n; ++k) sweep();
  });
}

// Seconds per step of a run's steps, `steps` at once (Solver::advance): a tile's steps follow one
// another without the host waiting in between where the transport allows it (HaloOps::swap).
double step_time(Communicator& comm, int steps, Solver& s) {
  return block_time(comm, steps, [&](int n) { s.advance(n); });
}

MachineModel measure(Communicator& comm, const Options& o) {
  const Domain T = parse_lattice(o.get("--tile", "1024x256"));
  const int W = T.NX, H = T.NY, D = T.NZ;
  const int sweeps = std::stoi(o.get("--steps", "10"));
  if (comm.size() < 2) throw std::invalid_argument("measure needs at least 2 ranks (the halo messages)");
  if (W < 8) throw std::invalid_argument("--tile: at least 8 sites wide");
  MachineModel m;
  m.value_bytes = o.has("--fp32") ? 4 : 8;

  // The boxes the stepper updates, on a tile larger than the caches, as box_time() models them:
  // launch + rows (columns + c) / rate, a row being one (y, z) of the box. One whole-tile box, the
  // same sites as 3-wide strips (what the borders are), and one-site boxes (the fixed cost of a call).
  // Each rank its own GPU (a one-process Solver would put every rank on device 0).
  SolverConfig tc = bench_config(W, H, o, D);
  if (const int ndev = cuda_device_count(); ndev > 0 && tc.backend != BackendKind::CPU) tc.device = comm.node_rank() % ndev;
  Solver tile(tc);
  tile.initialize();
  HaloOps* ops = internal::SolverAccess::backend(tile).halo_ops();
  if (!ops) throw std::runtime_error("the " + tile.backend().name + " backend has no box updates (HaloOps)");
  // The CUDA backend runs a tile's borders on its halo stream, beside the bulk (two buffers).
  m.borders_beside_bulk = tile.backend().name == "cuda" && tc.streaming == Streaming::TwoBuffers;
  const int strips = W / 3;
  const double t_call = sweep_time(comm, 2000, [&] {
    ops->update(Box{0, 1, 0, 1, 0, 1});
    ops->swap();
  });
  const double t_whole = sweep_time(comm, sweeps, [&] {
    ops->update(Box{0, W, 0, H, 0, D});
    ops->swap();
  });
  const double t_strips = sweep_time(comm, sweeps, [&] {
    for (int k = 0; k < strips; ++k) ops->update(Box{3 * k, 3 * k + 3, 0, H, 0, D});
    ops->swap();
  });
  // With L = t_call and R = H D rows: (t_whole - L) / R = (W + c)/rate,
  // (t_strips / strips - L) / R = (3 + c)/rate.
  const double rows = double(H) * D;
  const double L = t_call, row_whole = (t_whole - L) / rows, row_strip = (t_strips / strips - L) / rows;
  m.site_rate = (W - 3) / (row_whole - row_strip);
  m.row_overhead = std::max(0.0, row_strip * m.site_rate - 3);
  m.launch_overhead = std::max(0.0, L - (1 + m.row_overhead) / m.site_rate);

  // Halo messages over a ring: each rank sends s bytes to each neighbour; fit t = t0 + 2s/B0 in
  // relative least squares (weights 1/t^2), since sizes span four decades.
  const int n = comm.size();
  std::vector<double> sizes, times;
  for (std::size_t s = 1024; s <= (std::size_t(16) << 20); s *= 4) {
    std::vector<char> send(2 * s, 1), recv(2 * s, 0);
    std::array<HaloChannel, kFaces> ch;
    if (n > 1) {
      ch[XLow] = {(comm.rank() + n - 1) % n, send.data(), recv.data(), s, {}};
      ch[XHigh] = {(comm.rank() + 1) % n, send.data() + s, recv.data() + s, s, {}};
    }
    auto transport = comm.connect(ch);
    const int reps = int(std::clamp<std::size_t>((std::size_t(64) << 20) / s, 10, 2000));
    std::vector<double> t;
    for (int block = 0; block < 3; ++block) {
      comm.barrier();
      const auto t0 = Clock::now();
      for (int r = 0; r < reps; ++r) {
        transport->start(0, 0);
        transport->wait(0);
      }
      double dt = seconds_since(t0) / reps;
      comm.allreduce(&dt, 1, ReduceOp::Max);
      t.push_back(dt);
    }
    std::sort(t.begin(), t.end());
    sizes.push_back(2.0 * s);
    times.push_back(t[1]);
  }
  double a11 = 0, a12 = 0, a22 = 0, b1 = 0, b2 = 0;  // normal equations for (t0, 1/B0)
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const double w = 1 / (times[k] * times[k]);
    a11 += w;
    a12 += w * sizes[k];
    a22 += w * sizes[k] * sizes[k];
    b1 += w * times[k];
    b2 += w * sizes[k] * times[k];
  }
  const double det = a11 * a22 - a12 * a12;
  m.link_latency = std::max(0.0, (b1 * a22 - b2 * a12) / det);
  m.link_bandwidth = 1 / ((a11 * b2 - a12 * b1) / det);

  char name[200];
  std::snprintf(name, sizeof name, "measured with %d ranks: %s, tile %s", n, tile.backend().description.c_str(),
                to_string(Tiling{W, H, D}).c_str());
  m.name = name;
  if (comm.rank() == 0) {
    std::printf("update() on a %s tile: whole %.3f ms, as %d strips 3 wide %.3f ms, one site %.2f us\n",
                to_string(Tiling{W, H, D}).c_str(), t_whole * 1e3, strips, t_strips * 1e3, t_call * 1e6);
    std::printf("halo ring over %d ranks:\n  bytes/phase   time [us]   model [us]   B(s) [GB/s]\n", n);
    for (std::size_t k = 0; k < sizes.size(); ++k)
      std::printf("  %11.0f  %10.2f   %10.2f   %10.3f\n", sizes[k], times[k] * 1e6,
                  (m.link_latency + sizes[k] / m.link_bandwidth) * 1e6, sizes[k] / times[k] * 1e-9);
  }
  return m;
}

void print_machine(const MachineModel& m) {
  std::printf("%s\n  site rate %.4g /s, row overhead %.3g sites, launch %.3g us, B0 %.4g GB/s, t0 %.3g us\n",
              m.name.c_str(), m.site_rate, m.row_overhead, m.launch_overhead * 1e6, m.link_bandwidth * 1e-9,
              m.link_latency * 1e6);
}

void validate(Communicator& comm, const Options& o, const MachineModel& m) {
  const auto [NX, NY] = parse_size(o.get("--lattice", "1024x1024"));
  const long steps = std::stol(o.get("--steps", "10"));
  if (comm.rank() == 0) {
    print_machine(m);
    std::printf("\n%dx%d lattice on %d ranks (walls)\n"
                "  tiling   overlap   measured [ms]   model [ms]   ratio   model: bulk  border  comm [ms]\n",
                NX, NY, comm.size());
  }
  for (int px = 1; px <= comm.size(); ++px) {
    if (comm.size() % px != 0) continue;
    const Tiling t{px, comm.size() / px, 1};
    if (!tiling_problem(Domain::whole(NX, NY), t, bench_lattice(o).reach).empty()) continue;
    for (bool overlap : {true, false}) {
      SolverConfig c = bench_config(NX, NY, o);
      c.backend = BackendKind::CPU;
      c.tiles = t;
      c.overlap = overlap;
      Solver s(c, comm);
      s.initialize();
      const double measured = step_time(comm, int(steps), s);
      const StepPrediction p = predict_step(s.decomposition(), bench_lattice(o), m, overlap);
      if (comm.rank() == 0)
        std::printf("  %-7s  %-7s  %13.3f  %11.3f   %5.2f   %11.3f %7.3f %6.3f\n", to_string(t).c_str(),
                    overlap ? "on" : "off", measured * 1e3, p.step * 1e3, measured / p.step,
                    p.bulk * 1e3, p.border * 1e3, p.comm * 1e3);
    }
  }
}

// One decomposed run as asked (backend, tiling, transport, overlap): the step time (slowest rank,
// median of 5 blocks) and the site update rate, beside the model's prediction when a machine is
// given; one `RESULT` line for scripts.
void time_run(Communicator& comm, const Options& o, const MachineModel* m) {
  const Domain g = parse_lattice(o.get("--lattice", "1024x1024"));
  SolverConfig c = bench_config(g.NX, g.NY, o, g.NZ);
  if (o.has("--tiles")) c.tiles = parse_tiling(o.get("--tiles", ""));
  c.transport = parse_transport(o.get("--transport", "auto"));
  c.overlap = o.get("--overlap", "1") != "0";
  const long steps = std::stol(o.get("--steps", "20"));
  Solver s(c, comm);
  s.initialize();
  const double t = step_time(comm, int(steps), s);
  const double rate = double(g.global_sites()) / t;
  const std::string transport = comm.size() > 1 ? to_string(s.backend().transport) : "none";
  const double predicted = m ? predict_step(s.decomposition(), bench_lattice(o), *m, c.overlap).step : 0.0;
  if (comm.rank() == 0) {
    std::printf("%s on %d rank%s, %s, transport %s, overlap %s: %.3f ms/step, %.3f G site/s", s.decomposition().describe().c_str(),
                comm.size(), comm.size() == 1 ? "" : "s", s.backend().description.c_str(), transport.c_str(),
                c.overlap ? "on" : "off", t * 1e3, rate * 1e-9);
    if (m) std::printf(" (model %.3f ms)", predicted * 1e3);
    std::printf("\nRESULT run ranks=%d lattice=%s tiles=%s transport=%s overlap=%d step_ms=%.4f gsites=%.4f model_ms=%.4f\n",
                comm.size(), to_string(Tiling{g.NX, g.NY, g.NZ}).c_str(), to_string(s.decomposition().tiling()).c_str(),
                transport.c_str(), c.overlap ? 1 : 0, t * 1e3, rate * 1e-9, predicted * 1e3);
  }
}

int run(Communicator& comm, int argc, char** argv) {
  const std::string usage =
      "usage: plume-scaling measure [--tile WxH[xD]] [--steps S] [--fp32] [--backend auto|cpu|cuda] [--out FILE]\n"
      "       plume-scaling validate [--lattice NXxNY] [--steps S] [--fp32] (--machine FILE | --reference cpu|gpu)\n"
      "       plume-scaling predict (--machine FILE | --reference cpu|gpu) [--lattice NXxNY] [--tile WxH]\n"
      "                             [--max-ranks R] [--walls 0|1] [--fp32]\n"
      "       plume-scaling time --lattice NXxNY[xNZ] [--tiles TXxTY[xTZ]] [--transport auto|host|cuda-aware|nccl|cuda-ipc]\n"
      "                          [--overlap 0|1] [--steps S] [--backend auto|cpu|cuda] [--fp32] [--machine FILE]\n"
      "--model NAME (any registered model: d2q37, d2q9, d3q19, ...; default d2q37) chooses the model that is measured\n"
      "and timed; `time` takes a 3-D lattice (NXxNYxNZ) for a 3-D model.\n";
  if (argc < 2) throw std::invalid_argument("no command\n" + usage);
  const std::string cmd = argv[1];
  const Options o = parse_options(argc, argv, 2);
  const int vb = o.has("--fp32") ? 4 : 8;
  const auto machine = [&] {
    if (o.has("--machine")) return read_machine(o.get("--machine", ""));
    const std::string ref = o.get("--reference", "");
    if (ref == "cpu") return cpu_reference_machine(vb);
    if (ref == "gpu") return gpu_reference_machine(vb, bench_lattice(o));
    throw std::invalid_argument("give --machine FILE (from plume-scaling measure) or --reference cpu|gpu");
  };
  if (cmd == "measure") {
    const MachineModel m = measure(comm, o);
    if (comm.rank() == 0) {
      print_machine(m);
      if (o.has("--out")) write_machine(m, o.get("--out", ""));
    }
  } else if (cmd == "validate") {
    validate(comm, o, machine());
  } else if (cmd == "time") {
    const MachineModel m = o.has("--machine") ? read_machine(o.get("--machine", "")) : MachineModel{};
    time_run(comm, o, o.has("--machine") ? &m : nullptr);
  } else if (cmd == "predict") {
    const Domain g = parse_lattice(o.get("--lattice", "1024x4096"));
    const Domain tile = parse_lattice(o.get("--tile", g.NZ > 1 ? "256x256x256" : "1024x1024"));
    const int max_ranks = std::stoi(o.get("--max-ranks", "1024"));
    const bool walls = o.get("--walls", "1") != "0";
    if (comm.rank() == 0)
      std::fputs(scaling_report(machine(), bench_lattice(o), g, tile, {true, !walls, g.NZ > 1}, max_ranks).c_str(),
                 stdout);
  } else {
    throw std::invalid_argument("unknown command '" + cmd + "'\n" + usage);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MpiSession mpi(argc, argv);
  try {
    return run(mpi.world(), argc, argv);
  } catch (const std::exception& e) {
    return handle_fatal(mpi.world(), e, "plume-scaling");
  }
}

#include "plume/parallel/perf_model.hpp"
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <stdexcept>
#include "plume/lattice/d2q37.hpp"
#include "plume/parallel/halo_plan.hpp"

namespace plume::parallel {

double effective_bandwidth(double bytes, double B0, double t0) { return bytes / (bytes / B0 + t0); }

double phase_time(const MachineModel& m, double bytes) {
  double t = m.link_latency + bytes / m.link_bandwidth;
  if (m.staging_bandwidth > 0) t += 2 * (m.staging_latency + bytes / m.staging_bandwidth);
  return t;
}

double box_time(const MachineModel& m, const Box& b) {
  if (b.empty()) return 0;
  return m.launch_overhead + (b.y1 - b.y0) * ((b.x1 - b.x0) + m.row_overhead) / m.site_rate;
}

double step_time(double bulk, double border, double comm, bool overlap) {
  return overlap ? std::max(bulk, comm) + border : bulk + comm + border;
}

StepPrediction predict_step(const Decomposition& d, const MachineModel& m, bool overlap) {
  using L = D2Q37;
  constexpr int crossing = crossing_values<L>();
  StepPrediction worst;
  for (int rank = 0; rank < d.ranks(); ++rank) {
    const Domain dom = d.domain(rank);
    const Neighbours nb = d.neighbours(rank);
    const StepRegions regions = step_regions(dom, nb, L::reach);
    double bulk = 0, border = 0, comm = 0, bytes = 0;
    int messages = 0;
    if (overlap) {
      bulk = box_time(m, regions.bulk);
      for (const Box& b : regions.borders) border += box_time(m, b);
    } else {
      bulk = box_time(m, regions.whole);
    }
    for (int axis = 0; axis < 2; ++axis) {
      double phase = 0;
      for (int f = 2 * axis; f < 2 * axis + 2; ++f) {
        if (nb[f].link != Link::Remote) continue;
        const int length = axis == 0 ? dom.ny : dom.nx + 2 * L::reach;
        phase += double(crossing) * length * m.value_bytes;
        ++messages;
      }
      if (phase > 0) comm += phase_time(m, phase);
      bytes += phase;
    }
    worst.step = std::max(worst.step, step_time(bulk, border, comm, overlap));
    worst.bulk = std::max(worst.bulk, bulk);
    worst.border = std::max(worst.border, border);
    worst.comm = std::max(worst.comm, comm);
    worst.halo_bytes = std::max(worst.halo_bytes, bytes);
    worst.messages = std::max(worst.messages, messages);
  }
  return worst;
}

std::vector<TilingChoice> rank_tilings(int NX, int NY, int ranks, bool periodic_y, const MachineModel& m,
                                       bool overlap) {
  std::vector<TilingChoice> out;
  for (int px = 1; px <= ranks; ++px) {
    if (ranks % px != 0) continue;
    const Tiling t{px, ranks / px};
    if (!tiling_problem(NX, NY, t, D2Q37::reach).empty()) continue;
    out.push_back({t, predict_step(Decomposition(NX, NY, t, periodic_y, D2Q37::reach), m, overlap)});
  }
  // Candidates come with px ascending; the stable sort keeps the longer rows first among equals.
  std::stable_sort(out.begin(), out.end(), [&](const TilingChoice& a, const TilingChoice& b) {
    return a.prediction.step < b.prediction.step;
  });
  return out;
}

Tiling choose_tiling(int NX, int NY, int ranks, bool periodic_y, const MachineModel& m, bool overlap) {
  const std::vector<TilingChoice> c = rank_tilings(NX, NY, ranks, periodic_y, m, overlap);
  if (c.empty())
    throw std::invalid_argument("no tiling of " + std::to_string(ranks) + " tiles fits the " + std::to_string(NX) +
                                "x" + std::to_string(NY) + " lattice (every tile needs at least " +
                                std::to_string(min_tile_side(D2Q37::reach)) + " sites in x and in y)");
  return c.front().tiling;
}

namespace {

std::string row(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string row(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

constexpr const char* kHeader =
    "  ranks  tiling     tile               bulk     border       comm   step(ov)   step(no)   Gsite/s   eff\n"
    "                                       [us]       [us]       [us]       [us]       [us]\n";

// bulk, border and comm are the largest over the ranks (with overlap); the steps the slowest rank's.
std::string table_row(int n, const Decomposition& d, const MachineModel& m, double sites, double t1) {
  const StepPrediction p = predict_step(d, m, true);
  const double serial = predict_step(d, m, false).step;
  const Domain t = d.domain(0);
  return row("%7d  %-9s  %5dx%-6d %10.1f %10.1f %10.1f %10.1f %10.1f %9.4g %5.2f\n", n, to_string(d.tiling()).c_str(),
             t.nx, t.ny, p.bulk * 1e6, p.border * 1e6, p.comm * 1e6, p.step * 1e6, serial * 1e6,
             sites / p.step * 1e-9, t1 / p.step);
}

}  // namespace

std::string scaling_report(const MachineModel& m, int NX, int NY, int tile_nx, int tile_ny, bool periodic_y,
                           int max_ranks) {
  std::string out = row("Machine: %s\n  site rate %.4g site updates/s, row overhead %.3g sites, update launch %.3g us\n"
                        "  link B0 %.4g GB/s, t0 %.3g us; staging %.4g GB/s, %.3g us; %d-byte values\n",
                        m.name.c_str(), m.site_rate, m.row_overhead, m.launch_overhead * 1e6,
                        m.link_bandwidth * 1e-9, m.link_latency * 1e6, m.staging_bandwidth * 1e-9,
                        m.staging_latency * 1e6, m.value_bytes);

  out += row("\nStrong scaling: %dx%d lattice, best tiling per rank count (overlap on)\n", NX, NY);
  out += kHeader;
  double t1 = 0;
  for (int n = 1; n <= max_ranks; n *= 2) {
    const std::vector<TilingChoice> c = rank_tilings(NX, NY, n, periodic_y, m, true);
    if (c.empty()) {
      out += row("%7d  no tiling fits (tiles under %d sites)\n", n, min_tile_side(D2Q37::reach));
      break;
    }
    if (n == 1) t1 = c.front().prediction.step;
    // Strong scaling: the efficiency is T1 / (n Tn), so the per-rank time is scaled by n.
    out += table_row(n, Decomposition(NX, NY, c.front().tiling, periodic_y, D2Q37::reach), m, double(NX) * NY,
                     t1 / n);
  }

  out += row("\nWeak scaling: %dx%d sites per rank, best tiling per rank count (overlap on)\n", tile_nx, tile_ny);
  out += kHeader;
  for (int n = 1; n <= max_ranks; n *= 2) {
    Decomposition best;
    double best_time = 0;
    for (int px = 1; px <= n; ++px) {
      if (n % px != 0) continue;
      const Tiling t{px, n / px};
      const Decomposition d(tile_nx * t.px, tile_ny * t.py, t, periodic_y, D2Q37::reach);
      const double time = predict_step(d, m, true).step;
      if (best_time == 0 || time < best_time) {
        best = d;
        best_time = time;
      }
    }
    if (n == 1) t1 = best_time;
    out += table_row(n, best, m, double(tile_nx) * tile_ny * n, t1);
  }
  return out;
}

}  // namespace plume::parallel

#include "plume/parallel/perf_model.hpp"
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <stdexcept>
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
  return m.launch_overhead + double(b.y1 - b.y0) * (b.z1 - b.z0) * ((b.x1 - b.x0) + m.row_overhead) / m.site_rate;
}

double step_time(double bulk, double border, double comm, bool overlap) {
  return overlap ? std::max(bulk, comm) + border : bulk + comm + border;
}

double step_time_beside(double bulk, double border, double border_work, double comm) {
  return std::max(bulk + border_work, comm + border);
}

StepPrediction predict_step(const Decomposition& d, const LatticeInfo& lattice, const MachineModel& m, bool overlap) {
  StepPrediction worst;
  for (int rank = 0; rank < d.ranks(); ++rank) {
    const Domain dom = d.domain(rank);
    const Neighbours nb = d.neighbours(rank);
    const StepRegions regions = step_regions(dom, nb, lattice.reach);
    double bulk = 0, border = 0, border_work = 0, comm = 0, bytes = 0;
    int messages = 0;
    if (overlap) {
      bulk = box_time(m, regions.bulk);
      for (const Box& b : regions.borders) {
        border += box_time(m, b);
        if (!b.empty()) border_work += box_time(m, b) - m.launch_overhead;
      }
    } else {
      bulk = box_time(m, regions.whole);
    }
    for (int axis = 0; axis < kAxes; ++axis) {
      // The face's cross-section: with halos along the axes that travelled before (halo_plan.hpp).
      double positions = 1;
      for (int c : cross_axes(axis)) positions *= dom.size(c) + (c < axis ? 2 * lattice.halo(c) : 0);
      double phase = 0;
      for (int f = 2 * axis; f < 2 * axis + 2; ++f) {
        if (nb[f].link != Link::Remote) continue;
        phase += double(lattice.crossing[axis]) * positions * m.value_bytes;
        ++messages;
      }
      if (phase > 0) comm += phase_time(m, phase);
      bytes += phase;
    }
    const bool beside = overlap && m.borders_beside_bulk;
    worst.step = std::max(worst.step, beside ? step_time_beside(bulk, border, border_work, comm)
                                             : step_time(bulk, border, comm, overlap));
    worst.bulk = std::max(worst.bulk, bulk);
    worst.border = std::max(worst.border, border);
    worst.comm = std::max(worst.comm, comm);
    worst.halo_bytes = std::max(worst.halo_bytes, bytes);
    worst.messages = std::max(worst.messages, messages);
  }
  return worst;
}

namespace {

// Every (px, py, pz) with px py pz = ranks, px ascending, then py (pz = 1 for a 2-D lattice).
template <class F>
void for_each_tiling(int ranks, bool three_d, F&& f) {
  for (int px = 1; px <= ranks; ++px) {
    if (ranks % px != 0) continue;
    const int rest = ranks / px;
    for (int py = 1; py <= rest; ++py) {
      if (rest % py != 0) continue;
      if (!three_d && py != rest) continue;
      f(Tiling{px, py, rest / py});
    }
  }
}

std::string lattice_text(const Domain& g) {
  return std::to_string(g.NX) + "x" + std::to_string(g.NY) + (g.NZ > 1 ? "x" + std::to_string(g.NZ) : "");
}

}  // namespace

std::vector<TilingChoice> rank_tilings(const Domain& global, int ranks, const Periodic& periodic,
                                       const LatticeInfo& lattice, const MachineModel& m, bool overlap) {
  std::vector<TilingChoice> out;
  for_each_tiling(ranks, global.NZ > 1, [&](const Tiling& t) {
    if (!tiling_problem(global, t, lattice.reach).empty()) return;
    out.push_back({t, predict_step(Decomposition(global, t, periodic, lattice.reach), lattice, m, overlap)});
  });
  // Candidates come with px, then py, ascending; the stable sort keeps the longer rows first among
  // equals.
  std::stable_sort(out.begin(), out.end(), [&](const TilingChoice& a, const TilingChoice& b) {
    return a.prediction.step < b.prediction.step;
  });
  return out;
}

Tiling choose_tiling(const Domain& global, int ranks, const Periodic& periodic, const LatticeInfo& lattice,
                     const MachineModel& m, bool overlap) {
  const std::vector<TilingChoice> c = rank_tilings(global, ranks, periodic, lattice, m, overlap);
  if (c.empty())
    throw std::invalid_argument("no tiling of " + std::to_string(ranks) + " tiles fits the " + lattice_text(global) +
                                " lattice (every tile needs at least " + std::to_string(min_tile_side(lattice.reach)) +
                                " sites in x and in y" + (global.NZ > 1 ? " and in z" : "") + ")");
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
std::string table_row(int n, const Decomposition& d, const LatticeInfo& lattice, const MachineModel& m, double sites,
                      double t1) {
  const StepPrediction p = predict_step(d, lattice, m, true);
  const double serial = predict_step(d, lattice, m, false).step;
  const Domain t = d.domain(0);
  const std::string side = std::to_string(t.nx) + "x" + std::to_string(t.ny) + (t.NZ > 1 ? "x" + std::to_string(t.nz) : "");
  return row("%7d  %-9s  %-12s %10.1f %10.1f %10.1f %10.1f %10.1f %9.4g %5.2f\n", n, to_string(d.tiling()).c_str(),
             side.c_str(), p.bulk * 1e6, p.border * 1e6, p.comm * 1e6, p.step * 1e6, serial * 1e6,
             sites / p.step * 1e-9, t1 / p.step);
}

}  // namespace

std::string scaling_report(const MachineModel& m, const LatticeInfo& lattice, const Domain& global, const Domain& tile,
                           const Periodic& periodic, int max_ranks) {
  std::string out = row("Machine: %s\n  site rate %.4g site updates/s, row overhead %.3g sites, update launch %.3g us\n"
                        "  link B0 %.4g GB/s, t0 %.3g us; staging %.4g GB/s, %.3g us; %d-byte values; borders %s\n",
                        m.name.c_str(), m.site_rate, m.row_overhead, m.launch_overhead * 1e6,
                        m.link_bandwidth * 1e-9, m.link_latency * 1e6, m.staging_bandwidth * 1e-9,
                        m.staging_latency * 1e6, m.value_bytes, m.borders_beside_bulk ? "beside the bulk" : "after it");

  out += row("\nStrong scaling: %s lattice, best tiling per rank count (overlap on)\n", lattice_text(global).c_str());
  out += kHeader;
  double t1 = 0;
  for (int n = 1; n <= max_ranks; n *= 2) {
    const std::vector<TilingChoice> c = rank_tilings(global, n, periodic, lattice, m, true);
    if (c.empty()) {
      out += row("%7d  no tiling fits (tiles under %d sites)\n", n, min_tile_side(lattice.reach));
      break;
    }
    if (n == 1) t1 = c.front().prediction.step;
    // Strong scaling: the efficiency is T1 / (n Tn), so the per-rank time is scaled by n.
    out += table_row(n, Decomposition(global, c.front().tiling, periodic, lattice.reach), lattice, m,
                     double(global.global_sites()), t1 / n);
  }

  out += row("\nWeak scaling: %s sites per rank, best tiling per rank count (overlap on)\n",
             lattice_text(Domain::whole(tile.nx, tile.ny, tile.nz)).c_str());
  out += kHeader;
  for (int n = 1; n <= max_ranks; n *= 2) {
    Decomposition best;
    double best_time = 0;
    for_each_tiling(n, tile.nz > 1, [&](const Tiling& t) {
      const Decomposition d(Domain::whole(tile.nx * t.px, tile.ny * t.py, tile.nz * t.pz), t, periodic, lattice.reach);
      const double time = predict_step(d, lattice, m, true).step;
      if (best_time == 0 || time < best_time) {
        best = d;
        best_time = time;
      }
    });
    if (n == 1) t1 = best_time;
    out += table_row(n, best, lattice, m, double(tile.sites()) * n, t1);
  }
  return out;
}

}  // namespace plume::parallel

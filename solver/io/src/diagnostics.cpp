#include "plume/io/diagnostics.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include "plume/parallel/communicator.hpp"

namespace plume::io {

namespace {

// The finite extremes of `o` into `into` (a side with no finite value takes no part).
void merge_extremes(PartialSums& into, const PartialSums& o) {
  if (!o.any) return;
  if (!into.any) {
    into.T_min = o.T_min;
    into.T_max = o.T_max;
    into.rho_min = o.rho_min;
    into.rho_max = o.rho_max;
    into.any = true;
  }
  into.T_min = std::min(into.T_min, o.T_min);
  into.T_max = std::max(into.T_max, o.T_max);
  into.rho_min = std::min(into.rho_min, o.rho_min);
  into.rho_max = std::max(into.rho_max, o.rho_max);
}

}  // namespace

PartialSums partial_sums(const Fields& f, const Domain& d) {
  PartialSums p;
  p.NX = d.NX;
  p.NY = d.NY;
  for (auto* v : {&p.mass, &p.mom_x, &p.mom_y, &p.energy, &p.kinetic, &p.T_sum, &p.sites}) v->assign(d.NY, 0.0);
  // Each row is summed alone, in x order, and extremes do not depend on order: the threads that
  // share the rows change no bit of the result.
  const double *Rho = f["rho"].data(), *Ux = f["ux"].data(), *Uy = f["uy"].data(), *Tf = f["T"].data();
#pragma omp parallel
  {
    PartialSums e;  // this thread's extremes
#pragma omp for schedule(static)
    for (int y = 0; y < f.ny; ++y) {
      double m = 0, mx = 0, my = 0, en = 0, k = 0, t = 0;
      for (int x = 0; x < f.nx; ++x) {
        const std::size_t i = f.at(x, y);
        const double rho = Rho[i], ux = Ux[i], uy = Uy[i], T = Tf[i];
        const double ke = 0.5 * rho * (ux * ux + uy * uy);
        m += rho;
        mx += rho * ux;
        my += rho * uy;
        k += ke;
        en += rho * T + ke;
        t += T;
        if (std::isfinite(T) && std::isfinite(rho)) {
          if (!e.any) {
            e.T_min = e.T_max = T;
            e.rho_min = e.rho_max = rho;
            e.any = true;
          }
          e.T_min = std::min(e.T_min, T);
          e.T_max = std::max(e.T_max, T);
          e.rho_min = std::min(e.rho_min, rho);
          e.rho_max = std::max(e.rho_max, rho);
        }
      }
      const int yg = f.y0 + y;
      p.mass[yg] = m;
      p.mom_x[yg] = mx;
      p.mom_y[yg] = my;
      p.energy[yg] = en;
      p.kinetic[yg] = k;
      p.T_sum[yg] = t;
      p.sites[yg] = f.nx;
    }
#pragma omp critical(plume_partial_sums)
    merge_extremes(p, e);
  }
  return p;
}

void combine(PartialSums& into, const PartialSums& o) {
  auto add = [](std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
  };
  add(into.mass, o.mass);
  add(into.mom_x, o.mom_x);
  add(into.mom_y, o.mom_y);
  add(into.energy, o.energy);
  add(into.kinetic, o.kinetic);
  add(into.T_sum, o.T_sum);
  add(into.sites, o.sites);
  merge_extremes(into, o);
}

std::vector<double> mean_temperature(const PartialSums& p) {
  std::vector<double> T(p.NY, 0.0);
  for (int y = 0; y < p.NY; ++y) T[y] = p.sites[y] > 0 ? p.T_sum[y] / p.sites[y] : 0.0;
  return T;
}

namespace {
double theta(double T, double T_down, double T_up) { return std::clamp((T - T_up) / (T_down - T_up), 0.0, 1.0); }
}  // namespace

double integral_width(const std::vector<double>& T_mean, double T_down, double T_up) {
  if (T_down == T_up) return 0.0;
  double w = 0.0;
  for (double T : T_mean) {
    const double th = theta(T, T_down, T_up);
    w += th * (1.0 - th);
  }
  return 6.0 * w;
}

// Height where theta first falls to `level` scanning up from the bottom (or down from the top),
// linearly interpolated between rows.
double threshold_width(const std::vector<double>& T_mean, double T_down, double T_up) {
  const int n = int(T_mean.size());
  if (T_down == T_up || n < 2) return 0.0;
  auto th = [&](int y) { return theta(T_mean[y], T_down, T_up); };
  auto crossing = [&](double level, int from, int to, int dir) {
    for (int y = from; y != to; y += dir) {
      const double a = th(y), b = th(y + dir);
      if ((a - level) * (b - level) <= 0.0 && a != b) return y + dir * (a - level) / (a - b);
    }
    return double(from);
  };
  // Bottom edge: theta falls through 0.9 going up; top edge: theta rises through 0.1 going down.
  const double lo = th(0) <= 0.9 ? 0.0 : crossing(0.9, 0, n - 1, +1);
  const double hi = th(n - 1) >= 0.1 ? double(n - 1) : crossing(0.1, n - 1, 0, -1);
  return std::max(0.0, hi - lo);
}

Diagnostics finish(const PartialSums& p, const d2q37::InitialState& s, long long step, double time) {
  Diagnostics d;
  d.step = step;
  d.time = time;
  for (int y = 0; y < p.NY; ++y) {
    d.mass += p.mass[y];
    d.momentum_x += p.mom_x[y];
    d.momentum_y += p.mom_y[y];
    d.energy += p.energy[y];
    d.kinetic += p.kinetic[y];
  }
  const std::vector<double> T = mean_temperature(p);
  d.width_integral = integral_width(T, s.T_down, s.T_up);
  d.width_threshold = threshold_width(T, s.T_down, s.T_up);
  d.T_min = p.T_min;
  d.T_max = p.T_max;
  d.rho_min = p.rho_min;
  d.rho_max = p.rho_max;
  return d;
}

Diagnostics compute_diagnostics(const Fields& f, const Domain& d, const d2q37::InitialState& s, long long step, double time) {
  return finish(partial_sums(f, d), s, step, time);
}

namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();

// combine() over the ranks, in place: every rank ends with the same global partials.
void combine_ranks(PartialSums& p, parallel::Communicator& comm) {
  std::vector<double>* rows[] = {&p.mass, &p.mom_x, &p.mom_y, &p.energy, &p.kinetic, &p.T_sum, &p.sites};
  std::vector<double> all;
  all.reserve(std::size(rows) * p.NY);
  for (const auto* r : rows) all.insert(all.end(), r->begin(), r->end());
  comm.allreduce(all.data(), all.size(), parallel::ReduceOp::Sum);
  for (std::size_t k = 0; k < std::size(rows); ++k) std::copy_n(all.begin() + k * p.NY, p.NY, rows[k]->begin());
  // One reduction for both extremes: minima of the minima and of the negated maxima. A block with
  // no finite value takes no part.
  double ext[4] = {kNone, kNone, kNone, kNone};
  if (p.any) ext[0] = p.T_min, ext[1] = p.rho_min, ext[2] = -p.T_max, ext[3] = -p.rho_max;
  comm.allreduce(ext, 4, parallel::ReduceOp::Min);
  p.any = ext[0] != kNone;
  if (p.any) p.T_min = ext[0], p.rho_min = ext[1], p.T_max = -ext[2], p.rho_max = -ext[3];
}

}  // namespace

Diagnostics compute_diagnostics(const Fields& local, const Domain& d, parallel::Communicator& comm,
                                const d2q37::InitialState& s, long long step, double time) {
  PartialSums p = partial_sums(local, d);
  combine_ranks(p, comm);
  return finish(p, s, step, time);
}

std::string Fault::message() const {
  const std::string what = std::isfinite(value) ? fmt::format("{} = {:.6g}", field, value)
                                                : fmt::format("{} is {}", field, std::isnan(value) ? "NaN" : "infinite");
  return fmt::format("the state became unphysical at step {}: {} at (x={}, y={}){}", step, what, x, y,
                     count > 1 ? fmt::format(", {} bad sites in all", count) : "");
}

namespace {

// The fields in the order the check looks at them: those that must be positive first (FieldInfo),
// then the others (D2Q37: rho, T_H, u_H x, u_H y).
std::vector<int> check_order(const Fields& f) {
  std::vector<int> order;
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < f.count(); ++k)
      if (f.info()[std::size_t(k)].positive == (pass == 0)) order.push_back(k);
  return order;
}

// What is wrong at site i, if anything: the index of the first field (in `order`) that is not
// finite or, where FieldInfo says so, not positive; -1 when the site is sound.
int fault_at(const Fields& f, const std::vector<int>& order, std::size_t i, double& v) {
  for (int k : order) {
    v = f[k][i];
    if (!std::isfinite(v) || (f.info()[std::size_t(k)].positive && v <= 0)) return k;
  }
  return -1;
}

}  // namespace

std::optional<Fault> find_fault(const Fields& f, long long step) {
  // The first bad site in row-major order and the number of them: the same with any threads.
  const std::vector<int> order = check_order(f);
  const int rows = f.ny * f.nz;
  long long count = 0, first = std::numeric_limits<long long>::max();
#pragma omp parallel for schedule(static) reduction(+ : count) reduction(min : first)
  for (int r = 0; r < rows; ++r)
    for (int x = 0; x < f.nx; ++x) {
      double v;
      const std::size_t i = std::size_t(r) * f.nx + x;
      if (fault_at(f, order, i, v) < 0) continue;
      ++count;
      first = std::min(first, (long long)i);
    }
  if (count == 0) return std::nullopt;
  const int x = int(first % f.nx), y = int(first / f.nx % f.ny), z = int(first / f.nx / f.ny);
  double v = 0;
  const int k = fault_at(f, order, std::size_t(first), v);
  return Fault{step, f.x0 + x, f.y0 + y, f.z0 + z, f.info()[std::size_t(k)].name, v, count};
}

std::optional<Fault> find_fault(const Fields& local, const Domain& d, parallel::Communicator& comm, long long step) {
  std::optional<Fault> fault = find_fault(local, step);
  if (comm.size() == 1) return fault;
  // The first bad site of the lattice has the smallest (z NY + y) NX + x (exact in a double up to
  // 2^53 sites).
  const auto key = [&](const Fault& f) { return (double(f.z) * d.NY + f.y) * d.NX + f.x; };
  double first = fault ? key(*fault) : kNone;
  comm.allreduce(&first, 1, parallel::ReduceOp::Min);
  if (first == kNone) return std::nullopt;
  double count = fault ? double(fault->count) : 0.0;
  comm.allreduce(&count, 1, parallel::ReduceOp::Sum);
  // The rank that holds the site tells the others what is wrong there.
  double owner = fault && key(*fault) == first ? double(comm.rank()) : kNone;
  comm.allreduce(&owner, 1, parallel::ReduceOp::Min);
  struct {
    double value;
    int field;
  } what{};
  if (comm.rank() == int(owner)) {
    what.value = fault->value;
    what.field = local.index(fault->field);
  }
  comm.broadcast(&what, sizeof what, int(owner));
  Fault f;
  f.step = step;
  const long long at = (long long)first;
  f.x = int(at % d.NX);
  f.y = int(at / d.NX % d.NY);
  f.z = int(at / d.NX / d.NY);
  f.count = (long long)count;
  f.value = what.value;
  f.field = local.info()[std::size_t(what.field)].name;
  return f;
}

}  // namespace plume::io

// The host side of reductions.hpp: row sums, extremes and the fault check over host Fields, and
// their combination over the ranks of a decomposed run.
#include "plume/reductions.hpp"
#include <algorithm>
#include <limits>
#include <stdexcept>
#include "plume/parallel/communicator.hpp"

namespace plume {

namespace {
constexpr double kNone = std::numeric_limits<double>::infinity();
}  // namespace

FaultRule fault_rule(const std::vector<FieldInfo>& fields) {
  if (fields.size() > 32) throw std::logic_error("the fault check takes at most 32 fields");
  FaultRule r;
  r.fields = int(fields.size());
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (fields[k].positive) r.positive |= 1u << k;
  return r;
}

RowSums empty_row_sums(const Domain& d, int fields, int own) {
  RowSums p;
  p.NX = d.NX;
  p.NY = d.NY;
  p.NZ = d.NZ;
  const std::size_t rows = std::size_t(p.rows());
  p.field.assign(std::size_t(fields), std::vector<double>(rows, 0.0));
  p.own.assign(std::size_t(own), std::vector<double>(rows, 0.0));
  p.sites.assign(rows, 0.0);
  p.min.assign(std::size_t(fields), 0.0);
  p.max.assign(std::size_t(fields), 0.0);
  p.any.assign(std::size_t(fields), 0);
  return p;
}

void merge_extremes(RowSums& into, const RowSums& o) {
  for (std::size_t k = 0; k < into.any.size(); ++k) {
    if (!o.any[k]) continue;
    if (!into.any[k]) {
      into.min[k] = o.min[k];
      into.max[k] = o.max[k];
      into.any[k] = 1;
    }
    into.min[k] = std::min(into.min[k], o.min[k]);
    into.max[k] = std::max(into.max[k], o.max[k]);
  }
}

RowSums row_sums(const Fields& f, const Domain& d) {
  const Model& m = f.model();
  const int nf = f.count(), own = m.own_row_sums();
  RowSums p = empty_row_sums(d, nf, own);
  const int rows = f.ny * f.nz;
  // Each row is summed alone, in x order, and extremes do not depend on order: the threads that
  // share the rows change no bit of the result.
#pragma omp parallel
  {
    RowSums e = empty_row_sums(Domain{}, nf, 0);  // this thread's extremes
    std::vector<double> q(std::size_t(own) + 1);
#pragma omp for schedule(static)
    for (int r = 0; r < rows; ++r) {
      const int y = r % f.ny, z = r / f.ny;
      const std::size_t row = std::size_t(f.z0 + z) * d.NY + std::size_t(f.y0 + y);
      for (int k = 0; k < nf; ++k) {
        const double* v = f.data(k) + f.at(0, y, z);
        double s = 0;
        for (int x = 0; x < f.nx; ++x) {
          s += v[x];
          if (std::isfinite(v[x])) {
            if (!e.any[k]) e.min[k] = e.max[k] = v[x], e.any[k] = 1;
            e.min[k] = std::min(e.min[k], v[x]);
            e.max[k] = std::max(e.max[k], v[x]);
          }
        }
        p.field[k][row] = s;
      }
      if (own > 0) {
        m.sum_row(f, y, z, q.data());
        for (int j = 0; j < own; ++j) p.own[j][row] = q[j];
      }
      p.sites[row] = f.nx;
    }
#pragma omp critical(plume_row_sums)
    merge_extremes(p, e);
  }
  return p;
}

void add_row_sums(RowSums& into, const RowSums& o) {
  auto add = [](std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
  };
  for (std::size_t k = 0; k < into.field.size(); ++k) add(into.field[k], o.field[k]);
  for (std::size_t k = 0; k < into.own.size(); ++k) add(into.own[k], o.own[k]);
  add(into.sites, o.sites);
  merge_extremes(into, o);
}

void allreduce_row_sums(RowSums& p, parallel::Communicator& comm) {
  std::vector<std::vector<double>*> rows;
  for (auto& v : p.field) rows.push_back(&v);
  for (auto& v : p.own) rows.push_back(&v);
  rows.push_back(&p.sites);
  const std::size_t n = std::size_t(p.rows());
  std::vector<double> all;
  all.reserve(rows.size() * n);
  for (const auto* r : rows) all.insert(all.end(), r->begin(), r->end());
  comm.allreduce(all.data(), all.size(), parallel::ReduceOp::Sum);
  for (std::size_t k = 0; k < rows.size(); ++k) std::copy_n(all.begin() + k * n, n, rows[k]->begin());
  // One reduction for both extremes: minima of the minima and of the negated maxima. A block with
  // no finite value of a field takes no part in its extremes.
  const std::size_t nf = p.min.size();
  std::vector<double> ext(2 * nf, kNone);
  for (std::size_t k = 0; k < nf; ++k)
    if (p.any[k]) ext[k] = p.min[k], ext[nf + k] = -p.max[k];
  comm.allreduce(ext.data(), ext.size(), parallel::ReduceOp::Min);
  for (std::size_t k = 0; k < nf; ++k) {
    p.any[k] = ext[k] != kNone;
    if (p.any[k]) p.min[k] = ext[k], p.max[k] = -ext[nf + k];
  }
}

namespace {
FieldSource source_of(const Fields& f, const FieldFormula& v) {
  return FieldSource::of(v, f.nx, f.ny, f.nz, [&](int k) { return f.data(k); });
}
}  // namespace

FieldRange field_range(const Fields& f, const FieldFormula& v, const Box& b, int mask) {
  if (b.empty() || b.x0 < 0 || b.y0 < 0 || b.z0 < 0 || b.x1 > f.nx || b.y1 > f.ny || b.z1 > f.nz)
    throw std::invalid_argument("field_range: the box is empty or leaves the block");
  const FieldSource src = source_of(f, v);
  const double* m = mask >= 0 ? f.data(mask) : nullptr;
  const long long n = b.sites();
  FieldRange r;
  // Extremes and a count: the same bits whatever the threads' shares (signed zeros ordered).
#pragma omp parallel
  {
    FieldRange mine;
#pragma omp for schedule(static)
    for (long long i = 0; i < n; ++i) add_box_site(mine, src, m, b, i);
#pragma omp critical(plume_field_range)
    merge_range(r, mine);
  }
  return r;
}

void field_values(const Fields& f, const FieldFormula* v, int n, int x, int y, int z, double* out) {
  if (x < 0 || y < 0 || z < 0 || x >= f.nx || y >= f.ny || z >= f.nz)
    throw std::invalid_argument("field_values: the site is outside the block");
  for (int i = 0; i < n; ++i) out[i] = source_of(f, v[i]).at(x, y, z);
}

void allreduce_range(FieldRange& r, parallel::Communicator& comm) {
  if (comm.size() == 1) return;
  double ext[4] = {r.lo, -r.hi, r.lo_all, -r.hi_all};
  comm.allreduce(ext, 4, parallel::ReduceOp::Min);
  double kept = double(r.kept);
  comm.allreduce(&kept, 1, parallel::ReduceOp::Sum);
  r.lo = ext[0];
  r.hi = -ext[1];
  r.lo_all = ext[2];
  r.hi_all = -ext[3];
  r.kept = (long long)kept;
}

std::optional<Fault> find_fault(const Fields& f, long long step) {
  // The first bad site in row-major order and the number of them: the same with any threads.
  const FaultRule rule = fault_rule(f.info());
  const int rows = f.ny * f.nz;
  long long count = 0, first = std::numeric_limits<long long>::max();
#pragma omp parallel for schedule(static) reduction(+ : count) reduction(min : first)
  for (int r = 0; r < rows; ++r)
    for (int x = 0; x < f.nx; ++x) {
      const std::size_t i = std::size_t(r) * f.nx + x;
      double v;
      if (bad_field(rule, [&](int k) { return f[k][i]; }, v) < 0) continue;
      ++count;
      first = std::min(first, (long long)i);
    }
  if (count == 0) return std::nullopt;
  const int x = int(first % f.nx), y = int(first / f.nx % f.ny), z = int(first / f.nx / f.ny);
  double v = 0;
  const int k = bad_field(rule, [&](int j) { return f[j][std::size_t(first)]; }, v);
  return Fault{step, f.x0 + x, f.y0 + y, f.z0 + z, f.info()[std::size_t(k)].name, v, count, f.nz > 1};
}

std::optional<Fault> allreduce_fault(const std::optional<Fault>& fault, const Model& m, const Domain& d,
                                     parallel::Communicator& comm, long long step) {
  if (comm.size() == 1) {
    if (!fault) return std::nullopt;
    Fault f = *fault;
    f.three_d = d.NZ > 1;  // a backend's own fault does not say
    return f;
  }
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
  const std::vector<FieldInfo>& fields = m.fields();
  struct {
    double value;
    int field;
  } what{};
  if (comm.rank() == int(owner)) {
    what.value = fault->value;
    for (std::size_t k = 0; k < fields.size(); ++k)
      if (fault->field == fields[k].name) what.field = int(k);
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
  f.field = fields[std::size_t(what.field)].name;
  f.three_d = d.NZ > 1;
  return f;
}

}  // namespace plume

// What the diagnostics and the health check make of the stored fields, for any model, written once
// for the host and the device: the row sums and extremes (RowSums, model.hpp), a model's own row
// quantities (its Traits::add_row_site), and the fault check (a value that is not finite, or not
// positive in a field that FieldInfo marks positive).
//
// The host functions below work on host Fields (the CPU backend, io/diagnostics, the GUI); the
// CUDA backend runs the same per-row and per-site code over its device fields
// (src/cuda/reduction_kernels.cuh), one thread per row summing in x order, so that a row's sums
// have the host's bits for the same fields. Rows are never split: the host has always summed a
// row in x order, and the diagnostics keep their bits.
#pragma once
#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>
#include "plume/fields.hpp"
#include "plume/grid/domain.hpp"
#include "plume/derived.hpp"
#include "plume/hd.hpp"
#include "plume/model.hpp"
#include "plume/model_contract.hpp"
#include "plume/strict.hpp"

namespace plume {

namespace parallel {
class Communicator;
}

// A site where the state is no longer physical: a non-finite value of any field, or a value <= 0
// of a field that the model marks positive (FieldInfo::positive: D2Q37's rho and T_H).
struct Fault {
  long long step = 0;
  int x = 0, y = 0, z = 0;  // global coordinates of the first bad site (lowest z, then y, then x)
  std::string field;        // the field's name (FieldInfo): "rho", "ux", "uy" or "T"
  double value = 0;
  long long count = 0;      // bad sites (in the block, or in the lattice once combined over ranks)
  bool three_d = false;     // the lattice is 3-D: the site is named with its z
};

// The fault check's rule for a model's fields: how many, and which must be positive (bit k: field k).
struct FaultRule {
  int fields = 0;
  unsigned positive = 0;
};
FaultRule fault_rule(const std::vector<FieldInfo>& fields);

PLUME_HD PLUME_FORCEINLINE bool is_finite(double v) {
#if defined(__CUDA_ARCH__)
  return isfinite(v);
#else
  return std::isfinite(v);
#endif
}

// What is wrong at one site, if anything: the first field, looking at those that must be positive
// first and then the others (each in the model's order), whose value(k) is not finite or, where
// the rule says so, not positive; that value into v. -1 when the site is sound.
template <class Value>
PLUME_HD int bad_field(const FaultRule& r, const Value& value, double& v) {
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < r.fields; ++k) {
      const bool positive = (r.positive >> k) & 1u;
      if (positive != (pass == 0)) continue;
      v = value(k);
      if (!is_finite(v) || (positive && v <= 0)) return k;
    }
  return -1;
}

// --- a model's own row quantities ----------------------------------------------------------
// A model with quantities of its own per row (beyond the sums of its stored fields) states them
// in its traits (kOwnRowSums, add_row_site, kRowPasses: plume/model_contract.hpp), and every
// backend and the host diagnostics run that one code, row by row, in x order. What one site's
// share (add_row_site) sees of its row:
struct RowSite {
  int x = 0;   // global x
  int NX = 0;  // the lattice's width
  int n = 0;   // sites of this block's row
  int pass = 0;
  // The sums of the stored fields over this block's row (in x order), for passes after the first.
  const double* row_fields = nullptr;
};

// Model M's own quantities of one block row of nx sites whose first lies at global x0, value(k, x)
// giving field k at local x: out[0 .. kOwnRowSums). row_fields: the row's sums of the stored
// fields, which a model of more than one pass reads.
template <class M, class Value>
PLUME_HD void row_quantities(const Value& value, int nx, int x0, int NX, const double* row_fields, double* out) {
  constexpr int Q = own_row_sums_of<M>::value;
  for (int q = 0; q < Q; ++q) out[q] = 0.0;
  for (int pass = 0; pass < row_passes_of<M>::value; ++pass)
    for (int x = 0; x < nx; ++x) {
      double v[M::kFields];
      for (int k = 0; k < M::kFields; ++k) v[k] = value(k, x);
      RowSite s;
      s.x = x0 + x;
      s.NX = NX;
      s.n = nx;
      s.pass = pass;
      s.row_fields = row_fields;
      M::add_row_site(v, s, out);
    }
}

// --- the colour range and the values at a site (plume-gui) ----------------------------------
// The extremes of one field's finite values over a box of sites. A site that a mask field marks
// (non-zero: a solid site, whose value means nothing to the flow) is left out of lo/hi but not out
// of lo_all/hi_all; `kept` counts the box's sites the mask leaves. lo > hi: no finite value.
// Signed zeros are ordered -0 < +0, so the extremes have the same bits in any order of the sites
// (threads, a GPU's blocks).
struct FieldRange {
  double lo = INFINITY, hi = -INFINITY;
  double lo_all = INFINITY, hi_all = -INFINITY;
  long long kept = 0;
};

PLUME_HD PLUME_FORCEINLINE bool sign_bit(double v) {
#if defined(__CUDA_ARCH__)
  return signbit(v);
#else
  return std::signbit(v);
#endif
}
PLUME_HD PLUME_FORCEINLINE double lower(double a, double b) { return b < a || (b == a && sign_bit(b)) ? b : a; }
PLUME_HD PLUME_FORCEINLINE double higher(double a, double b) { return b > a || (b == a && !sign_bit(b)) ? b : a; }

// One site's value v into r (`kept`: the mask leaves the site).
PLUME_HD PLUME_FORCEINLINE void add_to_range(FieldRange& r, double v, bool kept) {
  r.kept += kept ? 1 : 0;
  if (!is_finite(v)) return;
  r.lo_all = lower(r.lo_all, v);
  r.hi_all = higher(r.hi_all, v);
  if (!kept) return;
  r.lo = lower(r.lo, v);
  r.hi = higher(r.hi, v);
}
PLUME_HD PLUME_FORCEINLINE void merge_range(FieldRange& into, const FieldRange& o) {
  into.lo = lower(into.lo, o.lo);
  into.hi = higher(into.hi, o.hi);
  into.lo_all = lower(into.lo_all, o.lo_all);
  into.hi_all = higher(into.hi_all, o.hi_all);
  into.kept += o.kept;
}

// The range of the field `src` over the sites of box b of a block, i-th site (x fastest, then y,
// then z, from the box's corner) and its mask value: one code for the host loop and the GPU's
// threads.
PLUME_HD PLUME_FORCEINLINE void add_box_site(FieldRange& r, const FieldSource& src, const double* mask, const Box& b,
                                             long long i) {
  const int w = b.x1 - b.x0, h = b.y1 - b.y0;
  const int x = b.x0 + int(i % w), y = b.y0 + int(i / w % h), z = b.z0 + int(i / w / h);
  const bool kept = !mask || mask[(std::size_t(z) * src.in.ny + y) * src.in.nx + x] == 0.0;
  add_to_range(r, src.at(x, y, z), kept);
}

// --- on the host ---------------------------------------------------------------------------

// The row sums of the block `f` (its rows indexed by global row, z NY + y, over the lattice of
// `d`) and its fields' extremes: every row summed alone in x order, whatever the threads.
RowSums row_sums(const Fields& f, const Domain& d);
// Empty row sums of `fields` stored fields and `own` row quantities over the lattice of `d`.
RowSums empty_row_sums(const Domain& d, int fields, int own);
// `o` added into `into` (rows) and its extremes merged (a side with no finite value takes no part).
void add_row_sums(RowSums& into, const RowSums& o);
void merge_extremes(RowSums& into, const RowSums& o);
// add_row_sums over the ranks, in place: every rank ends with the whole lattice's row sums, each
// row added over the ranks, and the exact extremes.
void allreduce_row_sums(RowSums& p, parallel::Communicator& comm);

// The range of field `v` of block `f` over the local sites of box b (inside the block), leaving
// out of lo/hi the sites where stored field `mask` is not 0 (-1: no mask). Any threads, same bits.
FieldRange field_range(const Fields& f, const FieldFormula& v, const Box& b, int mask);
// The values of the fields v[0 .. n) at local site (x, y, z) of block `f`, into out.
void field_values(const Fields& f, const FieldFormula* v, int n, int x, int y, int z, double* out);
// The range of a box cut by the ranks' blocks: extremes and kept sites over the ranks, in place.
void allreduce_range(FieldRange& r, parallel::Communicator& comm);

// The first bad site of block `f` (lowest z, then y, then x; global coordinates) and the number of
// them, the same with any threads.
std::optional<Fault> find_fault(const Fields& f, long long step);
// Collective over the ranks, each passing the fault of its own block of model m's lattice `d`: the
// first bad site of the whole lattice and the number of bad sites on all ranks, on every rank.
std::optional<Fault> allreduce_fault(const std::optional<Fault>& local, const Model& m, const Domain& d,
                                     parallel::Communicator& comm, long long step);

}  // namespace plume

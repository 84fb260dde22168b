// Integral diagnostics of a run (spec section 8) and the health check that stops a run that has
// blown up, for any model: plume sums every stored field per global row and takes its extremes;
// the model adds its own row quantities and turns the sums into its numbers (Model::diagnostics,
// sum_row, diagnose; D2Q37's in d2q37/diagnostics.hpp).
//
// The reduction is in two stages so that a distributed run can use it unchanged: every block
// computes row-wise partial sums over its own sites (partial_sums), the blocks' partials are
// added (combine; with MPI an allreduce with a sum on the per-row arrays and min/max on the
// extremes), and finish() turns the global partials into numbers. Sums run per global row and
// then over rows in order, so the result does not depend on how the lattice is split.
//
// The functions here take host fields (plume/reductions.hpp has the code they share with the
// backends). A run takes the same numbers from the solver instead, computed where the
// populations are (Snapshot::diagnostic_sums, Snapshot::find_fault: on a GPU only the row sums and
// the fault cross to the host), and makes them into diagnostics with finish().
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/reductions.hpp"

namespace plume::parallel {
class Communicator;
}

namespace plume::io {

// Per global row (NY NZ entries each): sums over the sites of the row held by this block.
using PartialSums = RowSums;

struct Diagnostics {
  long long step = 0;
  double time = 0;
  std::vector<QuantityInfo> quantities;  // the model's (Model::diagnostics())
  std::vector<double> values;            // one per quantity
  // The value of the quantity of that name; throws std::out_of_range naming it.
  double at(const std::string& name) const;
};

PartialSums partial_sums(const Fields& f, const Domain& d);
void combine(PartialSums& into, const PartialSums& other);
// The model's numbers (the fields' model) with the run's setup.
Diagnostics finish(const PartialSums& p, const Model& m, const AnySetup& setup, long long step, double time);

// Single-block convenience: partial_sums + finish.
Diagnostics compute_diagnostics(const Fields& f, const Domain& d, const AnySetup& setup, long long step, double time);
// Collective over the communicator's ranks, each passing the fields of its own block `d` (whose
// global size is the lattice's): the diagnostics of the whole lattice. Row sums are added over the
// ranks, so a tiling that cuts rows changes the totals by round-off only; the extremes are exact.
Diagnostics compute_diagnostics(const Fields& local, const Domain& d, parallel::Communicator& comm,
                                const AnySetup& setup, long long step, double time);

// A site where the state is no longer physical (plume/reductions.hpp), with the message a run
// stops with.
struct Fault : plume::Fault {
  Fault() = default;
  Fault(const plume::Fault& f) : plume::Fault(f) {}  // implicit: what the solver finds
  std::string message() const;
};
std::optional<Fault> find_fault(const Fields& f, long long step);
// Collective over the communicator's ranks, each passing its own block `d`: the first bad site of
// the whole lattice and the number of bad sites on all ranks, the same on every rank.
std::optional<Fault> find_fault(const Fields& local, const Domain& d, parallel::Communicator& comm, long long step);

}  // namespace plume::io

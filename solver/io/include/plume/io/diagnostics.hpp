// Integral diagnostics of a run (spec section 8) and the health check that stops a run that has
// blown up.
//
// The reduction is in two stages so that a distributed run can use it unchanged: every block
// computes row-wise partial sums over its own sites (partial_sums), the blocks' partials are
// added (combine; with MPI an MPI_Allreduce with MPI_SUM on the per-row arrays and MPI_MIN/MAX on
// the extremes), and finish() turns the global partials into numbers. Sums run per global row and
// then over rows in order, so the result does not depend on how y is split.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "d2q37/rayleigh_taylor.hpp"

namespace plume::parallel {
class Communicator;
}

namespace plume::io {

// Per global row y (NY entries each): sums over the sites of the row held by this block.
struct PartialSums {
  int NX = 0, NY = 0;
  std::vector<double> mass, mom_x, mom_y, energy, kinetic, T_sum, sites;
  double T_min = 0, T_max = 0, rho_min = 0, rho_max = 0;  // over this block's finite values
  bool any = false;                                       // extremes are set
};

struct Diagnostics {
  long long step = 0;
  double time = 0;
  double mass = 0;                      // sum rho
  double momentum_x = 0, momentum_y = 0;  // sum rho u_H
  double energy = 0;                    // sum rho (T_H + |u_H|^2 / 2), internal (D/2 T per mass, D = 2) + kinetic
  double kinetic = 0;                   // sum rho |u_H|^2 / 2
  double width_integral = 0;            // 6 sum_y theta (1 - theta), sites
  double width_threshold = 0;           // between theta = 0.9 and theta = 0.1, sites
  double T_min = 0, T_max = 0, rho_min = 0, rho_max = 0;
};

PartialSums partial_sums(const Fields& f, const Domain& d);
void combine(PartialSums& into, const PartialSums& other);
// theta = (<T_H>_x - T_up) / (T_down - T_up) with the initial state's temperatures.
Diagnostics finish(const PartialSums& p, const d2q37::InitialState& s, long long step, double time);
// Horizontal mean of T_H per global row.
std::vector<double> mean_temperature(const PartialSums& p);
// Both widths of a mean temperature profile (sites); 0 when T_down == T_up.
double integral_width(const std::vector<double>& T_mean, double T_down, double T_up);
double threshold_width(const std::vector<double>& T_mean, double T_down, double T_up);

// Single-block convenience: partial_sums + finish.
Diagnostics compute_diagnostics(const Fields& f, const Domain& d, const d2q37::InitialState& s, long long step, double time);
// Collective over the communicator's ranks, each passing the fields of its own block `d` (whose
// global size is the lattice's): the diagnostics of the whole lattice. Row sums are added over the
// ranks, so a tiling that cuts rows changes the totals by round-off only; the extremes are exact.
Diagnostics compute_diagnostics(const Fields& local, const Domain& d, parallel::Communicator& comm,
                                const d2q37::InitialState& s, long long step, double time);

// A site where the state is no longer physical: a non-finite value of any field, or a value <= 0
// of a field that the model marks positive (FieldInfo: D2Q37's rho and T_H).
struct Fault {
  long long step = 0;
  int x = 0, y = 0, z = 0;  // global coordinates of the first bad site (lowest z, then y, then x)
  std::string field;        // the field's name (FieldInfo): "rho", "ux", "uy" or "T"
  double value = 0;
  long long count = 0;   // bad sites in the block
  std::string message() const;
};
std::optional<Fault> find_fault(const Fields& f, long long step);
// Collective over the communicator's ranks, each passing its own block `d`: the first bad site of
// the whole lattice and the number of bad sites on all ranks, the same on every rank.
std::optional<Fault> find_fault(const Fields& local, const Domain& d, parallel::Communicator& comm, long long step);

}  // namespace plume::io

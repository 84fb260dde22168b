// The diffusion model's diagnostics, beside the sum and extremes of T that plume computes for every
// model: the sum of T (conserved on a periodic box: the scheme moves T between neighbours and
// creates none), the spread of T about its mean (its root mean square deviation, which every case
// loses as it diffuses) and the amplitude of the case: the sine mode's, or the blob's peak above
// the background.
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::diffusion {

// diagnostics.csv's columns after step and time, in order.
std::vector<QuantityInfo> diagnostic_quantities();
// The row quantity: the sum of (T - the row's mean)^2, from which the lattice's variance follows
// row by row without the cancellation of sum T^2 - N mean^2.
constexpr int kOwnRowSums = 1;
void sum_row(const Fields& f, int y, int z, double* out);
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::diffusion

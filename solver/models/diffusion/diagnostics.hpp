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
// From the row sums of T and of the row quantity (Traits::add_row_site: the sum of
// (T - the row's mean)^2).
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::diffusion

// D2Q9's own diagnostics, beside the sums and extremes of the stored fields that plume computes
// for every model: the mass, the momentum, the kinetic energy and the mean speed (the "average
// velocity" of the seed-001 benchmark: the mean of |u| over the sites).
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::d2q9 {

// diagnostics.csv's columns after step and time, in order.
std::vector<QuantityInfo> diagnostic_quantities();
// The row quantities: sum rho u_x, sum rho u_y, sum rho |u|^2 / 2, sum |u|.
constexpr int kOwnRowSums = 4;
void sum_row(const Fields& f, int y, int z, double* out);
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::d2q9

// D2Q9's own diagnostics, beside the sums and extremes of the stored fields that plume computes
// for every model: over the fluid sites, the mass, the momentum, the kinetic energy, the mean
// speed (the "average velocity" of the seed-001 benchmark: the mean of |u|) and the mean velocity
// along x; the force on the solids (momentum exchange) with its drag and lift coefficients and
// the Reynolds number (params.hpp, Reference); and the pressure drop from the first column to the
// last.
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::d2q9 {

// diagnostics.csv's columns after step and time, in order.
std::vector<QuantityInfo> diagnostic_quantities();
// The row quantities: over the row's fluid sites, sum rho, rho u_x, rho u_y, rho |u|^2 / 2,
// |u|, u_x and the count; and sum rho and the count of the fluid sites in the first and last
// columns.
constexpr int kOwnRowSums = 11;
void sum_row(const Fields& f, int y, int z, double* out);
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::d2q9

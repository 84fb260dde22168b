// D2Q9's own diagnostics, beside the sums and extremes of the stored fields that plume computes
// for every model: over the fluid sites, the mass, the momentum, the kinetic energy, the mean
// speed (the "average velocity" of the seed-001 benchmark: the mean of |u|) and the mean velocity
// along x; the force on the solids (momentum exchange) with its drag and lift coefficients and
// the Reynolds number (params.hpp, Reference); the pressure drop from the first column to the
// last; and in a channel between the walls, the error of its velocity profile against the exact
// steady one (Couette, Poiseuille).
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::d2q9 {

// diagnostics.csv's columns after step and time, in order.
std::vector<QuantityInfo> diagnostic_quantities();
// From the row sums of the stored fields and of the row quantities (Traits::add_row_site).
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::d2q9

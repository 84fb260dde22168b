// D2Q37's own diagnostics (spec section 8), beside the sums and extremes of the stored fields that
// plume computes for every model: the momentum, the energy (internal, D/2 T per mass with D = 2,
// plus kinetic), the kinetic energy, and the Rayleigh–Taylor case's two mixing widths.
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::d2q37 {

// diagnostics.csv's columns after step and time, in order.
std::vector<QuantityInfo> diagnostic_quantities();
// From the row sums of the stored fields and of the row quantities (Traits::add_row_site: sum
// rho u_H x, sum rho u_H y, sum rho (T_H + |u_H|^2 / 2), sum rho |u_H|^2 / 2).
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

// Horizontal mean of T_H per global row.
std::vector<double> mean_temperature(const RowSums& r);
// Both widths of a mean temperature profile (sites), theta = (<T_H>_x - T_up) / (T_down - T_up):
// 6 sum_y theta (1 - theta), and the height between theta = 0.9 and theta = 0.1; 0 when
// T_down == T_up.
double integral_width(const std::vector<double>& T_mean, double T_down, double T_up);
double threshold_width(const std::vector<double>& T_mean, double T_down, double T_up);

}  // namespace plume::d2q37

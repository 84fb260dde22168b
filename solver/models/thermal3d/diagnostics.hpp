// Thermal convection's own diagnostics, beside the sums and extremes of the stored fields that
// plume computes for every model: the kinetic energy, the Nusselt number in its volume form
// Nu = 1 + <u_z T> H / (kappa dT) and at each wall (the temperature gradient there, from the
// horizontal mean of the first and last layers, which lie half a site from the walls), and the
// mixing width of a Rayleigh–Taylor layer, 6 times the integral over z of theta (1 - theta),
// theta = (<T> - t_cold) / dT the horizontal mean (a linear ramp of width h gives h).
#pragma once
#include <vector>
#include "plume/fields.hpp"

namespace plume::thermal3d {

std::vector<QuantityInfo> diagnostic_quantities();
// From the row sums of the stored fields and of the row quantities (Traits::add_row_site).
std::vector<double> diagnose(const RowSums& r, const AnySetup& setup);

}  // namespace plume::thermal3d

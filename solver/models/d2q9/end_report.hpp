// D2Q9's end-of-run report around solids (Model::end_report): the drag and lift coefficients and,
// when the lift oscillates, the Strouhal number; the Schäfer–Turek cylinder's numbers, its pressure
// difference Delta p among them.
#pragma once
#include <array>
#include <string>
#include <vector>
#include "plume/end_report.hpp"
#include "plume/model.hpp"
#include "d2q9/params.hpp"

namespace plume::d2q9 {

// "drag_coefficient", "lift_coefficient", "solid_sites": the diagnostics it is made from.
std::vector<std::string> reported_histories();
// Nothing without solid sites or a reference velocity and length (no coefficients).
EndReport end_report(const std::vector<TimeSeries>& h, const AnySetup& setup);

// The pressure difference across a body (Reference::centre_x, centre_y): the sites around its two
// points, four a point in pressure_difference's order, inside the lattice of nx x ny sites; none
// when no centre is set.
std::vector<std::array<int, 3>> pressure_sites(const Params& p, int nx, int ny);
// p(front) - p(rear) in lattice units from the stored fields of pressure_sites' sites: each
// point's p = rho c_s^2 interpolated bilinearly between its four sites, a solid one left out and
// the weights of the others scaled up to 1. NaN where a point has no fluid site with a weight.
double pressure_difference(const Params& p, int nx, int ny, const std::vector<std::vector<double>>& site_fields);
// Adds to r (the report of end_report, not empty) the pressure difference, in lattice units and
// over rho_0 U^2.
void add_pressure_difference(EndReport& r, const AnySetup& setup, int nx, int ny,
                             const std::vector<std::vector<double>>& site_fields);

}  // namespace plume::d2q9

// D2Q9's end-of-run report around solids (Model::end_report): the drag and lift coefficients and,
// when the lift oscillates, the Strouhal number; the Schäfer–Turek cylinder's numbers.
#pragma once
#include <string>
#include <vector>
#include "plume/end_report.hpp"
#include "plume/model.hpp"

namespace plume::d2q9 {

// "drag_coefficient", "lift_coefficient", "solid_sites": the diagnostics it is made from.
std::vector<std::string> reported_histories();
// Nothing without solid sites or a reference velocity and length (no coefficients).
EndReport end_report(const std::vector<TimeSeries>& h, const AnySetup& setup);

}  // namespace plume::d2q9

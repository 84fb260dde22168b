#include "diffusion/diagnostics.hpp"
#include <cmath>
#include "diffusion/model.hpp"

namespace plume::diffusion {

namespace {
constexpr int kT = field_index(Traits<3>::field_list, "T");
static_assert(kT == 0, "the diagnostics read T");
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"sum_T", "lu"}, {"T_min", "lu"}, {"T_max", "lu"}, {"T_rms", "lu"}, {"amplitude", "lu"}};
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) {
  const Initial& init = setup.as<Setup>().initial;
  const double n = RowSums::total(r.sites), sum = RowSums::total(r.field[kT]), mean = sum / n;
  // The rows' spreads about their own means, plus each row's mean about the lattice's (Chan et al.).
  double m2 = 0;
  for (int row = 0; row < r.rows(); ++row) {
    const double rn = r.sites[std::size_t(row)];
    if (rn == 0) continue;
    const double d = r.field[kT][std::size_t(row)] / rn - mean;
    m2 += r.own[0][std::size_t(row)] + rn * d * d;
  }
  const double rms = std::sqrt(m2 / n);
  // The sine mode has mean 0 and mean square 1/2 along each axis with a wave number (1 along the
  // others): its amplitude is the rms times sqrt(2) per such axis.
  double amplitude = r.max[kT] - init.background;
  if (init.start == Start::Sine) {
    amplitude = rms;
    const int N[3] = {r.NX, r.NY, r.NZ};
    for (int a = 0; a < 3; ++a)
      if (sine_axis(init.k[a], N[a])) amplitude *= std::sqrt(2.0);
  }
  return {sum, r.min[kT], r.max[kT], rms, amplitude};
}

}  // namespace plume::diffusion

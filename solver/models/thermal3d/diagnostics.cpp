#include "thermal3d/diagnostics.hpp"
#include <cmath>
#include "thermal3d/model.hpp"

namespace plume::thermal3d {

namespace {
constexpr int field(const char* name) { return field_index(Traits::field_list, name); }
constexpr int kRho = field("rho"), kT = field("T");
static_assert(kRho >= 0 && kT >= 0, "the diagnostics read these fields");
// The row sums' places.
constexpr int kKe = Traits::kKe, kUzT = Traits::kUzT;
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"kinetic_energy", "lu"}, {"nusselt", "1"},      {"nusselt_bottom", "1"}, {"nusselt_top", "1"},
          {"mixing_width", "sites"}, {"T_mean", "lu"},     {"T_min", "lu"},         {"T_max", "lu"},
          {"mass", "lu"}};
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) {
  const Params& p = setup.as<Setup>().physics;
  const double dT = p.t_hot - p.t_cold, H = r.NZ, kappa = diffusivity(p);
  const double sites = RowSums::total(r.sites);
  // The horizontal mean of T in layer z, and the mixing width's integral over the layers.
  const auto layer = [&](int z) {
    double t = 0, n = 0;
    for (int y = 0; y < r.NY; ++y) t += r.field[kT][std::size_t(z) * r.NY + y], n += r.sites[std::size_t(z) * r.NY + y];
    return t / n;
  };
  double width = 0;
  for (int z = 0; z < r.NZ; ++z) {
    const double theta = (layer(z) - p.t_cold) / dT;
    width += 6.0 * theta * (1.0 - theta);
  }
  const double nan = std::nan("");
  const bool heated = dT != 0 && kappa > 0;
  const double uzT = RowSums::total(r.own[kUzT]) / sites;
  return {RowSums::total(r.own[kKe]),
          heated ? 1.0 + uzT * H / (kappa * dT) : nan,
          dT != 0 ? (p.t_hot - layer(0)) / 0.5 * H / dT : nan,
          dT != 0 ? (layer(r.NZ - 1) - p.t_cold) / 0.5 * H / dT : nan,
          dT != 0 ? width : nan,
          RowSums::total(r.field[kT]) / sites,
          r.min[kT],
          r.max[kT],
          RowSums::total(r.field[kRho])};
}

}  // namespace plume::thermal3d

#include "d2q9/diagnostics.hpp"
#include <cmath>
#include "d2q9/model.hpp"

namespace plume::d2q9 {

namespace {
// The stored fields' places in Traits::field_list.
constexpr int kRho = field_index(Traits::field_list, "rho"), kUx = field_index(Traits::field_list, "ux"),
              kUy = field_index(Traits::field_list, "uy");
static_assert(kRho >= 0 && kUx >= 0 && kUy >= 0, "D2Q9's diagnostics read these fields");
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"mass", "lu"},       {"momentum_x", "lu"}, {"momentum_y", "lu"}, {"kinetic_energy", "lu"},
          {"mean_speed", "lu"}, {"rho_min", "lu"},    {"rho_max", "lu"}};
}

void sum_row(const Fields& f, int y, int z, double* out) {
  const double *Rho = f.data(kRho), *Ux = f.data(kUx), *Uy = f.data(kUy);
  double mx = 0, my = 0, ke = 0, speed = 0;
  for (int x = 0; x < f.nx; ++x) {
    const std::size_t i = f.at(x, y, z);
    const double rho = Rho[i], ux = Ux[i], uy = Uy[i];
    mx += rho * ux;
    my += rho * uy;
    ke += 0.5 * rho * (ux * ux + uy * uy);
    speed += std::sqrt(ux * ux + uy * uy);
  }
  out[0] = mx;
  out[1] = my;
  out[2] = ke;
  out[3] = speed;
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& /*setup*/) {
  const double sites = RowSums::total(r.sites);
  return {RowSums::total(r.field[kRho]),
          RowSums::total(r.own[0]),
          RowSums::total(r.own[1]),
          RowSums::total(r.own[2]),
          sites > 0 ? RowSums::total(r.own[3]) / sites : 0.0,
          r.min[kRho],
          r.max[kRho]};
}

}  // namespace plume::d2q9

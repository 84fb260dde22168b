#include "d2q9/diagnostics.hpp"
#include <cmath>
#include "d2q9/model.hpp"

namespace plume::d2q9 {

namespace {
// The stored fields' places in Traits::field_list.
constexpr int field(const char* name) { return field_index(Traits::field_list, name); }
constexpr int kRho = field("rho"), kUx = field("ux"), kSolid = field("solid"), kFx = field("force_x"),
              kFy = field("force_y");
static_assert(kRho >= 0 && kUx >= 0 && kSolid >= 0 && kFx >= 0 && kFy >= 0, "D2Q9's diagnostics read these fields");
// The row sums' places.
using Own = Traits::Own;

// The relative L2 error of the rows' mean u_x against the exact steady profile of a channel along x
// between the walls (no solid sites, inlet, outlet, push or force across it), which sit half a
// site beyond the first and the last row: Couette's line and Poiseuille's parabola,
//   u(y) = u_b + (u_t - u_b) (y + 1/2) / H + F_x / (2 rho_0 nu) (y + 1/2) (H - 1/2 - y),  H = ny.
// NaN for any other flow, and for a channel at rest (no profile to compare with).
double profile_error(const RowSums& r, const Params& p, double solid) {
  const double nan = std::nan("");
  if (!p.walls || p.inlet.on || p.outlet.on || p.accelerate.row >= 0 || p.fy != 0 || solid != 0 || r.NZ != 1)
    return nan;
  const double H = r.NY, a = p.fx / (2.0 * p.rho0 * viscosity(p));
  double err = 0, norm = 0;
  for (int y = 0; y < r.NY; ++y) {
    const double s = y + 0.5, exact = p.bottom.u + (p.top.u - p.bottom.u) * s / H + a * s * (H - s);
    const double u = r.field[kUx][std::size_t(y)] / r.sites[std::size_t(y)];
    err += (u - exact) * (u - exact);
    norm += exact * exact;
  }
  return norm > 0 ? std::sqrt(err / norm) : nan;
}
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"mass", "lu"},          {"momentum_x", "lu"},       {"momentum_y", "lu"},       {"kinetic_energy", "lu"},
          {"mean_speed", "lu"},    {"mean_ux", "lu"},          {"rho_min", "lu"},          {"rho_max", "lu"},
          {"force_x", "lu"},       {"force_y", "lu"},          {"drag_coefficient", "1"},  {"lift_coefficient", "1"},
          {"reynolds", "1"},       {"pressure_drop", "lu"},    {"solid_sites", "sites"},   {"profile_error", "1"}};
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) {
  const Params& p = setup.as<Setup>().physics;
  const auto total = [&](Own q) { return RowSums::total(r.own[q]); };
  const double fluid = total(Own::kFluid);
  const double fx = RowSums::total(r.field[kFx]), fy = RowSums::total(r.field[kFy]);
  const double U = reference_velocity(p), L = p.reference.length;
  const double dynamic = 0.5 * p.rho0 * U * U * L;  // per unit depth
  const double nan = std::nan("");
  const double in = total(Own::kFluidIn) > 0 ? total(Own::kRhoIn) / total(Own::kFluidIn) : nan;
  const double out = total(Own::kFluidOut) > 0 ? total(Own::kRhoOut) / total(Own::kFluidOut) : nan;
  return {total(Own::kMass),
          total(Own::kMx),
          total(Own::kMy),
          total(Own::kKe),
          fluid > 0 ? total(Own::kSpeed) / fluid : 0.0,
          fluid > 0 ? total(Own::kUxSum) / fluid : 0.0,
          r.min[kRho],
          r.max[kRho],
          fx,
          fy,
          dynamic > 0 ? fx / dynamic : nan,
          dynamic > 0 ? fy / dynamic : nan,
          U > 0 && L > 0 ? U * L / viscosity(p) : nan,
          (in - out) * L::cs2,
          RowSums::total(r.field[kSolid]),
          profile_error(r, p, RowSums::total(r.field[kSolid]))};
}

}  // namespace plume::d2q9

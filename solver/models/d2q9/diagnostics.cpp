#include "d2q9/diagnostics.hpp"
#include <cmath>
#include "d2q9/model.hpp"

namespace plume::d2q9 {

namespace {
// The stored fields' places in Traits::field_list.
constexpr int field(const char* name) { return field_index(Traits::field_list, name); }
constexpr int kRho = field("rho"), kUx = field("ux"), kUy = field("uy"), kSolid = field("solid"),
              kFx = field("force_x"), kFy = field("force_y");
static_assert(kRho >= 0 && kUx >= 0 && kUy >= 0 && kSolid >= 0 && kFx >= 0 && kFy >= 0,
              "D2Q9's diagnostics read these fields");
// The row sums' places.
enum Own { kMass, kMx, kMy, kKe, kSpeed, kUxSum, kFluid, kRhoIn, kFluidIn, kRhoOut, kFluidOut, kCount };
static_assert(kCount == kOwnRowSums);
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"mass", "lu"},          {"momentum_x", "lu"},       {"momentum_y", "lu"},       {"kinetic_energy", "lu"},
          {"mean_speed", "lu"},    {"mean_ux", "lu"},          {"rho_min", "lu"},          {"rho_max", "lu"},
          {"force_x", "lu"},       {"force_y", "lu"},          {"drag_coefficient", "1"},  {"lift_coefficient", "1"},
          {"reynolds", "1"},       {"pressure_drop", "lu"},    {"solid_sites", "sites"}};
}

void sum_row(const Fields& f, int y, int z, double* out) {
  const double *Rho = f.data(kRho), *Ux = f.data(kUx), *Uy = f.data(kUy), *Solid = f.data(kSolid);
  for (int q = 0; q < kCount; ++q) out[q] = 0;
  for (int x = 0; x < f.nx; ++x) {
    const std::size_t i = f.at(x, y, z);
    if (Solid[i] != 0) continue;
    const double rho = Rho[i], ux = Ux[i], uy = Uy[i];
    out[kMass] += rho;
    out[kMx] += rho * ux;
    out[kMy] += rho * uy;
    out[kKe] += 0.5 * rho * (ux * ux + uy * uy);
    out[kSpeed] += std::sqrt(ux * ux + uy * uy);
    out[kUxSum] += ux;
    out[kFluid] += 1;
    if (f.x0 + x == 0) out[kRhoIn] += rho, out[kFluidIn] += 1;
    if (f.x0 + x == f.NX - 1) out[kRhoOut] += rho, out[kFluidOut] += 1;
  }
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) {
  const Params& p = setup.as<Setup>().physics;
  const auto total = [&](int q) { return RowSums::total(r.own[q]); };
  const double fluid = total(kFluid);
  const double fx = RowSums::total(r.field[kFx]), fy = RowSums::total(r.field[kFy]);
  const double U = reference_velocity(p), L = p.reference.length;
  const double dynamic = 0.5 * p.rho0 * U * U * L;  // per unit depth
  const double nan = std::nan("");
  const double in = total(kFluidIn) > 0 ? total(kRhoIn) / total(kFluidIn) : nan;
  const double out = total(kFluidOut) > 0 ? total(kRhoOut) / total(kFluidOut) : nan;
  return {total(kMass),
          total(kMx),
          total(kMy),
          total(kKe),
          fluid > 0 ? total(kSpeed) / fluid : 0.0,
          fluid > 0 ? total(kUxSum) / fluid : 0.0,
          r.min[kRho],
          r.max[kRho],
          fx,
          fy,
          dynamic > 0 ? fx / dynamic : nan,
          dynamic > 0 ? fy / dynamic : nan,
          U > 0 && L > 0 ? U * L / viscosity(p) : nan,
          (in - out) * L::cs2,
          RowSums::total(r.field[kSolid])};
}

}  // namespace plume::d2q9

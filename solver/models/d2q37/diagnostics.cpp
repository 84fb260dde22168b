#include "d2q37/diagnostics.hpp"
#include <algorithm>
#include "d2q37/model.hpp"

namespace plume::d2q37 {

namespace {
// The stored fields' places in Traits::field_list.
constexpr int kRho = field_index(Traits::field_list, "rho"), kUx = field_index(Traits::field_list, "ux"),
              kUy = field_index(Traits::field_list, "uy"), kT = field_index(Traits::field_list, "T");
static_assert(kRho >= 0 && kUx >= 0 && kUy >= 0 && kT >= 0, "D2Q37's diagnostics read these fields");
}  // namespace

std::vector<QuantityInfo> diagnostic_quantities() {
  return {{"mass", "lu"},          {"momentum_x", "lu"},    {"momentum_y", "lu"},      {"energy", "lu"},
          {"kinetic_energy", "lu"}, {"width_integral", "sites"}, {"width_threshold", "sites"}, {"T_min", "lu"},
          {"T_max", "lu"},          {"rho_min", "lu"},       {"rho_max", "lu"}};
}

std::vector<double> mean_temperature(const RowSums& r) {
  std::vector<double> T(std::size_t(r.rows()), 0.0);
  for (int y = 0; y < r.rows(); ++y) T[y] = r.sites[y] > 0 ? r.field[kT][y] / r.sites[y] : 0.0;
  return T;
}

namespace {
double theta(double T, double T_down, double T_up) { return std::clamp((T - T_up) / (T_down - T_up), 0.0, 1.0); }
}  // namespace

double integral_width(const std::vector<double>& T_mean, double T_down, double T_up) {
  if (T_down == T_up) return 0.0;
  double w = 0.0;
  for (double T : T_mean) {
    const double th = theta(T, T_down, T_up);
    w += th * (1.0 - th);
  }
  return 6.0 * w;
}

// Height where theta first falls to `level` scanning up from the bottom (or down from the top),
// linearly interpolated between rows.
double threshold_width(const std::vector<double>& T_mean, double T_down, double T_up) {
  const int n = int(T_mean.size());
  if (T_down == T_up || n < 2) return 0.0;
  auto th = [&](int y) { return theta(T_mean[y], T_down, T_up); };
  auto crossing = [&](double level, int from, int to, int dir) {
    for (int y = from; y != to; y += dir) {
      const double a = th(y), b = th(y + dir);
      if ((a - level) * (b - level) <= 0.0 && a != b) return y + dir * (a - level) / (a - b);
    }
    return double(from);
  };
  // Bottom edge: theta falls through 0.9 going up; top edge: theta rises through 0.1 going down.
  const double lo = th(0) <= 0.9 ? 0.0 : crossing(0.9, 0, n - 1, +1);
  const double hi = th(n - 1) >= 0.1 ? double(n - 1) : crossing(0.1, n - 1, 0, -1);
  return std::max(0.0, hi - lo);
}

std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) {
  static const Setup defaults{};
  const InitialState& s = (setup.empty() ? defaults : setup.as<Setup>()).initial;
  const std::vector<double> T = mean_temperature(r);
  return {RowSums::total(r.field[kRho]),
          RowSums::total(r.own[0]),
          RowSums::total(r.own[1]),
          RowSums::total(r.own[2]),
          RowSums::total(r.own[3]),
          integral_width(T, s.T_down, s.T_up),
          threshold_width(T, s.T_down, s.T_up),
          r.min[kT],
          r.max[kT],
          r.min[kRho],
          r.max[kRho]};
}

}  // namespace plume::d2q37

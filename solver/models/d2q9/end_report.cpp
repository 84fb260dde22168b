#include "d2q9/end_report.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include "d2q9/model.hpp"

namespace plume::d2q9 {

namespace {
enum History { kCd, kCl, kSolid, kProfile };

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string steps(double a, double b) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "steps %.0f-%.0f", a, b);
  return buf;
}
// The points of the pressure difference, front then rear, and the first of the four sites around
// each (its lower left corner, inside the lattice).
struct Corner {
  double px, py;
  int x0, y0;
};
std::vector<Corner> pressure_corners(const Params& p, int nx, int ny) {
  const Reference& r = p.reference;
  if (!(r.centre_x >= 0 && r.centre_y >= 0 && r.length > 0)) return {};
  std::vector<Corner> c;
  for (const double px : {r.centre_x - 0.5 * r.length, r.centre_x + 0.5 * r.length}) {
    const auto corner = [](double v, int n) { return std::max(0, std::min(int(std::floor(v)), n - 2)); };
    c.push_back({px, r.centre_y, corner(px, nx), corner(r.centre_y, ny)});
  }
  return c;
}
constexpr int kRhoField = field_index(Traits::field_list, "rho"), kSolidField = field_index(Traits::field_list, "solid");
}  // namespace

std::vector<std::array<int, 3>> pressure_sites(const Params& p, int nx, int ny) {
  std::vector<std::array<int, 3>> s;
  for (const Corner& c : pressure_corners(p, nx, ny))
    for (int k = 0; k < 4; ++k) s.push_back({std::min(c.x0 + k % 2, nx - 1), std::min(c.y0 + k / 2, ny - 1), 0});
  return s;
}

double pressure_difference(const Params& p, int nx, int ny, const std::vector<std::vector<double>>& site_fields) {
  const std::vector<Corner> corners = pressure_corners(p, nx, ny);
  if (corners.empty() || site_fields.size() != 4 * corners.size()) return std::nan("");
  double pressure[2];
  for (int j = 0; j < 2; ++j) {
    const Corner& c = corners[std::size_t(j)];
    const double fx = c.px - c.x0, fy = c.py - c.y0;
    double sum = 0, weight = 0;
    for (int k = 0; k < 4; ++k) {
      const std::vector<double>& f = site_fields[std::size_t(4 * j + k)];
      const double w = (k % 2 ? fx : 1 - fx) * (k / 2 ? fy : 1 - fy);
      if (w == 0 || f[kSolidField] != 0) continue;
      sum += w * f[kRhoField];
      weight += w;
    }
    pressure[j] = weight > 0 ? L::cs2 * sum / weight : std::nan("");
  }
  return pressure[0] - pressure[1];
}

void add_pressure_difference(EndReport& r, const AnySetup& setup, int nx, int ny,
                             const std::vector<std::vector<double>>& site_fields) {
  const Params& p = setup.as<Setup>().physics;
  const std::vector<Corner> c = pressure_corners(p, nx, ny);
  if (c.empty()) return;
  const double dp = pressure_difference(p, nx, ny, site_fields), U = reference_velocity(p);
  const std::string at = "(" + number(c[0].px) + ", " + number(c[0].py) + ") and (" + number(c[1].px) + ", " +
                         number(c[1].py) + ")";
  r.values.push_back({"pressure_difference", dp, "Delta p = p(front) - p(rear), p = rho/3, at " + at +
                                                     ", the last state"});
  // As the coefficients are made dimensionless by rho_0 U^2; Schäfer and Turek's Delta p is in
  // units where rho = 1 and U = 0.2, so theirs is 0.04 times this.
  r.values.push_back({"pressure_difference_scaled", dp / (p.rho0 * U * U),
                      "Delta p / (rho_0 U^2); x 0.04: Schäfer-Turek's Delta p (rho = 1, U = 0.2)"});
}

std::vector<std::string> reported_histories() {
  return {"drag_coefficient", "lift_coefficient", "solid_sites", "profile_error"};
}

namespace {
// A channel between the walls (diagnostics.hpp, profile_error): how far its velocity profile is
// from the exact steady one, and whether it still changes (steady: by less than 1e-5 over the
// last quarter of the rows, 1 % of the 1e-3 that docs/d2q9.md promises for Couette).
EndReport channel_report(const TimeSeries& e) {
  EndReport r;
  r.title = "velocity profile across the channel against the exact steady one (Couette's line, Poiseuille's "
            "parabola: relative L2 error of the rows' mean u_x)";
  PeriodicityOptions o;
  o.steady_abs = 1e-5;
  o.steady_rel = 0;
  const Periodicity pe = analyse_periodicity(e, o);
  if (pe.kind == Periodicity::Kind::Steady) {
    r.state = kind_name(pe.kind);
    r.note = "the error within 1e-5 over " + steps(pe.first, pe.last);
  } else if (pe.kind == Periodicity::Kind::TooShort) {
    r.state = kind_name(pe.kind);
    r.note = pe.why;
  } else {
    r.state = kind_name(Periodicity::Kind::Unsettled);
    r.note = "the error still changes by more than 1e-5: the start's transient has not decayed (it falls as "
             "exp(-nu (pi / ny)^2 t))";
  }
  r.values = {{"profile_error", e.value.back(), "relative L2 error at the last diagnostics step"}};
  return r;
}
}  // namespace

EndReport end_report(const std::vector<TimeSeries>& h, const AnySetup& setup) {
  const Params& p = setup.as<Setup>().physics;
  const double U = reference_velocity(p), L = p.reference.length;
  const TimeSeries &cd = h[kCd], &cl = h[kCl];
  if (h[kProfile].size() > 0 && std::isfinite(h[kProfile].value.back())) return channel_report(h[kProfile]);
  if (h[kSolid].size() == 0 || h[kSolid].value.back() <= 0 || !(U > 0 && L > 0)) return {};
  EndReport r;
  r.title = "force on the solids (Cd, Cl = 2 F / (rho_0 U^2 L), St = f L / U; L = " + number(L) + ", U = " +
            number(U) + ", lattice units)";
  // The coefficients are of order 1: a change below 1e-5 of them, or 1e-4 of their value, is
  // steady; the lift's oscillation gives the frequency (the drag's is twice it).
  PeriodicityOptions o;
  o.steady_abs = 1e-5;
  o.steady_rel = 1e-4;
  const Periodicity pl = analyse_periodicity(cl, o), pd = analyse_periodicity(cd, o);
  if (pl.kind == Periodicity::Kind::Periodic) {
    const Extremes d = extremes_between(cd, pl.first, pl.last);
    r.state = kind_name(pl.kind);
    r.note = "over the last " + std::to_string(pl.periods) + " periods of the lift, " + steps(pl.first, pl.last);
    r.values = {{"strouhal", L / (U * pl.period), "St = f L / U, f the lift's frequency"},
                {"period", pl.period, "the lift's period, steps"},
                {"drag_coefficient_mean", d.mean, "Cd, mean over the periods"},
                {"drag_coefficient_max", d.max, "Cd, max"},
                {"drag_coefficient_min", d.min, "Cd, min"},
                {"lift_coefficient_max", pl.max, "Cl, max"},
                {"lift_coefficient_min", pl.min, "Cl, min"},
                {"lift_coefficient_mean", pl.mean, "Cl, mean over the periods"}};
    return r;
  }
  if (pd.kind == Periodicity::Kind::Steady && pl.kind == Periodicity::Kind::Steady) {
    r.state = kind_name(Periodicity::Kind::Steady);
    r.note = "Cd and Cl within 1e-5 + 1e-4 |value| over " + steps(pd.first, pd.last);
    r.values = {{"drag_coefficient", cd.value.back(), "Cd"}, {"lift_coefficient", cl.value.back(), "Cl"}};
    return r;
  }
  // Neither: no Strouhal number, and the coefficients only as they are now.
  const Periodicity& why = pl.kind == Periodicity::Kind::Steady ? pd : pl;
  r.state = kind_name(why.kind == Periodicity::Kind::TooShort ? why.kind : Periodicity::Kind::Unsettled);
  r.note = "neither steady nor periodic yet, no Strouhal number (the " +
           std::string(&why == &pl ? "lift" : "drag") + ": " + (why.why.empty() ? "still changing" : why.why) + ")";
  r.values = {{"drag_coefficient_last", cd.value.back(), "Cd at the last diagnostics step"},
              {"lift_coefficient_last", cl.value.back(), "Cl at the last diagnostics step"}};
  return r;
}

}  // namespace plume::d2q9

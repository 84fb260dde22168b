#include "d2q9/end_report.hpp"
#include <cmath>
#include <cstdio>
#include "d2q9/model.hpp"

namespace plume::d2q9 {

namespace {
enum History { kCd, kCl, kSolid };

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
}  // namespace

std::vector<std::string> reported_histories() { return {"drag_coefficient", "lift_coefficient", "solid_sites"}; }

EndReport end_report(const std::vector<TimeSeries>& h, const AnySetup& setup) {
  const Params& p = setup.as<Setup>().physics;
  const double U = reference_velocity(p), L = p.reference.length;
  const TimeSeries &cd = h[kCd], &cl = h[kCl];
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

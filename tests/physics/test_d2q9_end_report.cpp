// D2Q9's end-of-run report (d2q9/end_report.hpp) from histories whose answer is known: a lift
// oscillating at a set period with the drag at twice its frequency gives St = L / (U period) and
// the extremes; steady coefficients give the last values; a run without solids gives nothing; a
// channel's profile error, steady or still decaying; the pressure difference across a body from
// the fields of the sites around its two points.
#include <gtest/gtest.h>
#include <cmath>
#include <map>
#include "d2q9/end_report.hpp"
#include "d2q9/model.hpp"

using namespace plume;

namespace {

constexpr double kPi = 3.14159265358979323846;

AnySetup cylinder_setup() {  // U = 0.05 (the inlet's mean), L = 40: the asset's 2D-2
  d2q9::Setup s;
  s.physics.inlet = {true, 0.05, d2q9::Profile::Parabolic};
  s.physics.outlet = {true, 1.0};
  s.physics.reference.length = 40;
  return AnySetup(s);
}

// Histories in reported_histories()'s order, a row every 20 steps; no channel profile (NaN).
template <class Cd, class Cl>
std::vector<TimeSeries> histories(Cd cd, Cl cl, double steps, double solid_sites = 1264) {
  std::vector<TimeSeries> h(d2q9::reported_histories().size());
  for (double t = 0; t <= steps; t += 20) {
    h[0].push(t, cd(t));
    h[1].push(t, cl(t));
    h[2].push(t, solid_sites);
    h[3].push(t, std::nan(""));
  }
  return h;
}

// A channel's histories: no solids, no coefficients (NaN), the profile's error e(t), a row every
// 1000 steps.
template <class E>
std::vector<TimeSeries> channel(E e, double steps) {
  std::vector<TimeSeries> h(d2q9::reported_histories().size());
  for (double t = 0; t <= steps; t += 1000) {
    h[0].push(t, std::nan(""));
    h[1].push(t, std::nan(""));
    h[2].push(t, 0);
    h[3].push(t, e(t));
  }
  return h;
}

std::map<std::string, double> values(const EndReport& r) {
  std::map<std::string, double> v;
  for (const auto& x : r.values) v[x.name] = x.value;
  return v;
}

}  // namespace

TEST(D2Q9EndReport, PeriodicLiftGivesTheStrouhalNumberAndTheExtremes) {
  ASSERT_EQ(d2q9::reported_histories(),
            (std::vector<std::string>{"drag_coefficient", "lift_coefficient", "solid_sites", "profile_error"}));
  const double P = 2675.0;  // St = 40 / (0.05 P) = 0.299
  const auto cl = [&](double t) { return 0.02 + 1.05 * std::sin(2 * kPi * t / P); };
  const auto cd = [&](double t) { return 3.27 + 0.03 * std::cos(4 * kPi * t / P); };
  const EndReport r = d2q9::end_report(histories(cd, cl, 20 * P), cylinder_setup());
  EXPECT_EQ(r.state, "periodic");
  EXPECT_NE(r.title.find("L = 40, U = 0.05"), std::string::npos) << r.title;
  EXPECT_NE(r.note.find("over the last 10 periods of the lift"), std::string::npos) << r.note;
  const auto v = values(r);
  EXPECT_NEAR(v.at("strouhal"), 40 / (0.05 * P), 1e-4);
  EXPECT_NEAR(v.at("period"), P, 0.5);
  EXPECT_NEAR(v.at("drag_coefficient_mean"), 3.27, 1e-4);
  EXPECT_NEAR(v.at("drag_coefficient_max"), 3.30, 1e-4);
  EXPECT_NEAR(v.at("drag_coefficient_min"), 3.24, 1e-4);
  EXPECT_NEAR(v.at("lift_coefficient_max"), 1.07, 1e-4);
  EXPECT_NEAR(v.at("lift_coefficient_min"), -1.03, 1e-4);
  EXPECT_NEAR(v.at("lift_coefficient_mean"), 0.02, 1e-4);
}

TEST(D2Q9EndReport, SteadyCoefficientsAreTheLastRowsAndAGrowingWakeIsUnsettled) {
  const EndReport s = d2q9::end_report(
      histories([](double t) { return 5.58 + 0.1 * std::exp(-t / 500); }, [](double) { return 0.0106; }, 40000),
      cylinder_setup());
  EXPECT_EQ(s.state, "steady");
  const auto v = values(s);
  EXPECT_NEAR(v.at("drag_coefficient"), 5.58, 1e-12);
  EXPECT_EQ(v.at("lift_coefficient"), 0.0106);
  EXPECT_EQ(v.count("strouhal"), 0u);

  // The wake's oscillation still growing: no Strouhal number, the last row's values.
  const EndReport u = d2q9::end_report(
      histories([](double) { return 3.2; }, [](double t) { return 1e-3 * std::exp(t / 8000) * std::sin(2 * kPi * t / 2675); },
                30000),
      cylinder_setup());
  EXPECT_EQ(u.state, "unsettled");
  EXPECT_NE(u.note.find("no Strouhal number"), std::string::npos) << u.note;
  EXPECT_EQ(values(u).count("strouhal"), 0u);
  EXPECT_EQ(values(u).at("drag_coefficient_last"), 3.2);
}

TEST(D2Q9EndReport, NoSolidsOrNoScalesNoReport) {
  const auto flat = [](double) { return 0.0; };
  EXPECT_TRUE(d2q9::end_report(histories(flat, flat, 1000, 0), cylinder_setup()).empty());
  EXPECT_TRUE(d2q9::end_report(histories(flat, flat, 1000), AnySetup(d2q9::Setup{})).empty())
      << "no reference length: no coefficients";
}

// Couette at H = 128, nu = 0.032 (assets/d2q9_couette.toml): the start's transient leaves a relative
// error of 0.78 exp(-t / T), T = H^2 / (pi^2 nu) = 51 877 steps. After 300 000 steps it still falls
// (2.4e-3, by a factor of 4 over the last quarter); after 800 000 it is 1.6e-7 and steady.
TEST(D2Q9EndReport, AChannelReportsItsProfileErrorAndWhetherItStillFalls) {
  const double T = 128.0 * 128.0 / (kPi * kPi * 0.032);
  const auto e = [&](double t) { return 0.78 * std::exp(-t / T); };
  const EndReport u = d2q9::end_report(channel(e, 300000), AnySetup(d2q9::Setup{}));
  EXPECT_EQ(u.state, "unsettled");
  EXPECT_NE(u.note.find("transient"), std::string::npos) << u.note;
  EXPECT_NEAR(values(u).at("profile_error"), 2.4e-3, 1e-4);
  const EndReport s = d2q9::end_report(channel(e, 800000), AnySetup(d2q9::Setup{}));
  EXPECT_EQ(s.state, "steady");
  EXPECT_NE(s.title.find("Couette"), std::string::npos) << s.title;
  EXPECT_NEAR(values(s).at("profile_error"), e(800000), 1e-12);
}

// The points of the pressure difference: (cx - L/2, cy) and (cx + L/2, cy), each interpolated
// bilinearly between its four sites; a solid site is left out and the others' weights scaled up.
TEST(D2Q9EndReport, PressureDifferenceInterpolatesBetweenTheFluidSitesAroundBothPoints) {
  d2q9::Setup setup = cylinder_setup().as<d2q9::Setup>();
  d2q9::Params& p = setup.physics;
  p.reference.length = 10;
  p.reference.centre_x = 20.25;  // points (15.25, 19.5) and (25.25, 19.5)
  p.reference.centre_y = 19.5;
  const int nx = 221, ny = 41;
  const auto sites = d2q9::pressure_sites(p, nx, ny);
  ASSERT_EQ(sites.size(), 8u);
  EXPECT_EQ(sites[0], (std::array<int, 3>{15, 19, 0}));
  EXPECT_EQ(sites[3], (std::array<int, 3>{16, 20, 0}));
  EXPECT_EQ(sites[4], (std::array<int, 3>{25, 19, 0}));
  // rho linear in x and y at the front: the interpolation is exact there. Fields: rho, ux, uy,
  // solid, force_x, force_y.
  const auto rho = [](int x, int y) { return 1.0 + 1e-3 * x + 2e-4 * y; };
  std::vector<std::vector<double>> f;
  for (const auto& s : sites) f.push_back({rho(s[0], s[1]), 0.0, 0.0, 0.0, 0.0, 0.0});
  // At the rear, site (25, 20) is solid (its rho, 7, means nothing): the rear's p comes from the
  // other three, weights 0.375, 0.125, 0.125 of 0.625.
  f[6] = {7.0, 0.0, 0.0, 1.0, 0.0, 0.0};
  const double front = 1.0 + 1e-3 * 15.25 + 2e-4 * 19.5;
  const double rear = (0.375 * rho(25, 19) + 0.125 * rho(26, 19) + 0.125 * rho(26, 20)) / 0.625;
  const double dp = d2q9::pressure_difference(p, nx, ny, f);
  EXPECT_NEAR(dp, (front - rear) / 3, 1e-15);
  EXPECT_GT(std::fabs(dp), 1e-4) << "the two points differ";

  EndReport r = d2q9::end_report(histories([](double) { return 5.6; }, [](double) { return 0.011; }, 20000),
                                 AnySetup(setup));
  ASSERT_EQ(r.state, "steady");
  d2q9::add_pressure_difference(r, AnySetup(setup), nx, ny, f);
  EXPECT_EQ(values(r).at("pressure_difference"), dp);
  EXPECT_NEAR(values(r).at("pressure_difference_scaled"), dp / (0.05 * 0.05), 1e-15);
  // No centre: nothing read, nothing added.
  p.reference.centre_x = p.reference.centre_y = -1;
  EXPECT_TRUE(d2q9::pressure_sites(p, nx, ny).empty());
}

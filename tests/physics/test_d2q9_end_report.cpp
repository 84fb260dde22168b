// D2Q9's end-of-run report (d2q9/end_report.hpp) from histories whose answer is known: a lift
// oscillating at a set period with the drag at twice its frequency gives St = L / (U period) and
// the extremes; steady coefficients give the last values; a run without solids gives nothing.
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

// Histories in reported_histories()'s order, a row every 20 steps.
template <class Cd, class Cl>
std::vector<TimeSeries> histories(Cd cd, Cl cl, double steps, double solid_sites = 1264) {
  std::vector<TimeSeries> h(d2q9::reported_histories().size());
  for (double t = 0; t <= steps; t += 20) {
    h[0].push(t, cd(t));
    h[1].push(t, cl(t));
    h[2].push(t, solid_sites);
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
  ASSERT_EQ(d2q9::reported_histories(), (std::vector<std::string>{"drag_coefficient", "lift_coefficient", "solid_sites"}));
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

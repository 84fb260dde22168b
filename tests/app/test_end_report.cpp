// The end-of-run report (Model::end_report) through `plume run`: Schäfer and Turek's 2D-1 at
// D = 10 reaches its steady state, and the report gives the last diagnostics row's coefficients,
// on the terminal, in summary.txt and in summary.json; a run too short to settle says so and gives
// no Strouhal number; the cylinder's pressure difference comes from the last state; a channel
// between walls reports its profile's error against the exact one; other cases report nothing.
#include <gtest/gtest.h>
#include <cmath>
#include <sstream>
#include "run_plume.hpp"

using plume::test::q;
using plume::test::read_file;
using plume::test::Result;
using plume::test::run_plume;
using plume::test::TempDir;

namespace {

// assets/d2q9_cylinder_steady.toml (D = 20) scaled to D = 10: 221 x 41, centre (20, 19.5).
Result run_cylinder(const TempDir& tmp, int steps) {
  return run_plume("run " + q(std::string(PLUME_SOURCE_DIR) + "/assets/d2q9_cylinder_steady.toml") +
                   " --set lattice.nx=221 --set lattice.ny=41 --set 'geometry.circles=[[20, 19.5, 5]]'"
                   " --set reference.length=10 --set reference.centre_x=20 --set reference.centre_y=19.5"
                   " --set output.diagnostics_every=100 --set output.every=0"
                   " --set run.steps=" + std::to_string(steps) + " --set output.dir=" + q(tmp / "out"));
}

// The value of a column of diagnostics.csv's last row.
double last_csv_value(const std::string& path, const std::string& column) {
  std::istringstream in(read_file(path));
  std::string header, line, last;
  std::getline(in, header);
  while (std::getline(in, line)) last = line;
  std::istringstream h(header), v(last);
  std::string name, value;
  while (std::getline(h, name, ',') && std::getline(v, value, ','))
    if (name.rfind(column + "[", 0) == 0) return std::stod(value);
  ADD_FAILURE() << "no column " << column;
  return 0;
}

// The number after "key": in summary.json's end report (NaN when it is not there).
double end_report_value(const std::string& json, const std::string& key) {
  const auto report = json.find("\"end_report\": {");
  if (report == std::string::npos) return std::nan("");
  const auto at = json.find("\"" + key + "\": ", report);
  if (at == std::string::npos || at > json.find("\"config\"", report)) return std::nan("");
  return std::stod(json.substr(at + key.size() + 4));
}

}  // namespace

TEST(EndReport, SteadyCylinderReportsTheLastRowsCoefficients) {
  const TempDir tmp;
  const Result r = run_cylinder(tmp, 16000);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string json = read_file(tmp / "out/summary.json"), txt = read_file(tmp / "out/summary.txt");
  const double cd = last_csv_value(tmp / "out/diagnostics.csv", "drag_coefficient"),
               cl = last_csv_value(tmp / "out/diagnostics.csv", "lift_coefficient");
  // The asset's interpolated walls: 5.602 at D = 10 (tests/cases/test_schaefer_turek.cpp).
  EXPECT_NEAR(cd, 5.60, 0.06);
  EXPECT_EQ(end_report_value(json, "drag_coefficient"), cd) << json;
  EXPECT_EQ(end_report_value(json, "lift_coefficient"), cl);
  EXPECT_NE(json.find("\"state\": \"steady\""), std::string::npos);
  EXPECT_TRUE(std::isnan(end_report_value(json, "strouhal")));
  // Delta p between (15, 19.5) and (25, 19.5) from the last state: 0.11289 in Schäfer and Turek's
  // units at D = 10 with interpolated walls (tests/cases/test_schaefer_turek.cpp), 0.04 times the
  // value over rho_0 U^2; in lattice units that times U^2 = 0.01.
  EXPECT_NEAR(0.04 * end_report_value(json, "pressure_difference_scaled"), 0.1129, 2e-4) << json;
  EXPECT_NEAR(end_report_value(json, "pressure_difference"), 0.01 * end_report_value(json, "pressure_difference_scaled"),
              1e-12);
  for (const std::string& text : {r.out, txt}) {
    EXPECT_NE(text.find("force on the solids (Cd, Cl = 2 F / (rho_0 U^2 L), St = f L / U; L = 10, U = 0.1, "
                        "lattice units): steady"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("  drag_coefficient       5.60"), std::string::npos) << text;
  }
}

TEST(EndReport, RunTooShortToSettleGivesNoStrouhalNumber) {
  const TempDir tmp;
  const Result r = run_cylinder(tmp, 1500);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string json = read_file(tmp / "out/summary.json");
  EXPECT_NE(json.find("\"state\": \"unsettled\""), std::string::npos) << json;
  EXPECT_TRUE(std::isnan(end_report_value(json, "strouhal")));
  EXPECT_TRUE(std::isnan(end_report_value(json, "drag_coefficient")));
  EXPECT_EQ(end_report_value(json, "drag_coefficient_last"),
            last_csv_value(tmp / "out/diagnostics.csv", "drag_coefficient"));
  EXPECT_NE(r.out.find("unsettled, neither steady nor periodic yet, no Strouhal number"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("strouhal"), std::string::npos) << r.out;
}

TEST(EndReport, NoSolidsNoChannelNoReport) {
  const TempDir tmp;
  const Result r = run_plume("run " + q(std::string(PLUME_SOURCE_DIR) + "/assets/d2q9_taylor_green.toml") +
                             " --set run.steps=200 --set output.every=0 --set output.diagnostics_every=50"
                             " --set output.dir=" + q(tmp / "out"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_file(tmp / "out/summary.json").find("\"end_report\": null"), std::string::npos);
  EXPECT_EQ(r.out.find("force on the solids"), std::string::npos) << r.out;
}

// assets/d2q9_poiseuille.toml on 4 x 24 sites (x is periodic: the same flow; the decay time
// T = ny^2 / (pi^2 nu) a quarter of the asset's 1401 steps, and the steps a quarter of its 40 000):
// 28.5 T leave the parabola to round-off, and the report says so; after 2500 steps (7.1 T, as the
// asset's old 10 000) the start's transient is still there, exp(-t / T): 7.9e-4.
TEST(EndReport, PoiseuilleReportsItsErrorAgainstTheExactParabola) {
  const auto run = [](const TempDir& tmp, int steps) {
    return run_plume("run " + q(std::string(PLUME_SOURCE_DIR) + "/assets/d2q9_poiseuille.toml") +
                     " --set lattice.nx=4 --set lattice.ny=24 --set physics.force_x=1.16e-4"
                     " --set output.diagnostics_every=250 --set output.every=0 --set run.threads=1"
                     " --set run.steps=" + std::to_string(steps) + " --set output.dir=" + q(tmp / "out"));
  };
  const TempDir tmp;
  const Result r = run(tmp, 10000);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string json = read_file(tmp / "out/summary.json");
  EXPECT_NE(json.find("\"state\": \"steady\""), std::string::npos) << json;
  EXPECT_LT(end_report_value(json, "profile_error"), 1e-9) << json;
  EXPECT_EQ(end_report_value(json, "profile_error"), last_csv_value(tmp / "out/diagnostics.csv", "profile_error"));
  EXPECT_NE(r.out.find("velocity profile across the channel against the exact steady one"), std::string::npos)
      << r.out;

  const TempDir early;
  const Result e = run(early, 2500);
  ASSERT_EQ(e.code, 0) << e.err;
  const std::string ej = read_file(early / "out/summary.json");
  EXPECT_NE(ej.find("\"state\": \"unsettled\""), std::string::npos) << ej;
  const double T = 24.0 * 24.0 / (M_PI * M_PI / 6);
  EXPECT_NEAR(end_report_value(ej, "profile_error") / std::exp(-2500 / T), 1.0, 0.02) << ej;
}

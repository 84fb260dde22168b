// The end-of-run report (Model::end_report) through `plume run`: Schäfer and Turek's 2D-1 at
// D = 10 reaches its steady state, and the report gives the last diagnostics row's coefficients,
// on the terminal, in summary.txt and in summary.json; a run too short to settle says so and gives
// no Strouhal number; a case without solids reports nothing.
#include <gtest/gtest.h>
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
                   " --set reference.length=10 --set output.diagnostics_every=100 --set output.every=0"
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

TEST(EndReport, NoSolidsNoReport) {
  const TempDir tmp;
  const Result r = run_plume("run " + q(std::string(PLUME_SOURCE_DIR) + "/assets/d2q9_poiseuille.toml") +
                             " --set run.steps=200 --set output.every=0 --set output.dir=" + q(tmp / "out"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(read_file(tmp / "out/summary.json").find("\"end_report\": null"), std::string::npos);
  EXPECT_EQ(r.out.find("force on the solids"), std::string::npos) << r.out;
}

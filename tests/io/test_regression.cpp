// Results of today's code against checkpoints and diagnostics written by the code before the
// solver core was redesigned (tests/data/regression, made by commit 368eb3e with the wall
// convention of docs/d2q37.md): the populations and the diagnostics must be the same to 1e-12
// (the same bits until the Hermite values were corrected: kTolerance), and those old checkpoints
// must restart and continue to the same state.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#include "plume/io/checkpoint.hpp"
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/solver.hpp"
#include "d2q37/setup.hpp"

using namespace plume;

namespace {

const std::string kDir = std::string(PLUME_SOURCE_DIR) + "/tests/data/regression/";

// The stored files were written before D2Q37's Hermite values became the correctly rounded ones
// (D2Q37::hermite: He_2(r) = r*r - 1 in double was 3 ulps off, and a gas at rest drifted in T).
// That correction moved today's bits from theirs; measured, the populations (against the largest)
// and the diagnostics (against their value; the momenta, round-off around 0, against the mass)
// differ by at most 2.1e-13 in 400 steps, 4.4e-14 in the restart. The files stay the record of
// the code before the redesign (and of its checkpoint format), held to 1e-12 here; bits are held
// by the other tests of today's code against itself (restart, tilings, backends).
constexpr double kTolerance = 1e-12;

// Closeness of two population arrays within kTolerance of the largest value, naming the worst.
::testing::AssertionResult close_values(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " values, the reference has " << want.size();
  double scale = 0, worst = 0;
  std::size_t at = 0;
  for (double v : want) scale = std::max(scale, std::fabs(v));
  for (std::size_t k = 0; k < got.size(); ++k)
    if (!(std::fabs(got[k] - want[k]) <= worst)) worst = std::fabs(got[k] - want[k]), at = k;
  if (!(worst <= kTolerance * scale))
    return ::testing::AssertionFailure() << "value " << at << ": " << got[at] << " against " << want[at] << " ("
                                         << worst / scale << " of the largest)";
  return ::testing::AssertionSuccess();
}

// A diagnostic within kTolerance of its scale.
::testing::AssertionResult close_value(double got, double want, double scale) {
  if (std::fabs(got - want) <= kTolerance * scale) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " against " << want << " (" << std::fabs(got - want) / scale
                                       << " of " << scale << ")";
}

// The rows of a diagnostics.csv, by column name (the name before the unit bracket).
std::vector<std::map<std::string, double>> read_csv(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  std::stringstream header(line);
  for (std::string cell; std::getline(header, cell, ',');) names.push_back(cell.substr(0, cell.find('[')));
  std::vector<std::map<std::string, double>> rows;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::map<std::string, double> r;
    std::size_t k = 0;
    for (std::string cell; std::getline(row, cell, ',') && k < names.size(); ++k) r[names[k]] = std::stod(cell);
    rows.push_back(r);
  }
  return rows;
}

struct Case {
  std::string name;
  long steps;
};
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class Regression : public ::testing::TestWithParam<Case> {};

}  // namespace

// A fresh run reproduces every stored checkpoint bit for bit and every diagnostics row exactly.
TEST_P(Regression, FreshRunReproducesTheStoredStateAndDiagnostics) {
  const Case c = GetParam();
  const config::RunConfig cfg = config::load_config(kDir + c.name + ".toml");
  Solver s(cfg.solver);
  s.initialize();
  const auto rows = read_csv(kDir + c.name + "_diagnostics.csv");
  ASSERT_EQ(rows.size(), std::size_t(c.steps / 100 + 1));
  Fields f;
  for (const auto& row : rows) {
    const long step = long(row.at("step"));
    s.advance(step - s.step());
    s.snapshot().fields(f);
    const io::Diagnostics d = io::compute_diagnostics(f, s.domain(), cfg.solver.setup, s.step(), s.time());
    const double mass = row.at("mass");
    for (const char* q : {"mass", "energy", "kinetic_energy", "width_integral", "T_min", "rho_max"})
      EXPECT_TRUE(close_value(d.at(q), row.at(q), std::fabs(row.at(q)))) << q << ", step " << step;
    for (const char* q : {"momentum_x", "momentum_y"})
      EXPECT_TRUE(close_value(d.at(q), row.at(q), mass)) << q << ", step " << step;
    const std::string ckpt = kDir + c.name + "_" + std::string(6 - std::to_string(step).size(), '0') +
                             std::to_string(step) + ".ckpt";
    if (std::ifstream(ckpt).good()) EXPECT_TRUE(close_values(s.populations(), io::read_checkpoint(ckpt).populations)) << ckpt;
  }
}

// The first stored checkpoint, written in the old format, restarts and continues to the last
// one's state.
TEST(Regression, OldCheckpointRestartsAndContinuesToTheSameState) {
  const io::Checkpoint mid = io::read_checkpoint(kDir + "rtrt_fixed_000200.ckpt");
  const io::Checkpoint end = io::read_checkpoint(kDir + "rtrt_fixed_000400.ckpt");
  EXPECT_EQ(mid.header.step, 200);
  EXPECT_EQ(mid.header.version, 1u) << "the stored files are in the format of before the redesign";
  EXPECT_EQ(mid.header.model, "d2q37");
  EXPECT_EQ(mid.header.nz, 1);
  const config::RunConfig cfg = config::parse_config(mid.header.config_toml, "rtrt_fixed_000200.ckpt");
  Solver s(cfg.solver);
  s.set_populations(mid.populations, mid.header.step);
  s.advance(200);
  EXPECT_TRUE(close_values(s.populations(), end.populations));
}

INSTANTIATE_TEST_SUITE_P(Stored, Regression,
                         ::testing::Values(Case{"rtrt_fixed", 400}, Case{"bgk_adiabatic", 300}),
                         [](const auto& info) { return info.param.name; });

// Results of today's code against checkpoints and diagnostics written by the code before the
// solver core was redesigned (tests/data/regression, made by commit 368eb3e with the wall
// convention of docs/physics.md): the populations must be the same bits, the diagnostics the same
// numbers, and those old checkpoints must restart and continue to the same bits.
#include <gtest/gtest.h>
#include <cstring>
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

// Bitwise equality of two population arrays, naming the first difference.
::testing::AssertionResult same_bits(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " values, the reference has " << want.size();
  for (std::size_t k = 0; k < got.size(); ++k)
    if (std::memcmp(&got[k], &want[k], sizeof(double)) != 0)
      return ::testing::AssertionFailure() << "value " << k << ": " << got[k] << " against " << want[k];
  return ::testing::AssertionSuccess();
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
    s.fields(f);
    const io::Diagnostics d = io::compute_diagnostics(f, s.domain(), cfg.solver.setup, s.step(), s.time());
    EXPECT_EQ(d.at("mass"), row.at("mass")) << "step " << step;
    EXPECT_EQ(d.at("momentum_x"), row.at("momentum_x")) << "step " << step;
    EXPECT_EQ(d.at("momentum_y"), row.at("momentum_y")) << "step " << step;
    EXPECT_EQ(d.at("energy"), row.at("energy")) << "step " << step;
    EXPECT_EQ(d.at("kinetic_energy"), row.at("kinetic_energy")) << "step " << step;
    EXPECT_EQ(d.at("width_integral"), row.at("width_integral")) << "step " << step;
    EXPECT_EQ(d.at("T_min"), row.at("T_min")) << "step " << step;
    EXPECT_EQ(d.at("rho_max"), row.at("rho_max")) << "step " << step;
    const std::string ckpt = kDir + c.name + "_" + std::string(6 - std::to_string(step).size(), '0') +
                             std::to_string(step) + ".ckpt";
    if (std::ifstream(ckpt).good()) EXPECT_TRUE(same_bits(s.populations(), io::read_checkpoint(ckpt).populations)) << ckpt;
  }
}

// The first stored checkpoint, written in the old format, restarts and continues to the last
// one's bits.
TEST(Regression, OldCheckpointRestartsAndContinuesToTheSameBits) {
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
  EXPECT_TRUE(same_bits(s.populations(), end.populations));
}

INSTANTIATE_TEST_SUITE_P(Stored, Regression,
                         ::testing::Values(Case{"rtrt_fixed", 400}, Case{"bgk_adiabatic", 300}),
                         [](const auto& info) { return info.param.name; });

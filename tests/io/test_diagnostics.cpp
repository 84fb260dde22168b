// Diagnostics on constructed fields with known answers, the two-stage reduction, the health
// check and the CSV file.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <omp.h>
#include "d2q37/diagnostics.hpp"
#include "d2q37/model.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/diagnostics_csv.hpp"
#include "test_support.hpp"

using namespace plume;
using plume::test::TempDir;

namespace {

// rho = 1 + a x, u = (0.1, -0.2), T = 1 + b y on an nx x ny block at global offset (x0, y0).
Fields linear_fields(int nx, int ny, int x0 = 0, int y0 = 0) {
  Fields f;
  f.resize(d2q37::model(), nx, ny);
  f.x0 = x0;
  f.y0 = y0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const std::size_t i = f.at(x, y);
      f["rho"][i] = 1.0 + 0.01 * (x0 + x);
      f["ux"][i] = 0.1;
      f["uy"][i] = -0.2;
      f["T"][i] = 1.0 + 0.001 * (y0 + y);
    }
  return f;
}

// A sub-block of a whole-lattice Fields.
Fields block(const Fields& all, int x0, int y0, int nx, int ny) {
  Fields b;
  b.resize(all.model(), nx, ny);
  b.x0 = x0;
  b.y0 = y0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const std::size_t s = all.at(x0 + x, y0 + y), d = b.at(x, y);
      b["rho"][d] = all["rho"][s];
      b["ux"][d] = all["ux"][s];
      b["uy"][d] = all["uy"][s];
      b["T"][d] = all["T"][s];
    }
  return b;
}

Domain whole(int NX, int NY) { return Domain::whole(NX, NY); }

// A D2Q37 setup with the case `s` (the mixing widths read T_down and T_up from it).
AnySetup with_case(const d2q37::InitialState& s) {
  d2q37::Setup u;
  u.initial = s;
  return AnySetup(u);
}

}  // namespace

TEST(Diagnostics, IntegralsOfKnownFields) {
  const int nx = 16, ny = 12;
  const Fields f = linear_fields(nx, ny);
  const io::Diagnostics d = io::compute_diagnostics(f, whole(nx, ny), AnySetup(), 7, 5.5);
  // Closed forms: sum_x (1 + 0.01 x) = nx + 0.01 nx (nx - 1) / 2 per row.
  const double row_mass = nx + 0.01 * nx * (nx - 1) / 2.0, mass = ny * row_mass;
  EXPECT_NEAR(d.at("mass"), mass, 1e-12 * mass);
  EXPECT_NEAR(d.at("momentum_x"), 0.1 * mass, 1e-12);
  EXPECT_NEAR(d.at("momentum_y"), -0.2 * mass, 1e-12);
  EXPECT_NEAR(d.at("kinetic_energy"), 0.5 * 0.05 * mass, 1e-12);
  // sum rho T = row_mass * sum_y (1 + 0.001 y).
  const double internal = row_mass * (ny + 0.001 * ny * (ny - 1) / 2.0);
  EXPECT_NEAR(d.at("energy"), internal + 0.5 * 0.05 * mass, 1e-10);
  EXPECT_EQ(d.at("T_min"), 1.0);
  EXPECT_DOUBLE_EQ(d.at("T_max"), 1.0 + 0.001 * (ny - 1));
  EXPECT_EQ(d.at("rho_min"), 1.0);
  EXPECT_DOUBLE_EQ(d.at("rho_max"), 1.0 + 0.01 * (nx - 1));
  EXPECT_EQ(d.step, 7);
  EXPECT_EQ(d.time, 5.5);
}

TEST(Diagnostics, WidthsOfATanhProfile) {
  // theta (1 - theta) = sech^2/4 integrates to eps/2, so the integral width is 3 eps; theta
  // crosses 0.9 and 0.1 at y_c -/+ eps atanh(0.8).
  const int nx = 4, ny = 400;
  for (double eps : {5.0, 10.0, 20.0}) {
    d2q37::InitialState s;
    s.T_down = 1.05;
    s.T_up = 0.95;
    Fields f = linear_fields(nx, ny);
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x)
        f["T"][f.at(x, y)] = s.T_down + (s.T_up - s.T_down) * 0.5 * (std::tanh((y - 200.3) / eps) + 1.0);
    const io::Diagnostics d = io::compute_diagnostics(f, whole(nx, ny), with_case(s), 0, 0);
    EXPECT_NEAR(d.at("width_integral"), 3.0 * eps, 0.01 * eps) << "eps " << eps;
    EXPECT_NEAR(d.at("width_threshold"), 2.0 * std::atanh(0.8) * eps, 0.02 * eps) << "eps " << eps;
  }
}

TEST(Diagnostics, WidthsOfAFlatInterfaceAreZeroAndOfMixedFluidFull) {
  const int ny = 50;
  std::vector<double> sharp(ny), mixed(ny, 1.0);
  for (int y = 0; y < ny; ++y) sharp[y] = y < 25 ? 1.05 : 0.95;
  EXPECT_EQ(d2q37::integral_width(sharp, 1.05, 0.95), 0.0);
  EXPECT_NEAR(d2q37::threshold_width(sharp, 1.05, 0.95), 0.8, 1e-12);  // the one-row jump, 0.9 -> 0.1
  EXPECT_NEAR(d2q37::integral_width(mixed, 1.05, 0.95), 6.0 * 0.25 * ny, 1e-9);
  EXPECT_EQ(d2q37::threshold_width(mixed, 1.05, 0.95), ny - 1.0);
  EXPECT_EQ(d2q37::integral_width(mixed, 1.0, 1.0), 0.0) << "no contrast: no width, no division by zero";
}

TEST(Diagnostics, BlockPartialsCombineToTheWholeLattice) {
  // What an MPI run does: each rank reduces its block, the partials are summed.
  const int NX = 12, NY = 20;
  Fields all = linear_fields(NX, NY);
  for (std::size_t i = 0; i < all["T"].size(); ++i) all["T"][i] += 0.01 * std::sin(0.37 * double(i));
  d2q37::InitialState s;
  const io::Diagnostics ref = io::compute_diagnostics(all, whole(NX, NY), with_case(s), 3, 1.0);
  io::PartialSums sum = io::partial_sums(block(all, 0, 0, 5, 8), Domain{5, 8, 1, 0, 0, 0, NX, NY, 1});
  io::combine(sum, io::partial_sums(block(all, 5, 0, 7, 8), Domain{7, 8, 1, 5, 0, 0, NX, NY, 1}));
  io::combine(sum, io::partial_sums(block(all, 0, 8, 12, 12), Domain{12, 12, 1, 0, 8, 0, NX, NY, 1}));
  const io::Diagnostics d = io::finish(sum, d2q37::model(), with_case(s), 3, 1.0);
  EXPECT_NEAR(d.at("mass"), ref.at("mass"), 1e-12 * ref.at("mass"));
  EXPECT_NEAR(d.at("energy"), ref.at("energy"), 1e-12 * ref.at("energy"));
  EXPECT_NEAR(d.at("momentum_x"), ref.at("momentum_x"), 1e-12);
  EXPECT_NEAR(d.at("width_integral"), ref.at("width_integral"), 1e-12);
  EXPECT_EQ(d.at("T_min"), ref.at("T_min"));
  EXPECT_EQ(d.at("T_max"), ref.at("T_max"));
  EXPECT_EQ(d.at("rho_max"), ref.at("rho_max"));
  const std::vector<double> Tm = d2q37::mean_temperature(sum);
  ASSERT_EQ(int(Tm.size()), NY);
  double row = 0;
  for (int x = 0; x < NX; ++x) row += all["T"][all.at(x, 13)];
  EXPECT_NEAR(Tm[13], row / NX, 1e-15);
}

TEST(Diagnostics, HealthyFieldsHaveNoFault) { EXPECT_FALSE(io::find_fault(linear_fields(8, 8), 0).has_value()); }

TEST(Diagnostics, FaultReportsTheFirstBadSiteInGlobalCoordinates) {
  Fields f = linear_fields(10, 12, 100, 200);
  f["rho"][f.at(3, 9)] = -0.5;
  f["T"][f.at(5, 7)] = std::numeric_limits<double>::quiet_NaN();
  f["uy"][f.at(1, 11)] = std::numeric_limits<double>::infinity();
  const auto fault = io::find_fault(f, 4200);
  ASSERT_TRUE(fault.has_value());
  EXPECT_EQ(fault->x, 105);
  EXPECT_EQ(fault->y, 207);
  EXPECT_EQ(fault->field, "T");
  EXPECT_TRUE(std::isnan(fault->value));
  EXPECT_EQ(fault->count, 3);
  EXPECT_EQ(fault->step, 4200);
  const std::string m = fault->message();
  EXPECT_NE(m.find("step 4200"), std::string::npos) << m;
  EXPECT_NE(m.find("T is NaN at (x=105, y=207)"), std::string::npos) << m;
  EXPECT_NE(m.find("3 bad sites"), std::string::npos) << m;
}

// A 3-D lattice's bad site is named with its z (the message gave x and y alone); a 2-D one's not.
TEST(Diagnostics, AFaultOfA3DLatticeNamesItsZ) {
  Fields f;
  f.resize(find_model("d3q19"), 4, 5, 6);
  for (int k = 0; k < f.count(); ++k) std::fill(f[k].begin(), f[k].end(), 1.0);
  f["rho"][f.at(1, 2, 3)] = std::numeric_limits<double>::quiet_NaN();
  const auto fault = io::find_fault(f, 7);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->message().find("rho is NaN at (x=1, y=2, z=3)"), std::string::npos) << fault->message();
  Fields flat = linear_fields(4, 4);
  flat["rho"][flat.at(2, 1)] = 0.0;
  EXPECT_NE(io::find_fault(flat, 1)->message().find("at (x=2, y=1)"), std::string::npos);
}

TEST(Diagnostics, NonPositiveDensityAndTemperatureAreFaults) {
  Fields f = linear_fields(4, 4);
  f["rho"][f.at(2, 1)] = 0.0;
  auto fault = io::find_fault(f, 1);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, "rho");
  EXPECT_NE(fault->message().find("rho = 0 at (x=2, y=1)"), std::string::npos) << fault->message();
  f = linear_fields(4, 4);
  f["T"][f.at(0, 3)] = -1e-3;
  fault = io::find_fault(f, 1);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, "T");
  EXPECT_EQ(fault->value, -1e-3);
}

TEST(Diagnostics, TheSameBitsWithAnyNumberOfThreads) {
  // Rows split among threads (the snapshot of a large lattice uses every core): sums, extremes and
  // the first fault must not depend on how many.
  Fields f = linear_fields(37, 53, 5, 11);
  for (std::size_t i = 0; i < f["rho"].size(); ++i) {
    f["rho"][i] += 1e-3 * std::sin(0.37 * double(i));
    f["ux"][i] += 1e-2 * std::cos(0.11 * double(i));
    f["T"][i] += 1e-3 * std::sin(0.07 * double(i) + 1.0);
  }
  f["T"][f.at(30, 40)] = std::numeric_limits<double>::quiet_NaN();
  f["rho"][f.at(2, 45)] = -1.0;
  f["uy"][f.at(36, 40)] = std::numeric_limits<double>::infinity();
  const Domain d{37, 53, 1, 5, 11, 0, 42, 64, 1};
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const io::PartialSums one = io::partial_sums(f, d);
  const auto fault_one = io::find_fault(f, 7);
  for (int threads : {2, 3, 8}) {
    omp_set_num_threads(threads);
    const io::PartialSums many = io::partial_sums(f, d);
    // Bits, not values: the row with the NaN sums to NaN on both sides.
    auto same_bits = [](const std::vector<double>& a, const std::vector<double>& b) {
      return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
    };
    EXPECT_TRUE(same_bits(many.field[0], one.field[0])) << threads << " threads";
    EXPECT_TRUE(same_bits(many.own[3], one.own[3])) << threads << " threads";
    EXPECT_TRUE(same_bits(many.own[2], one.own[2])) << threads << " threads";
    EXPECT_TRUE(same_bits(many.field[3], one.field[3])) << threads << " threads";
    EXPECT_EQ(many.min[3], one.min[3]);
    EXPECT_EQ(many.max[3], one.max[3]);
    EXPECT_EQ(many.min[0], one.min[0]);
    EXPECT_EQ(many.max[0], one.max[0]);
    const auto fault = io::find_fault(f, 7);
    ASSERT_TRUE(fault && fault_one);
    EXPECT_EQ(fault->x, fault_one->x);
    EXPECT_EQ(fault->y, fault_one->y);
    EXPECT_EQ(fault->field, fault_one->field);
    EXPECT_EQ(fault->count, 3);
  }
  omp_set_num_threads(saved);
  EXPECT_EQ(fault_one->x, 35);  // (30, 40): the lowest row first, then the lowest x
  EXPECT_EQ(fault_one->y, 51);
  EXPECT_EQ(one.min[0], -1.0);  // finite, so an extreme (and a fault)
}

TEST(DiagnosticsCsv, HeaderHasUnitsAndRowsReadBackExactly) {
  TempDir tmp;
  const Fields f = linear_fields(6, 6);
  io::Diagnostics d = io::compute_diagnostics(f, whole(6, 6), AnySetup(), 0, 0);
  d.values[0] = 1.0 / 3.0;  // mass
  {
    io::DiagnosticsCsv csv(tmp / "d.csv", -1, d2q37::model());
    csv.append(d);
  }
  const std::string s = plume::test::read_file(tmp / "d.csv");
  const std::string header = s.substr(0, s.find('\n'));
  EXPECT_EQ(header, io::DiagnosticsCsv::header(d2q37::model()));
  EXPECT_NE(header.find("mass[lu]"), std::string::npos);
  EXPECT_NE(header.find("width_integral[sites]"), std::string::npos);
  const std::string row = s.substr(s.find('\n') + 1);
  const std::string mass = row.substr(row.find(',', row.find(',') + 1) + 1);
  EXPECT_EQ(std::stod(mass.substr(0, mass.find(','))), 1.0 / 3.0);
}

TEST(DiagnosticsCsv, ResumeKeepsEarlierRowsAndDropsLaterAndPartialOnes) {
  TempDir tmp;
  io::Diagnostics d;
  {
    io::DiagnosticsCsv csv(tmp / "d.csv", -1, d2q37::model());
    for (long long s : {0, 10, 20, 30}) {
      d.step = s;
      csv.append(d);
    }
  }
  // A crash in the middle of a row leaves a line without its newline.
  plume::test::write_file(tmp / "d.csv", plume::test::read_file(tmp / "d.csv") + "40,1.5,2");
  {
    io::DiagnosticsCsv csv(tmp / "d.csv", 20, d2q37::model());  // restart from the checkpoint at step 20
    d.step = 20;
    csv.append(d);
  }
  std::vector<long long> steps;
  std::istringstream in(plume::test::read_file(tmp / "d.csv"));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) steps.push_back(std::stoll(line));
  EXPECT_EQ(steps, (std::vector<long long>{0, 10, 20}));
  {
    io::DiagnosticsCsv csv(tmp / "d.csv", -1, d2q37::model());  // a new run starts a new file
  }
  EXPECT_EQ(plume::test::read_file(tmp / "d.csv"), io::DiagnosticsCsv::header(d2q37::model()) + "\n");
}

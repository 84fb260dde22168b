// The model's fields of one block (plume::Fields), the fields a user chooses (io::field_choices:
// stored, derived by the model, speed and vorticity from the velocity) and the fault check, all
// driven by the model's FieldInfo: for D2Q37 and for a stand-in model with other fields.
#include <gtest/gtest.h>
#include <cmath>
#include <limits>
#include <stdexcept>
#include "d2q37/model.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/field_select.hpp"

using namespace plume;

namespace {

// A model with a positive scalar "c" and a velocity of 2 or 3 components, nothing derived of its
// own: enough to build fields, choices, faults and diagnostics from (it runs nothing).
class StandIn final : public Model {
 public:
  explicit StandIn(bool three_d) {
    fields_ = {{"c", "c", "concentration c", "lu", "a scalar", false, true, FieldRole::Scalar},
               {"vx", "v,x", "velocity v x", "lu", "x", true, false, FieldRole::VelocityX},
               {"vy", "v,y", "velocity v y", "lu", "y", true, false, FieldRole::VelocityY}};
    if (three_d) fields_.push_back({"vz", "v,z", "velocity v z", "lu", "z", true, false, FieldRole::VelocityZ});
  }
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return name_; }
  const LatticeInfo& lattice() const override { return lattice_; }
  const std::vector<FieldInfo>& fields() const override { return fields_; }
  double time_step() const override { return 1.0; }
  AnySetup default_setup() const override { return AnySetup(0); }
  std::string describe(const AnySetup&) const override { return "a stand-in"; }
  std::string units() const override { return "spacing 1"; }
  bool owns(const AnySetup& s) const override { return s.holds<int>(); }
  parallel::Periodic periodic(const AnySetup&) const override { return {true, true, true}; }
  std::unique_ptr<Backend> make_backend(const BackendPlace&, const Domain&, const AnySetup&, Precision, Streaming) const override {
    throw std::runtime_error("a stand-in");
  }

 private:
  std::string name_ = "stand-in";
  LatticeInfo lattice_;
  std::vector<FieldInfo> fields_;
};

// Every field of `f` filled with distinct smooth values (positive where the model says so).
void fill(Fields& f) {
  for (int k = 0; k < f.count(); ++k)
    for (std::size_t i = 0; i < f.sites(); ++i)
      f[k][i] = (f.info()[std::size_t(k)].positive ? 1.0 : 0.0) + 0.1 * std::sin(0.7 * double(i) + 1.3 * k);
}

std::vector<std::string> names(const std::vector<io::FieldChoice>& c) {
  std::vector<std::string> n;
  for (const auto& x : c) n.push_back(x.name);
  return n;
}

}  // namespace

TEST(Fields, ByIndexAndByName) {
  Fields f;
  f.resize(d2q37::model(), 5, 3);
  ASSERT_EQ(f.count(), 4);
  EXPECT_EQ(f.sites(), 15u);
  EXPECT_EQ(f.nz, 1);
  for (int k = 0; k < f.count(); ++k) {
    const char* name = d2q37::model().fields()[std::size_t(k)].name;
    EXPECT_EQ(f.index(name), k);
    EXPECT_EQ(&f[name], &f[k]);
    EXPECT_EQ(f.data(k), f[k].data());
    EXPECT_EQ(f[k].size(), 15u);
  }
  EXPECT_EQ(f.index("T"), 3);
  static_assert(d2q37::Traits::kFields == 4, "the backends' count comes from the one list");
  EXPECT_EQ(std::size_t(d2q37::Traits::kFields), d2q37::model().fields().size());
}

TEST(Fields, AnUnknownNameIsAClearError) {
  Fields f;
  f.resize(d2q37::model(), 2, 2);
  try {
    (void)f["p"];  // derived, not stored
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "the model d2q37 has no field 'p' (its fields: rho, ux, uy, T)");
  }
  EXPECT_THROW(Fields().model(), std::logic_error);
}

TEST(Fields, AThreeDimensionalBlockIsPlanesOfRows) {
  const StandIn m(true);
  Fields f;
  f.resize(m, 4, 3, 2);
  EXPECT_EQ(f.count(), 4);
  EXPECT_EQ(f.sites(), 24u);
  EXPECT_EQ(f.at(1, 2, 1), std::size_t((1 * 3 + 2) * 4 + 1));
  EXPECT_EQ(f.at(3, 2, 0), std::size_t(11));
}

TEST(FieldChoices, D2Q37KeepsItsNamesTitlesAndOrder) {
  const auto& c = io::field_choices(d2q37::model());
  EXPECT_EQ(names(c), (std::vector<std::string>{"T", "rho", "p", "ux", "uy", "speed", "vorticity"}));
  EXPECT_EQ(io::field_names(d2q37::model()), names(c));
  const std::vector<std::string> titles{"temperature T_H", "density rho",    "pressure p",       "velocity u_H x",
                                        "velocity u_H y",  "speed |u_H|", "vorticity of u_H"};
  const std::vector<bool> is_signed{false, false, false, true, true, false, true};
  for (std::size_t i = 0; i < c.size(); ++i) {
    EXPECT_EQ(c[i].title, titles[i]) << c[i].name;
    EXPECT_EQ(c[i].is_signed, is_signed[i]) << c[i].name;
  }
  EXPECT_TRUE(c[5].magnitude);
  EXPECT_EQ(io::field_index(d2q37::model(), "ux"), 3);
  try {
    io::field_index(d2q37::model(), "pressure");
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown field 'pressure' (choose one of T, rho, p, ux, uy, speed, vorticity)");
  }
}

TEST(FieldChoices, DerivedFieldsEqualTheFormulasTheyReplace) {
  // p = rho T_H, |u_H| = hypot(ux, uy) and the vorticity d(uy)/dx - d(ux)/dy with central
  // differences periodic in x and one-sided in the first and last row, bit for bit.
  const int nx = 7, ny = 5;
  Fields f;
  f.resize(d2q37::model(), nx, ny);
  fill(f);
  const auto &rho = f["rho"], &ux = f["ux"], &uy = f["uy"], &T = f["T"];
  const auto p = io::extract_field(f, io::field_choice(d2q37::model(), "p"));
  const auto speed = io::extract_field(f, io::field_choice(d2q37::model(), "speed"));
  const auto w = io::extract_field(f, io::field_choice(d2q37::model(), "vorticity"));
  EXPECT_EQ(io::extract_field(f, io::field_choice(d2q37::model(), "T")), T);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      const std::size_t i = f.at(x, y);
      EXPECT_EQ(p[i], rho[i] * T[i]);
      EXPECT_EQ(speed[i], std::hypot(ux[i], uy[i]));
      const int xm = (x + nx - 1) % nx, xp = (x + 1) % nx;
      const int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
      const double duy_dx = (uy[f.at(xp, y)] - uy[f.at(xm, y)]) / 2.0;
      const double dux_dy = (ux[f.at(x, yp)] - ux[f.at(x, ym)]) / double(yp - ym);
      EXPECT_EQ(w[i], duy_dx - dux_dy) << x << "," << y;
    }
  // Periodic in x: the first column's x neighbours are the last and the second.
  const double w00 = (uy[f.at(1, 2)] - uy[f.at(nx - 1, 2)]) / 2.0 - (ux[f.at(0, 3)] - ux[f.at(0, 1)]) / 2.0;
  EXPECT_EQ(w[f.at(0, 2)], w00);
}

TEST(FieldChoices, SpeedAndVorticityComeFromTheVelocityTheModelMarks) {
  const StandIn two(false), three(true);
  const auto& c2 = io::field_choices(two);
  EXPECT_EQ(names(c2), (std::vector<std::string>{"c", "vx", "vy", "speed", "vorticity"}));
  EXPECT_EQ(c2[3].title, "speed |v|");
  EXPECT_EQ(c2[4].title, "vorticity of v");
  // In 3-D the speed has three components and there is no scalar vorticity.
  const auto& c3 = io::field_choices(three);
  EXPECT_EQ(names(c3), (std::vector<std::string>{"c", "vx", "vy", "vz", "speed"}));
  Fields f;
  f.resize(three, 3, 2, 2);
  fill(f);
  const auto s = io::extract_field(f, c3[4]);
  for (std::size_t i = 0; i < f.sites(); ++i)
    EXPECT_EQ(s[i], std::hypot(std::hypot(f["vx"][i], f["vy"][i]), f["vz"][i]));
}

TEST(Faults, TheCheckFollowsFieldInfo) {
  const StandIn m(false);
  Fields f;
  f.resize(m, 4, 4);
  fill(f);
  EXPECT_FALSE(io::find_fault(f, 0));
  f["vx"][f.at(1, 1)] = -5.0;  // a velocity may be negative
  EXPECT_FALSE(io::find_fault(f, 0));
  f["c"][f.at(2, 2)] = 0.0;  // "c" must be positive
  auto fault = io::find_fault(f, 3);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, "c");
  EXPECT_EQ(fault->x, 2);
  EXPECT_EQ(fault->y, 2);
  // Every field must be finite; at one site the positive fields are looked at first.
  f["vy"][f.at(0, 1)] = std::numeric_limits<double>::quiet_NaN();
  f["c"][f.at(0, 1)] = -1.0;
  fault = io::find_fault(f, 3);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, "c");
  EXPECT_EQ(fault->y, 1);
  EXPECT_EQ(fault->count, 2);
  f["c"][f.at(0, 1)] = 1.0;
  fault = io::find_fault(f, 3);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->field, "vy");
  EXPECT_TRUE(std::isnan(fault->value));
}

TEST(Diagnostics, AModelWithNoneOfItsOwnGetsSumsAndExtremesOfItsFields) {
  const StandIn m(false);
  Fields f;
  f.resize(m, 3, 2);
  fill(f);
  const io::Diagnostics d = io::compute_diagnostics(f, Domain::whole(3, 2), AnySetup(), 4, 2.0);
  ASSERT_EQ(d.quantities.size(), 9u);
  EXPECT_EQ(d.quantities[0].name, "sum_c");
  EXPECT_EQ(d.quantities[8].name, "vy_max");
  double sum = 0, lo = 1e300, hi = -1e300;
  for (int y = 0; y < 2; ++y) {
    double row = 0;
    for (int x = 0; x < 3; ++x) row += f["c"][f.at(x, y)];
    sum += row;
  }
  for (double v : f["vy"]) lo = std::min(lo, v), hi = std::max(hi, v);
  EXPECT_EQ(d.at("sum_c"), sum);
  EXPECT_EQ(d.at("vy_min"), lo);
  EXPECT_EQ(d.at("vy_max"), hi);
  EXPECT_THROW(d.at("mass"), std::out_of_range);
}

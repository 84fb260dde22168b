// plume-gui's reductions of a snapshot kept on the device (Solver::request_snapshot(Snapshot::Device), then
// range: the colour range, values: the read-out) against the host code
// (plume/reductions.hpp's field_range, field_values) over the same fields copied to the host: the
// same bits for every field of every model, FP64 and FP32 storage (the speed, CUDA's hypot, within
// two ulps for a 3-D speed), also while steps queued after the request run.
#include <gtest/gtest.h>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "cuda_device.hpp"
#include "every_model.hpp"
#include "plume/reductions.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

// Every field a user can choose (io::field_choices builds the same list, with names; the GPU
// tests build without io): stored, derived by the model, and the speed and 2-D vorticity.
std::vector<FieldFormula> every_formula(const Model& m) {
  const std::vector<FieldInfo>& info = m.fields();
  const auto index = [&](const char* name) {
    for (std::size_t k = 0; k < info.size(); ++k)
      if (std::string(info[k].name) == name) return int(k);
    return -1;
  };
  std::vector<FieldFormula> all;
  int vel[3] = {-1, -1, -1};
  for (std::size_t k = 0; k < info.size(); ++k) {
    FieldFormula f;
    f.stored = int(k);
    all.push_back(f);
    if (info[k].role != FieldRole::Scalar) vel[int(info[k].role) - int(FieldRole::VelocityX)] = int(k);
  }
  for (const DerivedFieldInfo& d : m.derived_fields()) {
    FieldFormula f;
    f.op = d.op;
    f.factor = d.factor;
    for (const char* in : d.inputs)
      if (in) f.inputs[f.count++] = index(in);
    all.push_back(f);
  }
  if (vel[0] >= 0 && vel[1] >= 0) {
    FieldFormula speed;
    speed.op = DerivedOp::Magnitude;
    speed.count = vel[2] >= 0 ? 3 : 2;
    for (int i = 0; i < speed.count; ++i) speed.inputs[i] = vel[i];
    all.push_back(speed);
    if (vel[2] < 0) {
      FieldFormula w;
      w.op = DerivedOp::CurlZ;
      w.count = 2;
      w.inputs[0] = vel[0];
      w.inputs[1] = vel[1];
      all.push_back(w);
    }
  }
  return all;
}

int solid_field(const Model& m) {
  for (std::size_t k = 0; k < m.fields().size(); ++k)
    if (std::string(m.fields()[k].name) == "solid") return int(k);
  return -1;
}

bool exact(const FieldFormula& f) { return f.stored >= 0 || derived_exact_on_device(f.op); }

// a and b the same bits, or (inexact formulas) at most two units in the last place apart: a 3-D
// speed is two hypot calls, each of which may round the other way on the device.
bool same(double a, double b, bool bits) {
  if (std::memcmp(&a, &b, sizeof a) == 0) return true;
  if (bits || !std::isfinite(a)) return false;
  const double one = std::nextafter(a, b);
  return one == b || std::nextafter(one, b) == b;
}

void expect_same(const FieldRange& device, const FieldRange& host, bool bits, const std::string& what) {
  EXPECT_TRUE(same(device.lo, host.lo, bits)) << what << ": lo " << device.lo << " vs " << host.lo;
  EXPECT_TRUE(same(device.hi, host.hi, bits)) << what << ": hi " << device.hi << " vs " << host.hi;
  EXPECT_TRUE(same(device.lo_all, host.lo_all, bits)) << what << ": lo_all";
  EXPECT_TRUE(same(device.hi_all, host.hi_all, bits)) << what << ": hi_all";
  EXPECT_EQ(device.kept, host.kept) << what;
}

}  // namespace

TEST(GpuSnapshotReductions, TheRangeAndValuesOfEveryFieldAreTheHostsBitsForEveryModel) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision p : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(p, BackendKind::CUDA)) {
      const std::string what = mc.what + (p == Precision::FP32 ? ", FP32" : ", FP64");
      Solver s(mc.config);
      s.initialize();
      s.advance(12);
      Fields f;
      s.snapshot().fields(f);  // the device's fields of this state, on the host
      s.request_snapshot(plume::Snapshot::Device);
      s.advance_async(5);  // the reductions run beside these steps, on the snapshot's fields
      EXPECT_FALSE(s.snapshot().fault().has_value()) << what;
      const int mask = solid_field(s.model());
      const std::vector<FieldFormula> all = every_formula(s.model());
      const Box whole = Box::of(s.domain());
      const Box plane{0, f.nx, 0, f.ny, f.nz / 2, f.nz / 2 + 1};
      const Box corner{1, f.nx / 2, f.ny / 3, f.ny, 0, (f.nz + 1) / 2};
      for (std::size_t k = 0; k < all.size(); ++k)
        for (const Box& b : {whole, plane, corner})
          for (int m : {mask, -1}) {
            const std::string at = what + ", field " + std::to_string(k) + ", box from (" + std::to_string(b.x0) +
                                   ", " + std::to_string(b.y0) + ", " + std::to_string(b.z0) + "), mask " +
                                   std::to_string(m);
            expect_same(s.snapshot().range(all[k], b, m), field_range(f, all[k], b, m), exact(all[k]), at);
          }
      for (const std::array<int, 3>& c : std::array<std::array<int, 3>, 3>{
               {{0, 0, 0}, {f.nx - 1, f.ny - 1, f.nz - 1}, {f.nx / 3, f.ny / 2, f.nz / 2}}}) {
        const std::vector<double> device = s.snapshot().values(all, c[0], c[1], c[2]);
        std::vector<double> host(all.size());
        field_values(f, all.data(), int(all.size()), c[0], c[1], c[2], host.data());
        for (std::size_t k = 0; k < all.size(); ++k)
          EXPECT_TRUE(same(device[k], host[k], exact(all[k])))
              << what << ", field " << k << " at " << c[0] << " " << c[1] << " " << c[2];
      }
      s.wait_steps();
      EXPECT_EQ(s.step(), 17) << what;
      EXPECT_THROW(s.snapshot().wait(), std::logic_error) << what << ": the fields stayed on the device";
    }
}

// A lattice of many blocks of the range kernel, with a planted NaN and an infinity: they take no
// part in the extremes, and the extremes are the host's.
TEST(GpuSnapshotReductions, ALargerD2Q37LatticeWithNonFiniteSitesGivesTheHostsRange) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::ModelCase mc = test::every_model_case(Precision::FP64, BackendKind::CUDA).front();
  mc.config.nx = 1031;
  mc.config.ny = 517;
  Solver s(mc.config);
  s.initialize();
  s.advance(10);
  std::vector<double> pop = s.populations();
  test::poison_site(pop, s.domain(), 500, 300, 0, 0.0, std::nan(""));
  s.set_populations(pop, s.step());
  Fields f;
  s.snapshot().fields(f);
  s.request_snapshot(plume::Snapshot::Device);
  ASSERT_TRUE(s.snapshot().fault().has_value());
  for (const FieldFormula& v : every_formula(s.model()))
    for (const Box& b : {Box::of(s.domain()), Box{0, 1031, 299, 302, 0, 1}, Box{7, 8, 0, 517, 0, 1}})
      expect_same(s.snapshot().range(v, b), field_range(f, v, b, -1), exact(v), "d2q37 1031 x 517");
}

// The diagnostics' row sums and the fault check reduced on the device (the CUDA backend's
// row_sums, find_fault and the snapshot's check) against the host code (plume/reductions.hpp) over
// the same fields, copied to the host: every row summed in x order on the device gives the host's
// bits, the model's own row quantities too (Strict arithmetic: no contracted FMAs), the extremes
// are exact, and a planted NaN or negated patch is found at the same site, with the same field,
// value and count. Every model, FP64 and FP32 storage.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "cuda_device.hpp"
#include "every_model.hpp"
#include "same_reductions.hpp"
#include "plume/reductions.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

using test::expect_same;
using test::same_bits;

std::string named(const test::ModelCase& mc, Precision p) {
  return mc.what + (p == Precision::FP32 ? ", FP32" : ", FP64");
}

}  // namespace

TEST(GpuReductions, RowSumsAndExtremesAreTheHostsBitsForEveryModel) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision p : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(p, BackendKind::CUDA)) {
      Solver s(mc.config);
      s.initialize();
      s.advance(12);
      Fields f;
      s.snapshot().fields(f);
      expect_same(s.snapshot().diagnostic_sums(), row_sums(f, s.domain()), named(mc, p));
      EXPECT_FALSE(s.snapshot().find_fault().has_value()) << named(mc, p);
    }
}

// More rows than a block of the row kernel has threads, and a row longer than one warp's loads.
TEST(GpuReductions, ALargerD2Q37LatticeGivesTheHostsBits) {
  PLUME_REQUIRE_CUDA_DEVICE();
  test::ModelCase mc = test::every_model_case(Precision::FP64, BackendKind::CUDA).front();
  mc.config.nx = 333;
  mc.config.ny = 517;
  Solver s(mc.config);
  s.initialize();
  s.advance(20);
  Fields f;
  s.snapshot().fields(f);
  expect_same(s.snapshot().diagnostic_sums(), row_sums(f, s.domain()), "d2q37 333 x 517");
}

TEST(GpuReductions, APlantedNaNOrNegatedPatchIsFoundWhereTheHostFindsIt) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision p : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(p, BackendKind::CUDA))
      for (double factor : {0.0, -1.0}) {  // NaN populations, or a negated patch
        const std::string what = named(mc, p) + (factor == 0 ? ", NaN" : ", negated");
        Solver s(mc.config);
        s.initialize();
        s.advance(3);
        const Domain& d = s.domain();
        std::vector<double> pop = s.populations();
        for (int dy = 0; dy < 3 && dy < d.ny; ++dy)
          for (int dx = 0; dx < 3; ++dx) test::poison_site(pop, d, d.nx / 2 + dx, d.ny / 3 + dy, d.nz / 2, factor, std::nan(""));
        test::poison_site(pop, d, d.nx - 2, d.ny - 2, d.nz - 1, factor, std::nan(""));
        s.set_populations(pop, s.step());
        Fields f;
        s.snapshot().fields(f);
        const std::optional<Fault> host = plume::find_fault(f, s.step());
        expect_same(s.snapshot().find_fault(), host, what);
        if (factor == 0) EXPECT_TRUE(host.has_value()) << what;
        // The snapshot's check, made on the device beside its fields.
        s.request_snapshot();
        const Fields& snap = s.snapshot().wait();
        expect_same(s.snapshot().fault(), plume::find_fault(snap, s.step()), what + ", snapshot");
      }
}

// The snapshot that the next step makes (a request with no fields of the state yet: the step
// kernel writes them and counts the bad sites as it reads the state) finds what the host finds in
// the same fields; to the host or kept on the device, and with steps queued behind it.
TEST(GpuReductions, ASnapshotMadeByTheNextStepChecksItsFieldsAsTheHostDoes) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision p : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(p, BackendKind::CUDA))
      for (double factor : {0.0, -1.0}) {
        const std::string what = named(mc, p) + (factor == 0 ? ", NaN" : ", negated");
        Solver s(mc.config), twin(mc.config);
        s.initialize();
        s.advance(2);
        const Domain& d = s.domain();
        std::vector<double> pop = s.populations();
        for (int dx = 0; dx < 2; ++dx) test::poison_site(pop, d, d.nx / 3 + dx, d.ny / 2, d.nz / 2, factor, std::nan(""));
        test::poison_site(pop, d, 1, d.ny - 2, 0, factor, std::nan(""));
        s.set_populations(pop, s.step());
        twin.initialize();
        twin.set_populations(pop, s.step());
        Fields f;
        twin.snapshot().fields(f);
        const std::optional<Fault> host = plume::find_fault(f, s.step());
        if (factor == 0) EXPECT_TRUE(host.has_value()) << what;
        s.request_snapshot();
        s.advance(2);
        expect_same(s.snapshot().fault(), host, what + ", to the host");
        const Fields& snap = s.snapshot().wait();
        for (int k = 0; k < f.count(); ++k) EXPECT_TRUE(same_bits(snap[k], f[k])) << what << ", field " << k;
        // Kept on the device: of the state two steps on, the twin's after the same steps.
        twin.advance(2);
        twin.snapshot().fields(f);
        s.request_snapshot(plume::Snapshot::Device);
        s.advance_async(3);
        expect_same(s.snapshot().fault(), plume::find_fault(f, s.step() - 3), what + ", on the device");
        s.wait_steps();
      }
}

// D2Q37's density or temperature turned negative by a negated patch: the device names the site the
// host names (and the run stops there, as a batch run does).
TEST(GpuReductions, ANegativeD2Q37DensityIsFoundAtTheHostsSite) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision p : {Precision::FP64, Precision::FP32}) {
    Solver s(test::every_model_case(p, BackendKind::CUDA).front().config);
    s.initialize();
    std::vector<double> pop = s.populations();
    for (int y = 27; y <= 33; ++y)
      for (int x = 4; x <= 10; ++x) test::poison_site(pop, s.domain(), x, y, 0, -1.0);
    s.set_populations(pop, 0);
    Fields f;
    s.snapshot().fields(f);
    const std::optional<Fault> device = s.snapshot().find_fault(), host = plume::find_fault(f, 0);
    ASSERT_TRUE(device.has_value());
    EXPECT_LT(device->value, 0);
    expect_same(device, host, p == Precision::FP32 ? "FP32" : "FP64");
  }
}

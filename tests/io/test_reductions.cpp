// The diagnostics' row sums and the fault check computed where the populations are
// (Snapshot::diagnostic_sums, Snapshot::find_fault, Snapshot::fault; on the CPU backend through
// the host code) against io's, computed from the same host fields: bit for bit, for every model.
// (The CUDA backend against the same: tests/gpu/test_gpu_reductions.cpp; decomposed runs:
// tests/mpi/test_distributed.cpp.)
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "every_model.hpp"
#include "same_reductions.hpp"
#include "site_access.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

using test::expect_same;
using test::same_bits;

// The solver's fault against io's, which also carries its message.
void expect_same_fault(const std::optional<io::Fault>& a, const std::optional<io::Fault>& b, const std::string& what) {
  test::expect_same(std::optional<Fault>(a), std::optional<Fault>(b), what);
  if (a && b) EXPECT_EQ(a->message(), b->message()) << what;
}

}  // namespace

TEST(Reductions, TheSolversRowSumsAndDiagnosticsAreIosBitForBitForEveryModel) {
  for (const test::ModelCase& mc : test::every_model_case()) {
    Solver s(mc.config);
    s.initialize();
    s.advance(12);
    Fields f;
    s.snapshot().fields(f);
    const RowSums solver = s.snapshot().diagnostic_sums();
    expect_same(solver, io::partial_sums(f, s.domain()), mc.what);
    const io::Diagnostics a = io::finish(solver, s.model(), mc.config.setup, s.step(), s.time());
    const io::Diagnostics b = io::compute_diagnostics(f, s.domain(), mc.config.setup, s.step(), s.time());
    ASSERT_EQ(a.values.size(), b.values.size()) << mc.what;
    for (std::size_t i = 0; i < a.values.size(); ++i)
      EXPECT_TRUE(std::memcmp(&a.values[i], &b.values[i], sizeof(double)) == 0)
          << mc.what << ": " << a.quantities[i].name << " " << a.values[i] << " vs " << b.values[i];
    EXPECT_FALSE(s.snapshot().find_fault().has_value()) << mc.what;
  }
}

TEST(Reductions, APlantedNaNOrNegativeSiteIsTheFaultIoFinds) {
  for (const test::ModelCase& mc : test::every_model_case()) {
    for (double factor : {0.0, -1.0}) {  // NaN populations, or every population negated
      const std::string what = mc.what + (factor == 0 ? ", NaN" : ", negated");
      Solver s(mc.config);
      s.initialize();
      s.advance(3);
      const Domain& d = s.domain();
      std::vector<double> pop = s.populations();
      test::poison_site(pop, d, d.nx / 2, d.ny / 3, d.nz / 2, factor, std::nan(""));
      test::poison_site(pop, d, d.nx - 2, d.ny - 2, d.nz - 1, factor, std::nan(""));
      s.set_populations(pop, s.step());
      Fields f;
      s.snapshot().fields(f);
      const std::optional<io::Fault> host = io::find_fault(f, s.step());
      expect_same_fault(s.snapshot().find_fault(), host, what);
      if (factor == 0) {
        ASSERT_TRUE(host.has_value()) << what;
        EXPECT_TRUE(std::isnan(host->value)) << what;
      }
      // The snapshot's check, made with it.
      s.request_snapshot();
      expect_same_fault(s.snapshot().fault(), io::find_fault(s.snapshot().wait(), s.step()), what + ", snapshot");
    }
  }
  // Every population of a 7 x 7 patch negated: the sites that pull from it have a negative
  // density or temperature (the fields D2Q37 marks positive), the first of them in the patch's
  // reach (3 sites) below it.
  const test::ModelCase mc = test::every_model_case().front();
  Solver s(mc.config);
  s.initialize();
  std::vector<double> pop = s.populations();
  for (int y = 27; y <= 33; ++y)
    for (int x = 4; x <= 10; ++x) test::poison_site(pop, s.domain(), x, y, 0, -1.0);
  s.set_populations(pop, 0);
  const auto fault = s.snapshot().find_fault();
  ASSERT_TRUE(fault.has_value());
  EXPECT_TRUE(fault->field == "rho" || fault->field == "T") << fault->field;
  EXPECT_LT(fault->value, 0);
  EXPECT_LE(std::abs(fault->x - 7), 6);
  EXPECT_GE(fault->y, 27 - 3);
  EXPECT_LE(fault->y, 30);
  EXPECT_GT(fault->count, 1);
}

TEST(Reductions, NoSnapshotNoSnapshotFault) {
  Solver s(test::every_model_case().front().config);
  s.initialize();
  EXPECT_THROW(s.snapshot().fault(), std::logic_error);
}

// A few sites' populations read and written on their own (plume-gui's brush), on the CPU.
TEST(Reductions, ReadingAndWritingAFewSitesIsWhatTheWholeBlockHoldsForEveryModel) {
  plume::test::expect_sites_are_the_blocks(plume::BackendKind::CPU);
}

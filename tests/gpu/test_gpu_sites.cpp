// A few sites' populations on the GPU (Solver::site_populations, set_site_populations: plume-gui's
// brush): for every model, FP64 and FP32 storage, the values read are the ones populations() holds
// for those sites, and values written land in those sites only, bit for bit as on the CPU.
#include <gtest/gtest.h>
#include <vector>
#include "cuda_device.hpp"
#include "every_model.hpp"

using namespace plume;

TEST(GpuSites, ReadingAndWritingAFewSitesIsWhatTheWholeBlockHoldsForEveryModel) {
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(precision, BackendKind::CUDA)) {
      const std::string what = mc.what + (precision == Precision::FP32 ? " FP32" : " FP64");
      Solver s(mc.config);
      s.initialize();
      s.advance(5);
      const Domain& d = s.domain();
      const int Q = s.model().lattice().Q;
      const std::size_t n = std::size_t(d.nx) * d.ny * d.nz;
      // Corners, an interior site and one listed twice (the second write wins).
      const std::vector<Site> sites = {{0, 0, 0}, {d.nx - 1, d.ny - 1, d.nz - 1}, {d.nx / 2, d.ny / 3, d.nz / 2},
                                       {d.nx - 1, 0, 0}, {d.nx / 2, d.ny / 3, d.nz / 2}};
      const std::vector<double> all = s.populations();
      const std::vector<double> got = s.site_populations(sites);
      ASSERT_EQ(got.size(), sites.size() * Q) << what;
      for (std::size_t k = 0; k < sites.size(); ++k) {
        const std::size_t at = (std::size_t(sites[k].z) * d.ny + sites[k].y) * d.nx + sites[k].x;
        for (int i = 0; i < Q; ++i) EXPECT_EQ(got[k * Q + i], all[i * n + at]) << what << " site " << k << " i " << i;
      }
      // New values (representable in FP32) for the first four; the fifth repeats the third's site.
      std::vector<double> put(got.size());
      for (std::size_t v = 0; v < put.size(); ++v) put[v] = 0.25 + 0.5 * double(v % 7) / 8.0;
      for (int i = 0; i < Q; ++i) put[4 * Q + i] = put[2 * Q + i];
      s.set_site_populations(sites, put);
      std::vector<double> expected = all;
      for (std::size_t k = 0; k < sites.size(); ++k) {
        const std::size_t at = (std::size_t(sites[k].z) * d.ny + sites[k].y) * d.nx + sites[k].x;
        for (int i = 0; i < Q; ++i) expected[i * n + at] = put[k * Q + i];
      }
      EXPECT_EQ(s.populations(), expected) << what;
    }
}

// Reading and writing a few sites' populations (Solver::populations, set_populations of sites:
// plume-gui's brush), for every model, FP64 and FP32 storage, on a backend: the values read are
// the ones populations() holds for those sites, and values written land in those sites only.
// tests/io/test_reductions.cpp runs it on the CPU, tests/gpu/test_gpu_sites.cpp on the GPU.
#pragma once
#include <gtest/gtest.h>
#include <cstring>
#include <string>
#include <vector>
#include "every_model.hpp"

namespace plume::test {

inline void expect_sites_are_the_blocks(BackendKind backend) {
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const ModelCase& mc : every_model_case(precision, backend)) {
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
      const std::vector<double> got = s.populations(sites);
      ASSERT_EQ(got.size(), sites.size() * Q) << what;
      for (std::size_t k = 0; k < sites.size(); ++k) {
        const std::size_t at = (std::size_t(sites[k].z) * d.ny + sites[k].y) * d.nx + sites[k].x;
        for (int i = 0; i < Q; ++i)
          EXPECT_EQ(std::memcmp(&got[k * Q + i], &all[i * n + at], sizeof(double)), 0) << what << " site " << k << " i " << i;
      }
      // New values (representable in FP32) for the first four; the fifth repeats the third's site.
      std::vector<double> put(got.size());
      for (std::size_t v = 0; v < put.size(); ++v) put[v] = 0.25 + 0.5 * double(v % 7) / 8.0;
      for (int i = 0; i < Q; ++i) put[4 * Q + i] = put[2 * Q + i];
      s.set_populations(sites, put);
      std::vector<double> expected = all;
      for (std::size_t k = 0; k < sites.size(); ++k) {
        const std::size_t at = (std::size_t(sites[k].z) * d.ny + sites[k].y) * d.nx + sites[k].x;
        for (int i = 0; i < Q; ++i) expected[i * n + at] = put[k * Q + i];
      }
      const std::vector<double> after = s.populations();
      ASSERT_EQ(after.size(), expected.size()) << what;
      // Bits, not values: a backend may keep NaN in solid sites (the CUDA one does), and NaN != NaN.
      for (std::size_t v = 0; v < after.size(); ++v)
        if (std::memcmp(&after[v], &expected[v], sizeof(double)) != 0) {
          const std::size_t site = v % n;
          ADD_FAILURE() << what << ": population " << v / n << " of site (" << site % d.nx << ", " << site / d.nx % d.ny
                        << ", " << site / d.nx / d.ny << ") is " << after[v] << ", expected " << expected[v];
          break;
        }
    }
}


}  // namespace plume::test

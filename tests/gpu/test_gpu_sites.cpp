// A few sites' populations on the GPU (tests/physics/site_access.hpp): bit for bit what the whole
// block holds, for every model, as on the CPU.
#include <gtest/gtest.h>
#include "cuda_device.hpp"
#include "site_access.hpp"

TEST(GpuSites, ReadingAndWritingAFewSitesIsWhatTheWholeBlockHoldsForEveryModel) {
  PLUME_REQUIRE_CUDA_DEVICE();
  plume::test::expect_sites_are_the_blocks(plume::BackendKind::CUDA);
}

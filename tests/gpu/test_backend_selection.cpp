// Backend selection at run time (no GPU needed): without a usable device the solver falls back
// to the CPU and says why, and an explicit request for CUDA fails with that reason.
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include "gpu_cases.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {
SolverConfig small(BackendKind kind) { return plume::testing::rt_layer(16, 16, 1e-4, Precision::FP64, kind); }
}  // namespace

TEST(BackendSelection, AutoUsesCudaWhenADeviceIsPresentAndSaysWhyNot) {
  std::string why;
  const int n = cuda_device_count(&why);
  ASSERT_GE(n, 0);
  Solver s(small(BackendKind::Auto));
  if (n == 0) {
    EXPECT_FALSE(why.empty());
    EXPECT_EQ(s.backend().kind, BackendKind::CPU);
    EXPECT_EQ(s.backend().name, "cpu");
    EXPECT_NE(s.backend().reason.find(why), std::string::npos) << s.backend().reason;
  } else {
    EXPECT_EQ(s.backend().kind, BackendKind::CUDA);
    EXPECT_NE(s.backend().description.find("CUDA device 0"), std::string::npos) << s.backend().description;
  }
}

TEST(BackendSelection, RequestedCudaWithoutDeviceFailsWithTheReason) {
  std::string why;
  if (cuda_device_count(&why) > 0) GTEST_SKIP() << "a CUDA device is present";
  try {
    Solver s(small(BackendKind::CUDA));
    FAIL() << "a CUDA solver was made without a device";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(BackendSelection, RequestedCpuIsUsedWhateverIsPresent) {
  Solver s(small(BackendKind::CPU));
  EXPECT_EQ(s.backend().kind, BackendKind::CPU);
    EXPECT_EQ(s.backend().name, "cpu");
  EXPECT_EQ(s.backend().reason, "requested");
}

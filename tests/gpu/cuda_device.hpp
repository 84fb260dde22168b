// GPU tests skip, saying why, where no CUDA device can be used.
#pragma once
#include <gtest/gtest.h>
#include <string>
#include "plume/device_fields.hpp"

#define PLUME_REQUIRE_CUDA_DEVICE()                                                   \
  do {                                                                                \
    std::string plume_why_;                                                           \
    if (::plume::cuda_device_count(&plume_why_) == 0)                                 \
      GTEST_SKIP() << "no CUDA device: " << plume_why_;                               \
  } while (0)

// Two RowSums (plume/model.hpp) the same, bit for bit, and two fault records the same: the checks
// of the reductions' tests (on the CPU, tests/io/test_reductions.cpp; against the GPU,
// tests/gpu/test_gpu_reductions.cpp).
#pragma once
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>
#include "plume/model.hpp"
#include "plume/reductions.hpp"

namespace plume::test {

inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

inline void expect_same(const RowSums& a, const RowSums& b, const std::string& what) {
  ASSERT_EQ(a.field.size(), b.field.size()) << what;
  ASSERT_EQ(a.own.size(), b.own.size()) << what;
  for (std::size_t k = 0; k < a.field.size(); ++k) EXPECT_TRUE(same_bits(a.field[k], b.field[k])) << what << ", field " << k;
  for (std::size_t q = 0; q < a.own.size(); ++q) EXPECT_TRUE(same_bits(a.own[q], b.own[q])) << what << ", own " << q;
  EXPECT_TRUE(same_bits(a.sites, b.sites)) << what;
  EXPECT_EQ(a.any, b.any) << what;
  EXPECT_EQ(a.min, b.min) << what;
  EXPECT_EQ(a.max, b.max) << what;
}

inline void expect_same(const std::optional<Fault>& a, const std::optional<Fault>& b, const std::string& what) {
  ASSERT_EQ(a.has_value(), b.has_value()) << what;
  if (!a) return;
  EXPECT_EQ(a->step, b->step) << what;
  EXPECT_EQ(a->x, b->x) << what;
  EXPECT_EQ(a->y, b->y) << what;
  EXPECT_EQ(a->z, b->z) << what;
  EXPECT_EQ(a->field, b->field) << what;
  EXPECT_EQ(a->count, b->count) << what;
  EXPECT_TRUE(a->value == b->value || (std::isnan(a->value) && std::isnan(b->value))) << what;
}

}  // namespace plume::test

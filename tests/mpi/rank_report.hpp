// What the decomposed-run tests share (CPU under tests/mpi, GPU under tests/gpu): where two
// results first differ bit for bit, and one report per job with the other ranks' failures.
#pragma once
#include <gtest/gtest.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "plume/fields.hpp"

namespace plume::testing {

// "" when bitwise equal, else where they first differ.
inline std::string first_difference(const std::vector<double>& a, const std::vector<double>& b, int NX, int NY) {
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    if (std::memcmp(&a[k], &b[k], sizeof(double)) != 0) {
      const std::size_t plane = std::size_t(NX) * NY;
      return "plane " + std::to_string(k / plane) + " at (" + std::to_string(k % plane % NX) + ", " +
             std::to_string(k % plane / NX) + "): " + std::to_string(a[k]) + " vs " + std::to_string(b[k]);
    }
  return "";
}

inline std::string first_difference(const Fields& a, const Fields& b) {
  if (a.nx != b.nx || a.ny != b.ny) return "field sizes differ";
  const std::pair<const char*, std::pair<const std::vector<double>*, const std::vector<double>*>> f[] = {
      {"rho", {&a.rho, &b.rho}}, {"ux", {&a.ux, &b.ux}}, {"uy", {&a.uy, &b.uy}}, {"T", {&a.T, &b.T}}};
  for (const auto& [name, v] : f) {
    const std::string d = first_difference(*v.first, *v.second, a.nx, a.ny);
    if (!d.empty()) return std::string(name) + ": " + d;
  }
  return "";
}

class FailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit FailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.failed())
      std::fprintf(stderr, "[rank %d] %s:%d: failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?",
                   r.line_number(), r.message());
  }

 private:
  int rank_;
};

}  // namespace plume::testing

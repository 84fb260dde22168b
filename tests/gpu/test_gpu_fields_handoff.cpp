// The asynchronous fields (Solver::request_snapshot, the in-situ hand-off) on the GPU: what
// Snapshot::wait() returns is, bit for bit, what fields() gives at the requested step, although
// steps, another request or a synchronous fields() were launched while the copy was under way.
#include <gtest/gtest.h>
#include <cstring>
#include <memory>
#include <string>
#include "every_model.hpp"
#include "cuda_device.hpp"
#include "gpu_cases.hpp"
#include "plume/model.hpp"
#include "plume/solver.hpp"
#if __has_include(<cuda_runtime.h>)
#include <cuda_runtime.h>
#include "d2q37/setup.hpp"
#define PLUME_TEST_HAS_CUDART 1
#endif

using namespace plume;
using plume::testing::rt_layer;

namespace {

// Bit for bit, with the first differing site.
::testing::AssertionResult same_bits(const Fields& a, const Fields& b) {
  if (a.nx != b.nx || a.ny != b.ny || a.x0 != b.x0 || a.y0 != b.y0)
    return ::testing::AssertionFailure() << "blocks differ: " << a.nx << "x" << a.ny << " against " << b.nx << "x"
                                         << b.ny;
  const char* names[4] = {"rho", "ux", "uy", "T"};
  const std::vector<double>* va[4] = {&a["rho"], &a["ux"], &a["uy"], &a["T"]};
  const std::vector<double>* vb[4] = {&b["rho"], &b["ux"], &b["uy"], &b["T"]};
  for (int k = 0; k < 4; ++k)
    for (std::size_t i = 0; i < va[k]->size(); ++i)
      if (std::memcmp(&(*va[k])[i], &(*vb[k])[i], sizeof(double)) != 0)
        return ::testing::AssertionFailure() << names[k] << " differs at site (" << i % a.nx << ", " << i / a.nx
                                             << "): " << (*va[k])[i] << " against " << (*vb[k])[i];
  return ::testing::AssertionSuccess();
}

// Two runs of one case: `a` takes the asynchronous path, `b` the synchronous reference.
struct Pair {
  Solver a, b;
  explicit Pair(const SolverConfig& c) : a(c), b(c) {
    a.initialize();
    b.initialize();
  }
  Fields reference_at(long step) {
    b.advance(step - b.step());
    Fields f;
    b.snapshot().fields(f);
    return f;
  }
};

// 1024^2: the copy of the fields (32 MiB) outlasts a step, so later steps run while it travels.
void check_case(const SolverConfig& c) {
  Pair p(c);
  p.a.advance(40);
  p.a.request_snapshot();
  EXPECT_EQ(p.a.snapshot().step(), 40);
  p.a.advance(7);  // steps write both population buffers while the snapshot is copied
  EXPECT_TRUE(same_bits(p.a.snapshot().wait(), p.reference_at(40)));

  // A request right after another replaces it; a synchronous fields() meanwhile leaves it alone.
  p.a.request_snapshot();
  p.a.advance(1);
  p.a.request_snapshot();
  p.a.advance(2);
  Fields now;
  p.a.snapshot().fields(now);
  EXPECT_TRUE(same_bits(p.a.snapshot().wait(), p.reference_at(48)));
  EXPECT_TRUE(same_bits(now, p.reference_at(50)));
  EXPECT_TRUE(p.a.snapshot().ready());
  EXPECT_EQ(p.a.snapshot().step(), 48);
}

}  // namespace

TEST(GpuFieldsHandOff, SnapshotEqualsTheSynchronousFieldsWithWalls) {
  PLUME_REQUIRE_CUDA_DEVICE();
  check_case(rt_layer(1024, 1024, 1e-4));
}

TEST(GpuFieldsHandOff, SnapshotEqualsTheSynchronousFieldsPeriodicInBothDirectionsFP32) {
  PLUME_REQUIRE_CUDA_DEVICE();
  SolverConfig c = rt_layer(1000, 1024, 1e-4, Precision::FP32);
  d2q37::physics(c).walls = false;  // the fields need the periodic halos filled first
  check_case(c);
}

TEST(GpuFieldsHandOff, WaitingWithoutARequestIsRefused) {
  PLUME_REQUIRE_CUDA_DEVICE();
  Solver s(rt_layer(64, 64, 1e-4));
  s.initialize();
  EXPECT_LT(s.snapshot().step(), 0);
  EXPECT_THROW(s.snapshot().wait(), std::logic_error);
}

TEST(GpuFieldsHandOff, StepsQueuedBehindARequestLeaveItsFieldsAndEndAtTheSameState) {
  // What the GUI does with a snapshot: request the fields, queue steps (advance_async), work on
  // the fields (and on the device fields) while the GPU steps, then wait for the steps.
  PLUME_REQUIRE_CUDA_DEVICE();
  Pair p(rt_layer(1024, 1024, 1e-4));
  p.a.advance(30);
  p.a.request_snapshot();
  p.a.advance_async(25);
  EXPECT_EQ(p.a.step(), 55);
  EXPECT_EQ(p.a.snapshot().step(), 30);
  const Fields& snap = p.a.snapshot().wait();
  EXPECT_TRUE(same_bits(snap, p.reference_at(30)));
#ifdef PLUME_TEST_HAS_CUDART
  // The device copy of the snapshot stays the requested step's while the steps run.
  const DeviceFields dev = p.a.snapshot().device_fields();
  ASSERT_TRUE(dev);
  std::vector<double> dev_T(snap["T"].size());
  ASSERT_EQ(cudaMemcpy(dev_T.data(), dev.field(snap.index("T")), dev_T.size() * sizeof(double), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(0, std::memcmp(dev_T.data(), snap["T"].data(), dev_T.size() * sizeof(double)));
#endif
  p.a.wait_steps();
  p.b.advance(25);
  EXPECT_EQ(p.a.populations(), p.b.populations());
}

namespace {

// Every stored field, bit for bit, with the first difference.
::testing::AssertionResult same_fields(const Fields& a, const Fields& b) {
  if (a.count() != b.count() || a.sites() != b.sites()) return ::testing::AssertionFailure() << "sizes differ";
  for (int k = 0; k < a.count(); ++k)
    for (std::size_t i = 0; i < a.sites(); ++i)
      if (std::memcmp(&a[k][i], &b[k][i], sizeof(double)) != 0)
        return ::testing::AssertionFailure() << a.info()[std::size_t(k)].name << " differs at site " << i << ": "
                                             << a[k][i] << " against " << b[k][i];
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(double)) != 0)
      return ::testing::AssertionFailure() << "value " << i << " differs: " << a[i] << " against " << b[i];
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(GpuFieldsHandOff, ASnapshotIsTheFieldsAndLeavesTheRunAsItWasForEveryModel) {
  // Every model, 2-D and 3-D, FP64 and FP32, two population buffers and in place: the snapshot
  // (made by the step after the request where the step can) equals fields() at the requested
  // step, and the run goes on exactly as without it.
  PLUME_REQUIRE_CUDA_DEVICE();
  for (Streaming st : {Streaming::TwoBuffers, Streaming::InPlace})
    for (Precision p : {Precision::FP64, Precision::FP32})
      for (test::ModelCase mc : test::every_model_case(p, BackendKind::CUDA)) {
        SCOPED_TRACE(mc.what + (p == Precision::FP32 ? " FP32" : " FP64") +
                     (st == Streaming::InPlace ? " in place" : ""));
        if (st == Streaming::InPlace && !mc.config.model->in_place_problem(mc.config.setup).empty()) continue;
        mc.config.streaming = st;
        Pair pair(mc.config);
        for (int round = 0; round < 3; ++round) {
          pair.a.advance(3);
          pair.a.request_snapshot();
          const long at = pair.a.step();
          pair.a.advance(2);
          EXPECT_TRUE(same_fields(pair.a.snapshot().wait(), pair.reference_at(at)));
          EXPECT_EQ(pair.a.snapshot().step(), at);
        }
        // A request that no step follows.
        pair.a.request_snapshot();
        EXPECT_TRUE(same_fields(pair.a.snapshot().wait(), pair.reference_at(pair.a.step())));
        pair.b.advance(pair.a.step() - pair.b.step());
        EXPECT_TRUE(same_bits(pair.a.populations(), pair.b.populations()));
      }
}

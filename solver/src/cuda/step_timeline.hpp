// Where a decomposed GPU step's time goes, without a timeline profiler (the GPU machine has none):
// timed CUDA events at the marks of a tile's step on its two streams, and, when the steps are
// waited for, the mean time of each mark after the bulk's launch and the mean period of a step.
// Set PLUME_STEP_TIMELINE=1 to turn it on (a measurement switch: the events cost a little, and
// nothing else changes).
#pragma once
#include <cuda_runtime.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "cuda_check.hpp"

namespace plume::cuda {

class StepTimeline {
 public:
  // The marks of one step, in the order the host reaches them.
  enum Mark { BulkStart, BulkEnd, PackStart, UnpackStart, BorderStart, HaloEnd, ComputeEnd, kMarks };
  static constexpr const char* kNames[kMarks] = {"bulk start", "bulk end",   "pack start", "unpack start",
                                                 "border start", "halo end", "compute end"};

  static bool on() {
    static const bool v = std::getenv("PLUME_STEP_TIMELINE") != nullptr;
    return v;
  }

  ~StepTimeline() {
    for (Step& s : steps_)
      for (cudaEvent_t e : s.at)
        if (e) cudaEventDestroy(e);
  }

  // Mark m of the current step on stream s, at its first call in the step.
  void mark(Mark m, cudaStream_t s) {
    if (!on() || n_ >= kMaxSteps) return;
    if (steps_.size() <= std::size_t(n_)) steps_.resize(std::size_t(n_) + 1);
    Step& step = steps_[std::size_t(n_)];
    if (step.marked[m]) return;
    if (!step.at[m]) PLUME_CUDA_CHECK(cudaEventCreate(&step.at[m]));
    PLUME_CUDA_CHECK(cudaEventRecord(step.at[m], s));
    step.marked[m] = true;
  }
  void next_step() {
    if (on() && n_ < kMaxSteps) ++n_;
  }

  // After the steps marked so far have ended: one line to stderr (device `dev`), and a new count.
  void report(int dev) {
    if (!on() || n_ < 3) return reset();
    std::array<double, kMarks> sum{};
    std::array<int, kMarks> count{};
    double period = 0;
    int periods = 0;
    for (int k = 1; k + 1 < n_; ++k) {  // the first step waits for what came before the block
      const Step& s = steps_[std::size_t(k)];
      if (!s.marked[BulkStart]) continue;
      for (int m = 0; m < kMarks; ++m)
        if (s.marked[m]) sum[m] += ms(s.at[BulkStart], s.at[m]), ++count[m];
      if (steps_[std::size_t(k + 1)].marked[BulkStart]) period += ms(s.at[BulkStart], steps_[std::size_t(k + 1)].at[BulkStart]), ++periods;
    }
    std::fprintf(stderr, "timeline device %d, %d steps: period %.1f us", dev, n_ - 2, periods ? 1e3 * period / periods : 0.0);
    for (int m = 1; m < kMarks; ++m)
      if (count[m]) std::fprintf(stderr, "; %s %+.1f", kNames[m], 1e3 * sum[m] / count[m]);
    std::fprintf(stderr, " (us after the bulk's start)\n");
    reset();
  }

 private:
  static constexpr int kMaxSteps = 256;
  struct Step {
    std::array<cudaEvent_t, kMarks> at{};
    std::array<bool, kMarks> marked{};
  };
  static double ms(cudaEvent_t a, cudaEvent_t b) {
    float t = 0;
    PLUME_CUDA_CHECK(cudaEventElapsedTime(&t, a, b));
    return double(t);
  }
  void reset() {
    for (Step& s : steps_) s.marked.fill(false);
    n_ = 0;
  }
  std::vector<Step> steps_;
  int n_ = 0;
};

}  // namespace plume::cuda

// Double arithmetic rounded after every operation, never fused into a multiply-add. nvcc contracts
// a * b + c into one FMA by default (one rounding instead of two) and g++ does not for plume's
// x86-64 builds, so code that must give the same bits on the host and on the device (a model's
// row quantities, reductions.hpp) computes with Strict values: the device's operations are the
// intrinsics that the compiler never contracts, the host's the plain ones.
#pragma once
#include <cmath>
#include "plume/hd.hpp"

namespace plume {

struct Strict {
  double v;
  PLUME_HD constexpr Strict(double x) : v(x) {}  // implicit: 0.5 * rho reads as written
};

PLUME_HD PLUME_FORCEINLINE Strict operator+(Strict a, Strict b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a.v, b.v);
#else
  return a.v + b.v;
#endif
}
PLUME_HD PLUME_FORCEINLINE Strict operator-(Strict a, Strict b) {
#if defined(__CUDA_ARCH__)
  return __dsub_rn(a.v, b.v);
#else
  return a.v - b.v;
#endif
}
PLUME_HD PLUME_FORCEINLINE Strict operator*(Strict a, Strict b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a.v, b.v);
#else
  return a.v * b.v;
#endif
}
PLUME_HD PLUME_FORCEINLINE Strict operator/(Strict a, Strict b) {
#if defined(__CUDA_ARCH__)
  return __ddiv_rn(a.v, b.v);
#else
  return a.v / b.v;
#endif
}
// IEEE square root, correctly rounded on both.
PLUME_HD PLUME_FORCEINLINE Strict sqrt(Strict a) {
#if defined(__CUDA_ARCH__)
  return __dsqrt_rn(a.v);
#else
  return std::sqrt(a.v);
#endif
}
// An accumulator: sum += term, rounded once.
PLUME_HD PLUME_FORCEINLINE double& operator+=(double& sum, Strict term) {
  sum = (Strict(sum) + term).v;
  return sum;
}

}  // namespace plume

// Host/device portability: one physics source compiled by g++ (CPU/OpenMP) and nvcc (CUDA).
#pragma once
#include <type_traits>
#include <utility>

#if defined(__CUDACC__)
#define PLUME_HD __host__ __device__
#define PLUME_FORCEINLINE __forceinline__
#else
#define PLUME_HD
#define PLUME_FORCEINLINE inline __attribute__((always_inline))
#endif

namespace plume {

// Compile-time loop: calls f(std::integral_constant<int, I>{}) for I = 0..N-1.
// The index is a constant expression inside the body, so lattice tables fold to immediates
// and zero entries of the Hermite tables can be dropped with `if constexpr`.
template <int... Is, class F>
PLUME_HD PLUME_FORCEINLINE constexpr void static_for_impl(std::integer_sequence<int, Is...>, F&& f) {
  (f(std::integral_constant<int, Is>{}), ...);
}
template <int N, class F>
PLUME_HD PLUME_FORCEINLINE constexpr void static_for(F&& f) {
  static_for_impl(std::make_integer_sequence<int, N>{}, static_cast<F&&>(f));
}

// Load of a source population of a step: on the device through the read-only data cache, since
// the pointers reach the kernel inside a struct and the compiler cannot see that they do not
// alias the destination. In place (plume/grid/planes.hpp) the kernel also writes that buffer, but
// each value is read by one thread only and written after that thread has read it, so no cached
// line holds a value that was written before it was read. PLUME_PLAIN_LOADS (a measurement
// switch, scripts/gpu-rate-ab.sh) makes them plain loads.
template <class T>
PLUME_HD PLUME_FORCEINLINE T load_ro(const T* p) {
#if defined(__CUDA_ARCH__) && !defined(PLUME_PLAIN_LOADS)
  return __ldg(p);
#else
  return *p;
#endif
}

// The value itself, but opaque to the device compiler (an empty asm it cannot see through): what
// is computed from it is never merged with what other code computes from the original. A step
// that also snapshots the state it reads (kernels.cuh) computes the fields from such copies, so
// that its update's arithmetic, and its bits, do not depend on the snapshot, and the fields are
// those of the fields kernel, which passes its values through here too. On the host, the value.
PLUME_HD PLUME_FORCEINLINE double opaque(double v) {
#if defined(__CUDA_ARCH__)
  asm volatile("" : "+d"(v));
#endif
  return v;
}
PLUME_HD PLUME_FORCEINLINE int opaque(int v) {
#if defined(__CUDA_ARCH__)
  asm volatile("" : "+r"(v));
#endif
  return v;
}

// What a site update that takes a snapshot hook (a model's Traits::update with a fifth argument)
// is given when nothing is to be taken: the CPU backend's steps and the ordinary ones.
struct NoSnapshot {
  template <class Fill>
  PLUME_HD PLUME_FORCEINLINE void operator()(Fill&&) const {}
};

}  // namespace plume

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

}  // namespace plume

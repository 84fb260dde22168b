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
// Floating-point values also ask the L2 to fetch the whole 128-byte line around them from DRAM
// (the L2::128B hint): the steps stream dozens of planes at once, and a warp of FP32 values
// covers one line, or spills a sector into the next one where the pull shifts it. On an H200 the
// D2Q37 step gained 0.5-1.3 %, D2Q9 and D3Q19 0.1-0.6 %; thermal3d and the diffusion stencil
// moved by -0.3 to +0.3 % (docs/benchmarks.md). volatile: the loads stay in the source's order,
// each before the code that uses it (a pull without its collision lost a fifth when the compiler
// moved loads next to their stores). PLUME_NO_L2_HINT (a measurement switch) leaves the hint out.
template <class T>
PLUME_HD PLUME_FORCEINLINE T load_ro(const T* p) {
#if defined(__CUDA_ARCH__) && !defined(PLUME_PLAIN_LOADS)
#if !defined(PLUME_NO_L2_HINT)
  if constexpr (std::is_same_v<T, double>) {
    double v;
    asm volatile("ld.global.nc.L2::128B.f64 %0, [%1];" : "=d"(v) : "l"(p));
    return v;
  } else if constexpr (std::is_same_v<T, float>) {
    float v;
    asm volatile("ld.global.nc.L2::128B.f32 %0, [%1];" : "=f"(v) : "l"(p));
    return v;
  }
#endif
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

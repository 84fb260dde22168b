// A heap array aligned as the rows of the layout are (kRowAlignBytes), so that their alignment
// holds in memory.
#pragma once
#include <cstdlib>
#include <cstring>
#include <new>
#include "plume/grid/layout.hpp"

namespace plume {

template <class T>
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(std::size_t n) : n_(n) {
    constexpr std::size_t a = kRowAlignBytes;
    const std::size_t bytes = ((n * sizeof(T) + a - 1) / a) * a;
    p_ = static_cast<T*>(std::aligned_alloc(a, bytes ? bytes : a));
    if (!p_) throw std::bad_alloc();
    std::memset(static_cast<void*>(p_), 0, bytes);
  }
  ~AlignedBuffer() { std::free(p_); }
  AlignedBuffer(AlignedBuffer&& o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr; o.n_ = 0; }
  AlignedBuffer& operator=(AlignedBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace plume

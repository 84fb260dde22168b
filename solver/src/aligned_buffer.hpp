// A heap array aligned to 128 bytes (one cache line pair), so the row layout's alignment holds.
#pragma once
#include <cstdlib>
#include <cstring>
#include <new>

namespace plume {

template <class T>
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(std::size_t n) : n_(n) {
    const std::size_t bytes = ((n * sizeof(T) + 127) / 128) * 128;
    p_ = static_cast<T*>(std::aligned_alloc(128, bytes ? bytes : 128));
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

// Little-endian integers and doubles in byte buffers, whatever the host: the encoding of
// checkpoints (solver/io) and of the extra states' payloads in them (solver/tracers).
#pragma once
#include <cstdint>
#include <cstring>

namespace plume::le {

// Appends the low `bytes` bytes of v to b (a std::string or a std::vector of bytes).
template <class Bytes>
void put(Bytes& b, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) b.push_back(typename Bytes::value_type((v >> (8 * i)) & 0xff));
}
inline std::uint64_t get(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
  return v;
}
inline std::uint64_t bits(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline double from_bits(std::uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

}  // namespace plume::le

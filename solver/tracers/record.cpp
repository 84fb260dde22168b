#include "record.hpp"
#include "plume/little_endian.hpp"
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace plume::tracers {
using le::bits;
using le::from_bits;
using le::get;
using le::put;

std::vector<std::uint8_t> encode(const Record& r) {
  std::vector<std::uint8_t> b(kRecordMagic, kRecordMagic + 8);
  b.reserve(kRecordHeaderBytes + kRecordTracerBytes * r.tracers.size());
  put(b, kRecordVersion, 4);
  put(b, std::uint32_t(r.dims), 4);
  put(b, std::uint64_t(r.step), 8);
  put(b, r.tracers.size(), 8);
  for (const Tracer& t : r.tracers) {
    put(b, std::uint64_t(t.id), 8);
    for (double v : t.p) put(b, bits(v), 8);
    for (double v : t.u) put(b, bits(v), 8);
  }
  return b;
}

Record decode(const std::vector<std::uint8_t>& bytes, const Lattice& l) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("the tracers' record " + why); };
  if (bytes.size() < kRecordHeaderBytes || std::memcmp(bytes.data(), kRecordMagic, 8) != 0)
    throw bad(bytes.size() < 8 ? "is too short (" + std::to_string(bytes.size()) + " bytes)"
                               : "does not start with its magic number");
  const std::uint8_t* p = bytes.data();
  const std::uint32_t version = std::uint32_t(get(p + 8, 4));
  if (version != kRecordVersion)
    throw bad("has version " + std::to_string(version) + "; this plume reads version " + std::to_string(kRecordVersion));
  Record r;
  r.dims = int(get(p + 12, 4));
  if (r.dims != l.dims)
    throw bad("holds " + std::to_string(r.dims) + "-D tracers; the lattice is " + std::to_string(l.dims) + "-D");
  r.step = (long long)get(p + 16, 8);
  if (r.step < 0) throw bad("has a negative step (" + std::to_string(r.step) + ")");
  const std::uint64_t count = get(p + 24, 8);
  if (count > (bytes.size() - kRecordHeaderBytes) / kRecordTracerBytes ||
      bytes.size() != kRecordHeaderBytes + count * kRecordTracerBytes)
    throw bad("is " + std::to_string(bytes.size()) + " bytes long, which does not hold the " + std::to_string(count) +
              " tracers it announces");
  r.tracers.resize(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint8_t* q = p + kRecordHeaderBytes + k * kRecordTracerBytes;
    Tracer& t = r.tracers[k];
    t.id = std::int64_t(get(q, 8));
    for (int a = 0; a < 3; ++a) {
      t.p[std::size_t(a)] = from_bits(get(q + 8 + 8 * a, 8));
      t.u[std::size_t(a)] = from_bits(get(q + 32 + 8 * a, 8));
    }
    if (t.id < 0 || (k > 0 && t.id <= r.tracers[k - 1].id))
      throw bad("lists tracer " + std::to_string(t.id) + " out of order (ids must increase from 0)");
    for (int a = 0; a < 3; ++a) {
      const double x = t.p[std::size_t(a)], N = l.N[std::size_t(a)];
      const bool inside = a >= l.dims ? x == 0
                          : l.periodic[std::size_t(a)] ? x >= -0.5 && x < N - 0.5
                                                       : x >= 0 && x <= N - 1;
      if (!std::isfinite(x) || !inside || !std::isfinite(t.u[std::size_t(a)]))
        throw bad("places tracer " + std::to_string(t.id) + " outside the lattice (axis " + std::to_string(a) + ": " +
                  std::to_string(x) + ")");
    }
  }
  return r;
}

}  // namespace plume::tracers

// The tracers' bytes in a checkpoint (ExtraPayload "tracers", docs/checkpoint-format.md): a small
// versioned record, little-endian as the rest of the file:
//   magic "PLTRACER" (8 bytes), version (u32, 1), dimensions (u32, 2 or 3),
//   step (i64: the step the positions belong to, their last update), count (u64),
//   then per tracer, in increasing id: id (i64), x, y, z, ux, uy, uz (f64).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "tracer.hpp"

namespace plume::tracers {

inline constexpr char kRecordMagic[8] = {'P', 'L', 'T', 'R', 'A', 'C', 'E', 'R'};
inline constexpr std::uint32_t kRecordVersion = 1;
inline constexpr std::size_t kRecordHeaderBytes = 32, kRecordTracerBytes = 56;

struct Record {
  int dims = 2;
  long long step = 0;
  std::vector<Tracer> tracers;  // in increasing id
};

std::vector<std::uint8_t> encode(const Record& r);
// The record of `bytes`, checked against the lattice `l`: its magic, version, dimensions, size,
// ids increasing, positions finite and inside the lattice (held as advect.hpp holds them), z 0 on
// a 2-D lattice. A problem throws std::invalid_argument saying what is wrong.
Record decode(const std::vector<std::uint8_t>& bytes, const Lattice& l);

}  // namespace plume::tracers

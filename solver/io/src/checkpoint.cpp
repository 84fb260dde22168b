#include "plume/io/checkpoint.hpp"
#include <fmt/format.h>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include "plume/io/atomic_file.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/input_file.hpp"
#include "plume/little_endian.hpp"
#include "plume/model.hpp"

namespace plume::io {
namespace {

constexpr bool kLittleEndianHost = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
constexpr std::uint64_t kMaxTextBytes = 16u << 20;  // bounds the TOML and writer texts of a sane header
constexpr std::size_t kChunk = 1u << 20;            // values per I/O chunk

// Little-endian encoding, whatever the host.
using le::bits;
using le::from_bits;
using le::get;
using le::put;
std::uint64_t byteswap(std::uint64_t v) { return __builtin_bswap64(v); }

// A name in a fixed 16-byte field, NUL-padded.
std::string field16(const std::string& name) {
  std::string f = name.substr(0, 16);
  f.resize(16, '\0');
  return f;
}
std::string from_field16(const unsigned char* p) {
  return std::string(reinterpret_cast<const char*>(p), strnlen(reinterpret_cast<const char*>(p), 16));
}

// Version 2: magic, version, byte-order mark, lattice and model names, Q, D, nx, ny, nz, step,
// time, value bytes, storage precision, the sizes of the texts and of the populations; version 3
// (mask > 0) adds the size of the solid sites' mask; version 4 (extra > 0) the mask's size (0 or
// the sites) and the size of the extra states' section.
std::string header_bytes(const SolverConfig& cfg, const Model& model, long long step, const std::string& toml,
                         const std::string& writer, std::uint64_t payload, std::uint64_t mask, std::uint64_t extra) {
  std::string h(kCheckpointMagic, 8);
  put(h, extra > 0 ? kCheckpointVersionExtra : mask > 0 ? kCheckpointVersionSolids : kCheckpointVersion, 4);
  put(h, kByteOrderMark, 4);
  h += field16(model.lattice().name);
  h += field16(model.name());
  put(h, std::uint64_t(model.lattice().Q), 4);
  put(h, std::uint64_t(model.lattice().D), 4);
  put(h, std::uint64_t(cfg.nx), 8);
  put(h, std::uint64_t(cfg.ny), 8);
  put(h, std::uint64_t(cfg.nz), 8);
  put(h, std::uint64_t(step), 8);
  put(h, bits(double(step) * model.time_step()), 8);
  put(h, sizeof(double), 4);
  put(h, std::uint32_t(cfg.precision), 4);
  put(h, toml.size(), 8);
  put(h, writer.size(), 8);
  put(h, payload, 8);
  if (mask > 0 || extra > 0) put(h, mask, 8);
  if (extra > 0) put(h, extra, 8);
  return h + toml + writer;
}

// The extra states' section: their count (u64), then per payload its name's length (u32), the
// name, its bytes' length (u64) and the bytes.
std::string extra_section(const std::vector<ExtraPayload>& extra) {
  std::string b;
  if (extra.empty()) return b;
  put(b, extra.size(), 8);
  for (const ExtraPayload& p : extra) {
    put(b, p.name.size(), 4);
    b += p.name;
    put(b, p.bytes.size(), 8);
    b.append(reinterpret_cast<const char*>(p.bytes.data()), p.bytes.size());
  }
  return b;
}

// The payloads of a section of `n` bytes; "" in `why` when it reads, else what is wrong.
std::vector<ExtraPayload> parse_extra(const std::string& b, std::string& why) {
  std::vector<ExtraPayload> out;
  std::size_t at = 0;
  const auto take = [&](std::size_t n) {
    if (b.size() - at < n) return false;
    at += n;
    return true;
  };
  const auto* u = reinterpret_cast<const unsigned char*>(b.data());
  if (!take(8)) return why = "its extra-state section is too short for its count", out;
  const std::uint64_t count = get(u, 8);
  for (std::uint64_t k = 0; k < count; ++k) {
    if (!take(4)) return why = fmt::format("its extra-state section ends inside payload {}", k), out;
    const std::uint64_t name = get(u + at - 4, 4);
    if (name == 0 || name > 64 || !take(name))
      return why = fmt::format("its extra-state section gives payload {} a name of {} bytes", k, name), out;
    ExtraPayload p;
    p.name = b.substr(at - name, name);
    if (!take(8)) return why = fmt::format("its extra-state section ends inside payload '{}'", p.name), out;
    const std::uint64_t n = get(u + at - 8, 8);
    if (!take(n)) return why = fmt::format("its extra-state section ends inside payload '{}'", p.name), out;
    p.bytes.assign(u + at - n, u + at);
    for (const ExtraPayload& q : out)
      if (q.name == p.name) return why = fmt::format("its extra-state section holds '{}' twice", p.name), out;
    out.push_back(std::move(p));
  }
  if (at != b.size()) return why = "its extra-state section has bytes after its last payload", out;
  return out;
}

struct File {
  std::FILE* f = nullptr;
  ~File() {
    if (f) std::fclose(f);
  }
};

CheckpointError fail(const std::string& path, const std::string& why) {
  return CheckpointError(fmt::format("checkpoint '{}' {}", path, why));
}

// Reads and checks the fixed header and the texts; leaves the file positioned at the payload.
CheckpointHeader read_header(File& file, const std::string& path, std::uint64_t& payload, std::uint64_t& mask,
                             std::uint64_t& extra, std::uint64_t& hash) {
  struct stat st {};
  const int fd = open_for_reading(path, st);
  if (fd < 0) throw fail(path, fmt::format("cannot be opened: {}", std::strerror(errno)));
  file.f = ::fdopen(fd, "rb");
  if (!file.f) {
    ::close(fd);
    throw fail(path, fmt::format("cannot be opened: {}", std::strerror(errno)));
  }
  // A folder opens like a file and reads as an empty one; a FIFO or a device would be read for
  // ever (a FIFO's open does not wait for its writer here: io::open_for_reading).
  if (S_ISDIR(st.st_mode)) throw fail(path, "is a directory, not a checkpoint file (checkpoint_<step>.ckpt)");
  if (!S_ISREG(st.st_mode)) throw fail(path, fmt::format("is {}, not a checkpoint file", file_kind(st)));
  const std::uint64_t size = std::uint64_t(st.st_size);
  unsigned char h[kCheckpointHeaderBytesV4];
  const std::size_t got = std::fread(h, 1, 16, file.f);
  if (got < 8 || std::memcmp(h, kCheckpointMagic, 8) != 0)
    throw fail(path, got < 8 ? "is truncated: too short to be a plume checkpoint"
                             : "is not a plume checkpoint (bad magic number)");
  if (got < 16) throw fail(path, fmt::format("is truncated: {} bytes, shorter than the header", size));
  CheckpointHeader c;
  c.version = std::uint32_t(get(h + 8, 4));
  if (c.version < 1 || c.version > kCheckpointVersionExtra)
    throw fail(path, fmt::format("has format version {}; this plume reads versions 1 to {}", c.version,
                                 kCheckpointVersionExtra));
  // Version 1 (2-D, D2Q37 only) lacks the model name and nz: 24 bytes less; version 3 adds the
  // mask's size: 8 bytes more; version 4 the extra section's size: 8 more again.
  const bool v1 = c.version == 1, v3 = c.version == kCheckpointVersionSolids, v4 = c.version == kCheckpointVersionExtra;
  const std::size_t fixed = v1   ? kCheckpointHeaderBytesV1
                            : v4 ? kCheckpointHeaderBytesV4
                            : v3 ? kCheckpointHeaderBytesV3
                                 : kCheckpointHeaderBytes;
  if (16 + std::fread(h + 16, 1, fixed - 16, file.f) < fixed)
    throw fail(path, fmt::format("is truncated: {} bytes, shorter than the header", size));
  if (get(h + 12, 4) != kByteOrderMark) throw fail(path, "is corrupt: wrong byte-order marker");
  c.lattice = from_field16(h + 16);
  const unsigned char* p = h + 32;
  c.model = v1 ? "d2q37" : from_field16(p);
  if (!v1) p += 16;
  c.Q = int(get(p, 4));
  c.D = int(get(p + 4, 4));
  c.nx = (long long)get(p + 8, 8);
  c.ny = (long long)get(p + 16, 8);
  if (!v1) {
    c.nz = (long long)get(p + 24, 8);
    p += 8;
  }
  c.step = (long long)get(p + 24, 8);
  c.time = from_bits(get(p + 32, 8));
  const std::uint64_t value_bytes = get(p + 40, 4);
  c.precision = Precision(get(p + 44, 4));
  const std::uint64_t ntoml = get(p + 48, 8), nwriter = get(p + 56, 8);
  payload = get(p + 64, 8);
  mask = v3 || v4 ? get(p + 72, 8) : 0;
  extra = v4 ? get(p + 80, 8) : 0;
  // Version 4 may have no mask (a run with tracers and no solids); its extra section holds at
  // least its count, and no more than the file.
  if ((v3 && mask != std::uint64_t(c.nx) * c.ny * c.nz) || (v4 && mask != 0 && mask != std::uint64_t(c.nx) * c.ny * c.nz) ||
      (v4 && (extra < 8 || extra > size)) || (value_bytes != sizeof(double) || ntoml > kMaxTextBytes || nwriter > kMaxTextBytes || c.nx <= 0 ||
      c.ny <= 0 || c.nz <= 0 || c.Q <= 0 || c.nx > (1LL << 40) || c.ny > (1LL << 40) || c.nz > (1LL << 40) ||
      payload / sizeof(double) / std::uint64_t(c.Q) / std::uint64_t(c.nx) / std::uint64_t(c.ny) != std::uint64_t(c.nz) ||
      payload != std::uint64_t(c.Q) * c.nx * c.ny * c.nz * sizeof(double)))
    throw fail(path, "is corrupt: its header is inconsistent");
  if (c.step < 0) throw fail(path, fmt::format("is corrupt: its step is negative ({})", c.step));
  if (!(std::isfinite(c.time) && c.time >= 0))
    throw fail(path, fmt::format("is corrupt: its time is {} (a finite number >= 0 expected)", c.time));
  const std::uint64_t expected = fixed + ntoml + nwriter + payload + mask + extra + 8;
  if (size < expected)
    throw fail(path, fmt::format("is truncated: {} bytes, the header announces {}", size, expected));
  if (size > expected)
    throw fail(path, fmt::format("is corrupt: {} bytes, the header announces {}", size, expected));
  hash = fnv1a64(h, fixed);
  std::string text(ntoml + nwriter, '\0');
  if (std::fread(text.data(), 1, text.size(), file.f) != text.size()) throw fail(path, "is truncated");
  hash = fnv1a64(text.data(), text.size(), hash);
  c.config_toml = text.substr(0, ntoml);
  c.writer = text.substr(ntoml);
  return c;
}

}  // namespace

std::uint64_t fnv1a64(const void* data, std::size_t n, std::uint64_t h) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

void write_checkpoint(const std::string& path, const SolverConfig& cfg, const std::string& config_text, long long step,
                      const std::vector<double>& f, const std::vector<std::uint8_t>& solids,
                      const std::vector<ExtraPayload>& extra) {
  const Model& model = *cfg.model;
  const std::uint64_t sites = std::uint64_t(cfg.global().global_sites());
  const std::uint64_t n = std::uint64_t(model.lattice().Q) * sites;
  if (f.size() != n)
    throw CheckpointError(fmt::format("write_checkpoint: {} values given, a {} {} lattice has {}", f.size(),
                                      size_text(cfg.global()), model.lattice().name, n));
  if (step < 0) throw CheckpointError(fmt::format("write_checkpoint: step {} is negative", step));
  if (!solids.empty() && solids.size() != sites)
    throw CheckpointError(fmt::format("write_checkpoint: a mask of {} sites given, the {} lattice has {}",
                                      solids.size(), size_text(cfg.global()), sites));
  for (std::size_t k = 0; k < extra.size(); ++k) {
    if (extra[k].name.empty() || extra[k].name.size() > 64)
      throw CheckpointError(fmt::format("write_checkpoint: extra state {} has a name of {} bytes (1 to 64)", k,
                                        extra[k].name.size()));
    for (std::size_t j = 0; j < k; ++j)
      if (extra[j].name == extra[k].name)
        throw CheckpointError(fmt::format("write_checkpoint: extra state '{}' is given twice", extra[k].name));
  }
  const std::string section = extra_section(extra);
  AtomicFile out(path);
  const std::string head = header_bytes(cfg, model, step, config_text, build_description(), n * sizeof(double),
                                        solids.size(), section.size());
  std::uint64_t hash = fnv1a64(head.data(), head.size());
  out.write(head);
  std::vector<std::uint64_t> chunk;
  for (std::size_t i = 0; i < f.size(); i += kChunk) {
    const std::size_t m = std::min(kChunk, f.size() - i);
    const void* data = f.data() + i;
    if constexpr (!kLittleEndianHost) {
      chunk.resize(m);
      for (std::size_t k = 0; k < m; ++k) chunk[k] = byteswap(bits(f[i + k]));
      data = chunk.data();
    }
    hash = fnv1a64(data, m * sizeof(double), hash);
    out.write(data, m * sizeof(double));
  }
  if (!solids.empty()) {
    hash = fnv1a64(solids.data(), solids.size(), hash);
    out.write(solids.data(), solids.size());
  }
  if (!section.empty()) {
    hash = fnv1a64(section.data(), section.size(), hash);
    out.write(section);
  }
  std::string trailer;
  put(trailer, hash, 8);
  out.write(trailer);
  out.commit();
}

CheckpointHeader read_checkpoint_header(const std::string& path) {
  File file;
  std::uint64_t payload, mask, extra, hash;
  return read_header(file, path, payload, mask, extra, hash);
}

Checkpoint read_checkpoint(const std::string& path) {
  File file;
  std::uint64_t payload, mask, extra, hash;
  Checkpoint c;
  c.header = read_header(file, path, payload, mask, extra, hash);
  c.populations.resize(payload / sizeof(double));
  for (std::size_t i = 0; i < c.populations.size(); i += kChunk) {
    const std::size_t m = std::min(kChunk, c.populations.size() - i);
    if (std::fread(c.populations.data() + i, sizeof(double), m, file.f) != m) throw fail(path, "is truncated");
    hash = fnv1a64(c.populations.data() + i, m * sizeof(double), hash);
  }
  if constexpr (!kLittleEndianHost)
    for (double& v : c.populations) v = from_bits(byteswap(bits(v)));
  c.solids.resize(mask);
  if (std::fread(c.solids.data(), 1, c.solids.size(), file.f) != c.solids.size()) throw fail(path, "is truncated");
  hash = fnv1a64(c.solids.data(), c.solids.size(), hash);
  std::string section(extra, '\0');
  if (std::fread(section.data(), 1, section.size(), file.f) != section.size()) throw fail(path, "is truncated");
  hash = fnv1a64(section.data(), section.size(), hash);
  unsigned char t[8];
  if (std::fread(t, 1, 8, file.f) != 8) throw fail(path, "is truncated");
  const std::uint64_t stored = get(t, 8);
  if (stored != hash)
    throw fail(path, fmt::format("is corrupt: checksum mismatch (stored {:016x}, computed {:016x})", stored, hash));
  for (std::uint8_t v : c.solids)
    if (v > 1) throw fail(path, fmt::format("is corrupt: a solid site's mask holds {} (0 or 1 expected)", int(v)));
  if (!section.empty()) {
    std::string why;
    c.extra = parse_extra(section, why);
    if (!why.empty()) throw fail(path, "is corrupt: " + why);
  }
  return c;
}

void check_compatible(const CheckpointHeader& h, const SolverConfig& cfg, const std::string& path) {
  const Model& model = *cfg.model;
  const LatticeInfo& l = model.lattice();
  if (h.model != model.name())
    throw fail(path, fmt::format("holds a state of model {}; this run uses model {}", h.model, model.name()));
  if (h.lattice != l.name || h.Q != l.Q || h.D != l.D)
    throw fail(path, fmt::format("holds a {} lattice (D={}, Q={}); this run uses {} (D={}, Q={})", h.lattice, h.D,
                                 h.Q, l.name, l.D, l.Q));
  if (h.nx != cfg.nx || h.ny != cfg.ny || h.nz != cfg.nz)
    throw CheckpointSizeError(fail(path, fmt::format("is {} but this run's lattice is {}",
                                                     size_text(Domain::whole(int(h.nx), int(h.ny), int(h.nz))),
                                                     size_text(cfg.global())))
                                  .what());
}

void save_checkpoint(const std::string& path, Solver& solver, const std::string& config_text) {
  const CheckpointState state = solver.checkpoint_out();
  std::string problem;
  if (solver.communicator().rank() == 0) {
    try {
      write_checkpoint(path, solver.config(), config_text, state.step, state.populations, state.solids, state.extra);
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  parallel::agree(solver.communicator(), problem, "cannot write the checkpoint");
}

CheckpointHeader restore_checkpoint(const std::string& path, Solver& solver, const SolverConfig& cfg) {
  Checkpoint c;
  std::string problem;
  if (solver.communicator().rank() == 0) {
    try {
      // The size is checked before the populations are read, so a mismatch costs no I/O.
      check_compatible(read_checkpoint_header(path), cfg, path);
      c = read_checkpoint(path);
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  try {
    parallel::agree(solver.communicator(), problem, "cannot restart from the checkpoint");
  } catch (const parallel::CollectiveError& e) {
    // An unusable checkpoint is bad input on every rank alike; one process keeps the reader's words.
    throw CheckpointError(solver.communicator().size() == 1 ? problem : e.what());
  }
  // The stored solid sites, drawn ones included, replace those of the configuration; a file
  // without them (no solids, or versions 1 and 2) keeps the configuration's.
  // Extra payloads that do not match the run's extra states, or that their states cannot read,
  // make the file unusable for this run, on every rank alike.
  try {
    solver.checkpoint_in({long(c.header.step), std::move(c.populations), std::move(c.solids), std::move(c.extra)});
  } catch (const parallel::CollectiveError& e) {
    throw fail(path, e.what());
  }
  c.header.step = solver.step();
  // The checksum says that the file is the one written, not that its state is sound: NaN or
  // negative populations (a file made or edited by another program) would run, stop as unphysical
  // and be named the last good checkpoint. The solver's own health check looks at it now, on every
  // rank alike, before any output exists.
  if (const std::optional<plume::Fault> fault = solver.snapshot().find_fault()) {
    const std::string what = std::isfinite(fault->value)
                                 ? fmt::format("{} = {:.6g}", fault->field, fault->value)
                                 : fmt::format("{} is {}", fault->field, std::isnan(fault->value) ? "NaN" : "infinite");
    throw fail(path, fmt::format("holds an unphysical state (step {}): {} at (x={}, y={}, z={}), {} bad site{} in all",
                                 c.header.step, what, fault->x, fault->y, fault->z, fault->count,
                                 fault->count == 1 ? "" : "s"));
  }
  return c.header;
}

}  // namespace plume::io

// Checkpoints: the complete state of a run in one self-describing binary file (format in
// docs/checkpoint-format.md): magic, version, lattice, size, step, the full configuration as TOML,
// the writer's build, the populations as little-endian doubles [i][y][x], the solid sites (a run
// that has some), the extra states (a run that has some: tracers), and an FNV-1a 64 checksum. Written atomically; a reader refuses anything it cannot trust, with a message saying
// why.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>
#include "plume/solver.hpp"

namespace plume::io {

struct CheckpointError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// check_compatible's "the checkpoint's lattice is not the run's size": the caller knows what set
// the size (the application names its configuration's keys).
struct CheckpointSizeError : CheckpointError {
  using CheckpointError::CheckpointError;
};

inline constexpr char kCheckpointMagic[8] = {'P', 'L', 'U', 'M', 'E', 'C', 'K', 'P'};
// Written by a run without solid sites, as before they existed; 1 (2-D D2Q37 only) is still read.
inline constexpr std::uint32_t kCheckpointVersion = 2;
// Written by a run with solid sites: version 2 plus their mask, so that drawn ones survive a restart.
inline constexpr std::uint32_t kCheckpointVersionSolids = 3;
// Written by a run with extra state (tracers): version 3 (its mask of solid sites may be empty)
// plus the extra states' section, so that a run without them keeps writing versions 2 and 3.
inline constexpr std::uint32_t kCheckpointVersionExtra = 4;
inline constexpr std::uint32_t kByteOrderMark = 0x01020304u;
inline constexpr std::size_t kCheckpointHeaderBytes = 128;    // fixed part of version 2, before the TOML text
inline constexpr std::size_t kCheckpointHeaderBytesV1 = 104;  // of version 1
inline constexpr std::size_t kCheckpointHeaderBytesV3 = 136;  // of version 3: the mask's length added
inline constexpr std::size_t kCheckpointHeaderBytesV4 = 144;  // of version 4: the extra section's length added

// FNV-1a, 64 bit; `h` continues an earlier hash.
inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
std::uint64_t fnv1a64(const void* data, std::size_t n, std::uint64_t h = kFnvOffset);

struct CheckpointHeader {
  std::uint32_t version = 0;
  std::string lattice;  // "D2Q37"
  std::string model;    // "d2q37" (version 1 files: always d2q37)
  int Q = 0, D = 0;
  long long nx = 0, ny = 0, nz = 1;  // global lattice
  long long step = 0;
  double time = 0.0;         // step * dt
  Precision precision = Precision::FP64;  // storage of the run that wrote it (the file holds doubles)
  std::string config_toml;   // the writer's effective configuration (the application's TOML text)
  std::string writer;        // build_description() of the writer
};

struct Checkpoint {
  CheckpointHeader header;
  std::vector<double> populations;  // [i][y][x], x fastest
  std::vector<std::uint8_t> solids;  // [z][y][x], 1 solid, 0 fluid; empty: none stored (versions 1 and 2)
  std::vector<ExtraPayload> extra;   // the extra states' payloads (version 4); empty: none stored
};

// f: Q * nx * ny * nz doubles of the global lattice in canonical order [i][z][y][x] of the run
// `cfg`; `config_text`: the run's whole configuration as the application writes it (stored as it is,
// so that a restart reads back every setting, the application's own included).
// `solids`: nx * ny * nz bytes (Solver::checkpoint_out), written as version 3; empty: version 2.
// `extra`: the extra states' payloads (CheckpointState::extra, each name non-empty and once),
// written as version 4 (with or without solids); empty: version 2 or 3 as before.
void write_checkpoint(const std::string& path, const SolverConfig& cfg, const std::string& config_text, long long step,
                      const std::vector<double>& f, const std::vector<std::uint8_t>& solids = {},
                      const std::vector<ExtraPayload>& extra = {});
// Checks magic, version, byte order, sizes and the checksum; throws CheckpointError.
Checkpoint read_checkpoint(const std::string& path);
// The header only (without reading the populations or verifying the checksum).
CheckpointHeader read_checkpoint_header(const std::string& path);
// Same model, lattice and size as the run `cfg`; throws CheckpointError naming the difference
// (CheckpointSizeError for the size).
void check_compatible(const CheckpointHeader& h, const SolverConfig& cfg, const std::string& path);

// The Solver's state to a file, and back (after read_checkpoint and check_compatible), whatever the
// number of ranks: a checkpoint written by N ranks restarts on M. Both are collective: rank 0
// holds the whole lattice and does the file I/O, the others send or receive their blocks.
// save: a failure to write throws parallel::CollectiveError on every rank.
void save_checkpoint(const std::string& path, Solver& solver, const std::string& config_text);
// A run with solid sites stores their mask and a restart takes it, in place of those its own
// configuration describes (the sites drawn since are part of the state). Extra states (tracers)
// are stored and restored alike (Solver::checkpoint_in says which combinations it refuses).
// restore: a file that cannot be used throws CheckpointError on every rank (naming rank 0 when
// there are several) and leaves the solver as it was. A file that can, but whose state is not
// sound (NaN, infinite, rho <= 0 ...: Snapshot::find_fault), throws CheckpointError "... holds an
// unphysical state ..." on every rank after the solver took that state: the caller drops the
// solver. The header returned is complete on rank 0; on the other ranks it holds the step only.
CheckpointHeader restore_checkpoint(const std::string& path, Solver& solver, const SolverConfig& cfg);

}  // namespace plume::io

// How much memory a run needs, estimated from its shape alone, and whether this host has it:
// `plume check`, `plume run` (before it allocates) and plume-gui ask here, so that a lattice that
// cannot fit is refused at once with both numbers instead of failing with std::bad_alloc after
// seconds of work. The estimate knows nothing of the solver's internals: the caller passes the
// lattice's Q, the bytes per stored value and the halo width.
#pragma once
#include <optional>
#include <string>
#include "plume/solver.hpp"

namespace plume::io {

struct RunShape {
  long long nx = 0, ny = 0, nz = 1;    // the global lattice
  int q = 0;                           // populations per site
  int fields = 4;                      // stored fields per site (Model::fields(); D2Q37's four)
  int bytes_per_value = 8;             // population storage: 8 (FP64) or 4 (FP32)
  int buffers = 2;                     // population buffers: 2, or 1 with in-place streaming
  int halo = 0;                        // ghost layers on each side of a tile (x, y)
  int halo_z = 0;                      // along z: the halo of a 3-D lattice, 0 for a 2-D one
  int tiles_x = 1, tiles_y = 1, tiles_z = 1;  // one tile per rank
  bool populations_on_device = false;  // a GPU backend keeps the populations in device memory
  int image_scale = 0;                 // pixels per site of the images rank 0 renders (0: none)
  // The largest image rank 0 renders, in pixels (viz::largest_field_image: its text makes a narrow
  // lattice's image far wider than nx * image_scale); 0: nx x ny times image_scale.
  long long image_width = 0, image_height = 0;
};

// Bytes, at the peak of a run.
struct MemoryNeed {
  double populations = 0;  // the population buffers of one tile (two, or one in place), halos and the
                           // padding of its rows included (plume/grid/layout.hpp)
  double rank0 = 0;        // host memory of rank 0: its tile, and the whole lattice gathered for a
                           // checkpoint (or a restart's read) or for an image
  double other = 0;        // host memory of each other rank
  double device = 0;       // device memory of each rank (0 when the populations are on the host)
  double image = 0;        // of rank0: the whole lattice's image, its PNG encoding and the fields it
                           // is drawn from
  bool image_counts_most = false;  // rank 0's whole lattice is the image's (output.image_scale), not the populations'
  // Host memory of `ranks` ranks on one host, rank 0 among them.
  double host(int ranks) const { return rank0 + double(ranks - 1) * other; }
};

MemoryNeed estimate_memory(const RunShape& s);

// The shape of a run of `cfg` on `ranks` ranks: the model's lattice, its storage, one tile per
// rank (an automatic tiling, not known before the solver chooses it, is bounded by strips), and
// whether the populations live on a GPU (the backend the solver will pick); rank 0 renders images
// of `image_scale` pixels per site (0: none).
RunShape run_shape(const SolverConfig& cfg, int ranks, int image_scale);

// MemAvailable of `meminfo` (Linux's estimate of what can be allocated without swapping), in
// bytes; nullopt where the file or the line is missing.
std::optional<double> available_host_memory(const std::string& meminfo = "/proc/meminfo");

// "" when `ranks` ranks on rank 0's host fit in `available` bytes; else one line with both numbers
// and what to change.
std::string host_memory_problem(const RunShape& s, const MemoryNeed& need, int ranks, double available);

// The three above in one call, for a run about to start (plume run, plume check, plume-gui): ""
// when `ranks` ranks of shape `s` fit in this host's available memory, or when Linux does not say
// how much that is; else the message.
std::string check_host_memory(const RunShape& s, int ranks = 1);

// "512 B", "1.50 KiB", "12.3 GiB", "1.02 TiB" (3 significant digits).
std::string format_bytes(double bytes);

}  // namespace plume::io

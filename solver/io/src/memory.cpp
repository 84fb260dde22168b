#include "plume/io/memory.hpp"
#include "plume/device_fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/model.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cstdio>
#include <cstring>

namespace plume::io {
namespace {

constexpr double kDouble = sizeof(double);
// The program itself (its libraries: MPI, the CUDA runtime, ParaView Catalyst), measured at about
// 230 MB resident with a tiny lattice; and what the allocator and short-lived copies (the image's
// PNG encoding, the diagnostics) add to the sum of the large buffers: measured peaks of CPU runs
// from 192 x 384 to 2048 x 1024 came within 8 % of it.
constexpr double kProgram = 256.0 * 1024 * 1024;
constexpr double kSlack = 1.1;

// The elements of one row of a tile of nx sites: its interior starts on a 256-byte boundary and
// the row is padded to one (make_layout), which for a narrow lattice is most of it (2 sites in
// FP64: 64 elements). A row no block can hold (make_layout refuses it) is counted as its sites,
// halos and the padding of one boundary.
double row_elements(long long nx, int halo, int bytes_per_value) {
  if (nx < (1LL << 24)) return double(make_layout(int(nx), 1, 1, halo, 0, 1, std::size_t(bytes_per_value)).pitch);
  return double(nx + 2 * halo) + double(kRowAlignBytes / bytes_per_value);
}

}  // namespace

MemoryNeed estimate_memory(const RunShape& s) {
  const double kFields = s.fields * kDouble;  // plume::Fields per site
  const double tx = double((s.nx + s.tiles_x - 1) / std::max(1, s.tiles_x));
  const double ty = double((s.ny + s.tiles_y - 1) / std::max(1, s.tiles_y));
  const double tz = double((s.nz + s.tiles_z - 1) / std::max(1, s.tiles_z));
  const double tile = tx * ty * tz, whole = double(s.nx) * double(s.ny) * double(s.nz);
  const double plane = double(s.nx) * double(s.ny);  // an image shows one z plane
  MemoryNeed m;
  m.populations = double(s.buffers) * s.q * s.bytes_per_value * row_elements((long long)tx, s.halo, s.bytes_per_value) *
                  (ty + 2.0 * s.halo) * (tz + 2.0 * s.halo_z);
  // Every rank: its population buffers (unless on the device), two sets of fields of its tile
  // (the driver's and the backend's snapshot for in-situ), and its tile's populations as doubles
  // while a checkpoint is gathered or a restart scattered.
  const double tile_host = (s.populations_on_device ? 0.0 : m.populations) + 2 * kFields * tile + s.q * kDouble * tile;
  m.other = kProgram + kSlack * tile_host;
  // Rank 0 also holds the whole lattice, once at a time: all populations as doubles (checkpoint,
  // restart), or all fields, one of them extracted and the image: its RGB pixels (3 bytes), and
  // while it is encoded stb_image_write's filtered copy of them and the compressed stream (at most
  // as large again) that becomes the file's content.
  const double gather = s.q * kDouble * whole;
  const double pixels = s.image_width > 0 ? double(s.image_width) * double(s.image_height)
                                          : double(s.image_scale) * s.image_scale * plane;
  const double image = (kFields + kDouble) * whole + 3 * 3.0 * pixels;
  m.rank0 = kProgram + kSlack * (tile_host + std::max(gather, image));
  m.image = image;
  m.image_counts_most = image > gather && image > tile_host;
  if (s.populations_on_device) m.device = m.populations + kFields * tile;
  return m;
}

std::optional<double> available_host_memory(const std::string& meminfo) {
  std::FILE* f = std::fopen(meminfo.c_str(), "r");
  if (!f) return std::nullopt;
  std::optional<double> bytes;
  char line[256];
  unsigned long long kib = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
      bytes = double(kib) * 1024.0;
      break;
    }
  std::fclose(f);
  return bytes;
}

std::string host_memory_problem(const RunShape& s, const MemoryNeed& need, int ranks, double available) {
  const double total = need.host(ranks);
  if (total <= available) return "";
  const std::string who =
      ranks > 1 ? fmt::format("the {} ranks on this host need about {} of host memory (rank 0: {}, {} {})", ranks,
                              format_bytes(total), format_bytes(need.rank0), ranks == 2 ? "the other" : "the others",
                              format_bytes(need.other) + (ranks == 2 ? "" : " each"))
                : fmt::format("it needs about {} of host memory", format_bytes(total));
  const std::string lattice = size_text(Domain::whole(int(s.nx), int(s.ny), int(s.nz)));
  // What to change is what counts most: the image rank 0 renders, or the populations.
  if (need.image_counts_most)
    return fmt::format(
        "lattice {} does not fit: {}, but this host has {} available (MemAvailable in /proc/meminfo); the image "
        "of the whole lattice that rank 0 renders counts most ({} at output.image_scale = {} pixels a site, with "
        "the fields it is drawn from): lower output.image_scale, or use a smaller lattice",
        lattice, who, format_bytes(available), format_bytes(need.image), s.image_scale);
  return fmt::format(
      "lattice {} does not fit: {}, but this host has {} available (MemAvailable in /proc/meminfo); the "
      "populations ({} per tile{}) and the whole lattice that rank 0 gathers for checkpoints count most: use a "
      "smaller lattice,{}{} more hosts{}",
      lattice, who, format_bytes(available), format_bytes(need.populations),
      s.populations_on_device ? ", in device memory" : ", in host memory", s.bytes_per_value > 4 ? " FP32 storage," : "",
      s.buffers > 1 ? " in-place streaming (run.streaming = \"in-place\": one population buffer)," : "",
      s.populations_on_device ? "" : ", or a GPU");
}

std::string check_host_memory(const RunShape& s, int ranks) {
  const std::optional<double> available = available_host_memory();
  return available ? host_memory_problem(s, estimate_memory(s), ranks, *available) : "";
}

std::string format_bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (u < 5 && b >= 1023.5) {
    b /= 1024.0;
    ++u;
  }
  if (u == 0) return fmt::format("{:.0f} B", b);
  return fmt::format("{:.{}f} {}", b, b < 9.995 ? 2 : b < 99.95 ? 1 : 0, units[u]);
}

namespace {
// Whether the populations will live in device memory: the backend that Solver will pick.
bool populations_on_device(const SolverConfig& cfg) {
  if (cfg.backend == BackendKind::Auto) return cuda_device_count() > 0;
  return cfg.backend == BackendKind::CUDA;
}
}  // namespace

// An automatic tiling is bounded by strips (the halos of TX x TY tiles grow towards TX = 1 or
// TY = 1), whichever of the two has the larger tiles.
RunShape run_shape(const SolverConfig& cfg, int ranks, int image_scale) {
  RunShape s;
  s.nx = cfg.nx;
  s.ny = cfg.ny;
  s.nz = cfg.nz;
  const Model& model = *cfg.model;
  const LatticeInfo& lattice = model.lattice();
  s.q = lattice.Q;
  s.fields = int(model.fields().size());
  s.bytes_per_value = value_bytes(cfg.precision);
  s.buffers = population_buffers(cfg.streaming);
  s.halo = lattice.reach;
  s.halo_z = lattice.halo(2);
  const parallel::Tiling t = cfg.tiles;
  s.tiles_z = std::max(1, t.pz);
  ranks = std::max(1, ranks / s.tiles_z);  // the tiles of one z layer
  if (t.complete()) {
    s.tiles_x = t.px;
    s.tiles_y = t.py;
  } else if (t.px > 0 && ranks % t.px == 0) {
    s.tiles_x = t.px;
    s.tiles_y = ranks / t.px;
  } else if (t.py > 0 && ranks % t.py == 0) {
    s.tiles_x = ranks / t.py;
    s.tiles_y = t.py;
  } else {
    const auto padded = [&](long long nx, long long ny) { return double(nx + 2 * s.halo) * double(ny + 2 * s.halo); };
    const bool rows = padded(s.nx, (s.ny + ranks - 1) / ranks) >= padded((s.nx + ranks - 1) / ranks, s.ny);
    (rows ? s.tiles_y : s.tiles_x) = ranks;
  }
  s.populations_on_device = populations_on_device(cfg);
  s.image_scale = image_scale;
  return s;
}

}  // namespace plume::io

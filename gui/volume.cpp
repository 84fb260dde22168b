#include "volume.hpp"
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include "shown_field.hpp"
#if PLUME_GUI_DEVICE_TEXELS
#include "device_texels.hpp"
#endif

namespace plume::gui {
namespace {

constexpr double kDegree = 3.14159265358979323846 / 180.0;

// The value of `kind` at site (x, y, z): stored, or derived from the stored ones.
struct SiteValue {
  const double* stored = nullptr;
  DerivedOp op = DerivedOp::Product;
  DerivedInputs in;
  double operator()(const Fields& f, int x, int y, int z) const {
    return stored ? stored[f.at(x, y, z)] : derived_at(op, in, x, y, z);
  }
};

// The lattice and its texture's sampling into out; returns the step k.
int size_volume(ShownVolume& out, const io::FieldChoice& kind, int nx, int ny, int nz) {
  out.kind = &kind;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
  const int k = volume_step(nx, ny, nz);
  out.k = k;
  out.texture_nx = std::max(1, nx / k);
  out.texture_ny = std::max(1, ny / k);
  out.texture_nz = std::max(1, nz / k);
  return k;
}

}  // namespace

int volume_step(int nx, int ny, int nz) {
  const int side = std::max({nx, ny, nz});
  return (side + kVolumeSide - 1) / kVolumeSide;
}

void prepare_volume(const Fields& f, const io::FieldChoice& kind, ShownVolume& out, const DeviceFields* device) {
  const int k = size_volume(out, kind, f.nx, f.ny, f.nz);
  SiteValue value;
  if (kind.derived()) {
    value.op = kind.op;
    value.in = io::derived_inputs(kind, f);
  } else {
    value.stored = f.data(kind.stored);
  }
  const int solid = solid_field(f.model());
  const double* mask = solid >= 0 ? f.data(solid) : nullptr;
  // The range of the fluid's finite values (of every site when the fluid has none), as for a
  // plane, by the code the GPU path's snapshots run on the device.
  out.range = volume_colour_range(field_range(f, kind.formula(), Box{0, f.nx, 0, f.ny, 0, f.nz}, solid));
  out.offset = 0.5 * (out.range.lo + out.range.hi);
  const int tx = out.texture_nx, ty = out.texture_ny, tz = out.texture_nz;
  const std::size_t n = std::size_t(tx) * ty * tz;
  out.solid.clear();
  if (mask) {
    out.solid.resize(n);
#pragma omp parallel for collapse(2) schedule(static)
    for (int z = 0; z < tz; ++z)
      for (int y = 0; y < ty; ++y)
        for (int x = 0; x < tx; ++x)
          out.solid[(std::size_t(z) * ty + y) * tx + x] = mask[f.at(x * k, y * k, z * k)] != 0.0 ? 255 : 0;
  }
  out.texels_on_device = device && *device;
  if (out.texels_on_device) {
#if PLUME_GUI_DEVICE_TEXELS
    if (!out.device_texture) out.device_texture = std::make_shared<DeviceTexels>();
    out.device_texture->compute_volume(*device, kind, out.offset, k, tx, ty, tz);
    out.texture.clear();
    return;
#else
    throw std::logic_error("texels in device memory need a build with the CUDA backend");
#endif
  }
  out.texture.resize(n);
#pragma omp parallel for collapse(2) schedule(static)
  for (int z = 0; z < tz; ++z)
    for (int y = 0; y < ty; ++y)
      for (int x = 0; x < tx; ++x)
        out.texture[(std::size_t(z) * ty + y) * tx + x] = float(value(f, x * k, y * k, z * k) - out.offset);
}

void prepare_device_volume(Solver& s, const io::FieldChoice& kind, ShownVolume& out) {
  const Domain& d = s.domain();
  const int k = size_volume(out, kind, d.nx, d.ny, d.nz);
  const int solid = solid_field(s.model());
  out.range = volume_colour_range(s.snapshot().range(kind.formula(), Box::of(d), solid));
  out.offset = 0.5 * (out.range.lo + out.range.hi);
  out.texture.clear();
  out.texels_on_device = true;
#if PLUME_GUI_DEVICE_TEXELS
  if (!out.device_texture) out.device_texture = std::make_shared<DeviceTexels>();
  const DeviceFields dev = s.snapshot().device_fields();
  out.device_texture->compute_volume(dev, kind, out.offset, k, out.texture_nx, out.texture_ny, out.texture_nz);
  if (solid >= 0)
    out.device_texture->solid_bytes(dev, solid, k, out.texture_nx, out.texture_ny, out.texture_nz, {}, true, out.solid);
  else
    out.solid.clear();
#else
  throw std::logic_error("texels in device memory need a build with the CUDA backend");
#endif
}

CameraBasis camera_basis(double yaw_degrees, double pitch_degrees) {
  const double y = yaw_degrees * kDegree, p = pitch_degrees * kDegree;
  const double cy = std::cos(y), sy = std::sin(y), cp = std::cos(p), sp = std::sin(p);
  return CameraBasis{{cy, -sy, 0.0}, {sp * sy, sp * cy, cp}, {cp * sy, cp * cy, -sp}};
}

double volume_scale(int nx, int ny, int nz, double w, double h) {
  return std::min(w, h) / std::sqrt(double(nx) * nx + double(ny) * ny + double(nz) * nz);
}

void project(const VolumeLook& look, int nx, int ny, int nz, double w, double h, const double p[3], double& px,
             double& py) {
  const CameraBasis b = camera_basis(look.yaw, look.pitch);
  const double c[3] = {p[0] + 0.5 - 0.5 * nx, p[1] + 0.5 - 0.5 * ny, p[2] + 0.5 - 0.5 * nz};
  const double s = volume_scale(nx, ny, nz, w, h);
  px = 0.5 * w + s * (c[0] * b.right[0] + c[1] * b.right[1] + c[2] * b.right[2]);
  py = 0.5 * h - s * (c[0] * b.up[0] + c[1] * b.up[1] + c[2] * b.up[2]);
}

}  // namespace plume::gui

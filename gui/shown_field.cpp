#include "shown_field.hpp"
#include <algorithm>
#include <stdexcept>
#include <string>
#if PLUME_GUI_DEVICE_TEXELS
#include "device_texels.hpp"
#endif

namespace plume::gui {
namespace {

// The plane's values of a whole-lattice field `all`.
void gather_plane(const Plane& p, const Fields& f, const double* all, std::vector<double>& out) {
  out.resize(std::size_t(p.width) * p.height);
#pragma omp parallel for schedule(static)
  for (int b = 0; b < p.height; ++b)
    for (int a = 0; a < p.width; ++a) out[std::size_t(b) * p.width + a] = all[p.index(a, b, f.nx, f.ny)];
}

// Every k-th site of the plane in x and y when it exceeds the largest texture the GPU takes.
void size_texture(ShownField& out, const Plane& p, int max_texture_size) {
  const int limit = std::max(1, max_texture_size);
  const int k = (std::max(p.width, p.height) + limit - 1) / limit;
  out.texture_k = k;
  out.texture_nx = std::max(1, p.width / k);
  out.texture_ny = std::max(1, p.height / k);
}

void set_range(ShownField& out, const FieldRange& r) {
  out.range = plane_colour_range(r);
  out.offset = 0.5 * (out.range.lo + out.range.hi);
}

#if PLUME_GUI_DEVICE_TEXELS
DeviceTexels& device_texels(ShownField& out) {
  if (!out.device_texture) out.device_texture = std::make_shared<DeviceTexels>();
  return *out.device_texture;
}
#endif

[[noreturn, maybe_unused]] void no_device_texels() {
  throw std::logic_error("texels in device memory need a build with the CUDA backend");
}

}  // namespace

int solid_field(const Model& m) {
  const std::vector<FieldInfo>& list = m.fields();
  for (std::size_t k = 0; k < list.size(); ++k)
    if (std::string(list[k].name) == "solid") return int(k);
  return -1;
}

Box box_of(const Plane& p) {
  int lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  lo[p.axis] = p.position;
  hi[p.axis] = p.position + 1;
  hi[p.u] = p.width;
  hi[p.v] = p.height;
  return Box{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]};
}

viz::Range plane_colour_range(const FieldRange& r) {
  // A solid site's value means nothing: the fluid's, unless every site is solid.
  if (r.kept > 0) return r.lo <= r.hi ? viz::Range{r.lo, r.hi} : viz::Range{0.0, 0.0};
  return r.lo_all <= r.hi_all ? viz::Range{r.lo_all, r.hi_all} : viz::Range{0.0, 0.0};
}

viz::Range volume_colour_range(const FieldRange& r) {
  if (r.lo <= r.hi) return {r.lo, r.hi};
  return r.lo_all <= r.hi_all ? viz::Range{r.lo_all, r.hi_all} : viz::Range{0.0, 0.0};
}

void prepare_shown_field(const Fields& f, const io::FieldChoice& kind, int max_texture_size, ShownField& out,
                         const DeviceFields* device, const Slice& slice) {
  out.kind = &kind;
  const Plane p = plane_of(slice, f.nx, f.ny, f.nz);
  out.plane = p;
  const int solid = solid_field(f.model());
  std::vector<double> plane_mask;
  const double* mask = solid >= 0 ? f.data(solid) : nullptr;
  if (f.nz == 1) {  // the whole lattice is the plane
    io::extract_field(f, kind, out.values);
  } else if (!kind.derived()) {
    gather_plane(p, f, f.data(kind.stored), out.values);
  } else {  // the plane's sites alone: a 3-D lattice has many planes
    out.values.resize(std::size_t(p.width) * p.height);
    const DerivedInputs in = io::derived_inputs(kind, f);
#pragma omp parallel for schedule(static)
    for (int b = 0; b < p.height; ++b)
      for (int a = 0; a < p.width; ++a) {
        int c[3];
        p.site(a, b, c);
        out.values[std::size_t(b) * p.width + a] = derived_at(kind.op, in, c[0], c[1], c[2]);
      }
  }
  if (f.nz > 1 && mask) {
    gather_plane(p, f, mask, plane_mask);
    mask = plane_mask.data();
  }
  size_texture(out, p, max_texture_size);
  const int k = out.texture_k;
  // The code the GPU path's snapshots run on the device (Snapshot::range), here on the host.
  set_range(out, field_range(f, kind.formula(), box_of(p), solid));
  out.solid.clear();
  if (solid >= 0) {
    out.solid.resize(std::size_t(out.texture_nx) * out.texture_ny);
#pragma omp parallel for schedule(static)
    for (int y = 0; y < out.texture_ny; ++y)
      for (int x = 0; x < out.texture_nx; ++x)
        out.solid[std::size_t(y) * out.texture_nx + x] =
            mask[std::size_t(y) * k * p.width + std::size_t(x) * k] != 0.0 ? 255 : 0;
  }
  out.texels_on_device = device && *device;
  if (out.texels_on_device) {
#if PLUME_GUI_DEVICE_TEXELS
    device_texels(out).compute(*device, kind, out.offset, k, out.texture_nx, out.texture_ny, p);
    out.texture.clear();
    return;
#else
    no_device_texels();
#endif
  }
  out.texture.resize(std::size_t(out.texture_nx) * out.texture_ny);
#pragma omp parallel for schedule(static)
  for (int y = 0; y < out.texture_ny; ++y)
    for (int x = 0; x < out.texture_nx; ++x)
      out.texture[std::size_t(y) * out.texture_nx + x] =
          float(out.values[std::size_t(y) * k * p.width + std::size_t(x) * k] - out.offset);
}

void prepare_device_shown_field(Solver& s, const io::FieldChoice& kind, int max_texture_size, ShownField& out,
                                const Slice& slice) {
  const Domain& d = s.domain();
  out.kind = &kind;
  const Plane p = plane_of(slice, d.nx, d.ny, d.nz);
  out.plane = p;
  out.values.clear();
  out.texture.clear();
  size_texture(out, p, max_texture_size);
  const int solid = solid_field(s.model());
  set_range(out, s.snapshot().range(kind.formula(), box_of(p), solid));
  out.texels_on_device = true;
#if PLUME_GUI_DEVICE_TEXELS
  const DeviceFields dev = s.snapshot().device_fields();
  DeviceTexels& t = device_texels(out);
  t.compute(dev, kind, out.offset, out.texture_k, out.texture_nx, out.texture_ny, p);
  if (solid >= 0)
    t.solid_bytes(dev, solid, out.texture_k, out.texture_nx, out.texture_ny, 1, p, false, out.solid);
  else
    out.solid.clear();
#else
  no_device_texels();
#endif
}

}  // namespace plume::gui

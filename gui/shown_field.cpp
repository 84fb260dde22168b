#include "shown_field.hpp"
#include <algorithm>
#include <stdexcept>
#include <string>
#if PLUME_GUI_DEVICE_TEXELS
#include "device_texels.hpp"
#endif

namespace plume::gui {
namespace {

// The finite range of the fluid sites' values (a solid site's value means nothing); the whole
// field's when every site is solid.
viz::Range fluid_range(const std::vector<double>& v, const double* solid) {
  std::vector<double> fluid;
  fluid.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    if (solid[i] == 0.0) fluid.push_back(v[i]);
  return fluid.empty() ? viz::finite_range(v) : viz::finite_range(fluid);
}

// The plane's values of a whole-lattice field `all`.
void gather_plane(const Plane& p, const Fields& f, const double* all, std::vector<double>& out) {
  out.resize(std::size_t(p.width) * p.height);
#pragma omp parallel for schedule(static)
  for (int b = 0; b < p.height; ++b)
    for (int a = 0; a < p.width; ++a) out[std::size_t(b) * p.width + a] = all[p.index(a, b, f.nx, f.ny)];
}

}  // namespace

int solid_field(const Model& m) {
  const std::vector<FieldInfo>& list = m.fields();
  for (std::size_t k = 0; k < list.size(); ++k)
    if (std::string(list[k].name) == "solid") return int(k);
  return -1;
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
  const int limit = std::max(1, max_texture_size);
  const int k = (std::max(p.width, p.height) + limit - 1) / limit;
  out.texture_k = k;
  out.texture_nx = std::max(1, p.width / k);
  out.texture_ny = std::max(1, p.height / k);
  out.range = solid < 0 ? viz::finite_range(out.values) : fluid_range(out.values, mask);
  out.offset = 0.5 * (out.range.lo + out.range.hi);
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
    if (!out.device_texture) out.device_texture = std::make_shared<DeviceTexels>();
    out.device_texture->compute(*device, kind, out.offset, k, out.texture_nx, out.texture_ny, p);
    out.texture.clear();
    return;
#else
    throw std::logic_error("texels in device memory need a build with the CUDA backend");
#endif
  }
  out.texture.resize(std::size_t(out.texture_nx) * out.texture_ny);
#pragma omp parallel for schedule(static)
  for (int y = 0; y < out.texture_ny; ++y)
    for (int x = 0; x < out.texture_nx; ++x)
      out.texture[std::size_t(y) * out.texture_nx + x] =
          float(out.values[std::size_t(y) * k * p.width + std::size_t(x) * k] - out.offset);
}

}  // namespace plume::gui

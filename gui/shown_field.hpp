// The field the front end shows, prepared on the simulation thread with each snapshot: the
// values for read-outs and images, their range, and the single-precision texels that go to the
// GPU. With it, a large lattice costs the front end one texture upload per snapshot and nothing
// else, so the window stays responsive whatever the lattice size.
#pragma once
#include <memory>
#include <vector>
#include "plume/device_fields.hpp"
#include "plume/fields.hpp"
#include "plume/reductions.hpp"
#include "plume/solver.hpp"
#include "plume/io/field_select.hpp"
#include "plume/viz/image.hpp"
#include "slice.hpp"

namespace plume::gui {

class DeviceTexels;  // gui/interop/device_texels.hpp (CUDA builds)

struct ShownField {
  const io::FieldChoice* kind = nullptr;
  // The plane shown (a 3-D lattice's slice; a 2-D lattice's only plane) and its values,
  // plane.width * plane.height, a fastest, b = 0 first.
  Plane plane;
  std::vector<double> values;
  viz::Range range;            // finite min / max of values
  // float(value - offset), offset the middle of the range, so that single precision keeps the
  // small variations of fields close to 1 (T_H, rho). Every k-th site in x and y when the
  // lattice exceeds the largest texture the GPU takes (k = 1 otherwise).
  double offset = 0.0;
  int texture_nx = 0, texture_ny = 0, texture_k = 1;
  // The texels, in host memory or (the GPU path) in device memory: one of the two is filled.
  std::vector<float> texture;
  std::shared_ptr<DeviceTexels> device_texture;
  bool texels_on_device = false;
  // The solid sites (the model's stored field `solid`, 1 solid), at the texels' sites, 255 where
  // solid and 0 elsewhere: drawn over the field in one fixed colour. Empty when the model stores
  // no such field. The range above is then the fluid's.
  std::vector<unsigned char> solid;
};

// The model's stored field that marks solid sites ("solid"), or -1.
int solid_field(const Model& m);

// The sites of plane p as a box of the lattice (plume::field_range, Snapshot::range).
Box box_of(const Plane& p);
// The colour range of the field shown from its extremes over the sites shown (FieldRange, with
// the solid sites as its mask): the fluid's finite values, every site's where there is no fluid
// site; lo = hi = 0 where none is finite. The volume's falls back to every site's also where the
// fluid has no finite value.
viz::Range plane_colour_range(const FieldRange& r);
viz::Range volume_colour_range(const FieldRange& r);

// Fills `out` with the plane `slice` of the host fields `f`; with `device` (the same fields in a CUDA device's memory,
// Snapshot::device_fields), the texels are made there instead of in host memory.
void prepare_shown_field(const Fields& f, const io::FieldChoice& kind, int max_texture_size, ShownField& out,
                         const DeviceFields* device = nullptr, const Slice& slice = {});
// The same from the solver's last snapshot kept on its GPU (Solver::request_snapshot(Snapshot::Device); the
// GPU path's running snapshots): the range computed there (Snapshot::range), the texels
// made there, and only the solid sites' bytes at the texels brought to the host; `values` is left
// empty (the read-out comes from Snapshot::values).
void prepare_device_shown_field(Solver& s, const io::FieldChoice& kind, int max_texture_size, ShownField& out,
                                const Slice& slice = {});

}  // namespace plume::gui

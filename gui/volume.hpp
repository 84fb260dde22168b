// The volume rendering of a 3-D lattice (docs/gui.md, "3-D runs"): the shown field of the whole
// lattice as single-precision texels for a 3-D texture, prepared on the simulation thread with
// each snapshot like the planes (gui/shown_field.hpp), and the camera and opacity the window
// ray-marches them with (gui/volume_view.cpp). Needs no OpenGL, so that tests drive it directly.
#pragma once
#include <memory>
#include <vector>
#include "plume/device_fields.hpp"
#include "plume/fields.hpp"
#include "plume/solver.hpp"
#include "plume/io/field_select.hpp"
#include "plume/viz/image.hpp"

namespace plume::gui {

class DeviceTexels;  // gui/interop/device_texels.hpp (CUDA builds)

// The largest side of the 3-D texture: a larger lattice is sampled every k-th site along each
// axis. 256^3 single-precision texels are 64 MiB, and OpenGL promises 3-D textures of that side.
constexpr int kVolumeSide = 256;

struct ShownVolume {
  const io::FieldChoice* kind = nullptr;  // nullptr: no volume prepared
  int nx = 0, ny = 0, nz = 0;             // the lattice
  // Texel (i, j, l) is site (i k, j k, l k), stored as float(value - offset), x fastest.
  int k = 1, texture_nx = 0, texture_ny = 0, texture_nz = 0;
  viz::Range range;  // finite min / max over the fluid sites of the whole lattice
  double offset = 0.0;
  std::vector<float> texture;  // host texels (the host path)
  std::shared_ptr<DeviceTexels> device_texture;  // or device texels (the GPU path)
  bool texels_on_device = false;
  // 255 at the texels' solid sites, 0 elsewhere; empty when the model stores no `solid` field.
  std::vector<unsigned char> solid;
};

// The side a volume texture samples a lattice with: the smallest k that keeps every side within
// kVolumeSide.
int volume_step(int nx, int ny, int nz);

// Fills `out` with the field `kind` of the whole lattice `f`; with `device` (the same fields in a
// CUDA device's memory, Snapshot::device_fields) the texels are made there instead of in host memory.
void prepare_volume(const Fields& f, const io::FieldChoice& kind, ShownVolume& out, const DeviceFields* device = nullptr);
// The same from the solver's last snapshot kept on its GPU (prepare_device_shown_field).
void prepare_device_volume(Solver& s, const io::FieldChoice& kind, ShownVolume& out);

// How the volume is looked at and how opaque it is: edited by the panel, the mouse and scripts.
struct VolumeLook {
  // The camera turns about the lattice's centre: yaw about the z axis (0: looking along +y, x to
  // the right and z up), then pitch (positive: from above). Degrees.
  double yaw = 30.0, pitch = 20.0;
  // The opacity per site of travel of a value at the top of the ramp. A value's place t in the
  // colour range (0 at its bottom, 1 at its top) sets its share of it: 0 below ramp_lo, 1 above
  // ramp_hi, linear between (ramp_lo > ramp_hi: the low values are the opaque ones).
  double opacity = 0.05;
  double ramp_lo = 0.5, ramp_hi = 1.0;
};

// The camera's unit vectors in lattice coordinates: to the right of the picture, up it, and
// along the rays (into the picture).
struct CameraBasis {
  double right[3], up[3], forward[3];
};
CameraBasis camera_basis(double yaw_degrees, double pitch_degrees);

// Where lattice point (x, y, z) (site centres at i + 0.5) falls in a picture w x h pixels whose
// centre is the lattice's centre: px to the right, py down, as the window draws it. The whole
// lattice fits whatever the angles: the diagonal spans the picture's smaller side.
void project(const VolumeLook& look, int nx, int ny, int nz, double w, double h, const double p[3], double& px,
             double& py);
// Pixels per site of that picture.
double volume_scale(int nx, int ny, int nz, double w, double h);

}  // namespace plume::gui

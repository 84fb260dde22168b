// The shown field as single-precision texels in device memory (docs/gui.md, "GPU path"): made by
// the simulation thread from the CUDA backend's fields, then copied into the OpenGL texture by
// GlTextureInterop on the window's thread, so that the field never passes through host memory.
// The conversion reproduces the host path (gui/shown_field.cpp with io::extract_field) bit for bit:
// the same per-site formulas (plume/derived.hpp), same sampling, float(value - offset), with no fused
// multiply-add. Magnitudes (the speed) are the exception: std::hypot on the host, CUDA's hypot
// here, which may differ in the last bit of the double (a float texel at most one unit in the last
// place apart).
// Needs CUDA but no OpenGL, so the simulation thread can own it.
#pragma once
#include <cstddef>
#include <vector>
#include "plume/device_fields.hpp"
#include "plume/io/field_select.hpp"
#include "../slice.hpp"

namespace plume::gui {

// Whether the device texels of `kind` equal the host path's bit for bit.
bool device_texels_exact(const io::FieldChoice& kind);

class DeviceTexels {
 public:
  DeviceTexels() = default;
  ~DeviceTexels();
  DeviceTexels(const DeviceTexels&) = delete;
  DeviceTexels& operator=(const DeviceTexels&) = delete;

  // texel(x, y) = float(field(plane site (x*k, y*k)) - offset) for x < tnx, y < tny (a 2-D
  // lattice: its z = 0 plane, the default), from the fields `f` (valid
  // as Snapshot::device_fields() says); returns when the texels are complete. Reuses its buffer.
  // Runs on its own stream, so steps queued after the snapshot (Solver::advance_async) go on.
  void compute(const DeviceFields& f, const io::FieldChoice& kind, double offset, int k, int tnx, int tny,
               const Plane& plane = {});

  // texel(x, y, z) = float(field(x*k, y*k, z*k) - offset) for the whole lattice (the volume
  // rendering, gui/volume.hpp), by the same formulas; otherwise as compute().
  void compute_volume(const DeviceFields& f, const io::FieldChoice& kind, double offset, int k, int tnx, int tny,
                      int tnz);

  // The solid sites at the same texels as compute() (plane) or compute_volume() (volume == true,
  // plane ignored): 255 where stored field `field` is not 0, else 0, into host memory (`out`,
  // resized), as the overlay that the window draws over the field (gui/shown_field.hpp).
  void solid_bytes(const DeviceFields& f, int field, int k, int tnx, int tny, int tnz, const Plane& plane, bool volume,
                   std::vector<unsigned char>& out);

  const float* data() const { return data_; }  // tnx * tny (* tnz) floats, x fastest, on device()
  int nx() const { return nx_; }
  int ny() const { return ny_; }
  int nz() const { return nz_; }  // 1 for a plane
  int device() const { return device_; }

 private:
  void release();  // the buffer and the stream (on device_)
  // Makes `device` current, with a stream on it and room for n floats; returns the stream.
  void* reserve(int device, std::size_t n);

  unsigned char* bytes_ = nullptr;  // solid_bytes' device buffer
  std::size_t bytes_capacity_ = 0;
  float* data_ = nullptr;
  void* stream_ = nullptr;  // cudaStream_t, non-blocking: beside steps queued on the solver's stream
  std::size_t capacity_ = 0;
  int nx_ = 0, ny_ = 0, nz_ = 1, device_ = -1;
};

}  // namespace plume::gui

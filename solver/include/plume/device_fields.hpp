// What a consumer sees of a snapshot kept on a GPU (plume/snapshot.hpp, Snapshot::device_fields),
// and whether there is a GPU at all: the one part of the backends (solver/src/backend.hpp) that
// leaves the solver library, for the GUI's hand-off to OpenGL (docs/gui.md "GPU path").
#pragma once
#include <cstddef>
#include <string>

namespace plume {

// The fields of the last fields() / snapshot request in device memory (the GPU hand-off to an
// OpenGL texture, docs/gui.md "GPU path"): the model's `count` stored fields of the local block
// (in the order of Model::fields()), one after another, nx * ny * nz values each, x fastest (row
// pitch nx), on CUDA device `device`. Complete once Snapshot::fields(), Snapshot::wait() or
// Snapshot::wait_device() has returned; overwritten by the next Snapshot::fields(), snapshot
// request, Snapshot::diagnostic_sums() or Snapshot::find_fault(). All null on a host backend.
struct DeviceFields {
  const double* data = nullptr;
  int count = 0;
  int nx = 0, ny = 0, nz = 1;
  int device = -1;
  const double* field(int k) const { return data + std::size_t(k) * nx * ny * nz; }
  explicit operator bool() const { return data != nullptr; }
};

// CUDA: returns the number of usable devices (0 when CUDA is not compiled in or no driver/device),
// with a reason in *why when there are none.
int cuda_device_count(std::string* why = nullptr);

}  // namespace plume

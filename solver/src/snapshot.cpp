// The Solver's consumer object (plume/snapshot.hpp): what it reads of the backend and how the
// ranks combine it. Its state is the last request's step and kind; the fields are the backend's.
#include "plume/snapshot.hpp"
#include <algorithm>
#include <stdexcept>
#include <string>
#include "backend.hpp"
#include "gather_tag.hpp"
#include "parallel/tile_stepper.hpp"
#include "plume/solver.hpp"

namespace plume {

void Snapshot::fields(Fields& out) {
  if (s_.stepper_) s_.stepper_->exchange();
  s_.backend_->fields(out);
}

std::vector<double> Snapshot::site_sums() {
  if (s_.stepper_) s_.stepper_->exchange();
  std::vector<double> s = s_.backend_->site_sums();
  if (!s.empty()) s_.comm_->allreduce(s.data(), s.size(), parallel::ReduceOp::Sum);
  return s;
}

RowSums Snapshot::diagnostic_sums() {
  if (s_.stepper_) s_.stepper_->exchange();
  RowSums p = s_.backend_->row_sums();
  allreduce_row_sums(p, *s_.comm_);
  return p;
}

std::optional<Fault> Snapshot::find_fault() {
  if (s_.stepper_) s_.stepper_->exchange();
  std::optional<Fault> local = s_.backend_->find_fault();
  if (local) local->step = s_.step_;
  return allreduce_fault(local, *s_.model_, s_.cfg_.global(), *s_.comm_, s_.step_);
}

std::optional<Fault> Snapshot::fault() {
  if (step_ < 0) throw std::logic_error("Snapshot::fault: no fields were requested (call Solver::request_snapshot first)");
  if (on_device_) s_.backend_->wait_device_fields();
  std::optional<Fault> local = s_.backend_->snapshot_fault();
  if (local) local->step = step_;
  return allreduce_fault(local, *s_.model_, s_.cfg_.global(), *s_.comm_, step_);
}

void Snapshot::request(Where where) {
  if (on_device_) s_.backend_->wait_device_fields();  // its record is read no more
  if (s_.stepper_) s_.stepper_->exchange();
  if (where == Device)
    s_.backend_->request_device_fields();
  else
    s_.backend_->request_fields();
  step_ = s_.step_;
  on_device_ = where == Device;
}

void Snapshot::wait_device() {
  if (step_ < 0) throw std::logic_error("Snapshot::wait_device: no fields were requested (call Solver::request_snapshot first)");
  if (on_device_) s_.backend_->wait_device_fields();
}

FieldRange Snapshot::range(const FieldFormula& v, const Box& b, int mask) {
  if (step_ < 0) throw std::logic_error("Snapshot::range: no fields were requested (call Solver::request_snapshot first)");
  const Domain& d = s_.domain_;
  const Box local{std::max(b.x0 - d.x0, 0), std::min(b.x1 - d.x0, d.nx), std::max(b.y0 - d.y0, 0),
                  std::min(b.y1 - d.y0, d.ny), std::max(b.z0 - d.z0, 0), std::min(b.z1 - d.z0, d.nz)};
  FieldRange r = local.empty() ? FieldRange{} : s_.backend_->snapshot_range(v, local, mask);
  allreduce_range(r, *s_.comm_);
  return r;
}

std::vector<double> Snapshot::values(const std::vector<FieldFormula>& v, int x, int y, int z) {
  if (step_ < 0) throw std::logic_error("Snapshot::values: no fields were requested (call Solver::request_snapshot first)");
  if (x < 0 || y < 0 || z < 0 || x >= s_.cfg_.nx || y >= s_.cfg_.ny || z >= s_.cfg_.nz)
    throw std::invalid_argument("Snapshot::values: site (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
                                std::to_string(z) + ") is outside the lattice");
  const Domain& d = s_.domain_;
  const bool mine = x >= d.x0 && x < d.x0 + d.nx && y >= d.y0 && y < d.y0 + d.ny && z >= d.z0 && z < d.z0 + d.nz;
  std::vector<double> out(v.size());
  if (mine && !v.empty()) s_.backend_->snapshot_values(v.data(), int(v.size()), x - d.x0, y - d.y0, z - d.z0, out.data());
  if (s_.comm_->size() == 1) return out;
  double owner = mine ? double(s_.comm_->rank()) : double(s_.comm_->size());
  s_.comm_->allreduce(&owner, 1, parallel::ReduceOp::Min);
  s_.comm_->broadcast(out.data(), out.size() * sizeof(double), int(owner));
  return out;
}

bool Snapshot::ready() { return step_ >= 0 && s_.backend_->fields_ready(); }

const Fields& Snapshot::wait() {
  if (step_ < 0) throw std::logic_error("Snapshot::wait: no fields were requested (call Solver::request_snapshot first)");
  if (on_device_)
    throw std::logic_error("Snapshot::wait: the last request kept the fields on the device (Snapshot::Device)");
  return s_.backend_->wait_fields();
}

void Snapshot::gather(const Fields& local, Fields& global) {
  const int count = local.count();
  std::vector<double> packed;
  packed.reserve(count * local.sites());
  for (int k = 0; k < count; ++k) packed.insert(packed.end(), local[k].begin(), local[k].end());
  if (s_.comm_->rank() != 0) {
    s_.comm_->send(packed.data(), packed.size() * sizeof(double), 0, kGatherTag);
    global = Fields{};
    return;
  }
  const Domain whole = s_.decomp_.global();
  global.resize(*s_.model_, whole.NX, whole.NY, whole.NZ);
  global.x0 = global.y0 = global.z0 = 0;
  global.NX = whole.NX;
  global.NY = whole.NY;
  global.NZ = whole.NZ;
  for (int r = 0; r < s_.comm_->size(); ++r) {
    const Domain d = s_.decomp_.domain(r);
    const std::size_t m = std::size_t(d.nx) * d.ny * d.nz;
    packed.resize(count * m);
    if (r > 0) s_.comm_->recv(packed.data(), packed.size() * sizeof(double), r, kGatherTag);
    for (int k = 0; k < count; ++k) {
      const double* from = packed.data() + k * m;
      for (int z = 0; z < d.nz; ++z)
        for (int y = 0; y < d.ny; ++y)
          std::copy_n(from + (std::size_t(z) * d.ny + y) * d.nx, d.nx,
                      global.data(k) + global.at(d.x0, d.y0 + y, d.z0 + z));
    }
  }
}

DeviceFields Snapshot::device_fields() const { return s_.backend_->device_fields(); }

}  // namespace plume

// The Solver's consumer object (plume/snapshot.hpp): what it reads of the backend and how the
// ranks combine it. Its state is the last request's step and kind; the fields are the backend's.
#include "plume/snapshot.hpp"
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include "backend.hpp"
#include "gather_tag.hpp"
#include "parallel/tile_stepper.hpp"
#include "plume/extra_state.hpp"
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
  // The points of the same step, copied: the states move on with the next steps, the consumers
  // read these until the next request.
  points_.clear();
  for (const auto& e : s_.extra_) {
    points_.push_back(e->points());
    points_.back().check();
  }
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

namespace {

// The points' message to rank 0 (gather_points): one rank's sets, one after the other, as bytes.
// Every rank holds the same sets (one per extra state, in the model's order) and each set the same
// arrays, whatever its number of points.
class Packer {
 public:
  template <class T>
  void put(const T& v) { put_bytes(&v, sizeof v); }
  template <class T>
  void put_all(const std::vector<T>& v) {
    put(std::uint64_t(v.size()));
    put_bytes(v.data(), v.size() * sizeof(T));
  }
  void put_string(const std::string& s) {
    put(std::uint64_t(s.size()));
    put_bytes(s.data(), s.size());
  }
  std::vector<std::uint8_t> bytes;

 private:
  void put_bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    bytes.insert(bytes.end(), b, b + n);
  }
};

class Unpacker {
 public:
  Unpacker(const std::vector<std::uint8_t>& b, int rank) : b_(b), rank_(rank) {}
  template <class T>
  T get() {
    T v;
    get_bytes(&v, sizeof v);
    return v;
  }
  template <class T>
  void get_all(std::vector<T>& v) {
    const std::uint64_t n = get<std::uint64_t>();
    if (n > (b_.size() - at_) / sizeof(T)) short_message();
    const std::size_t old = v.size();
    v.resize(old + n);
    get_bytes(v.data() + old, n * sizeof(T));
  }
  std::string get_string() {
    const std::uint64_t n = get<std::uint64_t>();
    if (n > b_.size() - at_) short_message();
    std::string s(reinterpret_cast<const char*>(b_.data() + at_), n);
    at_ += n;
    return s;
  }

 private:
  void get_bytes(void* p, std::size_t n) {
    if (n > b_.size() - at_) short_message();
    std::memcpy(p, b_.data() + at_, n);
    at_ += n;
  }
  [[noreturn]] void short_message() const {
    throw std::logic_error("Snapshot::gather_points: the points of rank " + std::to_string(rank_) + " end early");
  }
  const std::vector<std::uint8_t>& b_;
  int rank_;
  std::size_t at_ = 0;
};

std::vector<std::uint8_t> pack(const std::vector<PointSet>& sets) {
  Packer p;
  p.put(std::uint64_t(sets.size()));
  for (const PointSet& s : sets) {
    s.check();
    p.put_string(s.name);
    p.put(std::int32_t(s.dimensions));
    p.put_all(s.xyz);
    p.put_all(s.ids);
    p.put(std::uint64_t(s.arrays.size()));
    for (const PointArray& a : s.arrays) {
      p.put_string(a.name);
      p.put(std::int32_t(a.components));
      p.put_all(a.values);
    }
  }
  return std::move(p.bytes);
}

// Appends rank `rank`'s sets (its message `bytes`) to `global`, set by set and array by array;
// the first rank's message makes the sets.
void join(std::vector<PointSet>& global, const std::vector<std::uint8_t>& bytes, int rank, bool first) {
  Unpacker u(bytes, rank);
  const std::uint64_t count = u.get<std::uint64_t>();
  if (first) global.resize(count);
  if (count != global.size())
    throw std::logic_error("Snapshot::gather_points: rank " + std::to_string(rank) + " has " + std::to_string(count) +
                           " point sets, rank 0 " + std::to_string(global.size()));
  for (PointSet& s : global) {
    const std::string name = u.get_string();
    const int dimensions = u.get<std::int32_t>();
    if (first) {
      s.name = name;
      s.dimensions = dimensions;
    } else if (name != s.name) {
      throw std::logic_error("Snapshot::gather_points: rank " + std::to_string(rank) + " has point set '" + name +
                             "' where rank 0 has '" + s.name + "'");
    }
    u.get_all(s.xyz);
    u.get_all(s.ids);
    const std::uint64_t arrays = u.get<std::uint64_t>();
    if (first) s.arrays.resize(arrays);
    if (arrays != s.arrays.size())
      throw std::logic_error("Snapshot::gather_points: point set '" + s.name + "' has " + std::to_string(arrays) +
                             " arrays on rank " + std::to_string(rank) + ", " + std::to_string(s.arrays.size()) +
                             " on rank 0");
    for (PointArray& a : s.arrays) {
      const std::string aname = u.get_string();
      const int components = u.get<std::int32_t>();
      if (first) {
        a.name = aname;
        a.components = components;
      } else if (aname != a.name || components != a.components) {
        throw std::logic_error("Snapshot::gather_points: point set '" + s.name + "' has array '" + aname + "' (" +
                               std::to_string(components) + " components) on rank " + std::to_string(rank) +
                               " where rank 0 has '" + a.name + "' (" + std::to_string(a.components) + ")");
      }
      u.get_all(a.values);
    }
  }
}

// The set's points in the order of their ids, every array moved with them.
void order_by_id(PointSet& s) {
  std::vector<std::size_t> order(s.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return s.ids[a] < s.ids[b]; });
  const auto permute = [&](auto& v, std::size_t per) {
    auto out = v;
    for (std::size_t i = 0; i < order.size(); ++i)
      std::copy_n(v.begin() + std::ptrdiff_t(order[i] * per), per, out.begin() + std::ptrdiff_t(i * per));
    v = std::move(out);
  };
  permute(s.ids, 1);
  permute(s.xyz, 3);
  for (PointArray& a : s.arrays) permute(a.values, std::size_t(a.components));
}

}  // namespace

void Snapshot::gather_points(const std::vector<PointSet>& local, std::vector<PointSet>& global) {
  const std::vector<std::uint8_t> mine = pack(local);
  parallel::Communicator& comm = *s_.comm_;
  if (comm.rank() != 0) {
    const std::uint64_t n = mine.size();
    comm.send(&n, sizeof n, 0, kGatherPointsTag);
    comm.send(mine.data(), mine.size(), 0, kGatherPointsTag);
    global.clear();
    return;
  }
  // Every message is taken before any is read: sets that do not match throw with no message
  // left behind for a later gather.
  std::vector<std::vector<std::uint8_t>> theirs(std::size_t(comm.size()));
  for (int r = 1; r < comm.size(); ++r) {
    std::uint64_t n = 0;
    comm.recv(&n, sizeof n, r, kGatherPointsTag);
    theirs[std::size_t(r)].resize(n);
    comm.recv(theirs[std::size_t(r)].data(), n, r, kGatherPointsTag);
  }
  global.clear();
  join(global, mine, 0, true);
  for (int r = 1; r < comm.size(); ++r) join(global, theirs[std::size_t(r)], r, false);
  for (PointSet& s : global) {
    order_by_id(s);
    s.check();
  }
}

DeviceFields Snapshot::device_fields() const { return s_.backend_->device_fields(); }

}  // namespace plume

// What consumers read of a Solver's fields (the run loop's output and diagnostics, in situ, the
// GUI): the one consumer object, owned by the Solver and reached through Solver::snapshot().
//
// Two kinds of query:
// - of the current state, computed when called: fields(), site_sums(), diagnostic_sums(),
//   find_fault();
// - of the snapshot, the fields of one step asked for with Solver::request_snapshot() and read
//   while the run goes on: step(), ready(), wait(), wait_device(), fault(), range(), values(),
//   device_fields().
// gather() brings either kind's host fields of every rank to rank 0. The calls marked
// "collective" must be made by every rank in the same order (docs/distributed.md).
#pragma once
#include <optional>
#include <vector>
#include "plume/derived.hpp"
#include "plume/device_fields.hpp"
#include "plume/fields.hpp"
#include "plume/grid/domain.hpp"
#include "plume/model.hpp"
#include "plume/point_set.hpp"
#include "plume/reductions.hpp"

namespace plume {

class Solver;

class Snapshot {
 public:
  // Where a requested snapshot's fields are kept (Solver::request_snapshot). Host: computed and
  // copied to host memory while the run may advance (the in-situ hand-off); wait() returns them.
  // Device: for a consumer that reads the snapshot where it was made, so that on a GPU nothing but
  // a few numbers crosses to the host (plume-gui's GPU path): device_fields(), fault(), range() and
  // values() read it; wait() refuses it, wait_device() waits for it (a GPU's fault record). On the
  // CPU backend the host fields are made, as for Host.
  enum Where { Host, Device };

  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;

  // --- the current state -----------------------------------------------------------------------
  void fields(Fields& out);  // fields of the current state, local block (collective)
  // The model's sums over the whole lattice (e.g. D2Q9's |u| and fluid sites; a model without
  // sums gives none), computed where the populations are and added over the ranks (collective).
  // Cheap on a GPU: only the sums cross to the host (backend.hpp, site_sums).
  std::vector<double> site_sums();
  // What the diagnostics and the health check are made of, computed where the populations are
  // (on a GPU only O(rows) sums and one fault record cross to the host; backend.hpp, row_sums)
  // and combined over the ranks as io/diagnostics combines host fields: each global row summed
  // alone, in x order, then added over the ranks; the extremes exact.
  // Collective: the whole lattice's row sums and extremes of the current state's stored fields and
  // the model's own row quantities (io::finish makes the diagnostics of them).
  RowSums diagnostic_sums();
  // Collective: the current state's first unphysical site of the whole lattice (lowest z, then y,
  // then x: a value that is not finite, or not positive in a field the model marks positive) with
  // the number of such sites, the same on every rank; nothing when the state is sound.
  std::optional<Fault> find_fault();

  // --- the snapshot (Solver::request_snapshot) ---------------------------------------------------
  // Asynchronous fields (the in-situ hand-off, backend.hpp): the request snapshots the current
  // state's fields of the local block (collective, like fields(): a decomposed run exchanges the
  // halos first) and returns while a GPU computes and copies them; the run may advance meanwhile.
  // wait() returns them (local) and stays valid until the next request; calling it with no request
  // outstanding, or for a Device snapshot, throws std::logic_error. step() is the step they belong
  // to (-1: none requested); ready() says whether they have arrived.
  long step() const { return step_; }
  bool ready();
  const Fields& wait();
  // Waits for a Device snapshot (a GPU's fault record); for a Host one, nothing more than the
  // request. Throws std::logic_error with no request.
  void wait_device();
  // Collective, after wait() (or wait_device()): find_fault() for the snapshot (its step, step()),
  // checked with it where it was computed (on a GPU on the device, right after the fields, so
  // the check adds no pass of the host over them). Throws std::logic_error with no request.
  std::optional<Fault> fault();
  // Of the last request's fields (either kind), also while steps queued by
  // Solver::advance_async() run; computed where the fields are (on a GPU on the device, beside the
  // steps), the same bits as plume::field_range / field_values give over host fields
  // (reductions.hpp; on a GPU, DerivedOp::Magnitude within an ulp, CUDA's hypot, and a 3-D speed,
  // two hypot calls, within two). Collective. Throw std::logic_error with no request.
  // The range of field v over the sites of global box b (the colour range of plume-gui: a plane,
  // the lattice), the sites where stored field `mask` is not 0 (solid sites) left out of lo/hi.
  FieldRange range(const FieldFormula& v, const Box& b, int mask = -1);
  // The values of the fields v at global site (x, y, z) (the read-out under plume-gui's cursor),
  // on every rank. A field that reads neighbours (the vorticity) as its rank's block gives it.
  std::vector<double> values(const std::vector<FieldFormula>& v, int x, int y, int z);
  // The same snapshot in device memory on the CUDA backend (plume/device_fields.hpp): read it
  // after wait() or wait_device() and before the next request. Empty on the CPU backend.
  DeviceFields device_fields() const;
  // The points of the run's extra states (plume/extra_state.hpp: "tracers") at the step of the
  // last request, this rank's, one set per state in the order the model made them; empty with no
  // request or no extra state. Valid until the next request.
  const std::vector<PointSet>& point_sets() const { return points_; }

  // --- rank 0 -------------------------------------------------------------------------------------
  // Collective. The whole lattice on rank 0 (x0 = y0 = 0) from every rank's `local` block (what
  // fields() or wait() gave it: nothing is computed again); `global` is left empty (0 x 0) on the
  // other ranks.
  void gather(const Fields& local, Fields& global);
  // Collective. Every rank's `local` sets (what point_sets() gave it) joined on rank 0, set by set,
  // each set's points in the order of their ids; `global` is left empty on the other ranks.
  void gather_points(const std::vector<PointSet>& local, std::vector<PointSet>& global);

 private:
  friend class Solver;
  explicit Snapshot(Solver& s) : s_(s) {}
  void request(Where where);  // Solver::request_snapshot

  Solver& s_;
  long step_ = -1;           // the step of the requested fields; -1: none requested
  bool on_device_ = false;   // requested as Device
  std::vector<PointSet> points_;  // the extra states' points at step_ (point_sets)
};

}  // namespace plume

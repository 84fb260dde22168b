// What the simulation thread hands to the front end: fields and state at one step. Three
// snapshots rotate (being filled, ready, being drawn) so that neither thread waits for the other
// longer than a pointer swap.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include "plume/fields.hpp"
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/point_set.hpp"
#include "shown_field.hpp"
#include "volume.hpp"

namespace plume::gui {

struct Snapshot {
  // The fields of the step and, in `shown`, `planes` and `volume`, the values of the field shown:
  // on the host when host_fields. The GPU path's running snapshots leave them on the device
  // (Simulation::publish): then they are empty, and `probe` is the read-out.
  Fields fields;
  bool host_fields = true;
  // Every field the model offers (io::field_choices' order) at probe_site, the site under the
  // cursor (Simulation::probe_at), computed where the fields are; empty when there is none.
  int probe_site[3] = {-1, -1, -1};
  std::vector<double> probe;
  ShownField shown;  // the field the front end asked for (Simulation::show)
  // What a 3-D run shows besides `shown` (Simulation::show): Layout::Three, the planes x, y and z
  // through the point asked for, in that order; Layout::Volume, the whole lattice. A 2-D run: One.
  Layout layout = Layout::One;
  std::array<ShownField, 3> planes;
  ShownVolume volume;
  // The run's points at the step (tracer particles; plume::Snapshot::point_sets of the whole
  // lattice, each set in the order of its ids), drawn over the field (point_layer.hpp); empty
  // when the run has none.
  std::vector<PointSet> points;
  long step = 0;
  double time = 0.0;
  std::uint64_t run = 0;     // counts new initial states (reset, lattice, load-config, open-checkpoint)
  config::RunConfig config;      // what the run follows now, steering included
  std::string source;            // the file it came from (configuration, case, checkpoint); "": the default
  std::string backend;       // "cpu" / "cuda"
  std::string backend_description;
  int cuda_device = -1;      // the CUDA device that holds the fields (-1: host backend)
  io::Diagnostics diag;  // of step diag.step: on the GPU path at most kDiagnosticsInterval old
  std::string fault;  // why the state is no longer physical (NaN, rho <= 0, T_H <= 0); empty when fine
  double site_updates_per_s = 0.0;  // solver rate of the recent batches (time in advance() only)
  double snapshot_seconds = 0.0;        // the previous snapshot's host work (fields, diagnostics, texels)
  double snapshot_stall_seconds = 0.0;  // how long it kept the solver from stepping (less on a GPU,
                                        // which steps meanwhile)
  long steps_total = 0;             // steps advanced since the program started, across restarts
  bool running = false;
  long batch = 10;
  std::uint64_t applied_seq = 0;  // every command with a sequence number up to this one is reflected
  std::uint64_t version = 0;
};

class SnapshotExchange {
 public:
  SnapshotExchange()
      : back_(std::make_unique<Snapshot>()), ready_(std::make_unique<Snapshot>()) {}

  // Producer: fill back(), then publish() makes it the ready one.
  Snapshot& back() { return *back_; }
  void publish() {
    std::lock_guard<std::mutex> lk(mtx_);
    back_->version = ++version_;
    std::swap(back_, ready_);
    fresh_ = true;
  }
  // Has the consumer taken the last published snapshot? (Then a new one is worth making.)
  bool consumed() const {
    std::lock_guard<std::mutex> lk(mtx_);
    return !fresh_;
  }
  // Consumer: swaps the ready snapshot into `front` when there is a new one.
  bool take(std::unique_ptr<Snapshot>& front) {
    std::lock_guard<std::mutex> lk(mtx_);
    if (!fresh_) return false;
    std::swap(front, ready_);
    fresh_ = false;
    return true;
  }

 private:
  mutable std::mutex mtx_;
  std::unique_ptr<Snapshot> back_, ready_;
  std::uint64_t version_ = 0;
  bool fresh_ = false;
};

}  // namespace plume::gui

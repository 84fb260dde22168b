// The simulation thread: owns the Solver, runs batches of steps decoupled from the frame rate,
// executes steering commands between steps, and publishes snapshots through a SnapshotExchange.
// The front end never touches the Solver and never waits for a batch.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>
#include "commands.hpp"
#include "plume/config/run_config.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/solver.hpp"
#include "snapshot.hpp"

namespace plume::gui {

// Where the GPU path's running snapshots spend the simulation thread's time, summed over them
// (Simulation::publish; printed by plume-gui's --frames summary): the request and the diagnostics,
// the wait for the requested fields, the shown field's range and texels, the read-out, and the wait
// for the steps queued behind the request.
struct SnapshotPhases {
  double request = 0.0, fields = 0.0, shown = 0.0, probe = 0.0, steps = 0.0;
  long count = 0;
};

struct CommandResult {
  std::uint64_t seq = 0;
  bool ok = true;
  std::string message;
  long step = 0;  // the solver's step after the command
};

// How often the GPU path's running snapshots renew the diagnostics (plots, `report`): each costs
// the solver a row-sum pass over the device fields (one thread per row), a few ms at 8192^2, so
// twice a second keeps it near 1 % of the solver's time; the plots' history spans minutes.
constexpr double kDiagnosticsInterval = 0.5;

class Simulation {
 public:
  // Builds and initialises the solver for `cfg` (throws std::runtime_error or config::ConfigError)
  // and starts the thread. `running`: step continuously from the start; `batch`: steps per batch;
  // `max_texture_size`: the GPU's limit, for the texture copy of the shown field;
  // `snapshot_share`: the largest share (0, 1] of the time the solver may lose to snapshots while
  // running (1: one for every frame the window draws).
  // `source`: the file `cfg` came from ("" for the default), as snapshots name it.
  Simulation(const config::RunConfig& cfg, bool running, long batch, int max_texture_size = 16384,
             double snapshot_share = 0.2, std::string source = "");
  ~Simulation();  // stops the thread after the step in progress
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Queues a command; returns its sequence number (increasing from 1). Never blocks on the solver.
  std::uint64_t post(cmd::SimCommand c);
  // The field snapshots prepare for display, and the plane of a 3-D lattice (ignored in 2-D),
  // with, as `layout` says, the three planes through `point` or the volume; a change publishes a
  // new snapshot at once when paused.
  void show(const io::FieldChoice* k, const Slice& slice = {}, Layout layout = Layout::One, const Point3& point = {});
  // Whether snapshots of a CUDA run carry the shown field's texels in device memory (the GPU
  // path: the window copies them into its texture through CUDA-OpenGL interop) instead of host
  // memory. A change publishes a new snapshot at once when paused.
  void use_device_texels(bool on);
  // The site under the cursor (lattice coordinates; x < 0: none), whose fields the snapshots carry
  // in Snapshot::probe.
  void probe_at(int x, int y, int z);
  // The largest texture side the window's views need (ViewTransform::texture_side; 0: the GPU's
  // limit): a lattice larger than that is shown every k-th site, so that a new field costs the
  // window's pixels rather than the lattice's sites (at 8192^2 the lattice-sized colour pass took
  // a tenth of the solver's time). `refresh`: publish at once with it (the run is paused).
  void limit_texture(int side, bool refresh);
  // The next snapshot brings the fields to the host also on the GPU path (a field image, a
  // script's probe), at once when paused.
  void want_host_fields();
  // The newest snapshot, if there is one the front end has not taken yet.
  bool take(std::unique_ptr<Snapshot>& front) { return exchange_.take(front); }
  // Outcomes of executed commands since the last call.
  std::vector<CommandResult> drain_results();

  // Totals for throughput measurements, readable at any time.
  long steps_total() const { return steps_total_.load(); }
  double site_updates_total() const { return site_updates_total_.load(); }
  long snapshots_total() const { return snapshots_total_.load(); }
  double snapshot_seconds_total() const { return snapshot_seconds_total_.load(); }
  double stall_seconds_total() const { return stall_seconds_total_.load(); }
  SnapshotPhases snapshot_phases() const {
    std::lock_guard<std::mutex> lk(phases_mtx_);
    return phases_;
  }

 private:
  struct Pending {
    std::uint64_t seq;
    cmd::SimCommand c;
  };

  void loop();
  void execute(std::deque<Pending>& queued);
  std::string run(const cmd::SimCommand& c);
  void rebuild(const config::RunConfig& cfg);
  void advance(long n, bool interruptible);
  // Publishes a snapshot of the current state. On a GPU, up to `max_overlap` steps run meanwhile
  // (Solver::advance_async); returns how many.
  long publish(long max_overlap = 0);
  // The current state's fault (Snapshot::fault, the batch driver's check), looked for when none is
  // known yet: the fields of the current step are computed for it.
  const std::optional<io::Fault>& check_state();
  // Refuses (throws) to step a state known to be unphysical.
  void require_healthy();
  // Whether a running simulation may publish now (snapshot_share_; at least `min_interval` s after the last).
  bool snapshot_due(double min_interval = 0.0) const;
  // Whether running snapshots keep the fields on the device (the GPU path: device texels on a CUDA run).
  bool device_snapshots();
  // The diagnostics of the current state (on the device, Snapshot::diagnostic_sums) when the last are
  // older than kDiagnosticsInterval or of another run; else the last.
  const io::Diagnostics& device_diagnostics(long step, double time);

  // Owned by the simulation thread.
  config::RunConfig cfg_;
  std::string source_;
  std::unique_ptr<Solver> solver_;
  bool running_;
  long batch_;
  double rate_ = 0.0;  // site updates per second, smoothed over batches
  double snapshot_share_;
  double publish_cost_ = 0.0;  // seconds the last snapshot kept the solver from stepping
  double share_credit_ = 0.0;  // snapshot_due: seconds of the share earned and not yet spent
  double host_seconds_ = 0.0;  // seconds the last snapshot's host work took
  // The start and end of the last snapshot or fault check (check_state): both are spaced by snapshot_due.
  std::chrono::steady_clock::time_point last_publish_start_{}, last_publish_end_{};
  // The GPU path's diagnostics (device_diagnostics): the last, when and of which run.
  io::Diagnostics diag_;
  std::chrono::steady_clock::time_point diag_at_{};
  std::uint64_t diag_run_ = 0;
  std::uint64_t applied_ = 0;
  std::uint64_t run_ = 0;  // Snapshot::run
  // The first fault found in this run's state. A blown-up state does not recover, and stepping it
  // only spreads the NaNs: it stops the run, and stepping and checkpoints are refused until a new
  // state replaces it (reset, lattice, load-config, open-checkpoint).
  std::optional<io::Fault> fault_;
  bool fault_told_ = false;  // the fault has been reported (by the command that met it, or as a notice)
  int max_texture_;

  std::atomic<long> steps_total_{0};
  std::atomic<double> site_updates_total_{0.0};
  std::atomic<long> snapshots_total_{0};
  std::atomic<double> snapshot_seconds_total_{0.0};
  std::atomic<double> stall_seconds_total_{0.0};
  SnapshotExchange exchange_;
  mutable std::mutex phases_mtx_;
  SnapshotPhases phases_;  // guarded by phases_mtx_

  std::mutex mtx_;  // guards queue_, results_, next_seq_, stop_, shown_, slice_, layout_, point_, refresh_, device_texels_,
                   // probe_, host_wanted_,
                   // view_texture_
  std::condition_variable cv_;
  std::deque<Pending> queue_;
  std::vector<CommandResult> results_;
  std::uint64_t next_seq_ = 1;
  bool stop_ = false;
  const io::FieldChoice* shown_ = gui_field("");
  Slice slice_;
  Layout layout_ = Layout::One;
  Point3 point_;
  bool refresh_ = false;  // the shown field changed: publish even without commands
  bool device_texels_ = false;
  int probe_[3] = {-1, -1, -1};
  bool host_wanted_ = false;
  int view_texture_ = 0;
  std::atomic<bool> paused_on_device_{false};  // the last snapshot kept its fields on the device, and the run stopped
  std::atomic<bool> pending_{false};  // commands are waiting: a running batch should yield

  std::thread thread_;
};

}  // namespace plume::gui

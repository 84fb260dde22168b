#include "simulation.hpp"
#include "plume/io/memory.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <chrono>
#include <stdexcept>
#include <utility>
#include "config_check.hpp"
#include "overloaded.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/io/field_select.hpp"
#include "paint.hpp"
#include "solid_brush.hpp"

namespace plume::gui {
namespace {

using Clock = std::chrono::steady_clock;

void copy_fields(const Fields& from, Fields& to) {
  to.resize(from.model(), from.nx, from.ny, from.nz);
  to.x0 = from.x0;
  to.y0 = from.y0;
  to.z0 = from.z0;
  const long n = long(from.sites());
  for (int k = 0; k < from.count(); ++k) {
    const double* a = from.data(k);
    double* b = to.data(k);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) b[i] = a[i];
  }
}

std::string lattice_text(const config::RunConfig& c) { return size_text(Domain::whole(c.solver.nx, c.solver.ny, c.solver.nz)); }

// Builds a solver for `c` with `make`. A lattice that does not fit in the host's available memory
// is refused before anything is allocated (the batch driver's estimate, with both numbers), and
// running out of memory anyway is said with the lattice, not as std::bad_alloc; the run in
// progress, if any, is kept.
template <class Make>
std::unique_ptr<Solver> new_solver(const config::RunConfig& c, Make&& make) {
  const std::string memory = io::check_host_memory(io::run_shape(c.solver, 1, c.output.image_scale));
  if (!memory.empty()) throw std::runtime_error(memory);
  try {
    return make();
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(fmt::format("not enough memory for a {} lattice ({:.3g} sites)", lattice_text(c),
                                         double(c.solver.nx) * c.solver.ny * c.solver.nz));
  }
}

}  // namespace

Simulation::Simulation(const config::RunConfig& cfg, bool running, long batch, int max_texture_size,
                       double snapshot_share, std::string source)
    : source_(std::move(source)),
      running_(running),
      batch_(std::max(1L, batch)),
      snapshot_share_(std::clamp(snapshot_share, 1e-3, 1.0)),
      max_texture_(max_texture_size) {
  check_config(cfg);
  rebuild(cfg);
  publish();
  thread_ = std::thread([this] { loop(); });
}

Simulation::~Simulation() {
  {
    std::lock_guard<std::mutex> lk(mtx_);
    stop_ = true;
  }
  pending_ = true;
  cv_.notify_all();
  thread_.join();
}

std::uint64_t Simulation::post(cmd::SimCommand c) {
  std::lock_guard<std::mutex> lk(mtx_);
  const std::uint64_t seq = next_seq_++;
  queue_.push_back(Pending{seq, std::move(c)});
  pending_ = true;
  cv_.notify_one();
  return seq;
}

void Simulation::show(const io::FieldChoice* k, const Slice& slice, Layout layout, const Point3& point) {
  std::lock_guard<std::mutex> lk(mtx_);
  if (k == shown_ && slice.axis == slice_.axis && slice.position == slice_.position && layout == layout_ &&
      point == point_)
    return;
  shown_ = k;
  slice_ = slice;
  layout_ = layout;
  point_ = point;
  refresh_ = true;
  cv_.notify_one();
}

void Simulation::use_device_texels(bool on) {
  std::lock_guard<std::mutex> lk(mtx_);
  if (on == device_texels_) return;
  device_texels_ = on;
  refresh_ = true;
  cv_.notify_one();
}

void Simulation::probe_at(int x, int y, int z) {
  std::lock_guard<std::mutex> lk(mtx_);
  // Paused on a snapshot whose fields stayed on the device (a fault stopped the run): a new site
  // gets a snapshot with host fields, whose read-outs need no more.
  if (paused_on_device_ && (x != probe_[0] || y != probe_[1] || z != probe_[2])) {
    refresh_ = true;
    cv_.notify_one();
  }
  probe_[0] = x;
  probe_[1] = y;
  probe_[2] = z;
}

void Simulation::limit_texture(int side, bool refresh) {
  std::lock_guard<std::mutex> lk(mtx_);
  if (side == view_texture_) return;
  view_texture_ = side;
  if (refresh) {
    refresh_ = true;
    cv_.notify_one();
  }
}

void Simulation::want_host_fields() {
  std::lock_guard<std::mutex> lk(mtx_);
  host_wanted_ = true;
  refresh_ = true;
  cv_.notify_one();
}

std::vector<CommandResult> Simulation::drain_results() {
  std::lock_guard<std::mutex> lk(mtx_);
  std::vector<CommandResult> out;
  out.swap(results_);
  return out;
}

void Simulation::loop() {
  for (;;) {
    std::deque<Pending> queued;
    bool refresh = false;
    {
      std::unique_lock<std::mutex> lk(mtx_);
      cv_.wait(lk, [&] { return stop_ || !queue_.empty() || running_ || refresh_; });
      if (stop_) return;
      queued.swap(queue_);
      pending_ = false;
      std::swap(refresh, refresh_);
    }
    // After commands: always, before stepping on (a script waits for their effect). After a
    // batch: only when the front end has taken the previous snapshot, so that fields are not
    // computed faster than they are shown.
    try {
      if (!queued.empty() || refresh) {
        execute(queued);
        publish();
      }
      if (running_) {
        advance(batch_, true);
        // A running batch goes on during the snapshot for as long as its host work takes.
        if (exchange_.consumed() && snapshot_due()) publish(std::numeric_limits<long>::max());
      }
      if (fault_ && !fault_told_) {
        // Found by a snapshot, not by a command that reports it itself.
        fault_told_ = true;
        std::lock_guard<std::mutex> lk(mtx_);
        results_.push_back(CommandResult{0, false, "paused: " + fault_->message(), solver_->step()});
      }
    } catch (const std::exception& e) {
      // The solver itself failed (a device error, memory): stop stepping, say so, keep the window.
      running_ = false;
      std::lock_guard<std::mutex> lk(mtx_);
      results_.push_back(CommandResult{0, false, std::string("simulation stopped: ") + e.what(), solver_->step()});
    }
  }
}

void Simulation::execute(std::deque<Pending>& queued) {
  while (!queued.empty()) {
    Pending p = std::move(queued.front());
    queued.pop_front();
    std::vector<CommandResult> done{CommandResult{p.seq, true, ""}};
    try {
      if (const auto* first = std::get_if<cmd::Paint>(&p.c)) {
        // Consecutive dabs of one stroke share a single read and write of the populations.
        std::vector<Brush> brushes{first->brush};
        while (!queued.empty() && std::holds_alternative<cmd::Paint>(queued.front().c)) {
          brushes.push_back(std::get<cmd::Paint>(queued.front().c).brush);
          done.push_back(CommandResult{queued.front().seq, true, ""});
          queued.pop_front();
        }
        const long sites = paint(*solver_, brushes);
        for (std::size_t i = 0; i < brushes.size(); ++i) done[i].message = cmd::describe(cmd::Paint{brushes[i]});
        done.back().message += fmt::format(" ({} dab{}, {} site updates)", brushes.size(),
                                           brushes.size() == 1 ? "" : "s", sites);
      } else {
        done[0].message = run(p.c);
      }
    } catch (const std::exception& e) {
      for (CommandResult& r : done) {
        r.ok = false;
        r.message = cmd::describe(p.c) + ": " + e.what();
      }
    }
    applied_ = done.back().seq;
    for (CommandResult& r : done) r.step = solver_->step();
    std::lock_guard<std::mutex> lk(mtx_);
    results_.insert(results_.end(), done.begin(), done.end());
  }
}

std::string Simulation::run(const cmd::SimCommand& command) {
  return std::visit(
      Overloaded{
          [&](const cmd::Run& c) -> std::string {
            if (c.on) require_healthy();
            running_ = c.on;
            return c.on ? "running" : "paused";
          },
          [&](const cmd::Steps& c) -> std::string {
            if (c.n < 0) throw std::invalid_argument("the number of steps must be >= 0");
            require_healthy();
            advance(c.n, false);
            if (check_state()) {
              fault_told_ = true;
              const std::string msg = fault_->message();
              throw std::runtime_error(fault_->step == solver_->step()
                                           ? msg
                                           : fmt::format("stopped at step {}: {}", solver_->step(), msg));
            }
            return fmt::format("steps {}: now at step {}", c.n, solver_->step());
          },
          [&](const cmd::Batch& c) -> std::string {
            if (c.steps < 1) throw std::invalid_argument("a batch is at least 1 step");
            batch_ = c.steps;
            return fmt::format("{} steps per batch", batch_);
          },
          [&](const cmd::Set& c) -> std::string {
            config::RunConfig next = cfg_;
            for (const auto& [key, value] : cmd::config_overrides(c)) config::apply_override(next, key, value);
            const std::string note = check_config(next);
            const std::string section = c.key.substr(0, c.key.find('.'));
            std::string when;
            if (steered_section(solver_->model(), section)) {
              solver_->steer(next.solver.setup);
              when = "from the next step";
            } else if (section == "lattice" || section == "initial" || section == "run" || section == "geometry") {
              when = "at the next reset";
            } else {
              when = "kept for save-config";
            }
            cfg_ = next;
            return fmt::format("{} = {} ({}){}", c.key, c.value, when, note);
          },
          [&](const cmd::Reset& c) -> std::string {
            config::RunConfig next = cfg_;
            for (const auto& [key, value] : cmd::config_overrides(c)) config::apply_override(next, key, value);
            const std::string note = check_config(next);
            rebuild(next);
            return fmt::format("{}: new initial state on the {} lattice{}", cmd::describe(c), lattice_text(cfg_), note);
          },
          [&](const cmd::Lattice& c) -> std::string {
            config::RunConfig next = cfg_;
            for (const auto& [key, value] : cmd::config_overrides(c)) config::apply_override(next, key, value);
            const std::string note = check_config(next);
            rebuild(next);
            return "restarted on a " + lattice_text(cfg_) + " lattice" + note;
          },
          [&](const cmd::Paint& c) -> std::string {
            return fmt::format("{} ({} sites)", cmd::describe(c), paint(*solver_, {c.brush}));
          },
          [&](const cmd::Solid& c) -> std::string {
            return fmt::format("{} ({} sites)", cmd::describe(c), edit_solids(*solver_, c.stroke));
          },
          [&](const cmd::OpenCase& c) -> std::string {
            // The front end knows the assets folder and posts the case's file (LoadConfig).
            throw std::logic_error("case " + c.name + " reached the simulation unresolved");
          },
          [&](const cmd::LoadConfig& c) -> std::string {
            // Another model's file is fine: the snapshots carry the run's model, and the front
            // end follows it (fields, panels, tools).
            config::RunConfig next = config::load_config(c.path);
            const std::string note = check_config(next);
            rebuild(next);
            source_ = c.path;
            return "loaded " + c.path + ": " + lattice_text(cfg_) + " lattice, restarted" + note;
          },
          [&](const cmd::SaveConfig& c) -> std::string {
            config::save_config(cfg_, c.path);
            return "saved the configuration to " + c.path;
          },
          [&](const cmd::SaveCheckpoint& c) -> std::string {
            // The batch driver's rule: no checkpoint of a state that cannot be continued, so that
            // the newest checkpoint on disk is always a good one.
            if (check_state()) {
              fault_told_ = true;
              throw std::runtime_error("refused, the state is not physical: " + fault_->message());
            }
            io::save_checkpoint(c.path, *solver_, config::to_toml(cfg_));
            return fmt::format("saved a checkpoint of step {} to {}", solver_->step(), c.path);
          },
          [&](const cmd::OpenCheckpoint& c) -> std::string {
            // The checkpoint carries its configuration: the run continues exactly as it was saved.
            const io::CheckpointHeader h = io::read_checkpoint_header(c.path);
            config::RunConfig next = config::parse_config(h.config_toml, c.path);
            check_config(next);
            config::build_solids(next);
            solver_ = new_solver(next, [&] {
              auto s = std::make_unique<Solver>(next.solver);
              io::restore_checkpoint(c.path, *s, next.solver);
              return s;
            });
            cfg_ = next;
            source_ = c.path;
            ++run_;
            fault_.reset();  // the snapshot after this command checks the opened state
            fault_told_ = false;
            return fmt::format("opened {}: {} lattice at step {}", c.path, lattice_text(cfg_), solver_->step());
          },
      },
      command);
}

void Simulation::rebuild(const config::RunConfig& cfg) {
  // The new solver is complete before the old one goes: a failure leaves the run as it was.
  config::RunConfig with_solids = cfg;
  config::build_solids(with_solids);  // the [geometry] files read, the particles placed
  solver_ = new_solver(cfg, [&] {
    auto s = std::make_unique<Solver>(with_solids.solver);
    s->initialize();
    return s;
  });
  cfg_ = cfg;
  ++run_;
  fault_.reset();
  fault_told_ = false;
}

const std::optional<io::Fault>& Simulation::check_state() {
  if (!fault_) {
    if (solver_->backend().kind == BackendKind::CUDA) {
      fault_ = solver_->snapshot().find_fault();  // on the device: only the fault record comes back
    } else {
      solver_->request_snapshot();
      solver_->snapshot().wait();
      fault_ = solver_->snapshot().fault();  // checked where the snapshot was made
    }
    if (fault_) running_ = false;
    last_publish_end_ = Clock::now();  // a look at the state, spaced like the snapshots
  }
  return fault_;
}

void Simulation::require_healthy() {
  if (!fault_) return;
  fault_told_ = true;
  throw std::runtime_error("refused, the state is not physical: " + fault_->message() +
                           " (reset, change the lattice, load a configuration or open a checkpoint to go on)");
}

void Simulation::advance(long n, bool interruptible) {
  const double sites = double(cfg_.solver.nx) * cfg_.solver.ny * cfg_.solver.nz;
  long done = 0;
  while (done < n && !fault_) {  // a snapshot may find the state blown up
    if (interruptible && pending_) break;  // steering first: the rest of the batch can wait
    {
      std::lock_guard<std::mutex> lk(mtx_);
      if (stop_) break;
    }
    // With a share of 1 (a new field for every frame, whatever it costs), the GPU path's running
    // snapshots step themselves (the step after the request writes the fields, and the steps
    // queued behind it run while the window's texels are made): one that is due needs no chunk of
    // steps before it, which would only space the snapshots a step wider (at 8192^2 three steps a
    // snapshot instead of two: 19 new fields a second instead of 28 on an H100). Below 1 the chunk
    // stays: a snapshot's cost as snapshot_due counts it (the solver's stall) leaves out what its
    // kernels and the window's drawing take beside the steps, and without the chunk a 256^3 run
    // at share 0.2 kept only 0.72 of its batch rate. (The solver's rate is measured on the chunks
    // alone.) PLUME_GUI_CHUNK_FIRST (set: a chunk before every snapshot, as before 2026-11-27) is
    // a measurement switch (docs/gui.md).
    static const bool chunk_first = std::getenv("PLUME_GUI_CHUNK_FIRST") != nullptr;
    if (!chunk_first && snapshot_share_ >= 1.0 && interruptible && rate_ > 0 && exchange_.consumed() &&
        device_snapshots() && snapshot_due(0.0)) {
      done += publish(std::numeric_limits<long>::max());
      continue;
    }
    // Chunks of about 20 ms: short enough to react to commands, long enough to cost nothing.
    const long chunk = std::clamp(long(rate_ * 0.02 / sites), 1L, n - done);
    const auto t0 = Clock::now();
    solver_->advance(chunk);
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    done += chunk;
    steps_total_ += chunk;
    site_updates_total_ = site_updates_total_.load() + chunk * sites;
    if (dt > 0) {
      const double inst = chunk * sites / dt, a = std::min(1.0, dt / 0.5);
      rate_ = rate_ == 0.0 ? inst : (1.0 - a) * rate_ + a * inst;
    }
    // A long batch or `steps N` still shows its progress.
    // A running batch may go on past its end while the snapshot is made (the run continues
    // anyway); `steps N` stops at N.
    if (!exchange_.consumed()) {
      // The front end is behind (or, in a test, absent): a blow-up must stop the steps anyway.
      if (snapshot_due(0.25)) check_state();
    } else if (done < n && snapshot_due(interruptible && device_snapshots() ? 0.0 : 0.05)) {
      done += publish(interruptible ? std::numeric_limits<long>::max() : n - done);
    }
  }
}

bool Simulation::snapshot_due(double min_interval) const {
  // A snapshot stops the solver while it copies and reduces the fields; on a large lattice that
  // costs more than many steps. Starting one once share x the time since the last one started
  // (with what earlier ones left unused, share_credit_) pays for its cost keeps the solver running
  // at least (1 - share) of the time, whatever the lattice: the cost is what the solver lost (on a
  // GPU less than the snapshot's wall time, since steps queued behind it run meanwhile), and the
  // credit carries over what the steps' granularity wastes (on 8192^2 a step is 10.8 ms, a
  // snapshot's cost about 6). Small lattices still get a snapshot for every frame (the window
  // takes at most one a frame).
  const auto now = Clock::now();
  const double since_end = std::chrono::duration<double>(now - last_publish_end_).count();
  const double since_start = std::chrono::duration<double>(now - last_publish_start_).count();
  return since_end >= min_interval && snapshot_share_ * since_start + share_credit_ >= publish_cost_;
}

bool Simulation::device_snapshots() {
  std::lock_guard<std::mutex> lk(mtx_);
  return device_texels_ && solver_->backend().kind == BackendKind::CUDA;
}

const io::Diagnostics& Simulation::device_diagnostics(long step, double time) {
  const auto now = Clock::now();
  if (diag_run_ != run_ || diag_.step > step ||
      std::chrono::duration<double>(now - diag_at_).count() >= kDiagnosticsInterval) {
    diag_ = io::finish(solver_->snapshot().diagnostic_sums(), solver_->model(), cfg_.solver.setup, step, time);
    diag_at_ = now;
    diag_run_ = run_;
  }
  return diag_;
}

long Simulation::publish(long max_overlap) {
  const auto t0 = Clock::now();
  // What the time since the last snapshot started earned beyond that snapshot's cost (at most one
  // cost ahead, so that a pause does not buy a burst); negative after commands, which do not wait.
  share_credit_ = std::clamp(
      share_credit_ + snapshot_share_ * std::chrono::duration<double>(t0 - last_publish_start_).count() - publish_cost_,
      -publish_cost_, publish_cost_);
  Snapshot& s = exchange_.back();
  s.step = solver_->step();
  s.time = solver_->time();
  const io::FieldChoice* shown;
  Slice slice;
  Layout layout;
  Point3 point;
  bool on_device, host_wanted;
  int probe[3];
  int max_texture;
  {
    std::lock_guard<std::mutex> lk(mtx_);
    // A field chosen for the model before a switch: the same one of this run's model.
    shown_ = choice_for(solver_->model(), shown_);
    shown = shown_;
    slice = slice_;
    layout = layout_;
    point = point_;
    on_device = device_texels_;
    host_wanted = host_wanted_;
    host_wanted_ = false;
    std::copy_n(probe_, 3, probe);
    max_texture = view_texture_ > 0 ? std::min(view_texture_, max_texture_) : max_texture_;
  }
  // The GPU path's running snapshots leave the fields on the device: the texels, the colour range,
  // the read-out and the fault check are made there and only they (a few numbers, the solid
  // sites' bytes) reach the host; the diagnostics are renewed every kDiagnosticsInterval. After
  // commands (a script reads what it asked for), on the CPU, with the host upload or when asked
  // (want_host_fields), the fields come to the host: through the backend's snapshot buffer
  // (pinned host memory on a GPU: the copy runs at the link's speed, with no page faults), then
  // over every core into the slot.
  const bool cuda = solver_->backend().kind == BackendKind::CUDA;
  const bool device_only = on_device && cuda && max_overlap > 0 && !host_wanted;
  // The phases of a device-only snapshot (SnapshotPhases), measured as they end.
  auto mark = t0;
  auto lap = [&mark] {
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - mark).count();
    mark = now;
    return dt;
  };
  SnapshotPhases took;
  if (device_only) {
    solver_->request_snapshot(plume::Snapshot::Device);
    // Of the state just requested, before steps are queued behind it.
    s.diag = device_diagnostics(s.step, s.time);
  } else {
    solver_->request_snapshot();
  }
  // On a GPU, steps queued now run while this thread works on the snapshot (they follow the
  // fields kernel on the compute stream): as many as that work took last time, so that the GPU
  // hardly waits. Not after commands (a script sees the step it asked for) nor with some waiting.
  const double sites = double(cfg_.solver.nx) * cfg_.solver.ny * cfg_.solver.nz;
  long overlap = 0;
  if (max_overlap > 0 && !pending_ && rate_ > 0 && cuda)
    overlap = std::clamp(long(std::ceil(host_seconds_ * rate_ / sites)), 1L, max_overlap);
  if (overlap > 0) solver_->advance_async(overlap);
  took.request = lap();
  // The points of the request's step, whole and in the order of their ids (one rank here: the
  // gather is the ordering alone).
  solver_->snapshot().gather_points(solver_->snapshot().point_sets(), s.points);
  s.layout = solver_->domain().nz > 1 ? layout : Layout::One;
  if (device_only) {
    solver_->snapshot().wait_device();
    took.fields = lap();
    if (s.fields.has_model()) s.fields = Fields();  // a whole lattice's memory, not kept unused
    s.host_fields = false;
    prepare_device_shown_field(*solver_, *shown, max_texture, s.shown, slice);
    if (s.layout == Layout::Three)
      for (int a = 0; a < 3; ++a)
        prepare_device_shown_field(*solver_, *shown, max_texture, s.planes[a], Slice{a, point.p[a]});
    if (s.layout == Layout::Volume) prepare_device_volume(*solver_, *shown, s.volume);
    took.shown = lap();
  } else {
    copy_fields(solver_->snapshot().wait(), s.fields);
    s.host_fields = true;
    // The device fields belong to the request just made and stay until the next one.
    const DeviceFields dev = solver_->snapshot().device_fields();
    const DeviceFields* on = on_device && dev ? &dev : nullptr;
    prepare_shown_field(s.fields, *shown, max_texture, s.shown, on, slice);
    if (s.layout == Layout::Three)
      for (int a = 0; a < 3; ++a)
        prepare_shown_field(s.fields, *shown, max_texture, s.planes[a], on, Slice{a, point.p[a]});
    if (s.layout == Layout::Volume) prepare_volume(s.fields, *shown, s.volume, on);
    s.diag = io::compute_diagnostics(s.fields, solver_->domain(), cfg_.solver.setup, s.step, s.time);
  }
  if (s.layout != Layout::Volume && s.volume.kind)
    s.volume = ShownVolume{};  // up to 64 MiB of texels a slot, host or device: not kept unused
  // The read-out under the cursor, where the fields are.
  const Domain& d = solver_->domain();
  s.probe.clear();
  std::copy_n(probe, 3, s.probe_site);
  if (probe[0] >= 0 && probe[0] < d.NX && probe[1] >= 0 && probe[1] < d.NY && probe[2] >= 0 && probe[2] < d.NZ) {
    std::vector<FieldFormula> all;
    for (const io::FieldChoice& c : io::field_choices(solver_->model())) all.push_back(c.formula());
    s.probe = solver_->snapshot().values(all, probe[0], probe[1], probe[2]);
  }
  s.cuda_device = cuda ? solver_->snapshot().device_fields().device : -1;
  s.run = run_;
  s.config = cfg_;
  s.source = source_;
  s.backend = solver_->backend().name;
  s.backend_description = solver_->backend().description;
  if (!fault_) fault_ = solver_->snapshot().fault();  // checked on the device with the snapshot
  took.probe = lap();
  // Stepping a blown-up state only spreads the NaNs: stop, keep the evidence on screen.
  if (fault_) running_ = false;
  s.fault = fault_ ? fault_->message() : std::string();
  const auto host_done = Clock::now();
  s.site_updates_per_s = rate_;
  s.steps_total = steps_total_ + overlap;  // the steps queued behind the snapshot, as good as done
  s.running = running_;
  s.batch = batch_;
  s.applied_seq = applied_;
  s.snapshot_seconds = host_seconds_;
  s.snapshot_stall_seconds = publish_cost_;
  paused_on_device_ = device_only && !running_;
  // Published before the queued steps end (the snapshot is complete: its texels and read-outs
  // were waited for): the window takes it while they run, so that the next snapshot finds it
  // taken instead of waiting a chunk of steps for that.
  exchange_.publish();
  if (overlap > 0) {
    solver_->wait_steps();
    took.steps = lap();
    steps_total_ += overlap;
    site_updates_total_ = site_updates_total_.load() + overlap * sites;
  }
  last_publish_start_ = t0;
  last_publish_end_ = Clock::now();
  host_seconds_ = std::chrono::duration<double>(host_done - t0).count();
  // What the snapshot cost the solver: its time less what the queued steps took meanwhile.
  const double wall = std::chrono::duration<double>(last_publish_end_ - t0).count();
  publish_cost_ = std::max(0.0, wall - (overlap > 0 ? overlap * sites / rate_ : 0.0));
  snapshot_seconds_total_ = snapshot_seconds_total_.load() + host_seconds_;
  stall_seconds_total_ = stall_seconds_total_.load() + publish_cost_;
  ++snapshots_total_;
  if (device_only) {
    std::lock_guard<std::mutex> lk(phases_mtx_);
    phases_.request += took.request;
    phases_.fields += took.fields;
    phases_.shown += took.shown;
    phases_.probe += took.probe;
    phases_.steps += took.steps;
    ++phases_.count;
  }
  return overlap;
}

}  // namespace plume::gui

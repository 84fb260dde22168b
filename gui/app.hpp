// The front end's main loop: one frame = take the newest snapshot, run the script, draw the
// panel and the field, post the commands, show. Everything that can fail on bad input (the
// configuration, the script) is checked before the window opens.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include "cases.hpp"
#include "field_view.hpp"
#include "options.hpp"
#include "panels.hpp"
#include "plots.hpp"
#include "report.hpp"
#include "script.hpp"
#include "simulation.hpp"
#include "texture_upload.hpp"
#include "view_settings.hpp"
#include "volume_view.hpp"
#include "window.hpp"

namespace plume::gui {

// Bad input found before the run starts: the configuration, an override, the script.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class App {
 public:
  // Throws InputError on bad input, DisplayError without a display, std::runtime_error when the
  // solver cannot be set up.
  explicit App(const Options& o);
  ~App();
  // Returns the exit status.
  int run();

 private:
  void frame();
  void on_snapshot();
  void on_result(const CommandResult& r);
  // Ends the script (what follows a failure is meaningless) and, in a --frames run, the program,
  // with status 1.
  void fail_run();
  void step_script();
  void execute(const cmd::ViewCommand& c);
  void dispatch(const cmd::Command& c);
  // Posts a simulation command, a `case` as the LoadConfig of its file (throws
  // std::invalid_argument for a case the assets folder lacks); returns its sequence number.
  std::uint64_t post(const cmd::SimCommand& c);
  // The run's model changed (a case, configuration or checkpoint of another model): the fields,
  // tools and panels follow it.
  void follow_model(const Model& m);
  void keyboard();
  void refresh_field();
  // Executes the command that waits for host fields once the snapshot on screen has them.
  void run_waiting();
  // Whether the snapshot on screen shows what the view asks for (field, planes, layout).
  bool shows_request() const;
  // Draws the field area (left, top, w x h) as the snapshot's layout says.
  void draw_field(double left, double top, double w, double h, const std::string& overlay);
  void show_progress();
  void say(bool error, const std::string& text);
  std::string summary() const;

  Options opt_;
  config::RunConfig cfg_;
  std::vector<Case> cases_;
  std::optional<Script> script_;
  ViewSettings view_;
  std::unique_ptr<Window> window_;
  std::unique_ptr<FieldView> field_view_;
  std::array<std::unique_ptr<FieldView>, 3> plane_views_;  // the layout of three slices
  std::unique_ptr<VolumeView> volume_view_;
  std::unique_ptr<Simulation> sim_;
  std::unique_ptr<Snapshot> front_;
  UploadChoice upload_;
  std::string upload_backend_;
  ControlPanel panel_;
  Plots plots_;
  Report report_;

  std::map<std::uint64_t, std::string> panel_sets_;  // a parameter change of the panel in flight: its key
  bool field_dirty_ = true;  // a new snapshot: its field goes to the texture before drawing
  std::string pending_screenshot_;
  std::optional<cmd::ViewCommand> waiting_host_;  // a field image or probe waiting for host fields
  bool quit_ = false;
  int exit_code_ = 0;

  // Script progress.
  std::size_t script_pos_ = 0;
  std::uint64_t wait_seq_ = 0;
  long wait_target_step_ = -1;  // the step a `steps N` being waited for ends at
  int wait_frames_ = 0;
  const ScriptLine* waiting_line_ = nullptr;
  bool script_done_ = true;

  // Frame statistics.
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_, last_progress_;
  long frames_ = 0, frames_after_script_ = 0;
  double fps_ = 0.0;
  long steps_at_start_ = 0;
  double site_updates_at_start_ = 0.0;
  long snapshots_at_start_ = 0;
  double snapshot_seconds_at_start_ = 0.0;
  double stall_seconds_at_start_ = 0.0;
  // The same counters at the middle of a --frames run: the summary's late_* rates are of its second
  // half, past the start-up's first snapshots (which bring the fields to the host and fault in
  // their memory).
  Clock::time_point middle_{};
  long steps_at_middle_ = 0, snapshots_at_middle_ = 0;
  double site_updates_at_middle_ = 0.0;
  SnapshotPhases phases_at_middle_;
  // The GUI thread's time bringing new fields into their textures (refresh_field) and how often.
  double upload_seconds_ = 0.0;
  long uploads_ = 0;
  bool uploaded_this_frame_ = false;
  // The GPU time of each frame's OpenGL work in the second half of a --frames run (a
  // GL_TIME_ELAPSED query from the frame's start to its render, read back a few frames later),
  // summed apart for frames that brought in a new field.
  struct FrameQuery {
    unsigned id = 0;
    bool pending = false, counted = false, new_field = false;
  };
  std::array<FrameQuery, 4> frame_queries_{};
  double gl_seconds_[2] = {0.0, 0.0};
  long gl_frames_[2] = {0, 0};
  void collect_frame_queries();  // the answers that have arrived
};

}  // namespace plume::gui

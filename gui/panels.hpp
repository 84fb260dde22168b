// The control panel: simulation state and controls, view settings, the model's parameters
// (steering and reset), painting, files, live plots and the message log. Widgets edit
// ViewSettings directly and turn everything that concerns the simulation into commands.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>
#include "cases.hpp"
#include "commands.hpp"
#include "snapshot.hpp"
#include "view_settings.hpp"

namespace plume::gui {

// What the panel shows besides the snapshot.
struct FrontEndStatus {
  double fps = 0.0;
  std::string upload_path, upload_why;  // how the field reaches its texture, and why
  std::string gl_renderer, gl_version, gl_context;
  double zoom = 1.0;
};

struct LogLine {
  bool error = false;
  std::string text;
};

class ControlPanel {
 public:
  static constexpr float kWidth = 420.0f;

  void log(bool error, const std::string& text);
  // The cases offered for each model (gui/cases.hpp).
  void set_cases(std::vector<Case> cases) { cases_ = std::move(cases); }
  // The outcome of a parameter change made in the panel: a refusal is shown under its widget
  // until the next change of that key.
  void parameter_outcome(const std::string& key, bool ok, const std::string& message);
  // Draws the panel at the left edge of a window `height` pixels high; commands go to `out`.
  void draw(float height, const Snapshot& s, const FrontEndStatus& st, ViewSettings& view,
            std::vector<cmd::Command>& out);

 private:
  void case_row(const Snapshot& s, std::vector<cmd::Command>& out);
  void simulation_section(const Snapshot& s, const FrontEndStatus& st, std::vector<cmd::Command>& out);
  void view_section(const Snapshot& s, ViewSettings& view, std::vector<cmd::Command>& out);
  void slice_row(const Snapshot& s, ViewSettings& view);
  void points_row(const Snapshot& s, ViewSettings& view);
  void physics_section(const Snapshot& s, std::vector<cmd::Command>& out);
  void reset_section(const Snapshot& s, std::vector<cmd::Command>& out);
  void paint_section(ViewSettings& view, const std::string& quantity);
  void solids_section(ViewSettings& view);
  void files_section(std::vector<cmd::Command>& out);
  void log_section();

  std::vector<Case> cases_;
  std::map<std::string, std::string> refused_;  // parameter key -> why its last change was refused

  // Edit buffers that outlive a frame.
  bool initialised_ = false;
  std::uint64_t run_ = 0;  // the run the buffers were set from
  int nx_ = 0, ny_ = 0, nz_ = 1;
  std::map<std::string, std::string> pending_initial_;  // initial-state keys entered, applied by a reset
  std::string config_path_ = "plume-gui.toml", checkpoint_path_ = "plume-gui.chk";
  std::string screenshot_path_ = "plume-gui.png", image_path_ = "plume-gui-field.png";
  std::deque<LogLine> log_;
};

}  // namespace plume::gui

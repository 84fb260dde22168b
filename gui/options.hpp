// Command line of plume-gui.
#pragma once
#include <string>
#include <vector>

namespace plume::gui {

struct Options {
  std::string config;               // TOML file of the batch driver (empty: the default case)
  std::vector<std::string> sets;    // KEY=VALUE overrides, as the batch driver's --set
  std::string assets;               // the cases' folder (gui/cases.hpp); empty: the source tree's
  bool paused = false;              // start paused (a --script run always starts paused)
  long batch = 10;                  // steps per batch
  std::string field, colormap = "inferno";  // field "": the model's first
  std::vector<double> range;        // fixed colour range LO HI; empty: automatic
  std::string script;               // steering commands, one a line
  int frames = -1;                  // >= 0: hidden window, exit after this many frames (after the script)
  bool offscreen = false;           // draw into an EGL pbuffer: no display server (needs --frames)
  bool show = false;                // keep the window visible in a --frames run
  std::string screenshot;           // PNG of the last frame of a --frames run
  std::string report;               // diagnostics and probe records of a scripted run
  int width = 1400, height = 900;   // window size
  std::string upload = "auto";      // auto: the GPU path where it works; host: always host upload
  double snapshot_share = 0.2;      // largest share of the simulation thread's time for snapshots
  double max_fps = 60.0;            // frame-rate cap (0: none); the simulation thread gets the rest
  int max_texture = 0;              // largest side of a plane's texture (0: the GPU's limit)
};

// Exit status to return at once (0 after --help, 2 after a usage error, with the message
// printed), or -1 to go on.
int parse_options(int argc, char** argv, Options& o);

}  // namespace plume::gui

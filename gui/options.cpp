#include "options.hpp"
#include "plume/config/command_words.hpp"
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include "cases.hpp"
#include "commands.hpp"

namespace plume::gui {

namespace {

// The limits of the number options, in words: CLI11's own range checks print an unbounded end as
// DBL_MAX written out (309 digits), call a word "not in range" and let NaN through.
std::function<std::string(const std::string&)> whole_number(long long lo, long long hi) {
  return [lo, hi](const std::string& v) -> std::string {
    long long n = 0;
    const auto [end, err] = std::from_chars(v.data(), v.data() + v.size(), n);
    const bool number = end == v.data() + v.size() && err != std::errc::invalid_argument;
    if (number && err == std::errc() && lo <= n && n <= hi) return "";
    return fmt::format("'{}' is {} from {} to {}", v,
                       number ? "out of range: expected a whole number" : "not a whole number: expected one", lo, hi);
  };
}
std::function<std::string(const std::string&)> real_number(double lo, double hi) {
  return [lo, hi](const std::string& v) -> std::string {
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    const bool number = !v.empty() && *end == '\0';
    if (number && lo <= x && x <= hi) return "";  // NaN fails both comparisons
    return fmt::format("'{}' is {} from {} to {}", v,
                       !number              ? "not a number: expected one"
                       : !std::isfinite(x) ? "not a finite number: expected one"
                                           : "out of range: expected a number",
                       lo, hi);
  };
}

// The largest window: OpenGL's usual largest framebuffer side (X's protocol stops at 32767; a
// 100000-pixel window ends in an X error instead of a message).
constexpr int kMaxWindowSide = 16384;

}  // namespace

int parse_options(int argc, char** argv, Options& o) {
  CLI::App app{"plume-gui: watch and steer a lattice Boltzmann simulation live (Dear ImGui, GLFW, OpenGL); the model and case are the configuration's (D2Q37 Rayleigh-Taylor by default)."};
  // `plume-gui case.toml`, as `plume run case.toml`; --config FILE is the same.
  std::string positional;
  config::cli::SingleValued once;  // the options that take one value
  once(app.add_option("config", positional, "configuration file of the batch driver (TOML); the same as --config")
      ->check(CLI::ExistingFile));
  once(app.add_option("--config", o.config, "configuration file of the batch driver (TOML)")->check(CLI::ExistingFile));
  app.add_option("--set", o.sets, "override a configuration key, e.g. --set physics.gravity=2e-4 (repeatable)");
  once(app.add_option("--assets", o.assets,
                 "folder of the cases offered for each model (its TOML files; default: " + default_assets_folder() +
                     ")")
      ->check(CLI::ExistingDirectory));
  app.add_flag("--paused", o.paused, "start paused");
  once(app.add_option("--batch", o.batch, "steps per batch of the simulation thread (1 to 1000000)")
      ->check(whole_number(1, 1000000)));
  // The same name checks as the script commands, so both give the same message.
  auto accepted_by = [](auto from_name) {
    return [from_name](const std::string& v) -> std::string {
      try {
        from_name(v);
        return "";
      } catch (const std::exception& e) {
        return e.what();
      }
    };
  };
  once(app.add_option("--field", o.field, "field shown (the model's: D2Q37 T, rho, p, ux, uy, speed, vorticity; default: its first)")
      ->check(accepted_by([](const std::string& v) {
        for (const Model* m : models())  // the configuration, read later, says which model it is
          for (const io::FieldChoice& c : io::field_choices(*m))
            if (c.name == v) return;
        gui_field(v);  // an error naming the default model's choices
      })));
  once(app.add_option("--colormap", o.colormap, "viridis, inferno, coolwarm or grayscale")
      ->check(accepted_by([](const std::string& v) { viz::colormap_from_name(v); })));
  // Read as words and checked below: CLI11 said "At least 2 required but received 1".
  std::vector<std::string> range;
  app.add_option("--range", range, "fixed colour range LO HI (default: automatic)")->type_name("LO HI")->expected(1, 2);
  once(app.add_option("--script", o.script, "steering commands, one a line (see below); the run starts paused")
      ->check(CLI::ExistingFile));
  once(app.add_option("--frames", o.frames,
                 "hidden window: draw this many frames (after the script, if any), then exit; for Xvfb and CI")
      ->check(whole_number(0, 1000000000)));
  app.add_flag("--offscreen", o.offscreen,
               "draw into an OpenGL context from EGL, without a window or display server (a GPU node); needs --frames");
  app.add_flag("--show", o.show, "keep the window visible in a --frames run");
  once(app.add_option("--screenshot", o.screenshot, "PNG of the last frame of a --frames run"));
  once(app.add_option("--report", o.report, "write diagnostics and probe records of the run to this file"));
  std::string size;
  once(app.add_option("--size", size, "window size WIDTHxHEIGHT, from 320x240 to 16384x16384 (default 1400x900)"));
  once(app.add_option("--snapshot-share", o.snapshot_share,
                 "largest share of the run's time the solver may lose to snapshots for the window, in (0, 1] "
                 "(default 0.2; 1: a new field every frame, whatever it costs the solver)")
      ->check(real_number(0.001, 1.0)));
  once(app.add_option("--max-fps", o.max_fps, "frame-rate cap, 0 for none (default 60; at most 1000)")
      ->check(real_number(0, 1000)));
  once(app.add_option("--max-texture", o.max_texture,
                 "largest side, in texels, of a plane's texture (default: the GPU's limit): a larger plane is shown "
                 "every k-th site, k the smallest that fits; read-outs, probes and field images keep every site")
      ->check(whole_number(16, 1 << 20)));
  once(app.add_option("--upload", o.upload,
                 "how the field reaches its texture: auto (CUDA-OpenGL interop for a CUDA run drawn by the NVIDIA "
                 "driver's OpenGL on the same GPU, else host upload) or host")
      ->check(CLI::IsMember({"auto", "host"})));
  app.footer(std::string(cmd::command_help()) +
             "\n\nExit status: 0 success; 1 a failure during the run (a script command, a file that cannot be "
             "written, the solver, a state that blew up, a lattice that does not fit in memory); 2 bad input "
             "(command line, configuration, script: every bad line, checked before the run); 3 no display.\nWithout a screen: xvfb-run -a plume-gui --frames 600 --screenshot out.png\n"
             "Without any display server (EGL): plume-gui --offscreen --frames 600 --screenshot out.png");
  try {
    app.parse(argc, argv);
    if (const auto twice = once.check()) throw CLI::ValidationError(*twice);
    if (!positional.empty()) {
      if (!o.config.empty() && o.config != positional)
        throw CLI::ValidationError("config", "two configuration files given ('" + positional + "' and --config '" +
                                                 o.config + "'): give one");
      o.config = positional;
    }
    if (!size.empty()) {
      char x = 0;
      int end = 0;
      if (std::sscanf(size.c_str(), "%d%c%d%n", &o.width, &x, &o.height, &end) != 3 || x != 'x' ||
          std::size_t(end) != size.size() || o.width < 320 || o.height < 240 || o.width > kMaxWindowSide ||
          o.height > kMaxWindowSide)
        throw CLI::ValidationError("--size", fmt::format("expected WIDTHxHEIGHT from 320x240 to {}x{}, got '{}'",
                                                         kMaxWindowSide, kMaxWindowSide, size));
    }
    if (!o.screenshot.empty() && o.frames < 0)
      throw CLI::ValidationError("--screenshot", "needs --frames N (the screenshot is of the last frame); "
                                                 "interactive screenshots are in the Files panel");
    if (o.offscreen && o.frames < 0)
      throw CLI::ValidationError("--offscreen", "needs --frames N (an offscreen run has no window to close)");
    if (o.offscreen && o.show) throw CLI::ValidationError("--show", "an --offscreen run has no window to show");
    if (!range.empty()) {
      if (range.size() != 2)
        throw CLI::ValidationError("--range", fmt::format("takes two numbers, LO HI (--range 0.9 1.1), got one: '{}'",
                                                          range[0]));
      for (const std::string& v : range) {
        char* end = nullptr;
        const double x = std::strtod(v.c_str(), &end);
        if (v.empty() || *end != '\0' || !std::isfinite(x))
          throw CLI::ValidationError("--range", fmt::format("'{}' is not a finite number: LO and HI are", v));
        o.range.push_back(x);
      }
      if (!(o.range[1] > o.range[0])) throw CLI::ValidationError("--range", "LO must be below HI");
    }
    // The screenshot is written after the last frame: a name that cannot be one fails now, not
    // after the run (PNG data went into x.jpg; a missing folder ended the run with status 1).
    if (!o.screenshot.empty() && !cmd::png_name(o.screenshot))
      throw CLI::ValidationError("--screenshot", fmt::format("'{}' does not end in .png, and the file written is a PNG",
                                                             o.screenshot));
    if (!o.screenshot.empty())
      if (const std::string why = cmd::output_file_problem(o.screenshot); !why.empty())
        throw CLI::ValidationError("--screenshot", fmt::format("cannot write '{}': {}", o.screenshot, why));
  } catch (const CLI::CallForHelp& e) {
    app.exit(e);
    return 0;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "plume-gui: %s\nrun 'plume-gui --help' for the options\n", config::cli::plain_words(e).c_str());
    return 2;
  }
  return -1;
}

}  // namespace plume::gui

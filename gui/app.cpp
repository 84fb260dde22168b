#include "app.hpp"
#include <fmt/format.h>
#include <imgui.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include "config_check.hpp"
#include "gl.hpp"
#include "overloaded.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/field_select.hpp"
#include "plume/viz/image.hpp"
#include "screenshot.hpp"

namespace plume::gui {
namespace {

config::RunConfig initial_config(const Options& o) {
  try {
    config::RunConfig cfg = config::default_config();
    if (!o.config.empty()) {
      // With the overrides known, so that a --set model=... checks the file's keys against that
      // model, as the batch driver does, instead of dropping them.
      std::vector<std::string> problems;
      const std::optional<config::RunConfig> loaded = config::load_config(o.config, problems, o.sets);
      if (!problems.empty()) throw config::ConfigError(problems);
      cfg = *loaded;
    }
    for (const std::string& s : o.sets) config::apply_override(cfg, s);
    check_config(cfg);
    return cfg;
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }
}

Script checked_script(const std::string& path, const config::RunConfig& start, const std::vector<Case>& cases) {
  try {
    return load_script(path, start, &cases);
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }
}

// What the mouse can do to the model's runs, for the Messages.
std::string tools_of(const Model& m) {
  std::string t = "inspect";
  if (!m.paint_quantity().empty()) t += ", paint the " + m.paint_quantity();
  if (m.supports_solids()) t += ", draw and erase solids";
  return fmt::format("model {} (tools: {})", m.name(), t);
}

}  // namespace

App::App(const Options& o)
    : opt_(o), cfg_(initial_config(o)), cases_(find_cases(o.assets.empty() ? default_assets_folder() : o.assets)) {
  set_gui_model(*cfg_.solver.model);
  panel_.set_cases(cases_);
  try {
    view_.field = gui_field(o.field);
  } catch (const std::invalid_argument& e) {
    throw InputError(std::string("--field: ") + e.what());
  }
  view_.map = viz::colormap_from_name(o.colormap);
  if (o.range.size() == 2) {
    view_.auto_range = false;
    view_.lo = o.range[0];
    view_.hi = o.range[1];
  }
  if (!o.script.empty()) {
    script_ = checked_script(o.script, cfg_, cases_);
    script_done_ = false;
  }
  WindowOptions wo;
  wo.width = o.width;
  wo.height = o.height;
  wo.visible = o.frames < 0 || o.show;
  wo.offscreen = o.offscreen;
  wo.vsync = wo.visible && !wo.offscreen;
  wo.title = "plume " + std::string(io::plume_version()) + " - " + cfg_.solver.model->lattice().name;
  window_ = open_window(wo);
  field_view_ = std::make_unique<FieldView>();
  for (auto& v : plane_views_) v = std::make_unique<FieldView>();
  volume_view_ = std::make_unique<VolumeView>();
  const bool running = !o.paused && !script_;
  const int max_texture =
      o.max_texture > 0 ? std::min(o.max_texture, window_->gl().max_texture_size) : window_->gl().max_texture_size;
  sim_ = std::make_unique<Simulation>(cfg_, running, o.batch, max_texture, o.snapshot_share, o.config);
  sim_->show(view_.field);
  say(false, tools_of(gui_model()));
  front_ = std::make_unique<Snapshot>();
  report_ = Report(o.report, {io::build_description(),
                              "OpenGL " + window_->gl().version + ", " + window_->gl().renderer + ", " + window_->gl().context,
                              "configuration: " + (o.config.empty() ? std::string("default") : o.config) +
                                  (o.script.empty() ? "" : ", script: " + o.script)});
}

App::~App() {
  // The simulation thread goes first; GL objects (and their CUDA registrations) need the context
  // that the window owns.
  sim_.reset();
  for (FrameQuery& q : frame_queries_)
    if (q.id) glDeleteQueries(1, &q.id);
  upload_.upload.reset();
  field_view_.reset();
  for (auto& v : plane_views_) v.reset();
  volume_view_.reset();
}

void App::say(bool error, const std::string& text) {
  panel_.log(error, text);
  std::fprintf(error ? stderr : stdout, "%s%s\n", error ? "plume-gui: " : "", text.c_str());
  std::fflush(error ? stderr : stdout);
}

int App::run() {
  start_ = last_progress_ = Clock::now();
  steps_at_start_ = sim_->steps_total();
  site_updates_at_start_ = sim_->site_updates_total();
  snapshots_at_start_ = sim_->snapshots_total();
  snapshot_seconds_at_start_ = sim_->snapshot_seconds_total();
  stall_seconds_at_start_ = sim_->stall_seconds_total();
  while (!quit_ && !window_->should_close()) frame();
  const std::string s = summary();
  std::printf("%s\n", s.c_str());
  report_.record("summary " + s);
  return exit_code_;
}

void App::frame() {
  const auto t0 = Clock::now();
  window_->begin_frame();
  FrameQuery& query = frame_queries_[std::size_t(frames_) % frame_queries_.size()];
  if (query.id == 0) glGenQueries(1, &query.id);
  // The frame never waits for the GPU to answer: a query still out leaves this frame untimed.
  const bool timed = !query.pending;
  if (timed) {
    glBeginQuery(GL_TIME_ELAPSED, query.id);
    query.counted = middle_ != Clock::time_point{};
  }
  uploaded_this_frame_ = false;
  if (sim_->take(front_)) on_snapshot();
  for (const CommandResult& r : sim_->drain_results()) on_result(r);
  run_waiting();
  if (script_ && !script_done_) step_script();
  show_progress();
  keyboard();

  // --frames: count the frames after the script; the last one is the screenshot.
  const bool counting = opt_.frames >= 0 && script_done_;
  const bool last = counting && frames_after_script_ + 1 >= std::max(1, opt_.frames);
  if (last && !opt_.screenshot.empty()) pending_screenshot_ = opt_.screenshot;

  int fbw, fbh;
  window_->framebuffer_size(fbw, fbh);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  std::vector<cmd::Command> commands;
  FrontEndStatus st;
  st.fps = fps_;
  st.upload_path = upload_.upload ? upload_.upload->name() : "";
  st.upload_why = upload_.why;
  st.gl_renderer = window_->gl().renderer;
  st.gl_version = window_->gl().version;
  st.gl_context = window_->gl().context;
  panel_.draw(display.y, *front_, st, view_, commands);
  for (const cmd::Command& c : commands) dispatch(c);
  sim_->show(view_.field, view_.slice, view_.layout, view_.point);
  const float field_left = ControlPanel::kWidth + 8.0f, field_w = display.x - field_left - 8.0f;
  const float plots_top = display.y - Plots::kHeight;
  plots_.draw(ControlPanel::kWidth, plots_top, display.x - ControlPanel::kWidth, Plots::kHeight);

  refresh_field();
  const SolverConfig& lat = front_->config.solver;
  const std::string overlay =
      fmt::format("{}   step {}   t = {:.6g}   {}{}", front_->shown.kind->label, front_->step, front_->time,
                  size_text(Domain::whole(lat.nx, lat.ny, lat.nz)), front_->running ? "" : "   (paused)");
  draw_field(field_left, 8.0, field_w, plots_top - 16.0, overlay);

  window_->render();
  if (timed) {
    glEndQuery(GL_TIME_ELAPSED);
    query.new_field = uploaded_this_frame_;
    query.pending = true;
  }
  collect_frame_queries();
  if (!pending_screenshot_.empty()) {
    try {
      save_screenshot(pending_screenshot_, fbw, fbh);
      say(false, fmt::format("step {}: screenshot {} ({} x {})", front_->step, pending_screenshot_, fbw, fbh));
    } catch (const std::exception& e) {
      say(true, e.what());
      if (opt_.frames >= 0) exit_code_ = 1;
    }
    pending_screenshot_.clear();
  }
  window_->swap();

  ++frames_;
  if (counting) ++frames_after_script_;
  if (counting && frames_after_script_ == std::max(1, opt_.frames) / 2) {
    middle_ = Clock::now();
    steps_at_middle_ = sim_->steps_total();
    site_updates_at_middle_ = sim_->site_updates_total();
    snapshots_at_middle_ = sim_->snapshots_total();
    phases_at_middle_ = sim_->snapshot_phases();
  }
  if (last) quit_ = true;
  // The plot shows the work of a frame; the rate includes the wait of the frame-rate cap.
  plots_.add_frame(std::chrono::duration<double>(Clock::now() - t0).count());
  if (opt_.max_fps > 0) std::this_thread::sleep_until(t0 + std::chrono::duration<double>(1.0 / opt_.max_fps));
  const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
  fps_ = fps_ == 0.0 ? 1.0 / dt : 0.9 * fps_ + 0.1 / dt;
}

void App::draw_field(double left, double top, double w, double h, const std::string& overlay) {
  // What is on screen is the snapshot's field; view_.field may be a request still on its way.
  ViewSettings drawn = view_;
  drawn.field = front_->shown.kind;
  MouseEdits edits;
  if (front_->layout == Layout::Volume && !volume_view_->empty()) {
    const std::string text = fmt::format("{}   volume, camera {:.0f} {:.0f}", overlay, view_.look.yaw, view_.look.pitch);
    volume_view_->draw(drawn, VolumeView::Frame{left, top, w, h, colour_range(drawn, volume_view_->data_range()),
                                                text.c_str()});
    view_.look = drawn.look;  // the mouse turns the camera
  } else if (front_->layout == Layout::Three) {
    // One colour range for the three planes, so that a colour means one value in all of them.
    viz::Range data = front_->planes[0].range;
    for (const ShownField& p : front_->planes) {
      data.lo = std::min(data.lo, p.range.lo);
      data.hi = std::max(data.hi, p.range.hi);
    }
    const viz::Range r = colour_range(drawn, data);
    ViewSettings common = drawn;
    common.auto_range = false;
    common.lo = r.lo;
    common.hi = r.hi;
    draw_overlay(ImGui::GetBackgroundDrawList(), left, top, overlay.c_str());
    constexpr double kGap = 8.0, kTitle = 28.0;
    const double each = std::max(1.0, (w - kBarSpace - 2 * kGap) / 3);
    for (int a = 0; a < 3; ++a) {
      const ShownField& p = front_->planes[a];
      const std::string label = fmt::format("{} = {}", axis_name(a), p.plane.position);
      MouseEdits mine;
      plane_views_[a]->draw(common,
                            FieldView::Frame{left + a * (each + kGap), top + kTitle, a == 2 ? each + kBarSpace : each,
                                             h - kTitle, &p, front_.get(), label.c_str(), a == 2},
                            mine);
      // Ticks below and right of the picture mark where the other two planes cut this one.
      const ViewTransform& xf = plane_views_[a]->transform();
      const int u = a == 0 ? 1 : 0, v = a == 2 ? 1 : 2;
      double x1, y0, tx, ty;
      xf.to_screen(p.plane.width, 0.0, x1, y0);  // bottom right
      xf.to_screen(front_->planes[u].plane.position + 0.5, front_->planes[v].plane.position + 0.5, tx, ty);
      const ImU32 tick = IM_COL32(230, 230, 230, 255);
      ImDrawList* dl = ImGui::GetBackgroundDrawList();
      dl->AddLine(ImVec2(float(tx), float(y0) + 3), ImVec2(float(tx), float(y0) + 11), tick, 2.0f);
      dl->AddLine(ImVec2(float(x1) + 3, float(ty)), ImVec2(float(x1) + 11, float(ty)), tick, 2.0f);
      // The mouse's strokes lie in the plane they were made in.
      for (Brush b : mine.paint) {
        b.plane = Slice{a, p.plane.position};
        edits.paint.push_back(b);
      }
      for (SolidStroke k : mine.solids) {
        k.plane = Slice{a, p.plane.position};
        edits.solids.push_back(k);
      }
    }
  } else {
    const Plane& plane = front_->shown.plane;
    const std::string text = front_->config.solver.nz > 1
                                 ? fmt::format("{}   plane {} = {}", overlay, axis_name(plane.axis), plane.position)
                                 : overlay;
    field_view_->draw(drawn, FieldView::Frame{left, top, w, h, &front_->shown, front_.get(), text.c_str()}, edits);
  }
  // The site under the cursor, whose fields the next snapshots carry (the GPU path's read-out).
  const int* site = field_view_->hovered_site();
  if (front_->layout == Layout::Three)
    for (const auto& v : plane_views_)
      if (v->hovered_site()) site = v->hovered_site();
  if (front_->layout == Layout::Volume) site = nullptr;
  if (site)
    sim_->probe_at(site[0], site[1], site[2]);
  else
    sim_->probe_at(-1, -1, -1);
  // The texture the views need at their zoom: a larger plane is shown every k-th site.
  const double scale = ImGui::GetIO().DisplayFramebufferScale.x;
  int side = 0;
  if (front_->layout == Layout::Three)
    for (const auto& v : plane_views_) side = std::max(side, v->texture_side(scale));
  else if (front_->layout == Layout::One)
    side = field_view_->texture_side(scale);
  // PLUME_GUI_LATTICE_TEXTURE (set: the texture of the whole lattice whatever the zoom, as before
  // 2026-11-27) is a measurement switch (docs/gui.md).
  static const bool lattice_texture = std::getenv("PLUME_GUI_LATTICE_TEXTURE") != nullptr;
  if (side > 0 && !lattice_texture) sim_->limit_texture(side, !front_->running);
  for (const Brush& b : edits.paint) post(cmd::Paint{b});
  for (const SolidStroke& k : edits.solids) post(cmd::Solid{k});
}

void App::on_snapshot() {
  const Model& m = *front_->config.solver.model;
  if (&m != &gui_model()) follow_model(m);
  plots_.add_snapshot(*front_);
  field_dirty_ = true;
  const std::string where = front_->backend + ":" + std::to_string(front_->cuda_device);
  if (where != upload_backend_) {
    if (upload_.upload) upload_.upload->release();
    upload_ = choose_texture_upload(window_->gl(), front_->backend, front_->cuda_device, opt_.upload != "host");
    upload_backend_ = where;
    sim_->use_device_texels(upload_.upload->takes_device_texels());
    say(false, "field upload: " + upload_.upload->name() + " (" + upload_.why + ")");
  }
}

void App::follow_model(const Model& m) {
  say(false, tools_of(m));
  set_gui_model(m);
  view_.field = choice_for(m, view_.field);
  if ((paints(view_.tool) && m.paint_quantity().empty()) || (edits_solids(view_.tool) && !m.supports_solids()))
    view_.tool = Tool::Inspect;
  window_->set_title("plume " + std::string(io::plume_version()) + " - " + m.lattice().name);
}

void App::on_result(const CommandResult& r) {
  if (const auto it = panel_sets_.find(r.seq); it != panel_sets_.end()) {
    panel_.parameter_outcome(it->second, r.ok, r.message);
    panel_sets_.erase(it);
  }
  const bool from_script = waiting_line_ && r.seq == wait_seq_;
  if (r.ok) {
    say(false, fmt::format("step {}: {}", r.step, r.message));
    return;
  }
  if (from_script) {
    say(true, script_->where(*waiting_line_) + ": " + r.message);
    fail_run();
  } else if (r.seq == 0 && script_ && !script_done_ && script_pos_ > 0) {
    // The simulation itself stopped (the solver failed, the state blew up) during a script: the
    // line it was at is named, and the script ends there.
    say(true, script_->where(script_->lines[script_pos_ - 1]) + ": " + r.message);
    fail_run();
  } else {
    say(true, r.message);
    // A run without a person watching (--frames) has failed.
    if (r.seq == 0 && opt_.frames >= 0) fail_run();
  }
}

void App::fail_run() {
  // A failed step of a scripted run makes everything after it meaningless.
  if (script_) script_pos_ = script_->lines.size();
  wait_seq_ = 0;
  waiting_line_ = nullptr;
  wait_target_step_ = -1;
  script_done_ = true;
  exit_code_ = 1;
  if (opt_.frames >= 0) quit_ = true;
}

void App::step_script() {
  for (;;) {
    // A `field`, `slice` or `layout` line has its effect when the snapshot carries that field
    // and those planes.
    if (!shows_request() || waiting_host_) return;
    if (wait_seq_) {
      if (front_->applied_seq < wait_seq_) return;
      wait_seq_ = 0;
      waiting_line_ = nullptr;
      wait_target_step_ = -1;
    }
    if (wait_frames_ > 0) {
      --wait_frames_;
      return;
    }
    if (!pending_screenshot_.empty()) return;  // taken at the end of this frame; go on at the next
    if (script_pos_ >= script_->lines.size()) {
      script_done_ = true;
      return;
    }
    const ScriptLine& l = script_->lines[script_pos_++];
    std::printf("%s: %s\n", script_->where(l).c_str(), l.text.c_str());
    std::fflush(stdout);  // a log that follows the run, also when stdout is a file
    if (const auto* sc = std::get_if<cmd::SimCommand>(&l.command)) {
      waiting_line_ = &l;
      if (const auto* s = std::get_if<cmd::Steps>(sc)) wait_target_step_ = front_->step + s->n;
      try {
        wait_seq_ = post(*sc);
      } catch (const std::exception& e) {
        say(true, script_->where(l) + ": " + e.what());
        fail_run();
      }
      return;
    }
    try {
      execute(std::get<cmd::ViewCommand>(l.command));
    } catch (const std::exception& e) {
      say(true, script_->where(l) + ": " + e.what());
      fail_run();
      return;
    }
    if (quit_) return;
  }
}

bool App::shows_request() const {
  const Snapshot& s = *front_;
  const SolverConfig& lat = s.config.solver;
  if (s.shown.kind != view_.field || !(s.shown.plane == plane_of(view_.slice, lat.nx, lat.ny, lat.nz))) return false;
  if (lat.nz <= 1) return true;
  if (s.layout != view_.layout) return false;
  if (s.layout == Layout::Three)
    for (int a = 0; a < 3; ++a)
      if (s.planes[a].kind != view_.field ||
          !(s.planes[a].plane == plane_of(Slice{a, view_.point.p[a]}, lat.nx, lat.ny, lat.nz)))
        return false;
  return s.layout != Layout::Volume || s.volume.kind == view_.field;
}

void App::show_progress() {
  // Long scripted runs say where they are (a hidden window shows nothing else).
  if (wait_target_step_ < 0 || opt_.frames < 0) return;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - last_progress_).count() < 5.0) return;
  last_progress_ = now;
  const double sites = double(front_->config.solver.nx) * front_->config.solver.ny * front_->config.solver.nz;
  const long left = std::max(0L, wait_target_step_ - front_->step);
  const double rate = front_->site_updates_per_s;
  std::printf("step %ld of %ld, %.3g M site updates/s, about %.0f s left\n", front_->step, wait_target_step_,
              rate * 1e-6, rate > 0 ? left * sites / rate : 0.0);
  std::fflush(stdout);
}

std::uint64_t App::post(const cmd::SimCommand& c) {
  // On a 3-D lattice, paint and solids without a plane of their own act on the plane shown (the
  // snapshot's, which the mouse sees, or for a script the one its last slice line asked for).
  const SolverConfig lat = front_ ? front_->config.solver : cfg_.solver;
  const Plane shown = plane_of(view_.slice, lat.nx, lat.ny, lat.nz);
  if (const auto* p = std::get_if<cmd::Paint>(&c); p && p->brush.plane.axis < 0 && lat.nz > 1) {
    cmd::Paint stamped = *p;
    stamped.brush.plane = Slice{shown.axis, shown.position};
    return sim_->post(stamped);
  }
  if (const auto* p = std::get_if<cmd::Solid>(&c); p && p->stroke.plane.axis < 0 && lat.nz > 1) {
    cmd::Solid stamped = *p;
    stamped.stroke.plane = Slice{shown.axis, shown.position};
    return sim_->post(stamped);
  }
  const auto* k = std::get_if<cmd::OpenCase>(&c);
  if (!k) return sim_->post(c);
  const Case* found = find_case(cases_, k->name);
  if (!found) throw std::invalid_argument("case " + k->name + ": no such case (cases: " + case_names(cases_) + ")");
  return sim_->post(cmd::LoadConfig{found->path});
}

void App::dispatch(const cmd::Command& c) {
  try {
    if (const auto* sc = std::get_if<cmd::SimCommand>(&c)) {
      const std::uint64_t seq = post(*sc);
      if (const auto* set = std::get_if<cmd::Set>(sc)) panel_sets_[seq] = set->key;
      return;
    }
    execute(std::get<cmd::ViewCommand>(c));
  } catch (const std::exception& e) {
    say(true, e.what());
  }
}

void App::execute(const cmd::ViewCommand& c) {
  // A field image and a probe read the host fields, which the GPU path's running snapshots leave
  // on the device: they wait for a snapshot that brings them (run_waiting, at the next frames).
  if ((std::holds_alternative<cmd::Image>(c) || std::holds_alternative<cmd::Probe>(c)) && !front_->host_fields) {
    waiting_host_ = c;
    sim_->want_host_fields();
    return;
  }
  std::visit(Overloaded{
                 // The run's model's field of that name (the line may have been read for another).
                 [&](const cmd::Field& f) { view_.field = &io::field_choice(gui_model(), f.field->name); },
                 [&](const cmd::Colormap& m) { view_.map = m.map; },
                 [&](const cmd::Range& r) {
                   view_.auto_range = r.automatic;
                   if (!r.automatic) {
                     view_.lo = r.lo;
                     view_.hi = r.hi;
                   }
                 },
                 [&](const cmd::View& v) {
                   field_view_->request_view(v);
                   for (auto& p : plane_views_) p->request_view(v);
                 },
                 [&](const cmd::Slice& v) {
                   // After a case or file was loaded, only now is its lattice known.
                   const SolverConfig& lat = front_->config.solver;
                   if (const std::string why = cmd::slice_problem(v.slice, lat.nx, lat.ny, lat.nz); !why.empty())
                     throw std::invalid_argument(why);
                   view_.slice = v.slice;
                   view_.point.p[v.slice.axis] = v.slice.position;  // the plane of the three
                   sim_->show(view_.field, view_.slice, view_.layout, view_.point);
                 },
                 [&](const cmd::Layout& l) {
                   view_.layout = l.layout;
                   sim_->show(view_.field, view_.slice, view_.layout, view_.point);
                 },
                 [&](const cmd::MouseTool& t) {
                   if (const std::string why = cmd::model_problem(cmd::ViewCommand{t}, gui_model()); !why.empty())
                     throw std::invalid_argument(why);
                   view_.tool = t.tool;
                 },
                 [&](const cmd::Camera& c) {
                   view_.look.yaw = c.yaw;
                   view_.look.pitch = c.pitch;
                 },
                 [&](const cmd::Opacity& o) {
                   view_.look.opacity = o.scale;
                   if (o.ramp) {
                     view_.look.ramp_lo = o.lo;
                     view_.look.ramp_hi = o.hi;
                   }
                 },
                 [&](const cmd::Screenshot& s) { pending_screenshot_ = s.path; },
                 [&](const cmd::Image& im) {
                   refresh_field();
                   ViewSettings drawn = view_;
                   drawn.field = front_->shown.kind;
                   const std::string title = fmt::format("{} step {}", drawn.field->name, front_->step);
                   const Plane& p = front_->shown.plane;
                   viz::write_png(im.path, viz::render_field(front_->shown.values, p.width, p.height, view_.map,
                                                             field_view_->range(drawn), 1, true, title));
                   say(false, fmt::format("step {}: field image {}", front_->step, im.path));
                 },
                 [&](const cmd::Report&) { report_.diag(*front_); },
                 [&](const cmd::Probe& p) { report_.probe(*front_, p.x, p.y); },
                 [&](const cmd::Points& p) {
                   view_.show_points = p.show;
                   if (p.colour) view_.point_colour = *p.colour;
                 },
                 [&](const cmd::Pick& p) { report_.pick(*front_, p.x, p.y); },
                 [&](const cmd::Frames& n) { wait_frames_ = n.n; },
                 [&](const cmd::Quit&) { quit_ = true; },
             },
             c);
}

void App::run_waiting() {
  if (!waiting_host_ || !front_->host_fields) return;
  const cmd::ViewCommand c = *waiting_host_;
  waiting_host_.reset();
  try {
    execute(c);
  } catch (const std::exception& e) {
    say(true, script_ && !script_done_ && script_pos_ > 0 ? script_->where(script_->lines[script_pos_ - 1]) + ": " + e.what()
                                                          : std::string(e.what()));
    if (script_ && !script_done_) fail_run();
  }
}

void App::keyboard() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space))) sim_->post(cmd::Run{!front_->running});
  if (ImGui::IsKeyPressed('S')) sim_->post(cmd::Steps{1});
  if (ImGui::IsKeyPressed('F')) execute(cmd::View{});
}

void App::refresh_field() {
  if (!field_dirty_ || front_->shown.texture_nx == 0 || !upload_.upload) return;
  // Texels made on the device before the window went back to the host path: wait for the next
  // snapshot, which the simulation thread makes with host texels.
  if (front_->shown.texels_on_device && !upload_.upload->takes_device_texels()) return;
  // PLUME_GUI_NO_UPLOAD (set: new fields are not brought into the textures) is a measurement
  // switch: what the texture copy and the colour pass cost the solver (docs/gui.md, Measurements).
  static const bool no_upload = std::getenv("PLUME_GUI_NO_UPLOAD") != nullptr;
  if (no_upload && front_->running) {
    field_dirty_ = false;
    return;
  }
  const auto t0 = Clock::now();
  try {
    field_view_->set_field(front_->shown, front_->shown.plane.width, front_->shown.plane.height, *upload_.upload);
    if (front_->layout == Layout::Three)
      for (int a = 0; a < 3; ++a) {
        const ShownField& p = front_->planes[a];
        plane_views_[a]->set_field(p, p.plane.width, p.plane.height, *upload_.upload);
      }
    if (front_->layout == Layout::Volume) volume_view_->set_volume(front_->volume, *upload_.upload);
  } catch (const std::exception& e) {
    if (!upload_.upload->takes_device_texels()) throw;
    // The GPU path failed at run time: the host path takes over from the next snapshot, which
    // the simulation publishes at once, so the window keeps working.
    upload_.upload->release();
    upload_.upload = host_texture_upload();
    upload_.why = std::string("CUDA-OpenGL interop failed: ") + e.what();
    sim_->use_device_texels(false);
    say(true, "field upload: " + upload_.upload->name() + " (" + upload_.why + ")");
    return;
  }
  field_dirty_ = false;
  upload_seconds_ += std::chrono::duration<double>(Clock::now() - t0).count();
  ++uploads_;
  uploaded_this_frame_ = true;
}

void App::collect_frame_queries() {
  for (FrameQuery& q : frame_queries_) {
    if (!q.pending) continue;
    GLint available = 0;
    glGetQueryObjectiv(q.id, GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) continue;
    GLuint64 ns = 0;
    glGetQueryObjectui64v(q.id, GL_QUERY_RESULT, &ns);
    if (q.counted) {
      gl_seconds_[q.new_field ? 1 : 0] += 1e-9 * double(ns);
      ++gl_frames_[q.new_field ? 1 : 0];
    }
    q.pending = false;
  }
}

std::string App::summary() const {
  const double wall = std::chrono::duration<double>(Clock::now() - start_).count();
  const long steps = sim_->steps_total() - steps_at_start_;
  const double su = sim_->site_updates_total() - site_updates_at_start_;
  const long snapshots = sim_->snapshots_total() - snapshots_at_start_;
  // The second half of a --frames run (middle_), and where its device-only snapshots' time went.
  const bool half = middle_ != Clock::time_point{};
  const double late = half ? std::chrono::duration<double>(Clock::now() - middle_).count() : 0.0;
  const SnapshotPhases ph = sim_->snapshot_phases();
  const double n = double(std::max(1L, ph.count - phases_at_middle_.count));
  const auto per = [&](double total, double at_middle) { return 1e3 * (total - at_middle) / n; };
  const std::string phases =
      half ? fmt::format("late_site_updates_per_s={:.4g} late_snapshots_per_s={:.3g} "
                         "phases_ms=request:{:.3g},fields:{:.3g},shown:{:.3g},probe:{:.3g},steps:{:.3g} ",
                         (sim_->site_updates_total() - site_updates_at_middle_) / late,
                         double(sim_->snapshots_total() - snapshots_at_middle_) / late,
                         per(ph.request, phases_at_middle_.request), per(ph.fields, phases_at_middle_.fields),
                         per(ph.shown, phases_at_middle_.shown), per(ph.probe, phases_at_middle_.probe),
                         per(ph.steps, phases_at_middle_.steps))
           : std::string();
  return fmt::format(
      "frames={} wall_s={:.3f} fps={:.2f} steps={} site_updates_per_s={:.4g} solver_site_updates_per_s={:.4g} "
      "snapshots_per_s={:.3g} snapshot_ms={:.4g} stall_ms={:.4g} {}upload_ms={:.3g} gl_frame_ms={:.3g},{:.3g} "
      "texture={}x{} lattice={} upload=\"{}\" renderer=\"{}\" context=\"{}\"",
      frames_, wall, frames_ / wall, steps, su / wall, front_->site_updates_per_s, snapshots / wall,
      snapshots > 0 ? 1e3 * (sim_->snapshot_seconds_total() - snapshot_seconds_at_start_) / snapshots : 0.0,
      snapshots > 0 ? 1e3 * (sim_->stall_seconds_total() - stall_seconds_at_start_) / snapshots : 0.0, phases,
      uploads_ > 0 ? 1e3 * upload_seconds_ / double(uploads_) : 0.0,
      1e3 * gl_seconds_[0] / double(std::max(1L, gl_frames_[0])), 1e3 * gl_seconds_[1] / double(std::max(1L, gl_frames_[1])),
      front_->shown.texture_nx, front_->shown.texture_ny, front_->config.solver.nz > 1
          ? fmt::format("{}x{}x{} layout={}", front_->config.solver.nx, front_->config.solver.ny,
                        front_->config.solver.nz, layout_name(front_->layout))
          : fmt::format("{}x{}", front_->config.solver.nx, front_->config.solver.ny),
      upload_.upload ? upload_.upload->name() : "", window_->gl().renderer,
      window_->gl().context);
}

}  // namespace plume::gui

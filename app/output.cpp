#include "output.hpp"
#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <toml++/toml.h>
#include "command_line.hpp"
#include "console.hpp"
#include "exit_codes.hpp"
#include "output_folder.hpp"
#include "rank0.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/io/field_select.hpp"
#include "plume/viz/image.hpp"
#ifdef PLUME_HAVE_VTK_OUTPUT
#include "plume/io/build_info.hpp"
#include "plume/vtkout/image_series.hpp"
#include "plume/vtkout/point_series.hpp"
#else
namespace plume::vtkout {
class ImageSeries {};  // never made: the configuration refuses output.vtk_every in this build
class PointSeries {};
}
#endif

namespace plume::app {
namespace {

void make_dirs(const std::string& dir) {
  std::string partial;
  std::size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    partial = dir.substr(0, pos);
    if (partial.empty() || ::mkdir(partial.c_str(), 0755) == 0 || errno == EEXIST) continue;
    throw std::runtime_error(fmt::format("cannot create output folder '{}': {}", partial, std::strerror(errno)));
  }
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw std::runtime_error(fmt::format("output folder '{}' is not a folder", dir));
}

// Steps of the checkpoint_<step>.ckpt files in a folder.
std::vector<std::pair<long long, std::string>> list_checkpoints(const std::string& dir) {
  std::vector<std::pair<long long, std::string>> found;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      long long step;
      char tail[8];
      if (std::sscanf(e->d_name, "checkpoint_%lld.%7s", &step, tail) == 2 && std::strcmp(tail, "ckpt") == 0 &&
          Output::checkpoint_name(step) == e->d_name)
        found.emplace_back(step, dir + "/" + e->d_name);
    }
    ::closedir(d);
  }
  std::sort(found.begin(), found.end());
  return found;
}

// The colour range of an image (docs/running.md): the one the user fixed, else the data's own,
// symmetric about 0 for signed fields and from 0 for the speed, as the ParaView pipelines do.
viz::Range colour_range(const std::vector<double>& v, const io::FieldChoice& kind, const config::OutputConfig& o) {
  if (o.range) return {o.range->first, o.range->second};
  viz::Range r = viz::finite_range(v);
  if (kind.is_signed) {
    const double m = std::max(std::abs(r.lo), std::abs(r.hi));
    r = {-m, m};
  } else if (kind.magnitude) {
    r.lo = 0.0;
  }
  return r;
}

// The folder as an absolute path, fixed before the in-situ pipelines start: ParaView changes the
// process's working folder to the extracts' while a pipeline runs (on the sinks' own thread), so a
// relative path would put the run's files, or fail to, in insitu/ meanwhile.
std::string absolute_folder(const std::string& dir) {
  std::string a = std::filesystem::absolute(std::filesystem::path(dir)).lexically_normal().string();
  while (a.size() > 1 && a.back() == '/') a.pop_back();
  return a;
}

// The configuration less how the run is run and written ([run], [output], [insitu]), without
// comments: what sets the state of every step.
std::string physics_toml(const config::RunConfig& cfg) {
  toml::table t = toml::parse(config::to_toml(cfg));
  for (const char* how : {"run", "output", "insitu"}) t.erase(how);
  std::ostringstream text;
  text << t << "\n";
  return text.str();
}

}  // namespace

Output::Output(const config::RunConfig& cfg, parallel::Communicator& world)
    : cfg_(cfg),
      world_(world),
      dir_(absolute_folder(cfg.output.dir)),
      physics_text_("the run's model, lattice and physics (plume configuration, TOML):\n" + physics_toml(cfg)) {
  // "auto": the maps of the ParaView pipelines (pipelines/), and a diverging one for signed fields.
  const io::FieldChoice& kind = field();
  colormap_ = cfg.output.colormap != "auto" ? viz::colormap_from_name(cfg.output.colormap)
              : kind.is_signed              ? viz::Colormap::Coolwarm
              : kind.magnitude              ? viz::Colormap::Viridis
                                            : viz::Colormap::Inferno;
  std::string refusal = world_.rank() == 0 ? folder_refusal(cfg_, dir_) : "";
  std::error_code ec;
  if (refusal.empty() && world_.rank() == 0 && std::filesystem::is_directory(dir_, ec))
    refusal = lock_.acquire(dir_, lock_note_);
  share_from_rank0(world_, refusal);
  if (!refusal.empty()) throw ExitRequest{kExitUsage, refusal};
#ifdef PLUME_HAVE_VTK_OUTPUT
  if (cfg.output.vtk_every > 0)
    vtk_ = std::make_unique<vtkout::ImageSeries>(
        path("vtk"), "plume", *cfg.solver.model, cfg.output.vtk_fields,
        vtkout::Description{cfg.solver.model.name(), io::build_description(), config::to_toml(cfg)}, world_);
  if (cfg.output.vtk_every > 0 && world_.rank() == 0)
    vtk_points_ = std::make_unique<vtkout::PointSeries>(
        path("vtk"), vtkout::Description{cfg.solver.model.name(), io::build_description(), config::to_toml(cfg)});
#endif
}

Output::~Output() = default;

bool Output::vtk_available() {
#ifdef PLUME_HAVE_VTK_OUTPUT
  return true;
#else
  return false;
#endif
}

void Output::check_folder() const {
  if (!dir_known_) return;
  struct stat st {};
  if (::stat(dir_.c_str(), &st) != 0) {
    if (errno != ENOENT && errno != ENOTDIR) return;  // the write itself says what is wrong
    throw std::runtime_error(fmt::format(
        "output folder '{}' was removed during the run, with the files it held: nothing written now would be kept",
        dir_));
  }
  if (!S_ISDIR(st.st_mode) || (unsigned long long)st.st_dev != dir_dev_ || (unsigned long long)st.st_ino != dir_ino_)
    throw std::runtime_error(fmt::format("output folder '{}' was replaced during the run (removed or moved, and "
                                         "something else made under its name): this run writes nothing into it",
                                         dir_));
}

template <class F>
void Output::write(const std::string& what, F&& f) {
  try {
    on_rank0(world_, what, [&] {
      check_folder();
      f();
    });
  } catch (const parallel::CollectiveError& e) {
    throw OutputError(e.what());
  }
}

std::string Output::path(const std::string& name) const { return dir_ + "/" + name; }

std::string Output::checkpoint_name(long long step) { return fmt::format("checkpoint_{:09}.ckpt", step); }

std::string Output::image_name(const std::string& field, long long step) {
  return fmt::format("{}_{:09}.png", field, step);
}

const io::FieldChoice& Output::field() const {
  return io::field_choice(*cfg_.solver.model, cfg_.output.field);
}

void Output::begin(long long first_step, Console& console) {
  on_rank0(world_, "cannot prepare the output folder", [&] {
    make_dirs(dir_);
    struct stat st {};
    if (::stat(dir_.c_str(), &st) == 0) {
      dir_dev_ = (unsigned long long)st.st_dev;
      dir_ino_ = (unsigned long long)st.st_ino;
      dir_known_ = true;
    }
    if (!lock_.held() && lock_note_.empty()) {  // a folder this run made: locked now
      const std::string refusal = lock_.acquire(dir_, lock_note_);
      if (!refusal.empty()) throw std::runtime_error(refusal);
    }
    lock_.stamp();
    if (!lock_note_.empty()) console.warning(lock_note_);
    // The extracts' folder too: a Catalyst staging folder, or a half extract in it.
    auto stale = io::remove_stale_temporaries(dir_);
    for (const std::string& name : io::remove_stale_temporaries(path("insitu"))) stale.push_back("insitu/" + name);
    if (!stale.empty())
      console.note(fmt::format("removed {} temporary file(s) that an interrupted run left in {}", stale.size(), dir_));
    if (cfg_.overwrite && !continues_run_in(cfg_, dir_))
      if (const std::size_t n = remove_run_files(dir_))
        console.note(fmt::format("--overwrite: removed {} file(s) of an earlier run from {}", n, dir_));
    // The summary of the segment this run continues goes: the folder never claims a finished run
    // while this one goes on (run() writes this run's own, "running", next).
    for (const char* name : {"summary.json", "summary.txt"}) ::unlink(path(name).c_str());
    // Which plume wrote it, in a comment the configuration reader passes over.
    io::write_file_atomic(path("config.toml"),
                          "# the configuration of this run, written by " + io::build_description() + "\n" +
                              config::to_toml(cfg_));
    csv_ = std::make_unique<io::DiagnosticsCsv>(path("diagnostics.csv"), first_step > 0 ? first_step : -1,
                                                *cfg_.solver.model);
#ifdef PLUME_HAVE_VTK_OUTPUT
    if (vtk_) vtk_->begin(first_step);
    if (vtk_points_) vtk_points_->begin(first_step);
#endif
    std::size_t foreign = 0;
    for (auto& c : list_checkpoints(dir_)) {
      if (c.first <= first_step && first_step > 0)
        checkpoints_.push_back(c);
      else
        ++foreign;
    }
    if (foreign > 0)
      console.warning(fmt::format("{} holds {} checkpoint(s) after the restart step; they are left alone (and "
                                  "overwritten where this run writes the same step)",
                                  dir_, foreign));
  });
}

void Output::diagnostics(const io::Diagnostics& d) {
  write("cannot write the diagnostics", [&] { csv_->append(d); });
}

std::string Output::image(Solver& solver, const Fields& local, long long step, double time) {
  Fields whole;  // on rank 0
  solver.snapshot().gather(local, whole);
  const std::string name = image_name(cfg_.output.field, step);
  write("cannot write the image", [&] { write_image(whole, step, time, name); });
  return name;
}

namespace {

// The caption of an image, the ParaView pipelines' images' own, so that both say the same; `plane`:
// the z plane a 3-D lattice's image shows, -1 for a 2-D lattice.
std::string image_caption(const io::FieldChoice& kind, long long step, double time, int plane) {
  return fmt::format("{} (lattice units)   step {}   t = {:.6g}{}", kind.title, step, time,
                     plane < 0 ? std::string() : fmt::format("   plane z = {}", plane));
}

}  // namespace

std::pair<long long, long long> Output::largest_image(const config::RunConfig& cfg) {
  const io::FieldChoice& kind = io::field_choice(*cfg.solver.model, cfg.output.field);
  // The time at its widest in {:.6g} ("-1.23457e+100").
  const std::string caption = image_caption(kind, cfg.steps, -1.23456789e+100, cfg.solver.nz > 1 ? cfg.solver.nz / 2 : -1);
  // Only a fixed colour range clips, and puts a line under the field that says so.
  const viz::ImageSize s = viz::largest_field_image(cfg.solver.nx, cfg.solver.ny, cfg.output.image_scale,
                                                    caption.size(), cfg.output.range.has_value());
  return {s.width, s.height};
}

void Output::write_image(const Fields& f, long long step, double time, const std::string& name) const {
  const io::FieldChoice& kind = field();
  std::vector<double> v = io::extract_field(f, kind);
  // A 3-D lattice's image is its middle z plane, named in the caption.
  std::string plane;
  if (f.nz > 1) {
    const int z = f.nz / 2;
    const std::size_t n = std::size_t(f.nx) * f.ny;
    v.erase(v.begin() + std::ptrdiff_t(n) * (z + 1), v.end());
    v.erase(v.begin(), v.begin() + std::ptrdiff_t(n) * z);
    plane = fmt::format("   plane z = {}", z);
  }
  const std::string title = image_caption(kind, step, time, f.nz > 1 ? f.nz / 2 : -1);
  const viz::Range range = colour_range(v, kind, cfg_.output);
  viz::Image img = viz::render_field(v, f.nx, f.ny, colormap_, range, cfg_.output.image_scale, true, title);
  // The file says what it is without the folder: what the picture shows, the program that made it
  // and the run's physics. Nothing that differs between runs of the same physics (the date, the
  // tiling, the folder): the same state gives the same file, as it gives the same pixels.
  const Model& model = *cfg_.solver.model;
  img.text = {
      {"Title", fmt::format("{}, step {}, t = {:.9g}{}", kind.title, step, time, plane)},
      {"Software", io::build_description()},
      {"Description",
       fmt::format("plume {} run ({}), {} sites; field {} = {} in lattice units, colour map {} from {:.9g} to {:.9g}, "
                   "{} pixels a site",
                   model.name(), model.describe(cfg_.solver.setup), size_text(cfg_.solver.global()), kind.name,
                   kind.label, viz::colormap_name(colormap_), range.lo, range.hi, cfg_.output.image_scale)},
      {"Comment", physics_text_},
  };
  viz::write_png(path(name), img);
}

std::string Output::vtk(const Fields& local, long long step, double time) {
#ifdef PLUME_HAVE_VTK_OUTPUT
  if (!vtk_) return "";
  write("cannot write the VTK files", [] {});  // the folder is still this run's (check_folder)
  try {
    return vtk_->write(local, step, time);
  } catch (const parallel::CollectiveError& e) {
    throw OutputError(e.what());
  }
#else
  (void)local, (void)step, (void)time;  // the configuration refuses output.vtk_every here
  return "";
#endif
}

std::string Output::vtk(Solver& solver, const Fields& local, const std::vector<PointSet>& points, long long step,
                        double time) {
  const std::string summary = vtk(local, step, time);
#ifdef PLUME_HAVE_VTK_OUTPUT
  if (!vtk_) return summary;
  std::vector<PointSet> whole;  // on rank 0
  solver.snapshot().gather_points(points, whole);
  write("cannot write the VTK files of step " + std::to_string(step), [&] {
    if (vtk_points_) vtk_points_->write(whole, step, time);
  });
#else
  (void)solver, (void)points;
#endif
  return summary;
}

std::string Output::checkpoint(Solver& solver) {
  const long long step = solver.step();
  const std::string p = path(checkpoint_name(step));
  write("cannot write the checkpoint", [] {});  // the folder is still this run's (check_folder)
  try {
    io::save_checkpoint(p, solver, config::to_toml(cfg_));
  } catch (const parallel::CollectiveError& e) {
    throw OutputError(e.what());
  }
  last_checkpoint_ = p;
  if (world_.rank() != 0) return p;
  // Older files go only once the new one is in place, so there is always a complete checkpoint.
  checkpoints_.erase(std::remove_if(checkpoints_.begin(), checkpoints_.end(),
                                    [&](const auto& c) { return c.first == step; }),
                     checkpoints_.end());
  checkpoints_.emplace_back(step, p);
  while (checkpoints_.size() > std::size_t(cfg_.output.keep)) {
    std::remove(checkpoints_.front().second.c_str());
    checkpoints_.erase(checkpoints_.begin());
  }
  return p;
}

}  // namespace plume::app

#include "plume/catalyst/adaptor.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <algorithm>
#include <limits>
#include <unistd.h>
#include <vtkCPDataDescription.h>
#include <vtkCPInputDataDescription.h>
#include <vtkCPProcessor.h>
#include <vtkCPPythonPipeline.h>
#include <vtkImageData.h>
#include <vtkPolyData.h>
#include <vtkSMPropertyHelper.h>
#include <vtkSMProxy.h>
#include <vtkSMProxyManager.h>
#include <vtkSMSessionProxyManager.h>
#include <vtkSmartPointer.h>
#include "call_watchdog.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/io/schedule.hpp"
#include "catalyst_session.hpp"
#include "error_capture.hpp"
#include "field_grid.hpp"
#include "point_grid.hpp"
#include "python_guard.hpp"
#include "live_link.hpp"
#include "run_description.hpp"
#include "script_pipeline.hpp"
#include "whole_file.hpp"

namespace fs = std::filesystem;

namespace plume::catalyst {

namespace {

constexpr const char* kChannel = "input";  // the name scripts give their source: registrationName='input'

std::string absolute_path(const std::string& p) { return fs::absolute(fs::path(p)).lexically_normal().string(); }

// A missing or unreadable script is a configuration error, found before Catalyst starts.
void check_script_file(const std::string& path, const char* what) {
  std::error_code ec;
  if (path.empty()) throw Error(std::string(what) + ": empty path");
  if (!fs::exists(path, ec)) throw Error(std::string(what) + " '" + path + "' does not exist");
  if (!fs::is_regular_file(path, ec)) throw Error(std::string(what) + " '" + path + "' is not a file");
  std::ifstream in(path);
  if (!in) throw Error(std::string(what) + " '" + path + "' cannot be read");
}

void check_options(const Options& o) {
  if (o.every <= 0) throw Error("every must be a positive number of steps, not " + std::to_string(o.every));
  for (const Script& s : o.scripts) {
    check_script_file(s.path, "pipeline");
    if (s.every < 0)
      throw Error("every of pipeline '" + s.path + "' must be positive (or 0 for the default), not " +
                  std::to_string(s.every));
  }
  if (o.scripts.empty() && !o.live) throw Error("nothing to do: no pipeline scripts and Live off");
  for (std::size_t i = 0; i < o.point_sets.size(); ++i) {
    const std::string& n = o.point_sets[i];
    if (n.empty() || n == kChannel)
      throw Error("point set " + std::to_string(i) + " is named '" + n + "': a channel's name, other than '" +
                  kChannel + "' (the grid's), is needed");
    if (std::find(o.point_sets.begin(), o.point_sets.begin() + std::ptrdiff_t(i), n) != o.point_sets.begin() + std::ptrdiff_t(i))
      throw Error("point set '" + n + "' is named twice");
  }
  if (o.output_dir.empty()) throw Error("output_dir is empty");
  if (!(o.timeout >= 0)) throw Error("timeout must be a number of seconds >= 0, not " + std::to_string(o.timeout));
  if (o.live) {
    if (o.live_host.empty()) throw Error("live_host is empty");
    if (o.live_port < 1 || o.live_port > 65534)
      throw Error("live_port must be in 1..65534 (Live uses it and the next one), not " + std::to_string(o.live_port));
    if (o.live_every < 0) throw Error("live_every must be positive (or 0 for every), not " + std::to_string(o.live_every));
    if (!(o.live_timeout > 0)) throw Error("live_timeout must be a positive number of seconds");
    check_script_file(o.live_script.empty() ? pipelines_dir() + "/live.py" : o.live_script, "Live pipeline");
  }
}

}  // namespace

struct Adaptor::Impl {
  Options options;
  Domain domain;
  std::string output_dir;
  // Where this rank's pipelines write their extracts during a call (ExtractsOutputDirectory), a
  // folder in output_dir named as a temporary of this process (".rank<k>.tmp.<pid>", which a later
  // run removes if this one dies), with one sub-folder per pipeline (its index), so that a call's
  // files are known to be that pipeline's; commit_extracts() moves them into output_dir after each call.
  std::string staging_dir;
  std::string staging(std::size_t pipeline) const { return staging_dir + "/" + std::to_string(pipeline); }
  std::unique_ptr<ErrorCapture> errors;  // the pipeline calls' error text (error_capture.hpp)
  std::unique_ptr<CatalystSession> session;
  std::unique_ptr<FieldGrid> grid;
  std::vector<std::unique_ptr<PointGrid>> point_grids;  // one channel each, Options::point_sets' order
  std::unique_ptr<CallWatchdog> watchdog;  // before the pipelines, which call through it
  vtkNew<vtkCPDataDescription> desc;
  std::vector<vtkSmartPointer<ScriptPipeline>> pipelines;
  std::unique_ptr<LiveLink> live;  // when Live is on and its pipeline loaded
  std::vector<PipelineStats> final_stats;  // kept by finalize(), which lets the pipelines go
  // insitu.json (rank 0): written when the pipelines are loaded, and again at the end with what
  // they did (calls, time, the ones on_error = disable dropped and why).
  std::function<void(const std::vector<PipelineStats>&)> describe_run;
  double grid_seconds = 0.0;
  bool finalized = false;

  std::vector<PipelineStats> stats() const {
    std::vector<PipelineStats> out;
    for (const auto& p : pipelines)
      out.push_back({p->path(), p->every, p->calls, p->seconds, p->live, p->enabled, p->dropped});
    return out;
  }

  void log(const std::string& message) const {
    if (options.log)
      options.log(message);
    else if (!session || session->rank() == 0)  // on a terminal, over the progress line a driver may show
      std::fprintf(stderr, "%splume in-situ: %s\n", isatty(STDERR_FILENO) ? "\r\033[K" : "", message.c_str());
  }
  void add_pipeline(const std::string& path, long every, bool live);
  void configure(ScriptPipeline& p, const std::string& staging) const;
  // Collective: the pipelines that failed on some rank are dropped with a warning (on_error =
  // disable) or make this throw (stop). `when` says where: "while loading", "at step 100".
  void handle_failures(const std::string& when);
  // Collective: the extracts of the call just made, moved from staging_dir into output_dir each as
  // a complete, durable file (io::commit_file): a reader, or a run killed while a writer ran,
  // never finds half a file under an extract's name. Every rank moves its files in sub-folders
  // (the pieces of a .pvti) first; once all have, the files at the top (the .pvti that lists the
  // pieces, images). Throws when some rank could not.
  // A pipeline whose call failed, or one of whose files is not whole on some rank (not_whole: a
  // full disk), has none of that call's files moved: they are removed on every rank, and the
  // pipeline's call fails (its error says so), which handle_failures then treats by on_error.
  // Returns, for the pipelines whose files this rank found bad, what it removed and why.
  std::vector<std::string> commit_extracts();
};

namespace {

// The last line that says something of a message: a Python traceback's exception and its text.
std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of(" \n");
  if (end == std::string::npos) return text;
  const std::size_t newline = text.rfind('\n', end);
  const std::size_t start = newline == std::string::npos ? 0 : newline + 1;
  return text.substr(start, end + 1 - start);
}

// Moves the files of `from` (at its top level, or below it) to the same places in `to`.
void commit_staged(const fs::path& from, const fs::path& to, bool top_level) {
  if (!fs::is_directory(from)) return;  // a pipeline dropped before it was configured
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it)
    if (it->is_regular_file() && (it.depth() == 0) == top_level) files.push_back(it->path());
  for (const fs::path& f : files) {
    const fs::path target = to / fs::relative(f, from);
    fs::create_directories(target.parent_path());
    io::commit_file(f.string(), target.string());
  }
}

}  // namespace

std::vector<std::string> Adaptor::Impl::commit_extracts() {
  // Which pipelines' files may go: whole on every rank, from a call that did not fail.
  std::vector<std::string> removed;
  std::vector<int> bad(pipelines.size(), 0);
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    ScriptPipeline& p = *pipelines[i];
    std::error_code ec;
    std::string why;
    for (auto it = fs::recursive_directory_iterator(staging(i), ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_regular_file()) continue;
      if (p.failed) {  // the call failed: none of its files is trusted
        bad[i] = 1;
        break;
      }
      const std::string problem = not_whole(it->path().string());
      if (!problem.empty()) {
        why = fs::relative(it->path(), staging(i)).string() + " " + problem;
        break;
      }
    }
    if (!why.empty()) {
      bad[i] = 1;
      p.fail("its extract " + why + " (is the file system full?)");
    }
  }
  session->max_over_ranks(bad);
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    if (!bad[i]) continue;
    std::error_code ec;
    fs::remove_all(staging(i), ec);
    fs::create_directories(staging(i), ec);
    if (!pipelines[i]->failed) continue;  // it failed on another rank, which says so
    pipelines[i]->fail("none of the files this call wrote was put under its name (they were removed)");
    removed.push_back("pipeline '" + pipelines[i]->path() + "': " + pipelines[i]->error());
  }
  std::string error;
  const auto move = [&](bool top_level) {
    for (std::size_t i = 0; i < pipelines.size() && error.empty(); ++i) {
      if (bad[i]) continue;
      try {
        commit_staged(staging(i), output_dir, top_level);
      } catch (const std::exception& e) {
        error = e.what();
      }
    }
  };
  std::vector<int> failed(1);
  move(false);
  failed[0] = error.empty() ? 0 : 1;
  session->max_over_ranks(failed);  // every rank's pieces are in place, or one failed
  if (!failed[0]) move(true);
  // The pieces' sub-folders, emptied (one a call and extract): a long run would pile them up.
  std::vector<fs::path> folders;
  std::error_code ec;
  for (std::size_t i = 0; i < pipelines.size(); ++i)
    for (const auto& e : fs::directory_iterator(staging(i), ec))
      if (e.is_directory()) folders.push_back(e.path());
  for (const fs::path& f : folders) fs::remove(f, ec);  // only an empty one goes
  failed[0] = error.empty() ? 0 : 1;
  session->max_over_ranks(failed);
  if (!failed[0]) return removed;
  if (!error.empty() && session->rank() != 0)
    std::fprintf(stderr, "plume in-situ (rank %d): cannot move the extracts into place: %s\n", session->rank(),
                 error.c_str());
  throw Error("cannot move the extracts into place: " +
              (error.empty() ? std::string("failed on another rank (its error is printed there)") : error));
}

void Adaptor::Impl::add_pipeline(const std::string& path, long every, bool live) {
  // ParaView picks the script version from a "# script-version: 2" marker anywhere in the file;
  // without it a script is taken for the legacy (version 1) kind, which this adaptor does not run.
  const int version = vtkCPPythonPipeline::DetectScriptVersion(path.c_str());
  if (version != 2)
    throw Error("pipeline '" + path + "' is not a ParaView Catalyst script-version 2 script (add the line " +
                "'# script-version: 2' and define extractors; see docs/insitu.md)");
  vtkSmartPointer<ScriptPipeline> p = vtkSmartPointer<ScriptPipeline>::New();
  p->every = every;
  p->live = live;
  p->timeout = live ? 0.0 : options.timeout;  // Live waits for its client (and a paused one) by design
  p->load(path, desc, errors.get(), watchdog.get());
  pipelines.push_back(p);
}

void Adaptor::Impl::configure(ScriptPipeline& p, const std::string& staging) const {
  vtkSMProxy* o = p.catalyst_options();
  if (!o) return;
  // Extracts go to the run's folder whatever the script says, through the pipeline's staging folder.
  std::error_code ec;
  fs::create_directories(staging, ec);
  if (!fs::is_directory(staging))
    throw Error("cannot create the extracts' staging folder '" + staging + "'" + (ec ? ": " + ec.message() : ""));
  vtkSMPropertyHelper(o, "ExtractsOutputDirectory").Set(staging.c_str());
  // Live is the adaptor's (LiveLink), never ParaView's own loop in a script, the Live pipeline's
  // included: that loop can wait for a client without limit.
  const bool script_live = vtkSMPropertyHelper(o, "EnableCatalystLive").GetAsInt() != 0;
  if (script_live && !p.live)
    log("pipeline '" + p.path() + "' enables ParaView Live itself; Live is set by the in-situ options (live = " +
        (options.live ? "true" : "false") + "), so it is off for this script");
  vtkSMPropertyHelper(o, "EnableCatalystLive").Set(0);
  o->UpdateVTKObjects();
}

void Adaptor::Impl::handle_failures(const std::string& when) {
  std::vector<int> any(pipelines.size()), all;
  for (std::size_t i = 0; i < pipelines.size(); ++i) any[i] = pipelines[i]->failed ? 1 : 0;
  all = any;
  session->max_over_ranks(any);
  session->min_over_ranks(all);
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    if (!any[i]) continue;
    ScriptPipeline& p = *pipelines[i];
    const bool mine = p.failed;
    p.enabled = false;
    p.failed = false;
    const std::string head = "pipeline '" + p.path() + "' failed " + when;
    // Rank 0 reports; when it did not fail itself, the ranks that did print their own error, which
    // rank 0 does not have.
    if (mine && !all[i] && session->rank() != 0)
      std::fprintf(stderr, "plume in-situ (rank %d): %s:\n%s\n", session->rank(), head.c_str(), p.error().c_str());
    const std::string message = head + ":\n" + (mine ? p.error() : std::string("on another rank (its error is printed there)"));
    if (options.on_error == OnError::Stop) throw Error(message);
    p.dropped = when + ": " + (mine ? last_line(p.error()) : std::string("on another rank"));
    log(message + "\n(on_error = disable: this pipeline is off for the rest of the run)");
  }
}

Adaptor::Adaptor(const Options& options, const Domain& domain, const Model& model) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.options = options;
  m.domain = domain;
  for (int a = 0; a < kAxes; ++a)
    if (domain.size(a) <= 0 || domain.origin(a) < 0 || domain.origin(a) + domain.size(a) > domain.global_size(a))
      throw Error("the domain is not a block of the global lattice");
  check_options(options);

  m.output_dir = absolute_path(options.output_dir);
  std::error_code ec;
  fs::create_directories(m.output_dir, ec);
  if (!fs::is_directory(m.output_dir))
    throw Error("cannot create the extracts directory '" + m.output_dir + "'" + (ec ? ": " + ec.message() : ""));

  m.session = std::make_unique<CatalystSession>(m.output_dir);
  m.staging_dir = m.output_dir + "/.rank" + std::to_string(m.session->rank()) + ".tmp." + std::to_string(::getpid());
  fs::create_directories(m.staging_dir, ec);
  if (!fs::is_directory(m.staging_dir))
    throw Error("cannot create the extracts' staging folder '" + m.staging_dir + "'" + (ec ? ": " + ec.message() : ""));
  m.errors = std::make_unique<ErrorCapture>();
  python_guard::install();
  m.watchdog = std::make_unique<CallWatchdog>(
      CallWatchdog::Settings{options.stop_requested, options.on_stuck, python_guard::interrupt, python_guard::settle});
  m.grid = std::make_unique<FieldGrid>(domain, m.session->comm(), model);
  m.desc->AddInput(kChannel);
  vtkCPInputDataDescription* input = m.desc->GetInputDescriptionByName(kChannel);
  input->SetGrid(m.grid->image());
  int whole[6];
  m.grid->whole_extent(whole);
  input->SetWholeExtent(whole);
  for (const std::string& name : options.point_sets) {
    m.point_grids.push_back(std::make_unique<PointGrid>(name));
    m.desc->AddInput(name.c_str());
    m.desc->GetInputDescriptionByName(name.c_str())->SetGrid(m.point_grids.back()->data());
  }
  // The scripts' source takes the time of the description when they are imported, and ParaView
  // warns when a later time is not after it: load them at a time before any of the run's.
  m.desc->SetTimeData(std::numeric_limits<double>::lowest(), -1);

  for (const Script& s : options.scripts) m.add_pipeline(absolute_path(s.path), s.every > 0 ? s.every : options.every, false);
  if (options.live) {
    const std::string path = absolute_path(options.live_script.empty() ? pipelines_dir() + "/live.py" : options.live_script);
    m.add_pipeline(path, options.live_every > 0 ? options.live_every : options.every, true);
  }
  m.handle_failures("while loading");

  const char* display = std::getenv("DISPLAY");
  vtkSMSessionProxyManager* pxm = vtkSMProxyManager::GetProxyManager()->GetActiveSessionProxyManager();
  if ((!display || !*display) && pxm && pxm->GetNumberOfProxies("views") > 0)
    throw Error("a pipeline renders (it creates a view) but DISPLAY is not set: ParaView needs an X display; "
                "run under Xvfb (plume::catalyst::VirtualDisplay starts one)");

  for (std::size_t i = 0; i < m.pipelines.size(); ++i) {
    ScriptPipeline& p = *m.pipelines[i];
    if (!p.enabled) continue;
    m.configure(p, m.staging(i));
    p.initialize(m.desc);
  }
  m.handle_failures("in catalyst_initialize");
  for (auto& p : m.pipelines) {
    if (!p->enabled) continue;
    m.session->processor()->AddPipeline(p);
    if (p->live)
      m.live = std::make_unique<LiveLink>(options, *m.session, *m.errors, [&m](const std::string& s) { m.log(s); });
  }
  if (m.session->rank() == 0) {
    m.describe_run = [&m, whole = Domain::whole(domain.NX, domain.NY, domain.NZ), title = model.title(),
                      arrays = m.grid->describe_arrays()](const std::vector<PipelineStats>& stats) {
      write_run_description(m.output_dir, whole, m.session->ranks(), m.options, stats, title, arrays);
    };
    m.describe_run(m.stats());
  }
}

Adaptor::~Adaptor() {
  try {
    finalize();
  } catch (...) {
    // A destructor cannot report a pipeline's failure in catalyst_finalize: finalize() does.
  }
}

bool Adaptor::due(long step) const {
  if (impl_->finalized) return false;
  for (const auto& p : impl_->pipelines)
    if (p->enabled && io::Every{p->every}.due(step)) return true;
  return false;
}

long Adaptor::next_due(long step) const {
  long next = std::numeric_limits<long>::max();
  if (impl_->finalized) return next;
  for (const auto& p : impl_->pipelines)
    if (p->enabled) next = std::min<long long>(next, io::Every{p->every}.next(step));
  return next;
}

void Adaptor::execute(long step, double time, const Fields& fields, const Domain& domain) {
  execute(step, time, fields, domain, {});
}

void Adaptor::execute(long step, double time, const Fields& fields, const Domain& domain,
                      const std::vector<PointSet>& points) {
  Impl& m = *impl_;
  if (m.finalized) throw Error("execute() after finalize()");
  for (const PointSet& p : points)
    if (std::none_of(m.point_grids.begin(), m.point_grids.end(), [&](const auto& g) { return g->name() == p.name; }))
      throw Error("the run hands over the point set '" + p.name +
                  "', which has no channel (name it in the adaptor's Options::point_sets)");
  const Domain& d = m.domain;
  for (int a = 0; a < kAxes; ++a)
    if (domain.size(a) != d.size(a) || domain.origin(a) != d.origin(a) || domain.global_size(a) != d.global_size(a))
      throw Error("the domain changed since the adaptor was made");
  bool any = false;
  for (auto& p : m.pipelines) {
    p->scheduled = p->enabled && io::Every{p->every}.due(step);
    any = any || p->scheduled;
  }
  if (!any) return;
  ScriptPipeline* live_due = nullptr;  // the Live pipeline, when it runs at this step
  for (auto& p : m.pipelines)
    if (p->live && p->scheduled) live_due = p;

  const auto t0 = std::chrono::steady_clock::now();
  m.grid->update(fields, step, time);
  for (auto& g : m.point_grids) {
    const auto set = std::find_if(points.begin(), points.end(), [&](const PointSet& p) { return p.name == g->name(); });
    g->update(set == points.end() ? nullptr : &*set, step, time);
  }
  m.grid_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  m.desc->SetTimeData(time, step);
  vtkCPProcessor* processor = m.session->processor();
  if (processor->RequestDataDescription(m.desc)) {
    m.desc->GetInputDescriptionByName(kChannel)->SetGrid(m.grid->image());
    for (auto& g : m.point_grids) m.desc->GetInputDescriptionByName(g->name().c_str())->SetGrid(g->data());
    processor->CoProcess(m.desc);
  }
  m.commit_extracts();
  for (auto& p : m.pipelines) {
    p->scheduled = false;
    if (std::exchange(p->stopped, false))
      m.log("pipeline '" + p->path() + "' was interrupted (or not run) at step " + std::to_string(step) +
            ": the run is stopping");
    const std::string note = p->take_note();
    if (!note.empty()) m.log("the ParaView Live pipeline reported at step " + std::to_string(step) + ":\n" + note);
  }
  m.handle_failures("at step " + std::to_string(step));
  if (live_due && live_due->enabled && m.live) {
    // Counted as the Live pipeline's cost: the link is what Live costs.
    // The socket watchdog bounds each wait of the link (insitu.live_timeout) and ends it on a
    // stop request; should the link still not return then, the call watchdog ends the run, with
    // what it can save, kStuckAfter later. No time limit: a client may hold the run paused.
    const auto t1 = std::chrono::steady_clock::now();
    m.watchdog->run("ParaView Live at step " + std::to_string(step), 0, true, [&] { m.live->update(step, time); });
    live_due->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  }
}

void Adaptor::finalize() {
  Impl& m = *impl_;
  if (m.finalized) return;
  m.finalized = true;
  for (auto& p : m.pipelines)
    if (p->enabled) p->Finalize();
  // A pipeline that fails as it ends (raises, calls sys.exit) fails like one at a step: under
  // on_error = "stop" it is thrown once Catalyst has ended (so that the run says it failed),
  // under "disable" it is logged and named in insitu.json.
  std::string failure;
  try {
    m.handle_failures("in catalyst_finalize");
  } catch (const Error& e) {
    failure = e.what();
  }
  try {
    // What the pipelines wrote as they ended; files not whole are removed and said so here (no
    // policy applies any more).
    for (const std::string& e : m.commit_extracts()) m.log("at the end of the run: " + e);
  } catch (const std::exception& e) {
    m.log(e.what());
  }
  std::error_code ec;
  fs::remove_all(m.staging_dir, ec);
  m.final_stats = m.stats();
  if (m.describe_run) {
    try {
      m.describe_run(m.final_stats);
    } catch (const std::exception& e) {
      m.log(std::string("cannot write insitu.json at the end: ") + e.what());
    }
  }
  // Before the pipelines' proxies and Catalyst go. Bounded as the link's updates are: should it
  // still not return, the watchdog ends the process (on_stuck).
  if (m.live)
    m.watchdog->run("ending ParaView Live", m.options.live_timeout + 1.0, true, [&] { m.live.reset(); });
  // The pipelines hold Python objects: release them while Catalyst's Python is still up; the grid
  // holds a communicator: release it while MPI is (Catalyst ends MPI if it started it).
  m.pipelines.clear();
  m.desc->GetInputDescriptionByName(kChannel)->SetGrid(nullptr);
  for (auto& g : m.point_grids) m.desc->GetInputDescriptionByName(g->name().c_str())->SetGrid(nullptr);
  m.point_grids.clear();
  m.grid.reset();
  m.session->finalize();
  if (!failure.empty()) throw Error(failure);
}

std::vector<PipelineStats> Adaptor::stats() const {
  return impl_->finalized ? impl_->final_stats : impl_->stats();
}

double Adaptor::grid_seconds() const { return impl_->grid_seconds; }

}  // namespace plume::catalyst

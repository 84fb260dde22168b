#include "insitu.hpp"
#include <fmt/format.h>
#include <sys/stat.h>
#include <algorithm>
#include "console.hpp"
#ifdef PLUME_HAVE_CATALYST
#include "catalyst_sink.hpp"
#include "plume/catalyst/script_syntax.hpp"
#endif

namespace plume::app {

bool InSitu::catalyst_available() {
#ifdef PLUME_HAVE_CATALYST
  return true;
#else
  return false;
#endif
}

std::vector<std::string> InSitu::script_problems(const config::InSituConfig& cfg) {
  std::vector<std::string> problems;
#ifdef PLUME_HAVE_CATALYST
  // Only regular files are read: opening a FIFO for reading waits for a writer, and `plume check`
  // would hang there. What is not a regular file is refused by config::validate, by its name.
  std::vector<std::string> files;
  std::vector<std::size_t> index;  // of files[i] in cfg.scripts
  for (std::size_t i = 0; i < cfg.scripts.size(); ++i) {
    struct stat st {};
    if (::stat(cfg.scripts[i].c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      files.push_back(cfg.scripts[i]);
      index.push_back(i);
    }
  }
  try {
    for (const catalyst::SyntaxProblem& p : catalyst::syntax_problems(files))
      problems.push_back(fmt::format("insitu.scripts[{}] = \"{}\"{}: {}{}", index[p.index], files[p.index],
                                     p.line > 0 ? fmt::format(", line {}", p.line) : "", p.message,
                                     p.text.empty() ? "" : ": " + p.text));
  } catch (const std::exception& e) {
    problems.push_back(e.what());
  }
#else
  (void)cfg;  // configuration checking refuses Catalyst keys in a build without it
#endif
  return problems;
}

InSitu::InSitu(const config::InSituConfig& cfg, parallel::Communicator& world) : cfg_(cfg), comm_(world.split(0)) {}

InSitu InSitu::for_run(const config::RunConfig& cfg, const Domain& domain, parallel::Communicator& world) {
  InSitu insitu(cfg.insitu, world);
#ifdef PLUME_HAVE_CATALYST
  if (cfg.insitu.requested())
    insitu.add(make_catalyst_sink(cfg.insitu, cfg.output.dir, domain, *cfg.solver.model, point_set_names(cfg.solver)));
#else
  (void)domain;  // configuration checking refuses Catalyst keys in a build without it
#endif
  return insitu;
}

void InSitu::add(std::unique_ptr<InSituSink> sink) { sinks_.push_back(std::move(sink)); }

std::vector<std::string> InSitu::point_set_names(const SolverConfig& cfg) {
  // The tracers' state carries this name (plume/tracer_config.hpp: the point set "tracers").
  if (cfg.tracers.any()) return {"tracers"};
  return {};
}

void InSitu::execute(long long step, double time, const Fields& fields, const Domain& domain, Console& console) {
  execute(step, time, fields, {}, domain, console);
}

void InSitu::execute(long long step, double time, const Fields& fields, const std::vector<PointSet>& points,
                     const Domain& domain, Console& console) {
  for (auto it = sinks_.begin(); it != sinks_.end();) {
    std::string problem;
    try {
      (*it)->execute_with_points(step, time, fields, points, domain);
    } catch (const std::exception& e) {
      problem = e.what();
    }
    // A sink may fail on the ranks of some pieces only: every rank stops, or drops it, alike.
    try {
      parallel::agree(*comm_, problem, fmt::format("in-situ sink '{}' failed at step {}", (*it)->name(), step));
      ++it;
    } catch (const parallel::CollectiveError& e) {
      if (cfg_.on_error == insitu::OnError::Stop) throw InSituFailure(e.what());
      console.warning(std::string(e.what()) + "; it is disabled for the rest of the run (insitu.on_error = \"disable\")");
      it = sinks_.erase(it);
    }
  }
}

void InSitu::finalize(Console& console) {
  struct Clear {  // however it goes
    std::vector<std::unique_ptr<InSituSink>>& sinks;
    ~Clear() { sinks.clear(); }
  } clear{sinks_};
  std::string failure;
  for (const auto& sink : sinks_) {
    std::string problem;
    try {
      sink->finalize();
    } catch (const std::exception& e) {
      problem = e.what();
    }
    try {
      parallel::agree(*comm_, problem, fmt::format("in-situ sink '{}' failed as the run ended", sink->name()));
    } catch (const parallel::CollectiveError& e) {
      if (cfg_.on_error == insitu::OnError::Stop && failure.empty())
        failure = e.what();
      else
        console.warning(e.what());
    }
  }
  if (!failure.empty()) throw InSituFailure(failure);
}

}  // namespace plume::app

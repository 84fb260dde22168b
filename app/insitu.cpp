#include "insitu.hpp"
#include <fmt/format.h>
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

std::vector<std::string> InSitu::script_problems(const io::InSituConfig& cfg) {
  std::vector<std::string> problems;
#ifdef PLUME_HAVE_CATALYST
  try {
    for (const catalyst::SyntaxProblem& p : catalyst::syntax_problems(cfg.scripts))
      problems.push_back(fmt::format("insitu.scripts[{}] = \"{}\", line {}: {}{}", p.index, cfg.scripts[p.index], p.line,
                                     p.message, p.text.empty() ? "" : ": " + p.text));
  } catch (const std::exception& e) {
    problems.push_back(e.what());
  }
#else
  (void)cfg;  // configuration checking refuses Catalyst keys in a build without it
#endif
  return problems;
}

InSitu::InSitu(const io::InSituConfig& cfg, parallel::Communicator& world) : cfg_(cfg), world_(world) {}

InSitu InSitu::for_run(const io::RunConfig& cfg, const Domain& domain, parallel::Communicator& world) {
  InSitu insitu(cfg.insitu, world);
#ifdef PLUME_HAVE_CATALYST
  if (cfg.insitu.requested()) insitu.add(make_catalyst_sink(cfg.insitu, cfg.output.dir, domain, find_model(cfg.solver.model)));
#else
  (void)domain;  // configuration checking refuses Catalyst keys in a build without it
#endif
  return insitu;
}

bool InSitu::due(long long step) const {
  return step % cfg_.every == 0 || (cfg_.live && step % cfg_.live_every == 0);
}

long long InSitu::next_due(long long step) const {
  const auto next = [step](long long every) { return (step / every + 1) * every; };
  return cfg_.live ? std::min(next(cfg_.every), next(cfg_.live_every)) : next(cfg_.every);
}

void InSitu::add(std::unique_ptr<InSituSink> sink) { sinks_.push_back(std::move(sink)); }

void InSitu::execute(long long step, double time, const Fields& fields, const Domain& domain, Console& console) {
  for (auto it = sinks_.begin(); it != sinks_.end();) {
    std::string problem;
    try {
      (*it)->execute(step, time, fields, domain);
    } catch (const std::exception& e) {
      problem = e.what();
    }
    // A sink may fail on the ranks of some pieces only: every rank stops, or drops it, alike.
    try {
      parallel::agree(world_, problem, fmt::format("in-situ sink '{}' failed at step {}", (*it)->name(), step));
      ++it;
    } catch (const parallel::CollectiveError& e) {
      if (cfg_.on_error == io::InSituErrorPolicy::Stop) throw InSituFailure(e.what());
      console.warning(std::string(e.what()) + "; it is disabled for the rest of the run (insitu.on_error = \"disable\")");
      it = sinks_.erase(it);
    }
  }
}

}  // namespace plume::app

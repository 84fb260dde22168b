#include "script_pipeline.hpp"
#include <chrono>
#include <cstdio>
#include <vtkCPDataDescription.h>
#include <vtkCPPythonScriptV2Helper.h>
#include <vtkObjectFactory.h>
#include "call_watchdog.hpp"
#include "error_capture.hpp"

namespace plume::catalyst {

vtkStandardNewMacro(ScriptPipeline);

ScriptPipeline::ScriptPipeline() = default;
ScriptPipeline::~ScriptPipeline() = default;

bool ScriptPipeline::check(bool ok, const char* what) {
  const bool reported = errors_ && !errors_->empty();
  if (ok && !reported) return true;
  if (ok && live) {
    note_ = errors_->text();
    return true;
  }
  failed = true;
  error_ = reported ? errors_->text() : std::string(what);
  return false;
}

bool ScriptPipeline::call(const std::string& when, const std::function<bool()>& f, const char* what, bool in_run) {
  failed = false;
  stopped = false;
  const ErrorCapture::Scope catching(errors_);  // the call's error text, kept for the report
  bool ok = false;
  using Outcome = CallWatchdog::Outcome;
  const Outcome outcome =
      watchdog_ ? watchdog_->run("pipeline '" + path_ + "' " + when, timeout, in_run, [&] { ok = f(); })
                : (ok = f(), Outcome::Returned);
  if (outcome == Outcome::Stopped) {
    stopped = true;
    return false;
  }
  if (outcome == Outcome::TimedOut) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g s", timeout);
    failed = true;
    error_ = std::string("it took longer than its time limit of ") + limit + " and was interrupted";
    if (errors_ && !errors_->empty()) error_ += ":\n" + errors_->text();
    return false;
  }
  return check(ok, what);
}

bool ScriptPipeline::load(const std::string& path, vtkCPDataDescription* desc, ErrorCapture* errors,
                          CallWatchdog* watchdog) {
  path_ = path;
  errors_ = errors;
  watchdog_ = watchdog;
  return call("while loading", [&] { return helper_->PrepareFromScript(path); }, "Catalyst could not prepare the script") &&
         call("while loading", [&] { return helper_->Import(desc); }, "the script failed to import");
}

bool ScriptPipeline::initialize(vtkCPDataDescription* desc) {
  loaded_ = call("in catalyst_initialize", [&] { return helper_->CatalystInitialize(desc); },
                 "its catalyst_initialize failed");
  return loaded_;
}

vtkSMProxy* ScriptPipeline::catalyst_options() const { return helper_->GetOptions(); }

int ScriptPipeline::RequestDataDescription(vtkCPDataDescription* desc) {
  if (!loaded_ || !enabled || !scheduled) return 0;
  bool wanted = false;  // false is an answer ("not at this step"), not a failure
  const bool ok = call("at step " + std::to_string(desc->GetTimeStep()), [&] {
    wanted = helper_->RequestDataDescription(desc);
    return true;
  }, "", true);
  return ok && wanted ? 1 : 0;
}

int ScriptPipeline::CoProcess(vtkCPDataDescription* desc) {
  if (!loaded_ || !enabled || !scheduled) return 1;
  if (watchdog_ && watchdog_->stop_requested()) {  // the run is stopping: the rest of this step is skipped
    failed = false;
    stopped = true;
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = call("at step " + std::to_string(desc->GetTimeStep()), [&] { return helper_->CatalystExecute(desc); },
                       "catalyst_execute failed", true);
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++calls;
  return ok ? 1 : 0;
}

int ScriptPipeline::Finalize() {
  if (!loaded_ || !enabled) return 1;
  loaded_ = false;
  return call("in catalyst_finalize", [&] { return helper_->CatalystFinalize(); }, "its catalyst_finalize failed") ? 1 : 0;
}

}  // namespace plume::catalyst

#include "script_pipeline.hpp"
#include <chrono>
#include <vtkCPDataDescription.h>
#include <vtkCPPythonScriptV2Helper.h>
#include <vtkObjectFactory.h>
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

bool ScriptPipeline::load(const std::string& path, vtkCPDataDescription* desc, ErrorCapture* errors) {
  path_ = path;
  errors_ = errors;
  failed = false;
  if (errors_) errors_->clear();
  return check(helper_->PrepareFromScript(path), "Catalyst could not prepare the script") &&
         check(helper_->Import(desc), "the script failed to import");
}

bool ScriptPipeline::initialize(vtkCPDataDescription* desc) {
  failed = false;
  if (errors_) errors_->clear();
  loaded_ = check(helper_->CatalystInitialize(desc), "its catalyst_initialize failed");
  return loaded_;
}

vtkSMProxy* ScriptPipeline::catalyst_options() const { return helper_->GetOptions(); }

int ScriptPipeline::RequestDataDescription(vtkCPDataDescription* desc) {
  if (!loaded_ || !enabled || !scheduled) return 0;
  return helper_->RequestDataDescription(desc) ? 1 : 0;
}

int ScriptPipeline::CoProcess(vtkCPDataDescription* desc) {
  if (!loaded_ || !enabled || !scheduled) return 1;
  failed = false;
  if (errors_) errors_->clear();
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = helper_->CatalystExecute(desc);
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++calls;
  return check(ok, "catalyst_execute failed") ? 1 : 0;
}

int ScriptPipeline::Finalize() {
  if (!loaded_ || !enabled) return 1;
  failed = false;
  if (errors_) errors_->clear();
  loaded_ = false;
  return check(helper_->CatalystFinalize(), "its catalyst_finalize failed") ? 1 : 0;
}

}  // namespace plume::catalyst

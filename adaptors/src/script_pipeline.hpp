// One Catalyst Python script (script-version 2) as a vtkCPPipeline. It plays the part of ParaView's
// vtkCPPythonScriptV2Pipeline with three differences the adaptor needs: the script is imported
// when the adaptor starts (so that a broken script stops the run before it begins, not at its
// first in-situ step); a call fails when the script raises or an error is reported while it runs
// (ParaView prints those and returns success), and the error is kept; and it runs only at the
// steps the adaptor schedules. Every call into the script runs under the adaptor's CallWatchdog:
// past `timeout` seconds it is interrupted and fails; a call at a step is also interrupted when the
// run is asked to stop, and then ends without failing (`stopped`).
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vtkCPPipeline.h>
#include <vtkNew.h>

class vtkCPPythonScriptV2Helper;
class vtkSMProxy;

namespace plume::catalyst {

class CallWatchdog;
class ErrorCapture;

class ScriptPipeline : public vtkCPPipeline {
 public:
  static ScriptPipeline* New();
  vtkTypeMacro(ScriptPipeline, vtkCPPipeline);

  // Imports the script with the grid of desc as its input. On failure returns false and keeps
  // the error in error().
  bool load(const std::string& path, vtkCPDataDescription* desc, ErrorCapture* errors, CallWatchdog* watchdog);
  vtkSMProxy* catalyst_options() const;  // the script's catalyst.Options() (valid after load)
  // Calls the script's catalyst_initialize (after its options are set).
  bool initialize(vtkCPDataDescription* desc);

  int RequestDataDescription(vtkCPDataDescription* desc) override;
  int CoProcess(vtkCPDataDescription* desc) override;
  int Finalize() override;

  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }
  // Errors reported during a successful call of the Live pipeline: a client that goes away
  // makes the link report socket errors, which must not stop the run. Emptied by take_note().
  std::string take_note() { return std::exchange(note_, std::string()); }
  // Makes the last call a failure (or adds to its error) for what the adaptor found after it: its
  // extracts not whole, which were then removed.
  void fail(const std::string& why) {
    error_ = failed ? error_ + "; " + why : why;  // on the last line, which reports quote alone
    failed = true;
  }

  long every = 1;
  bool live = false;       // hosts the ParaView Live link
  bool enabled = true;     // false once dropped (on_error = disable) or stopped
  std::string dropped;     // when and why on_error = disable dropped it (PipelineStats::dropped)
  bool scheduled = false;  // runs at the step being executed
  bool failed = false;     // the last call failed
  bool stopped = false;    // the last call was interrupted (or skipped) because the run is stopping
  double timeout = 0;      // seconds a call may take (0: no limit)
  long calls = 0;
  double seconds = 0.0;

 protected:
  ScriptPipeline();
  ~ScriptPipeline() override;

 private:
  ScriptPipeline(const ScriptPipeline&) = delete;
  void operator=(const ScriptPipeline&) = delete;
  bool check(bool ok, const char* what);  // records a failure; returns whether the call succeeded
  // Runs f (a call of the helper) under the watchdog; `when` says where ("at step 20"), `what`
  // the failure when f returns false without an error of its own; in_run: a call at a step, which
  // a stop request interrupts (loading and finalising come before and after the run's loop).
  // Returns whether it succeeded.
  bool call(const std::string& when, const std::function<bool()>& f, const char* what, bool in_run = false);

  vtkNew<vtkCPPythonScriptV2Helper> helper_;
  ErrorCapture* errors_ = nullptr;
  CallWatchdog* watchdog_ = nullptr;
  std::string path_, error_, note_;
  bool loaded_ = false;
};

}  // namespace plume::catalyst

// ParaView Live, driven by the adaptor instead of by ParaView's loop inside the Live pipeline
// (vtkCPPythonScriptV2Helper::DoLive), for three things that loop cannot do: no wait for the
// client may hold the run longer than Options::live_timeout without a byte from it, a signal ends
// any wait at once (SocketWatchdog, on rank 0, which holds the connection), and the run says when
// a client connects, pauses, resumes and leaves. The protocol is ParaView's own: vtkLiveInsituLink's
// InsituUpdate, InsituPostProcess and WaitForLiveChange, called as DoLive calls them. VTK's errors
// during these calls are caught, not printed: a client that leaves makes the socket report
// errors, which are no fault of the run; errors while the client stays are reported.
#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vtkSmartPointer.h>
#include "plume/catalyst/options.hpp"

class vtkLiveInsituLink;

namespace plume::catalyst {

class CatalystSession;
class ErrorCapture;
class SocketWatchdog;

class LiveLink {
 public:
  using Log = std::function<void(const std::string&)>;
  // Collective. `log` is called on rank 0 only.
  LiveLink(const Options& o, const CatalystSession& session, ErrorCapture& errors, Log log);
  ~LiveLink();
  LiveLink(const LiveLink&) = delete;
  LiveLink& operator=(const LiveLink&) = delete;

  // Collective, after the pipelines have run at this step. Connects when no client is attached
  // (one refused connection when none listens), gives the client the pipelines' state and the
  // data it asked for, and while the client holds the run paused waits until it resumes, leaves,
  // or stop() says the run must end. After a client that stopped answering, connections are not
  // tried again for kRetryAfter.
  void update(long step, double time);

  static constexpr std::chrono::seconds kRetryAfter{60};

 private:
  void guarded(const std::function<void()>& f);  // f() under the watchdog (on rank 0)
  bool wait_for_client();       // while paused; false when the run must end
  bool agree(bool mine) const;  // true on every rank when true on any
  void report(long step, bool connected);

  Options o_;
  const CatalystSession& session_;
  ErrorCapture& errors_;
  Log log_;
  std::string address_;
  vtkSmartPointer<vtkLiveInsituLink> link_;
  std::unique_ptr<SocketWatchdog> watchdog_;  // rank 0
  // Rank 0's view, for the messages and the retry delay.
  bool connected_ = false, paused_ = false, cut_silent_ = false, cut_unaccepted_ = false, cut_stop_ = false;
  std::chrono::steady_clock::time_point paused_at_, retry_at_;
};

}  // namespace plume::catalyst

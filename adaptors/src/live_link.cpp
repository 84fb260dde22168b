#include "live_link.hpp"
#include <cstdio>
#include <vector>
#include <vtkCollection.h>
#include <vtkLiveInsituLink.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkSMProxyManager.h>
#include <vtkSMSessionProxyManager.h>
#include <vtkSMSourceProxy.h>
#include "catalyst_session.hpp"
#include "error_capture.hpp"
#include "socket_watchdog.hpp"

namespace plume::catalyst {

namespace {

using Clock = std::chrono::steady_clock;

// VTK's log stays off the terminal (ErrorCapture gets the errors): a client that goes away
// makes the link log socket errors, in red, that are no fault of the run.
class QuietVtk {
 public:
  QuietVtk() : saved_(vtkLogger::GetCurrentVerbosityCutoff()) {
    vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
  }
  ~QuietVtk() { vtkLogger::SetStderrVerbosity(saved_); }
  QuietVtk(const QuietVtk&) = delete;
  QuietVtk& operator=(const QuietVtk&) = delete;

 private:
  vtkLogger::Verbosity saved_;
};

vtkSMSessionProxyManager* proxy_manager() {
  return vtkSMProxyManager::GetProxyManager()->GetActiveSessionProxyManager();
}

// The link sends the data at the end of the pipelines and updates nothing itself: bring the
// simulation's sources up to date, as ParaView's own Live loop does.
// The channels are the grid's 'input' and the run's point sets.
void update_sources(double time, const std::vector<std::string>& point_sets) {
  std::vector<std::string> channels{"input"};
  channels.insert(channels.end(), point_sets.begin(), point_sets.end());
  for (const std::string& channel : channels) {
    vtkNew<vtkCollection> sources;
    proxy_manager()->GetProxies("sources", channel.c_str(), sources);
    for (int i = 0; i < sources->GetNumberOfItems(); ++i)
      if (auto* s = vtkSMSourceProxy::SafeDownCast(sources->GetItemAsObject(i))) s->UpdatePipeline(time);
  }
}

std::string seconds(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g s", s);
  return b;
}

}  // namespace

LiveLink::LiveLink(const Options& o, const CatalystSession& session, ErrorCapture& errors, Log log)
    : o_(o), session_(session), errors_(errors), log_(std::move(log)) {
  address_ = o.live_host + ":" + std::to_string(o.live_port);
  link_ = vtkSmartPointer<vtkLiveInsituLink>::New();
  link_->SetHostname(o.live_host.c_str());
  link_->SetInsituPort(o.live_port);
  link_->SetProcessType(vtkLiveInsituLink::INSITU);
  if (session_.rank() != 0) return;
  watchdog_ = std::make_unique<SocketWatchdog>(o.live_host, o.live_port, o.live_timeout, o.stop_requested);
  log_("ParaView Live: every " + std::to_string(o.live_every > 0 ? o.live_every : o.every) +
       " steps the run connects to a ParaView listening at " + address_ + " (Catalyst > Connect in ParaView, port " +
       std::to_string(o.live_port) + "); a client that sends nothing for " + seconds(o.live_timeout) +
       " is dropped");
}

// Letting the link go closes its connection: bounded like every other wait on the client.
LiveLink::~LiveLink() {
  const QuietVtk quiet;
  guarded([this] { link_ = nullptr; });
}

void LiveLink::guarded(const std::function<void()>& f) {
  if (!watchdog_) return f();
  {
    SocketWatchdog::Guard g(*watchdog_);
    f();
  }
  cut_silent_ = cut_silent_ || watchdog_->cut() == SocketWatchdog::Cut::Silent;
  cut_unaccepted_ = cut_unaccepted_ || watchdog_->cut() == SocketWatchdog::Cut::Unaccepted;
  cut_stop_ = cut_stop_ || watchdog_->cut() == SocketWatchdog::Cut::Stop;
}

bool LiveLink::agree(bool mine) const {
  std::vector<int> flag{mine ? 1 : 0};
  session_.max_over_ranks(flag);
  return flag[0] != 0;
}

bool LiveLink::wait_for_client() {
  for (;;) {
    // Rank 0 holds the connection and waits on it a little; every rank looks for a signal.
    std::vector<int> flags{watchdog_ && watchdog_->readable(std::chrono::milliseconds(100)) ? 1 : 0,
                           o_.stop_requested && o_.stop_requested() ? 1 : 0};
    session_.max_over_ranks(flags);
    if (flags[1]) {
      cut_stop_ = true;
      return false;
    }
    if (flags[0]) return true;
  }
}

void LiveLink::update(long step, double time) {
  const bool root = session_.rank() == 0;
  if (agree(root && Clock::now() < retry_at_)) return;
  const QuietVtk quiet;
  const ErrorCapture::Scope catching(&errors_);
  cut_silent_ = cut_unaccepted_ = cut_stop_ = false;
  bool up = false;
  guarded([&] { up = link_->Initialize(proxy_manager()); });
  while (up) {
    guarded([&] { link_->InsituUpdate(time, step); });
    update_sources(time, o_.point_sets);
    guarded([&] { link_->InsituPostProcess(time, step); });
    if (!link_->GetSimulationPaused()) break;
    if (root && !paused_) {
      paused_ = true;
      paused_at_ = Clock::now();
      log_("ParaView Live: the client paused the run at step " + std::to_string(step) +
           "; it waits for Continue in ParaView (a signal still ends the run)");
    }
    if (!wait_for_client()) break;
    int dropped = 0;
    guarded([&] { dropped = link_->WaitForLiveChange(); });
    if (dropped) break;
  }
  if (root) report(step, up && !watchdog_->connections().empty());
}

void LiveLink::report(long step, bool connected) {
  const std::string at = " (step " + std::to_string(step) + ")";
  if (paused_ && (!connected || !link_->GetSimulationPaused())) {
    paused_ = false;
    if (connected)
      log_("ParaView Live: the client resumed the run" + at + " after a pause of " +
           seconds(std::chrono::duration<double>(Clock::now() - paused_at_).count()));
  }
  const std::string again = ": the run goes on without it and connects again in " + std::to_string(kRetryAfter.count()) + " s";
  if (cut_silent_) {
    retry_at_ = Clock::now() + kRetryAfter;
    log_("ParaView Live: the client at " + address_ + " sent nothing for " + seconds(o_.live_timeout) + at + again);
  } else if (cut_unaccepted_) {
    retry_at_ = Clock::now() + kRetryAfter;
    log_("ParaView Live: the client at " + address_ + " did not accept the connection within " +
         seconds(o_.live_timeout) + at + again);
  } else if (connected_ && !connected && !cut_stop_) {
    log_("ParaView Live: the client at " + address_ + " left" + at +
         "; the run goes on and connects again when a ParaView listens there");
  } else if (!connected_ && connected) {
    log_("ParaView Live: connected to the client at " + address_ + at);
  }
  if (connected && !errors_.empty()) log_("ParaView Live reported errors" + at + ":\n" + errors_.text());
  connected_ = connected;
}

}  // namespace plume::catalyst

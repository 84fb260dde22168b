// Watches the pipeline calls from a thread of its own. A call that runs past its time limit, or
// during which the program asks to stop (a signal), is interrupted; a call that has not returned
// kStuckAfter seconds after that is stuck where nothing can interrupt it (C++ code of VTK, MPI or
// a socket that does not give up), and the program is ended through on_stuck, from the
// watchdog's thread, since the calling thread will not come back. The watchdog sleeps while no
// call runs and looks 20 times a second while one does.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace plume::catalyst {

class CallWatchdog {
 public:
  static constexpr double kStuckAfter = 5.0;  // seconds from the interruption

  enum class Outcome { Returned, TimedOut, Stopped };

  struct Settings {
    std::function<bool()> stop_requested;  // polled from the watchdog's thread; may be empty
    // Called from the watchdog's thread with the reason; must end the process (if it returns,
    // the watchdog ends it with status 1). Empty: the reason is printed and the status is 1.
    std::function<void(const std::string&)> on_stuck;
    std::function<void()> interrupt;  // from the watchdog's thread: make the running call return
    std::function<void()> settle;     // on the calling thread, after an interrupted call returned
  };

  explicit CallWatchdog(Settings settings);
  ~CallWatchdog();
  CallWatchdog(const CallWatchdog&) = delete;
  CallWatchdog& operator=(const CallWatchdog&) = delete;

  // Runs f on this thread under watch. `what` names the call in the message of a stuck call
  // ("pipeline 'x.py' at step 20"); limit in seconds (<= 0: none); stoppable: a stop request
  // interrupts it too. A call made while another is watched (a nested one) runs unwatched.
  Outcome run(const std::string& what, double limit, bool stoppable, const std::function<void()>& f);
  bool stop_requested() const { return settings_.stop_requested && settings_.stop_requested(); }

 private:
  using Clock = std::chrono::steady_clock;
  void watch();
  void end_stuck(const std::string& reason);

  Settings settings_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool quit_ = false;
  bool armed_ = false;      // a call runs
  bool abandoned_ = false;  // it is stuck: the program is being ended
  Outcome outcome_ = Outcome::Returned;
  std::string what_;
  double limit_ = 0;
  bool stoppable_ = false;
  Clock::time_point deadline_, interrupted_at_, last_kick_;
  std::thread thread_;  // last: starts once the rest is set
};

}  // namespace plume::catalyst

#include "call_watchdog.hpp"
#include <cstdio>
#include <cstdlib>

namespace plume::catalyst {

namespace {
constexpr auto kPoll = std::chrono::milliseconds(50);
// An interrupted call that swallowed the exception (a bare `except:`) or went back to blocking is
// interrupted again this often.
constexpr auto kKick = std::chrono::milliseconds(500);

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", s);
  return text;
}
}  // namespace

CallWatchdog::CallWatchdog(Settings settings) : settings_(std::move(settings)), thread_([this] { watch(); }) {}

CallWatchdog::~CallWatchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

CallWatchdog::Outcome CallWatchdog::run(const std::string& what, double limit, bool stoppable,
                                        const std::function<void()>& f) {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    if (armed_) {
      lock.unlock();
      f();
      return Outcome::Returned;
    }
    armed_ = true;
    outcome_ = Outcome::Returned;
    what_ = what;
    limit_ = limit;
    stoppable_ = stoppable;
    // Beyond 30 years is no limit (and would overflow the clock).
    deadline_ = limit > 0 && limit < 1e9
                    ? Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit))
                    : Clock::time_point::max();
  }
  wake_.notify_one();
  auto disarm = [this] {
    std::unique_lock<std::mutex> lock(mutex_);
    // The watchdog has given this call up and is ending the program: going on could change what
    // it is saving.
    wake_.wait(lock, [this] { return !abandoned_; });
    armed_ = false;
    if (outcome_ != Outcome::Returned && settings_.settle) settings_.settle();
    return outcome_;
  };
  try {
    f();
  } catch (...) {
    disarm();
    throw;
  }
  return disarm();
}

void CallWatchdog::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!quit_) {
    if (!armed_) {
      wake_.wait(lock);
      continue;
    }
    const auto now = Clock::now();
    if (outcome_ == Outcome::Returned) {
      if (now >= deadline_)
        outcome_ = Outcome::TimedOut;
      else if (stoppable_ && stop_requested())
        outcome_ = Outcome::Stopped;
      if (outcome_ != Outcome::Returned) {
        interrupted_at_ = last_kick_ = now;
        if (settings_.interrupt) settings_.interrupt();
      }
    } else if (now - interrupted_at_ >= std::chrono::duration<double>(kStuckAfter)) {
      abandoned_ = true;
      const std::string why = outcome_ == Outcome::TimedOut ? "it exceeded its time limit of " + seconds(limit_)
                                                            : std::string("the run was asked to stop");
      const std::string reason = what_ + " was interrupted because " + why + ", and has not returned " +
                                 seconds(kStuckAfter) + " later: it is stuck outside Python (in VTK, MPI or a " +
                                 "socket), where it cannot be interrupted";
      lock.unlock();
      end_stuck(reason);
    } else if (now - last_kick_ >= kKick) {
      last_kick_ = now;
      if (settings_.interrupt) settings_.interrupt();
    }
    wake_.wait_for(lock, kPoll);
  }
}

void CallWatchdog::end_stuck(const std::string& reason) {
  if (settings_.on_stuck) settings_.on_stuck(reason);
  std::fprintf(stderr, "plume in-situ: error: %s; ending the process\n", reason.c_str());
  std::fflush(nullptr);
  std::_Exit(1);
}

}  // namespace plume::catalyst

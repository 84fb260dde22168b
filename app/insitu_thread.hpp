// The thread that runs a batch run's in-situ sinks beside the solver (docs/insitu.md, "The
// consumer thread"): one task at a time, handed over by the run's thread, which goes on stepping.
// Catalyst and its Python live on this thread from start to end: ParaView 5.11's Python is built
// without VTK_PYTHON_FULL_THREADSAFE (the thread that starts the interpreter keeps its lock), and
// Python runs its signal handlers, which interrupt a pipeline, only on that thread.
#pragma once
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace plume::app {

class InSituThread {
 public:
  InSituThread();
  ~InSituThread();  // waits for the task in progress, then ends the thread
  InSituThread(const InSituThread&) = delete;
  InSituThread& operator=(const InSituThread&) = delete;

  // Runs f there and waits for it; its result, or its exception, comes back.
  template <class F>
  auto call(F f) -> decltype(f()) {
    std::packaged_task<decltype(f())()> task(std::move(f));
    auto result = task.get_future();
    start([&task] { task(); });
    wait([] { return false; });
    return result.get();
  }

  // Starts `task` there and returns at once. The thread must be idle. An exception that `task`
  // throws is kept for take_error().
  void start(std::function<void()> task);
  bool idle() const;
  // Whether the last task ended with an exception (lock-free: the run's thread asks after every
  // chunk of steps).
  bool failed() const { return failed_.load(); }
  // Waits until the thread is idle, or until `give_up` (asked every 50 ms) is true; returns
  // whether it is idle.
  bool wait(const std::function<bool()>& give_up);
  // The exception of the last task (nullptr if none), cleared.
  std::exception_ptr take_error();

 private:
  void loop();
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::function<void()> task_;
  bool busy_ = false, quit_ = false;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
  std::thread thread_;  // last: starts once the members above are there
};

}  // namespace plume::app

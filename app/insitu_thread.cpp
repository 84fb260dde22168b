#include "insitu_thread.hpp"
#include <chrono>
#include <stdexcept>
#include <utility>

namespace plume::app {

InSituThread::InSituThread() : thread_([this] { loop(); }) {}

InSituThread::~InSituThread() {
  {
    std::unique_lock lock(m_);
    cv_.wait(lock, [this] { return !busy_; });
    quit_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void InSituThread::start(std::function<void()> task) {
  {
    const std::lock_guard lock(m_);
    if (busy_) throw std::logic_error("InSituThread::start: a task is still running");
    task_ = std::move(task);
    busy_ = true;
    error_ = nullptr;
    failed_ = false;
  }
  cv_.notify_all();
}

bool InSituThread::idle() const {
  const std::lock_guard lock(m_);
  return !busy_;
}

bool InSituThread::wait(const std::function<bool()>& give_up) {
  std::unique_lock lock(m_);
  while (busy_ && !give_up()) cv_.wait_for(lock, std::chrono::milliseconds(50));
  return !busy_;
}

std::exception_ptr InSituThread::take_error() {
  const std::lock_guard lock(m_);
  failed_ = false;
  return std::exchange(error_, nullptr);
}

void InSituThread::loop() {
  std::unique_lock lock(m_);
  for (;;) {
    cv_.wait(lock, [this] { return quit_ || (busy_ && task_); });
    if (quit_) return;
    std::function<void()> task = std::move(task_);
    task_ = nullptr;
    lock.unlock();
    std::exception_ptr error;
    try {
      task();
    } catch (...) {
      error = std::current_exception();
    }
    task = nullptr;  // what it holds goes on this thread too
    lock.lock();
    error_ = error;
    failed_ = error != nullptr;
    busy_ = false;
    cv_.notify_all();
  }
}

}  // namespace plume::app

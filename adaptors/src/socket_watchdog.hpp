// Bounds the calls into ParaView's Live link, which block on its socket with no time limit: a
// client that stops answering (a stopped process, a stalled ssh tunnel, a laptop gone to sleep)
// would hold the run, and a signal would not end it, for as long as that lasts. While a call is
// guarded, a thread watches this process's TCP connections to the Live client (host:port) and
// shuts them down when no byte has moved on them, either way, for `limit` seconds, or at once
// when `stop()` says the run must end. The blocked call then sees the connection closed, as if the
// client had gone away, and returns. A connection still being made counts too: a listener whose
// queue of connections to accept is full (a stopped ParaView, or one that never accepts) leaves
// connect() waiting for minutes, and shutdown(2) ends that wait as well. Linux only
// (/proc/self/fd, /proc/self/net/tcp, TCP_INFO).
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>
#include <sys/socket.h>

namespace plume::catalyst {

class SocketWatchdog {
 public:
  // Why the connections were cut: no byte for `limit` (Silent), a connection not accepted within
  // `limit` (Unaccepted), or stop().
  enum class Cut { None, Silent, Unaccepted, Stop };

  // `stop` is called from the watchdog's thread (it must be thread-safe); may be empty.
  SocketWatchdog(const std::string& host, int port, double limit_seconds, std::function<bool()> stop);
  ~SocketWatchdog();
  SocketWatchdog(const SocketWatchdog&) = delete;
  SocketWatchdog& operator=(const SocketWatchdog&) = delete;

  // Watches from now until the Guard ends; cut() then says whether it cut, and why.
  class Guard {
   public:
    explicit Guard(SocketWatchdog& w) : w_(w) { w_.arm(); }
    ~Guard() { w_.disarm(); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    SocketWatchdog& w_;
  };
  Cut cut() const;

  // This process's sockets connected to host:port (file descriptors, valid until closed).
  std::vector<int> connections() const;
  // Those still connecting to host:port (connect() has sent its request and waits for an answer).
  std::vector<int> connecting() const;
  // Waits up to `timeout` for one of them to have something to read (or to be closed by the
  // client); true when one has, or when there is none.
  bool readable(std::chrono::milliseconds timeout) const;

 private:
  void arm();
  void disarm();
  void watch();
  bool is_peer(const sockaddr_storage& a) const;

  const int port_;
  const double limit_;
  const std::function<bool()> stop_;
  std::vector<sockaddr_storage> peers_;  // host's addresses (empty: match the port alone)

  mutable std::mutex m_;
  std::condition_variable cv_;
  bool armed_ = false, quit_ = false;
  unsigned long arms_ = 0;  // guarded calls so far
  std::chrono::steady_clock::time_point armed_at_;
  Cut cut_ = Cut::None;
  std::thread thread_;  // last: starts once the rest is set
};

const char* to_string(SocketWatchdog::Cut c);

}  // namespace plume::catalyst

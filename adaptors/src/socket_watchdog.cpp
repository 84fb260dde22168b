#include "socket_watchdog.hpp"
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <unistd.h>
#include <linux/tcp.h>  // tcp_info with the byte counters (glibc's netinet/tcp.h lacks them)

namespace plume::catalyst {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kTick = std::chrono::milliseconds(50);

// Bytes sent and acknowledged plus bytes received on a TCP socket so far.
unsigned long long bytes_moved(int fd) {
  tcp_info info{};
  socklen_t len = sizeof info;
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0) return 0;
  return info.tcpi_bytes_acked + info.tcpi_bytes_received;
}

int port_of(const sockaddr_storage& a) {
  if (a.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in&>(a).sin_port);
  if (a.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6&>(a).sin6_port);
  return -1;
}

// The IPv4 address of a (possibly IPv4-mapped IPv6) address, or false.
bool ipv4_of(const sockaddr_storage& a, in_addr& out) {
  if (a.ss_family == AF_INET) {
    out = reinterpret_cast<const sockaddr_in&>(a).sin_addr;
    return true;
  }
  const in6_addr& v6 = reinterpret_cast<const sockaddr_in6&>(a).sin6_addr;
  if (a.ss_family != AF_INET6 || !IN6_IS_ADDR_V4MAPPED(&v6)) return false;
  std::memcpy(&out, v6.s6_addr + 12, 4);
  return true;
}

bool same_host(const sockaddr_storage& a, const sockaddr_storage& b) {
  in_addr a4{}, b4{};
  if (ipv4_of(a, a4) && ipv4_of(b, b4)) return a4.s_addr == b4.s_addr;
  if (a.ss_family != AF_INET6 || b.ss_family != AF_INET6) return false;
  return std::memcmp(&reinterpret_cast<const sockaddr_in6&>(a).sin6_addr,
                     &reinterpret_cast<const sockaddr_in6&>(b).sin6_addr, sizeof(in6_addr)) == 0;
}

}  // namespace

const char* to_string(SocketWatchdog::Cut c) {
  switch (c) {
    case SocketWatchdog::Cut::Silent: return "silent";
    case SocketWatchdog::Cut::Stop: return "stop";
    default: return "none";
  }
}

SocketWatchdog::SocketWatchdog(const std::string& host, int port, double limit_seconds, std::function<bool()> stop)
    : port_(port), limit_(limit_seconds), stop_(std::move(stop)) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), nullptr, &hints, &found) == 0) {
    for (addrinfo* a = found; a; a = a->ai_next) {
      sockaddr_storage s{};
      std::memcpy(&s, a->ai_addr, a->ai_addrlen);
      peers_.push_back(s);
    }
    freeaddrinfo(found);
  }
  thread_ = std::thread([this] { watch(); });
}

SocketWatchdog::~SocketWatchdog() {
  {
    std::lock_guard<std::mutex> lk(m_);
    quit_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

bool SocketWatchdog::is_peer(const sockaddr_storage& a) const {
  if (port_of(a) != port_) return false;
  if (peers_.empty()) return true;
  for (const sockaddr_storage& p : peers_)
    if (same_host(a, p)) return true;
  return false;
}

std::vector<int> SocketWatchdog::connections() const {
  std::vector<int> fds;
  DIR* dir = opendir("/proc/self/fd");
  if (!dir) return fds;
  while (const dirent* e = readdir(dir)) {
    char* end = nullptr;
    const long fd = std::strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end != '\0' || fd == dirfd(dir)) continue;
    sockaddr_storage peer{};
    socklen_t len = sizeof peer;
    if (getpeername(int(fd), reinterpret_cast<sockaddr*>(&peer), &len) == 0 && is_peer(peer)) fds.push_back(int(fd));
  }
  closedir(dir);
  return fds;
}

bool SocketWatchdog::readable(std::chrono::milliseconds timeout) const {
  std::vector<pollfd> p;
  for (int fd : connections()) p.push_back({fd, POLLIN, 0});
  if (p.empty()) return true;
  return poll(p.data(), p.size(), int(timeout.count())) != 0;
}

SocketWatchdog::Cut SocketWatchdog::cut() const {
  std::lock_guard<std::mutex> lk(m_);
  return cut_;
}

// Arming wakes nothing (a guarded call is often a millisecond long): the watchdog looks at every tick.
void SocketWatchdog::arm() {
  std::lock_guard<std::mutex> lk(m_);
  armed_ = true;
  cut_ = Cut::None;
  ++arms_;
  armed_at_ = Clock::now();
}

// Once this returns the watchdog touches no socket: the caller may close and reuse descriptors.
void SocketWatchdog::disarm() {
  std::lock_guard<std::mutex> lk(m_);
  armed_ = false;
}

void SocketWatchdog::watch() {
  std::unique_lock<std::mutex> lk(m_);
  unsigned long arm = 0;
  unsigned long long moved = 0;
  auto quiet_since = Clock::now();
  while (!quit_) {
    cv_.wait_for(lk, kTick);
    if (quit_ || !armed_) continue;
    const std::vector<int> fds = connections();
    unsigned long long now_moved = fds.size();  // a new connection counts as activity
    for (int fd : fds) now_moved += bytes_moved(fd);
    const auto now = Clock::now();
    if (arm != arms_) {  // a new guarded call
      arm = arms_;
      quiet_since = armed_at_;
    } else if (now_moved != moved) {
      quiet_since = now;
    }
    moved = now_moved;
    if (cut_ == Cut::None) {
      if (stop_ && stop_())
        cut_ = Cut::Stop;
      else if (limit_ > 0 && !fds.empty() && std::chrono::duration<double>(now - quiet_since).count() > limit_)
        cut_ = Cut::Silent;
    }
    // Once cut, any connection the guarded call opens again is cut too.
    if (cut_ != Cut::None)
      for (int fd : fds) shutdown(fd, SHUT_RDWR);
  }
}

}  // namespace plume::catalyst

#include "socket_watchdog.hpp"
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <dirent.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/stat.h>
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

// This process's open file descriptors (without the one that lists them).
template <class F>
void for_each_fd(F f) {
  DIR* dir = opendir("/proc/self/fd");
  if (!dir) return;
  while (const dirent* e = readdir(dir)) {
    char* end = nullptr;
    const long fd = std::strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end != '\0' || fd == dirfd(dir)) continue;
    f(int(fd));
  }
  closedir(dir);
}

// An address of the kernel's socket tables ("0100007F:1F90": the 32-bit words of the address as
// the kernel holds them, in hexadecimal, then the port); false if it is not one.
bool parse_address(const std::string& text, bool v6, sockaddr_storage& out) {
  const std::size_t colon = text.find(':');
  const std::size_t digits = v6 ? 32 : 8;
  if (colon != digits) return false;
  std::uint32_t words[4] = {};
  for (std::size_t w = 0; w < digits / 8; ++w)
    words[w] = std::uint32_t(std::strtoul(text.substr(8 * w, 8).c_str(), nullptr, 16));
  const auto port = htons(std::uint16_t(std::strtoul(text.c_str() + colon + 1, nullptr, 16)));
  out = {};
  if (v6) {
    auto& a = reinterpret_cast<sockaddr_in6&>(out);
    a.sin6_family = AF_INET6;
    a.sin6_port = port;
    std::memcpy(&a.sin6_addr, words, sizeof words);
  } else {
    auto& a = reinterpret_cast<sockaddr_in&>(out);
    a.sin_family = AF_INET;
    a.sin_port = port;
    a.sin_addr.s_addr = words[0];
  }
  return true;
}

constexpr const char* kSynSent = "02";  // TCP_SYN_SENT in the tables' "st" column

}  // namespace

const char* to_string(SocketWatchdog::Cut c) {
  switch (c) {
    case SocketWatchdog::Cut::Silent: return "silent";
    case SocketWatchdog::Cut::Unaccepted: return "unaccepted";
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
  for_each_fd([&](int fd) {
    sockaddr_storage peer{};
    socklen_t len = sizeof peer;
    if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) == 0 && is_peer(peer)) fds.push_back(fd);
  });
  return fds;
}

std::vector<int> SocketWatchdog::connecting() const {
  // A socket that waits for its connection has no peer yet (getpeername fails): the kernel's
  // tables name where it goes, by the socket's inode.
  std::set<ino_t> waiting;
  for (const bool v6 : {false, true}) {
    std::ifstream table(v6 ? "/proc/self/net/tcp6" : "/proc/self/net/tcp");
    std::string line;
    std::getline(table, line);  // the header
    while (std::getline(table, line)) {
      std::istringstream f(line);
      std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout;
      unsigned long long inode = 0;
      if (!(f >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >> timeout >> inode)) continue;
      sockaddr_storage to{};
      if (state == kSynSent && parse_address(remote, v6, to) && is_peer(to)) waiting.insert(ino_t(inode));
    }
  }
  std::vector<int> fds;
  if (waiting.empty()) return fds;
  for_each_fd([&](int fd) {
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode) && waiting.count(st.st_ino)) fds.push_back(fd);
  });
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
    const std::vector<int> fds = connections(), waiting = connecting();
    // A new connection, or one made at last, counts as activity (the two kinds counted apart).
    unsigned long long now_moved = fds.size() + (waiting.size() << 32);
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
      const bool quiet = limit_ > 0 && std::chrono::duration<double>(now - quiet_since).count() > limit_;
      if (stop_ && stop_())
        cut_ = Cut::Stop;
      else if (quiet && !fds.empty())
        cut_ = Cut::Silent;
      else if (quiet && !waiting.empty())
        cut_ = Cut::Unaccepted;
    }
    // Once cut, any connection the guarded call opens again is cut too.
    if (cut_ != Cut::None) {
      for (int fd : fds) shutdown(fd, SHUT_RDWR);
      for (int fd : waiting) shutdown(fd, SHUT_RDWR);
    }
  }
}

}  // namespace plume::catalyst

// A command run in the background, for tests that signal a run while it works, and the processes
// it starts (read from /proc).
#pragma once
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace plume::test {

class BackgroundRun {
 public:
  // `command` is a shell command line; it replaces the shell (exec), so pid() is its own.
  // Its stdout and stderr go to the files named.
  BackgroundRun(const std::string& command, const std::string& out, const std::string& err) {
    const std::string line = "exec " + command + " >" + out + " 2>" + err;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~BackgroundRun() {
    if (!status_ && pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  BackgroundRun(const BackgroundRun&) = delete;
  BackgroundRun& operator=(const BackgroundRun&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int sig) const { ::kill(pid_, sig); }

  // Its exit status (128 + the signal that ended it) once it has ended, waiting up to `seconds`.
  std::optional<int> wait(double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!status_) {
      int s = 0;
      if (::waitpid(pid_, &s, WNOHANG) == pid_)
        status_ = WIFEXITED(s) ? WEXITSTATUS(s) : 128 + WTERMSIG(s);
      else if (std::chrono::steady_clock::now() >= end)
        break;
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return status_;
  }

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

// Waits up to `seconds` for a file to appear.
inline bool wait_for_file(const std::string& path, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!std::filesystem::exists(path)) {
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// /proc/<pid>/stat: "pid (comm) state ppid ..."
struct ProcStat {
  std::string comm;
  char state = '?';
  pid_t ppid = 0;
};
inline std::optional<ProcStat> proc_stat(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(in, text)) return std::nullopt;
  const auto open = text.find('('), close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos) return std::nullopt;
  ProcStat s;
  s.comm = text.substr(open + 1, close - open - 1);
  std::sscanf(text.c_str() + close + 1, " %c %d", &s.state, &s.ppid);
  return s;
}

// The processes named `comm` whose parent is `parent`.
inline std::vector<pid_t> children_named(pid_t parent, const std::string& comm) {
  std::vector<pid_t> found;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (const auto s = proc_stat(pid); s && s->ppid == parent && s->comm == comm) found.push_back(pid);
  }
  return found;
}

// Whether a process has ended (gone, or a zombie nobody has reaped yet), waiting up to `seconds`.
inline bool ended(pid_t pid, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (true) {
    const auto s = proc_stat(pid);
    if (!s || s->state == 'Z' || s->state == 'X') return true;
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace plume::test

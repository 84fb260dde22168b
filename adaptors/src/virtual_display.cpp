#include "plume/catalyst/virtual_display.hpp"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include "plume/catalyst/error.hpp"

extern char** environ;

namespace plume::catalyst {

namespace {

// Xvfb's path, found before fork: between fork and exec the child of a threaded program may only
// make async-signal-safe calls, which a PATH search is not.
std::string find_xvfb() {
  const char* path = std::getenv("PATH");
  std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', begin), dirs.size());
    const std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
    const std::string candidate = dir + "/Xvfb";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return "";
}

// Starts Xvfb with its output to /dev/null and the write end of the display pipe open. The server
// must never outlive plume, however plume ends (a second signal, SIGKILL, a pipeline that ends the
// process, a run abandoned because a pipeline is stuck): the kernel sends it SIGTERM when the
// thread that started it ends (PR_SET_PDEATHSIG), and SIGTERM makes Xvfb remove its lock file.
pid_t spawn_xvfb(const std::string& exe, std::vector<char*>& argv, int display_fd) {
  const int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null_fd < 0) throw Error(std::string("Xvfb: /dev/null: ") + std::strerror(errno));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent) _exit(127);  // plume has already ended
    signal(SIGTERM, SIG_DFL);  // an ignored signal stays ignored across exec
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    dup2(null_fd, 1);
    dup2(null_fd, 2);
    fcntl(display_fd, F_SETFD, 0);  // Xvfb inherits the write end only
    execve(exe.c_str(), argv.data(), environ);
    _exit(127);
  }
  const int fork_errno = errno;
  close(null_fd);
  if (pid < 0) throw Error(std::string("cannot start Xvfb: fork: ") + std::strerror(fork_errno));
  return pid;
}

// Ends the server and reaps it; SIGKILL if it has not gone within 5 s.
void stop_xvfb(pid_t pid) {
  kill(pid, SIGTERM);
  for (int waited_ms = 0; waited_ms < 5000; waited_ms += 20) {
    if (waitpid(pid, nullptr, WNOHANG) != 0) return;
    usleep(20 * 1000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

}  // namespace

VirtualDisplay::VirtualDisplay() {
  const char* current = std::getenv("DISPLAY");
  if (current && *current) {
    display_ = current;
    return;
  }
  const std::string exe = find_xvfb();
  if (exe.empty()) throw Error("cannot start Xvfb (install xvfb, or set DISPLAY): Xvfb is not in PATH");
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw Error(std::string("Xvfb: pipe: ") + std::strerror(errno));
  // Xvfb writes the number of the display it got, then a newline, to the descriptor.
  std::vector<std::string> args = {"Xvfb", "-displayfd", std::to_string(fds[1]), "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  try {
    pid = spawn_xvfb(exe, argv, fds[1]);
  } catch (...) {
    close(fds[0]);
    close(fds[1]);
    throw;
  }
  close(fds[1]);
  pid_ = pid;

  std::string number;
  pollfd pfd{fds[0], POLLIN, 0};
  bool ready = false;
  for (int waited_ms = 0; waited_ms < 20000 && !ready;) {
    const int n = poll(&pfd, 1, 100);
    if (n > 0) {
      char c;
      const ssize_t got = read(fds[0], &c, 1);
      if (got <= 0) break;  // Xvfb exited
      if (c == '\n')
        ready = !number.empty();
      else
        number += c;
    } else {
      waited_ms += 100;
    }
  }
  close(fds[0]);
  if (!ready) {
    stop_xvfb(pid_);
    pid_ = -1;
    throw Error("Xvfb did not start (it reported no display within 20 s)");
  }
  display_ = ":" + number;
  setenv("DISPLAY", display_.c_str(), 1);
}

VirtualDisplay::~VirtualDisplay() {
  if (pid_ <= 0) return;
  stop_xvfb(pid_);
  unsetenv("DISPLAY");
}

}  // namespace plume::catalyst

#include "plume/catalyst/virtual_display.hpp"
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include "plume/catalyst/error.hpp"

extern char** environ;

namespace plume::catalyst {

VirtualDisplay::VirtualDisplay() {
  const char* current = std::getenv("DISPLAY");
  if (current && *current) {
    display_ = current;
    return;
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw Error(std::string("Xvfb: pipe: ") + std::strerror(errno));
  fcntl(fds[1], F_SETFD, 0);  // Xvfb inherits the write end only
  // Xvfb writes the number of the display it got, then a newline, to the descriptor.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> args = {"Xvfb", "-displayfd", std::to_string(fds[1]), "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, "Xvfb", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    throw Error(std::string("cannot start Xvfb (install xvfb, or set DISPLAY): ") + std::strerror(rc));
  }
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
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw Error("Xvfb did not start (it reported no display within 20 s)");
  }
  display_ = ":" + number;
  setenv("DISPLAY", display_.c_str(), 1);
}

VirtualDisplay::~VirtualDisplay() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  waitpid(pid_, nullptr, 0);
  unsetenv("DISPLAY");
}

}  // namespace plume::catalyst

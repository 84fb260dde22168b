#include "xvfb.hpp"
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#ifndef PLUME_XVFB
#define PLUME_XVFB "Xvfb"
#endif

namespace plume::test {

Xvfb::Xvfb() {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid_ = ::fork();
  if (pid_ == 0) {
    ::close(fds[0]);
    const std::string fd = std::to_string(fds[1]);
    std::freopen("/dev/null", "w", stderr);
    ::execl(PLUME_XVFB, PLUME_XVFB, "-displayfd", fd.c_str(), "-noreset", "-nolisten", "tcp", "-screen", "0",
            "1280x1024x24", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[1]);
  // Xvfb writes the display number once it accepts connections.
  std::string number;
  pollfd p{fds[0], POLLIN, 0};
  while (::poll(&p, 1, 20000) > 0) {
    char c;
    if (::read(fds[0], &c, 1) != 1 || c == '\n') break;
    number += c;
  }
  ::close(fds[0]);
  if (number.empty()) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    throw std::runtime_error(std::string("cannot start ") + PLUME_XVFB);
  }
  display_ = ":" + number;
}

Xvfb::~Xvfb() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
}

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

Process::Process(const std::vector<std::string>& argv, const std::string& display) {
  char out_t[] = "/tmp/plume-gui-test-out.XXXXXX", err_t[] = "/tmp/plume-gui-test-err.XXXXXX";
  const int out_fd = ::mkstemp(out_t), err_fd = ::mkstemp(err_t);
  out_path_ = out_t;
  err_path_ = err_t;
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    if (display.empty()) ::unsetenv("DISPLAY");
    else ::setenv("DISPLAY", display.c_str(), 1);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(out_fd);
  ::close(err_fd);
}

Process::~Process() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  std::remove(out_path_.c_str());
  std::remove(err_path_.c_str());
}

bool Process::wait_for_output(const std::string& text, double seconds) {
  for (int i = 0; i < int(seconds * 50); ++i) {
    if (slurp(out_path_).find(text) != std::string::npos) return true;
    int status = 0;
    if (pid_ > 0 && ::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    if (pid_ < 0) return slurp(out_path_).find(text) != std::string::npos;
    ::usleep(20000);
  }
  return false;
}

bool Process::ended(double seconds) {
  for (int i = 0; pid_ > 0 && i <= int(seconds * 50); ++i) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    } else {
      ::usleep(20000);
    }
  }
  return pid_ < 0;
}

ProcessResult Process::finish() {
  if (pid_ > 0) {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  ProcessResult r;
  r.status = status_;
  r.out = slurp(out_path_);
  r.err = slurp(err_path_);
  return r;
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& display) {
  return Process(argv, display).finish();
}

}  // namespace plume::test

// A private X server for tests of the real program: Xvfb picks a free display itself
// (-displayfd), so parallel tests and other users' servers do not collide.
#pragma once
#include <string>
#include <vector>
#include <sys/types.h>

namespace plume::test {

class Xvfb {
 public:
  Xvfb();   // throws std::runtime_error when the server does not come up
  ~Xvfb();  // stops the server
  Xvfb(const Xvfb&) = delete;
  Xvfb& operator=(const Xvfb&) = delete;
  const std::string& display() const { return display_; }  // ":N"

 private:
  pid_t pid_ = -1;
  std::string display_;
};

struct ProcessResult {
  int status = -1;  // exit status, or -1 when killed by a signal
  std::string out, err;
};

// Runs `argv` with DISPLAY set to `display` (unset when empty), waits, collects its output.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& display);

}  // namespace plume::test

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

// A program running with DISPLAY set to `display` (unset when empty); stdout and stderr go to
// temporary files.
class Process {
 public:
  Process(const std::vector<std::string>& argv, const std::string& display);
  ~Process();  // kills the program if it still runs
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  // Waits until stdout contains `text`; false after `seconds` or when the program has ended.
  bool wait_for_output(const std::string& text, double seconds);
  // Waits up to `seconds` for the program to end; whether it has.
  bool ended(double seconds);
  ProcessResult finish();  // waits for the end

 private:
  pid_t pid_ = -1;
  int status_ = -1;  // exit status once ended
  std::string out_path_, err_path_;
};

// Runs `argv` to the end (see Process).
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& display);

}  // namespace plume::test

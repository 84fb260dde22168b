// An X display for ParaView's rendering pipelines. Debian's ParaView renders through GLX only, so
// a run without DISPLAY (batch jobs, CI) needs an X server: this starts
//   Xvfb -displayfd <fd> -noreset -nolisten tcp -screen 0 1280x1024x24
// on the first free display and points DISPLAY at it for its lifetime. -noreset matters: without
// it the server resets when its last client disconnects and 2-5% of runs abort.
// With DISPLAY already set it does nothing. Data-only pipelines need no display.
// The server never outlives the program: besides the destructor, the kernel ends it when the
// thread that made the VirtualDisplay ends (SIGKILL, a second signal, _exit), so make it on the
// main thread, or on one that lives as long as the display is used.
#pragma once
#include <string>
#include <sys/types.h>

namespace plume::catalyst {

class VirtualDisplay {
 public:
  VirtualDisplay();   // throws Error when Xvfb is missing or does not start within 20 s
  ~VirtualDisplay();  // stops the server it started and unsets DISPLAY
  VirtualDisplay(const VirtualDisplay&) = delete;
  VirtualDisplay& operator=(const VirtualDisplay&) = delete;

  bool started() const { return pid_ > 0; }  // false: DISPLAY was set already
  const std::string& display() const { return display_; }

 private:
  pid_t pid_ = -1;
  std::string display_;
};

}  // namespace plume::catalyst
